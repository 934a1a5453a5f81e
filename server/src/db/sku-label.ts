import type { Nullable, SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';

type LabelTables = { k: Database['skus']; p: Database['products']; c: Database['colours']; z: Database['sizes'] };
/** The tables a SKU label adds to a query: left-joined (nullable) or inner-joined. */
export type SkuLabelTables<J extends 'left' | 'inner'> = J extends 'left' ? { [K in keyof LabelTables]: Nullable<LabelTables[K]> } : LabelTables;

/**
 * The SKU label joins every SKU list needs (style no., name, colour, size, barcode): skus as k,
 * products as p, colours as c, sizes as z, joined on a query that has a SKU id column — left
 * joins by default (a line may hold a material instead), inner where every row is a SKU. One
 * place for the chain that documents, reports and postings used to repeat.
 */
export function joinSkuLabel<DB extends Database, TB extends keyof DB & string, O, J extends 'left' | 'inner' = 'left'>(
  qb: SelectQueryBuilder<DB, TB, O>,
  skuIdColumn: `${TB}.sku_id` | `${TB}.id` | `${TB}.item_id`,
  join: J = 'left' as J,
): SelectQueryBuilder<DB & SkuLabelTables<J>, TB | keyof LabelTables, O> {
  // the chain is written once against the plain schema; the caller keeps its own tables and aliases
  const plain = qb as unknown as SelectQueryBuilder<Database, 'stock_doc_lines', O>;
  const column = skuIdColumn as 'stock_doc_lines.sku_id';
  const joined =
    join === 'inner'
      ? plain
          .innerJoin('skus as k', 'k.id', column)
          .innerJoin('products as p', 'p.id', 'k.product_id')
          .innerJoin('colours as c', 'c.id', 'k.colour_id')
          .innerJoin('sizes as z', 'z.id', 'k.size_id')
      : plain
          .leftJoin('skus as k', 'k.id', column)
          .leftJoin('products as p', 'p.id', 'k.product_id')
          .leftJoin('colours as c', 'c.id', 'k.colour_id')
          .leftJoin('sizes as z', 'z.id', 'k.size_id');
  return joined as unknown as SelectQueryBuilder<DB & SkuLabelTables<J>, TB | keyof LabelTables, O>;
}
