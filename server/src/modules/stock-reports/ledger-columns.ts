import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { INVENTORY_COLUMNS, namedDocTypes, type InventoryColumn, type InventoryColumnKey } from '@erp/shared';

// How a ledger move (alias given) falls into the inventory report's columns (shared INVENTORY_COLUMNS):
// the moves list's drill-down uses the same conditions, so a figure and its list always agree.

/** The move brings stock in: a positive move, or the reversal of an outgoing one. */
export function movesIn(alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`((${sql.ref(`${alias}.quantity`)} > 0) <> (${sql.ref(`${alias}.reverses_move_id`)} is not null))`;
}

/** The move counts in `column` (direction and doc type). */
export function inColumn(column: InventoryColumn, alias: string): RawBuilder<SqlBool> {
  const direction = column.direction === 'in' ? movesIn(alias) : sql<SqlBool>`not ${movesIn(alias)}`;
  const docType = sql.ref(`${alias}.doc_type`);
  const types = column.docTypes ? sql<SqlBool>`${docType} in (${sql.join([...column.docTypes])})` : sql<SqlBool>`${docType} not in (${sql.join(namedDocTypes(column.direction))})`;
  return sql<SqlBool>`(${direction} and ${types})`;
}

export function columnOf(key: InventoryColumnKey): InventoryColumn {
  return INVENTORY_COLUMNS.find((c) => c.key === key)!;
}
