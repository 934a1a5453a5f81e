import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/request.ts';
import { toast } from '../../api/feedback.ts';
import { exportFileName, fetchAllRows, tooManyMessage, type ExportCell, type ExportKind } from '../list-page/export-plan.ts';
import { buildWorkbook, downloadFile, loadExcel } from '../list-page/export-workbook.ts';

/** A 尺码横排 record as the export pages it: one style (and warehouse). */
interface GridRecord {
  productId: number;
  warehouseId?: number | null;
}

/** The sheet of the exported records: header, rows and each column's kind. */
export type GridSheetOf<R> = (records: R[]) => { header: string[]; rows: ExportCell[][]; kinds: ExportKind[] };

/**
 * Excel of a 尺码横排 query (库存查询, 订货汇总): every page of styles, flattened by `toSheet` to a row
 * per colour under the merged size columns (gridSheet); exceljs loads while the pages are read.
 */
export function useGridExport() {
  const [exporting, setExporting] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async <R extends GridRecord>(
      title: string,
      fetchPage: (page: number, limit: number, signal?: AbortSignal) => Promise<{ records: R[]; total: number; totalCapped?: boolean }>,
      toSheet: GridSheetOf<R>,
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
        const sheet = toSheet(result.rows);
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
