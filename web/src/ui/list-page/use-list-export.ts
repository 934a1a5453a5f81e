import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageResult } from '@erp/shared';
import { ApiError } from '../../api/request.ts';
import { toast } from '../../api/feedback.ts';
import { exportFileName, fetchAllRows, toSheetRows, type ExportCell, type ExportColumn } from './export-plan.ts';
import { buildWorkbook, downloadFile, loadExcel } from './export-workbook.ts';

/** What the progress dialog shows. */
export type ExportProgress =
  | { phase: 'reading'; loaded: number; total: number }
  | { phase: 'writing'; total: number }
  | { phase: 'too-many'; total: number; cap: number; atLeast?: boolean };

export interface ListExportRequest<Row> {
  title: string;
  columns: readonly ExportColumn<Row>[];
  /** one page of the current query (same filters and sort) */
  fetchPage: (page: number, limit: number, signal?: AbortSignal) => Promise<PageResult<Row>>;
  keyOf?: (row: Row) => unknown;
  /** lines above and below the table, asked for when the rows are read */
  sheet?: ListExportSheet;
}

export interface ListExportSheet {
  preamble?: () => ExportCell[][];
  footer?: () => ExportCell[][];
}

/**
 * Export of the current query to .xlsx: every page at limit 500 up to the cap, with progress
 * and cancel; exceljs is loaded only now, while the pages are read.
 */
export function useListExport<Row>() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  // leaving the page stops a running export
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async ({ title, columns, fetchPage, keyOf, sheet }: ListExportRequest<Row>) => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ phase: 'reading', loaded: 0, total: 0 });
    const excel = loadExcel();
    excel.catch(() => undefined);
    try {
      const result = await fetchAllRows(fetchPage, {
        signal: abort.signal,
        keyOf,
        onProgress: (loaded, total) => {
          if (!abort.signal.aborted) setProgress({ phase: 'reading', loaded, total });
        },
      });
      if (result.kind === 'too-many') {
        setProgress({ phase: 'too-many', total: result.total, cap: result.cap, atLeast: result.atLeast });
        return;
      }
      if (result.kind === 'empty') {
        setProgress(null);
        toast().info('当前查询没有可导出的数据');
        return;
      }
      setProgress({ phase: 'writing', total: result.rows.length });
      const bytes = await buildWorkbook(await excel, {
        title,
        header: columns.map((column) => column.title),
        rows: toSheetRows(result.rows, columns),
        kinds: columns.map((column) => column.kind),
        preamble: sheet?.preamble?.(),
        footer: sheet?.footer?.(),
      });
      abort.signal.throwIfAborted();
      downloadFile(bytes, exportFileName(title, new Date()));
      setProgress(null);
      toast().success(`已导出 ${result.rows.length} 条`);
    } catch (error) {
      setProgress(null);
      if (abort.signal.aborted) toast().info('已取消导出');
      // a failed call has been toasted by the request client
      else if (!(error instanceof ApiError)) toast().error('导出失败，请重试');
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  /** Cancels a running export, or closes the too-many notice. */
  const cancel = useCallback(() => {
    controller.current?.abort();
    setProgress(null);
  }, []);

  return { progress, exporting: progress !== null && progress.phase !== 'too-many', start, cancel };
}
