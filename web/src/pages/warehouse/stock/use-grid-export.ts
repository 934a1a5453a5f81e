import { useCallback, useEffect, useRef, useState } from 'react';
import type { StyleGridRecord } from '@erp/shared';
import { ApiError } from '../../../api/request.ts';
import { toast } from '../../../ui/feedback.ts';
import { exportFileName, fetchAllRows, tooManyMessage } from '../../../ui/list-page/export-plan.ts';
import { buildWorkbook, downloadFile, loadExcel } from '../../../ui/list-page/export-workbook.ts';
import { gridSheet } from './stock-grid-model.ts';

/**
 * Excel of the 尺码横排 query: every page of styles, flattened to a row per colour under the merged
 * size columns (gridSheet); exceljs loads while the pages are read.
 */
export function useGridExport() {
  const [exporting, setExporting] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (
      title: string,
      fetchPage: (page: number, limit: number, signal?: AbortSignal) => Promise<{ records: StyleGridRecord[]; total: number; totalCapped?: boolean }>,
      withCost: boolean,
    ) => {
      if (abort.current) return;
      const controller = new AbortController();
      abort.current = controller;
      setExporting(true);
      const excel = loadExcel();
      excel.catch(() => undefined);
      try {
        const result = await fetchAllRows(fetchPage, { signal: controller.signal, keyOf: (r) => `${r.productId}:${r.warehouseId ?? 0}` });
        if (result.kind === 'empty') {
          toast().info('当前查询没有可导出的数据');
          return;
        }
        if (result.kind === 'too-many') {
          toast().warning(tooManyMessage(result.total, result.cap, result.atLeast));
          return;
        }
        const sheet = gridSheet(result.rows, withCost);
        const bytes = await buildWorkbook(await excel, { title, header: sheet.header, rows: sheet.rows, kinds: sheet.kinds });
        downloadFile(bytes, exportFileName(title, new Date()));
        toast().success(`已导出 ${result.rows.length} 款`);
      } catch (error) {
        if (!controller.signal.aborted && !(error instanceof ApiError)) toast().error('导出失败，请重试');
      } finally {
        abort.current = null;
        setExporting(false);
      }
    },
    [],
  );
  return { exporting, start };
}
