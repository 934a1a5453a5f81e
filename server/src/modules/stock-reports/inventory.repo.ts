import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { INVENTORY_COLUMNS, type InventoryFigures, type InventoryGroup } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';
import { warehousesInScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';
import { inColumn, movesIn } from './ledger-columns.ts';
import { productConditions, type DayRange, type ProductFilter } from './report-filters.ts';
import type { InventorySort } from './stock-reports.schema.ts';

// 库存报表 (进销存): per SKU or per style, the opening balance (every move before the period), the
// period's moves summed into the in/out columns of shared INVENTORY_COLUMNS, and the closing balance
// — one pass of SQL aggregation over the ledger (FILTER clauses), nothing summed in JS.

export interface InventoryFilter extends ProductFilter {
  warehouseId?: number;
  range: DayRange;
  groupBy: InventoryGroup;
}

export const FIGURE_KEYS = ['openingQuantity', ...INVENTORY_COLUMNS.map((c) => c.key), 'inQuantity', 'outQuantity', 'closingQuantity'] as const;

function figureSelections(range: DayRange) {
  const inPeriod = range.start ? sql<SqlBool>`mv.created_at >= ${range.start}` : sql<SqlBool>`true`;
  const beforePeriod = range.start ? sql<SqlBool>`mv.created_at < ${range.start}` : sql<SqlBool>`false`;
  // an outgoing figure is shown positive
  const sumWhere = (sign: 'in' | 'out', condition: RawBuilder<SqlBool>) =>
    sign === 'in'
      ? sql<string>`coalesce(sum(mv.quantity) filter (where ${inPeriod} and ${condition}), 0)`
      : sql<string>`coalesce(sum(-mv.quantity) filter (where ${inPeriod} and ${condition}), 0)`;
  return [
    sql<string>`coalesce(sum(mv.quantity) filter (where ${beforePeriod}), 0)`.as('openingQuantity'),
    ...INVENTORY_COLUMNS.map((c) => sumWhere(c.direction, inColumn(c, 'mv')).as(c.key)),
    sumWhere('in', movesIn('mv')).as('inQuantity'),
    sumWhere('out', sql<SqlBool>`not ${movesIn('mv')}`).as('outQuantity'),
    sql<string>`coalesce(sum(mv.quantity), 0)`.as('closingQuantity'),
  ];
}

/** The aggregated rows (alias `agg`, `item_id` = SKU or product id) that have any figure. */
function aggregated(db: Db, scope: WarehouseScope, filter: InventoryFilter) {
  const anyFigure = sql<SqlBool>`(${sql.join(
    FIGURE_KEYS.map((key) => sql`${sql.ref(`agg.${key}`)} <> 0`),
    sql` or `,
  )})`;
  return db
    .with('mv', (qb) => {
      let q = qb
        .selectFrom('stock_moves as m')
        .innerJoin('warehouses', 'warehouses.id', 'm.warehouse_id')
        .innerJoin('skus as k', 'k.id', 'm.sku_id')
        .innerJoin('products as p', 'p.id', 'k.product_id')
        .where((eb) => warehousesInScope(eb, scope));
      if (filter.range.end) q = q.where('m.created_at', '<', filter.range.end);
      if (filter.warehouseId !== undefined) q = q.where('m.warehouse_id', '=', filter.warehouseId);
      for (const condition of productConditions(filter)) q = q.where(condition);
      return q.select(['m.sku_id', 'k.product_id', 'm.quantity', 'm.doc_type', 'm.reverses_move_id', 'm.created_at']);
    })
    .with('agg', (qb) => {
      const key = filter.groupBy === 'style' ? sql<number>`mv.product_id` : sql<number>`mv.sku_id`;
      return qb
        .selectFrom('mv')
        .select([key.as('item_id'), ...figureSelections(filter.range)])
        .groupBy(key);
    })
    .selectFrom('agg')
    .where(anyFigure);
}

type FigureRow = Record<(typeof FIGURE_KEYS)[number], string | number>;

export function toFigures(row: FigureRow): InventoryFigures {
  return Object.fromEntries(FIGURE_KEYS.map((key) => [key, Number(row[key])])) as InventoryFigures;
}

export interface InventoryRow extends FigureRow {
  item_id: number;
  product_id: number;
  style_no: string;
  product_name: string;
  colour_name: string | null;
  size_name: string | null;
  barcode: string | null;
}

export async function pageInventory(
  db: Db,
  scope: WarehouseScope,
  filter: InventoryFilter,
  page: { limit: number; offset: number; sortColumn: InventorySort; order: 'asc' | 'desc' },
) {
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const bySku = filter.groupBy === 'sku';
  const itemOrder = bySku ? sql`p.style_no ${direction}, c.sort, c.id, z.sort, z.id` : sql`p.style_no ${direction}, p.id`;
  const order =
    page.sortColumn === 'style_no'
      ? itemOrder
      : sql`${sql.ref(`agg.${{ opening_quantity: 'openingQuantity', closing_quantity: 'closingQuantity', in_quantity: 'inQuantity', out_quantity: 'outQuantity' }[page.sortColumn]}`)} ${direction}, p.style_no, agg.item_id`;
  const base = aggregated(db, scope, filter);
  const rows = bySku
    ? base
        .$call((q) => joinSkuLabel(q, 'agg.item_id', 'inner'))
        .selectAll('agg')
        .select(['p.id as product_id', 'p.style_no', 'p.name as product_name', 'c.name as colour_name', 'z.name as size_name', 'k.barcode'])
    : base
        .innerJoin('products as p', 'p.id', 'agg.item_id')
        .selectAll('agg')
        .select([
          'p.id as product_id',
          'p.style_no',
          'p.name as product_name',
          sql<string | null>`null`.as('colour_name'),
          sql<string | null>`null`.as('size_name'),
          sql<string | null>`null`.as('barcode'),
        ]);
  const [records, totals] = await Promise.all([
    rows.orderBy(order).limit(page.limit).offset(page.offset).execute(),
    base.select([sql<string>`count(*)`.as('n'), ...FIGURE_KEYS.map((key) => sql<string>`coalesce(sum(${sql.ref(`agg.${key}`)}), 0)`.as(key))]).executeTakeFirstOrThrow(),
  ]);
  return { records: records as unknown as InventoryRow[], totals: totals as unknown as FigureRow & { n: string } };
}
