import { STYLE_SUMMARY_MEASURE_LABELS, type OrderFigures, type StyleSummaryRecord } from '@erp/shared';
import type { ExportCell, ExportKind } from '../../../ui/list-page/export-plan.ts';
import { mergeSizeRuns } from '../../../ui/report/report-grid.ts';
import { fenToSheetYuan } from '../../../ui/money/sheet-yuan.ts';

// 订货汇总 按款 as one sheet, the 尺码横排 way of 库存查询's export: a row per style and colour under
// the merged size columns (the measure shown), its 合计, then every figure of the colour; a 合计 row last.

const PIECES: { key: keyof OrderFigures; title: string }[] = [
  { key: 'ordered', title: '订货数' },
  { key: 'approved', title: '审核数' },
  { key: 'shipped', title: '已发数' },
  { key: 'received', title: '已收数' },
  { key: 'outstanding', title: '未发数' },
];
const AMOUNTS: { key: keyof OrderFigures; title: string }[] = [
  { key: 'orderedAmountFen', title: '订货金额(元)' },
  { key: 'approvedAmountFen', title: '审核金额(元)' },
  { key: 'shippedAmountFen', title: '已发金额(元)' },
  { key: 'receivedAmountFen', title: '已收金额(元)' },
  { key: 'outstandingAmountFen', title: '未发金额(元)' },
];

export function styleSummarySheet(records: readonly StyleSummaryRecord[]): { header: string[]; rows: ExportCell[][]; kinds: ExportKind[] } {
  const sizes = mergeSizeRuns(records.map((r) => r.sizes.map((s) => s.name)));
  const measure = records[0] ? STYLE_SUMMARY_MEASURE_LABELS[records[0].measure] : '';
  const header = ['款号', '品名', '颜色', ...sizes, `合计(${measure})`, ...PIECES.map((p) => p.title), ...AMOUNTS.map((a) => a.title)];
  const rows: ExportCell[][] = [];
  const sizeTotals = sizes.map(() => 0);
  let total = 0;
  const sums = new Map<keyof OrderFigures, number>();
  for (const record of records) {
    const column = record.sizes.map((s) => sizes.indexOf(s.name));
    record.rows.forEach((row, i) => {
      const colour = record.colours[i]!;
      const cells: ExportCell[] = sizes.map(() => '');
      row.quantities.forEach((q, j) => {
        cells[column[j]!] = q;
        sizeTotals[column[j]!]! += q;
      });
      total += row.total;
      for (const f of [...PIECES, ...AMOUNTS]) sums.set(f.key, (sums.get(f.key) ?? 0) + colour[f.key]);
      rows.push([
        record.styleNo,
        record.productName,
        row.colourName,
        ...cells,
        row.total,
        ...PIECES.map((p) => colour[p.key]),
        ...AMOUNTS.map((a) => fenToSheetYuan(colour[a.key])),
      ]);
    });
  }
  if (rows.length) {
    rows.push(['合计', '', '', ...sizeTotals, total, ...PIECES.map((p) => sums.get(p.key) ?? 0), ...AMOUNTS.map((a) => fenToSheetYuan(sums.get(a.key) ?? 0))]);
  }
  const kinds: ExportKind[] = [
    'text',
    'text',
    'text',
    ...sizes.map(() => 'quantity' as const),
    'quantity',
    ...PIECES.map(() => 'quantity' as const),
    ...AMOUNTS.map(() => 'money' as const),
  ];
  return { header, rows, kinds };
}
