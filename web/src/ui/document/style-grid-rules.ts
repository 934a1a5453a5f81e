import { formatYuan } from '@erp/shared';
import { runAxes, type RunCell } from './size-run-rules.ts';

// 按款横排 of a priced document (采购订单 on its page and on paper): one block per style, colours as
// rows, sizes as columns in size order (runAxes: the size group's order when known, else the shared
// F, S, M, …, numbers order), quantities in the cells, totals per row, per column and per style, and
// the style's price and amount. Pure: the page and the print template draw the same blocks.

/** A line of a priced document (出库单, 采购订单 … on paper: print/print-types.ts OutboundLine). */
export interface PricedLine {
  styleNo: string;
  name: string;
  colour: string;
  size: string;
  /** the size's position in its size group (the grid's column order), when known */
  sizeSort?: number;
  barcode: string;
  quantity: number;
  unitPriceFen: number;
  amountFen: number;
}

/** One document line as the grid reads it (a priced sheet's line); `received` when the page shows what came in. */
export interface StyleGridLine extends PricedLine {
  received?: number;
}

export interface StyleGridCell {
  quantity: number;
  received: number;
  /** the SKU's barcode (a line per SKU; the first when a SKU has several lines) */
  barcode: string;
}

export interface StyleGridRow {
  colour: string;
  /** one per size of the block, null where the colour has no such SKU on the document */
  cells: (StyleGridCell | null)[];
  quantity: number;
  received: number;
}

export interface StyleGridBlock {
  styleNo: string;
  name: string;
  sizes: string[];
  rows: StyleGridRow[];
  columnTotals: { quantity: number; received: number }[];
  quantity: number;
  received: number;
  amountFen: number;
  /** the distinct unit prices of the style's lines, lowest first (one when the style has one price) */
  pricesFen: number[];
}

interface Keyed extends RunCell {
  line: StyleGridLine;
}

/** The blocks, styles and colours in the document's order, sizes in size order; a SKU on several lines sums. */
export function styleGridBlocks(lines: readonly StyleGridLine[]): StyleGridBlock[] {
  const byStyle = new Map<string, StyleGridLine[]>();
  for (const line of lines) {
    const group = byStyle.get(line.styleNo);
    if (group) group.push(line);
    else byStyle.set(line.styleNo, [line]);
  }
  return [...byStyle.values()].map((group) => {
    const cells: Keyed[] = group.map((line, i) => ({ skuId: i, colourKey: line.colour, colourName: line.colour, sizeName: line.size, sizeSort: line.sizeSort, line }));
    const axes = runAxes(cells);
    const sums = new Map<string, StyleGridCell>();
    for (const { line } of cells) {
      const key = `${line.colour}\u0000${line.size}`;
      const cell = sums.get(key) ?? { quantity: 0, received: 0, barcode: line.barcode };
      cell.quantity += line.quantity;
      cell.received += line.received ?? 0;
      sums.set(key, cell);
    }
    const rows = axes.colours.map(({ name }) => {
      const row = axes.sizes.map((size) => sums.get(`${name}\u0000${size}`) ?? null);
      return { colour: name, cells: row, quantity: sumOf(row, 'quantity'), received: sumOf(row, 'received') };
    });
    const columnTotals = axes.sizes.map((_, i) => {
      const column = rows.map((r) => r.cells[i] ?? null);
      return { quantity: sumOf(column, 'quantity'), received: sumOf(column, 'received') };
    });
    return {
      styleNo: group[0]!.styleNo,
      name: group[0]!.name,
      sizes: axes.sizes,
      rows,
      columnTotals,
      quantity: rows.reduce((s, r) => s + r.quantity, 0),
      received: rows.reduce((s, r) => s + r.received, 0),
      amountFen: group.reduce((s, l) => s + l.amountFen, 0),
      pricesFen: [...new Set(group.map((l) => l.unitPriceFen))].sort((a, b) => a - b),
    };
  });
}

function sumOf(cells: readonly (StyleGridCell | null)[], field: 'quantity' | 'received'): number {
  return cells.reduce((s, c) => s + (c ? c[field] : 0), 0);
}

/** A style's price as both the page and the paper show it: ¥120.00, or ¥99.00–¥1,200.00 when its lines differ. */
export function priceText(pricesFen: readonly number[]): string {
  if (pricesFen.length === 0) return '--';
  const low = formatYuan(pricesFen[0]!);
  return pricesFen.length === 1 ? low : `${low}–${formatYuan(pricesFen[pricesFen.length - 1]!)}`;
}
