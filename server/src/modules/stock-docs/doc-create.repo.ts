import { sql, type Compilable, type ExpressionBuilder, type OperationNodeSource, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { precompiled } from '../../db/precompiled.ts';
import type { Database } from '../../db/schema.ts';
import type { WarehouseScope } from '../warehouses/warehouse-scope.ts';
import { docInScope, HEADER_COLUMNS, type HeaderRow, type LineValues, linesInsert } from './stock-docs.repo.ts';

// The SQL of a new draft (its one statement) and the header answer that statement and every
// transition's closing statement end with.

/** The names a header answer may leave out when the document has no such party (a new draft knows which). */
export interface AnswerRefs {
  toWarehouse: boolean;
  shop: boolean;
  supplier: boolean;
  poster: boolean;
}
const ALL_REFS: AnswerRefs = { toWarehouse: true, shop: true, supplier: true, poster: true };
const OPTIONAL_NAMES: readonly [keyof AnswerRefs, string, string][] = [
  ['toWarehouse', 'tw.name as to_warehouse_name', 'to_warehouse_name'],
  ['shop', 'sh.name as shop_name', 'shop_name'],
  ['supplier', 'su.name as supplier_name', 'supplier_name'],
  ['poster', 'pu.name as posted_by_name', 'posted_by_name'],
];

/**
 * findRecordQuery with only the joins `refs` names: a left join on an id that is NULL finds nothing
 * but still costs the database a lookup, on every creation. The columns stay the same (NULL).
 */
function recordQueryWith(db: Db, scope: WarehouseScope, refs: AnswerRefs) {
  let query = db.selectFrom('stock_docs').innerJoin('warehouses as w', 'w.id', 'stock_docs.warehouse_id').leftJoin('users as cu', 'cu.id', 'stock_docs.created_by');
  if (refs.toWarehouse) query = query.leftJoin('warehouses as tw', 'tw.id', 'stock_docs.to_warehouse_id') as typeof query;
  if (refs.shop) query = query.leftJoin('shops as sh', 'sh.id', 'stock_docs.shop_id') as typeof query;
  if (refs.supplier) query = query.leftJoin('suppliers as su', 'su.id', 'stock_docs.supplier_id') as typeof query;
  if (refs.poster) query = query.leftJoin('users as pu', 'pu.id', 'stock_docs.posted_by') as typeof query;
  const columns = HEADER_COLUMNS.map((column) => {
    const optional = OPTIONAL_NAMES.find(([, c]) => c === column);
    return optional && !refs[optional[0]] ? sql<string | null>`NULL::text`.as(optional[2]) : column;
  });
  // biome-ignore lint/suspicious/noExplicitAny: the optional joins are added at run time; the answer's rows are typed by its caller (HeaderRow)
  return (query as any).select(columns).where((eb: ExpressionBuilder<Database, 'stock_docs'>) => docInScope(eb, scope)) as Compilable;
}

// The header answer of every write, built once per data scope and set of joins: it holds no
// per-call value.
const recordAnswers = new Map<string, OperationNodeSource>();

/** The header over the one row of a CTE named stock_docs (a creation, a transition's closing statement). */
export function recordAnswer(db: Db, scope: WarehouseScope, refs: AnswerRefs = ALL_REFS): OperationNodeSource {
  const key = `${JSON.stringify(scope)}${+refs.toWarehouse}${+refs.shop}${+refs.supplier}${+refs.poster}`;
  let answer = recordAnswers.get(key);
  if (!answer) {
    if (recordAnswers.size >= 1000) recordAnswers.clear();
    // its SQL text once: walking its thirty columns and joins again on every write cost more than
    // the rest of a creation's statement (the scope's ids are parameters of the kept text)
    answer = sql`(${precompiled(db, () => recordQueryWith(db, scope, refs))({})})`;
    recordAnswers.set(key, answer);
  }
  return answer;
}

// The header columns a new document often leaves at their default (the migrations' DEFAULT, or
// NULL): such a value is not sent (a test holds this list to the database's defaults).
export const HEADER_DEFAULTS: Readonly<Record<string, null | '' | 0>> = {
  biz_type: '',
  to_warehouse_id: null,
  transit_warehouse_id: null,
  shop_id: null,
  supplier_id: null,
  source_type: '',
  source_id: null,
  source_no: '',
  remark: '',
  difference_reason: '',
  total_actual: 0,
  expected_date: null,
};

const withoutDefaults = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).filter(([key, value]) =>
      key === 'shelf_ids' ? !(Array.isArray(value) && value.length === 0) : !(key in HEADER_DEFAULTS && HEADER_DEFAULTS[key] === value),
    ),
  );

/**
 * A new document in one statement: the header (with its lines' totals), its lines, and the header
 * read back as a write answers it — the inserted rows stand in for their tables (CTEs of the
 * tables' names), so nothing is read twice. Answers the header row (undefined only when the scope
 * would not show it).
 */
export async function insertDocWithLines(trx: Db, values: Record<string, unknown>, lines: readonly LineValues[], holds: RawBuilder<boolean> | null, scope: WarehouseScope) {
  // with `holds`, the number is NULL unless the condition holds: the NOT NULL column refuses the
  // whole statement (23502 on doc_no), so nothing at all is written
  // a plain INSERT of the columns given (Kysely's builder would parse and walk each value again)
  const row = Object.entries({ ...withoutDefaults(values), ...(holds ? { doc_no: sql`CASE WHEN ${holds} THEN ${values.doc_no} END` } : {}) });
  const header = sql`INSERT INTO stock_docs (${sql.join(row.map(([column]) => sql.id(column)))}) VALUES (${sql.join(row.map(([, value]) => value))}) RETURNING *`;
  const { rows } = await sql<HeaderRow>`
    WITH stock_docs AS (${header}),
    stock_doc_lines AS (${linesInsert(lines, sql`stock_docs.id`, sql`stock_docs`)})
    ${recordAnswer(trx, scope, {
      toWarehouse: values.to_warehouse_id != null,
      shop: values.shop_id != null,
      supplier: values.supplier_id != null,
      poster: false,
    })}`.execute(trx);
  return rows[0];
}
