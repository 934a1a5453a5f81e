import type { Db } from '../../db/database.ts';

// What the stock documents another module made tell it about their lines (source_line_id):
// the documents of its lines, and one document's source lines (the source hooks read these).

/**
 * The lines made from a source's lines (source_line_id), with their document, void ones left out:
 * what another module asks of the documents it made (pending pieces, what was shipped, received).
 */
export function linesOfSourceLines(db: Db, sourceType: string, sourceLineIds: readonly number[]) {
  return db
    .selectFrom('stock_doc_lines as l')
    .innerJoin('stock_docs as d', 'd.id', 'l.doc_id')
    .innerJoin('warehouses as w', 'w.id', 'd.warehouse_id')
    .leftJoin('warehouses as t', 't.id', 'd.to_warehouse_id')
    .select([
      'd.id as doc_id',
      'd.doc_no',
      'd.kind',
      'd.status',
      'd.warehouse_id',
      'd.to_warehouse_id',
      'w.name as from_warehouse_name',
      't.name as to_warehouse_name',
      'd.shipped_at',
      'd.posted_at',
      'l.source_line_id',
      'l.quantity',
      'l.actual_quantity',
      'l.unit_price_fen',
    ])
    .where('d.source_type', '=', sourceType)
    .where('d.status', '<>', 'void')
    .where('l.source_line_id', 'in', sourceLineIds.length ? sourceLineIds : [0])
    .orderBy('d.id')
    .orderBy('l.line_no')
    .execute();
}

/** A document's lines made from a source's lines: the source line, what was expected and what arrived. */
export function sourceLinesOfDoc(db: Db, docId: number) {
  return db
    .selectFrom('stock_doc_lines')
    .select(['id', 'source_line_id', 'quantity', 'actual_quantity'])
    .where('doc_id', '=', docId)
    .where('source_line_id', 'is not', null)
    .orderBy('line_no')
    .execute();
}
