import type { SourcedDocument } from '../../kernel/documents/source-hooks.ts';
import type { DocRow } from './stock-docs.repo.ts';

/** What a source hook is told of a stock document. */
export const sourcedOf = (doc: DocRow): SourcedDocument => ({
  id: doc.id,
  docNo: doc.doc_no,
  status: doc.status,
  sourceType: doc.source_type,
  sourceId: doc.source_id,
  warehouseId: doc.warehouse_id,
});
