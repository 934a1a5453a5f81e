import type { OverseasComparisonLine } from '@erp/shared';
import type { Db } from '../../../db/database.ts';
import type { DocContext } from '../kind-spec.ts';
import { docDetail } from '../stock-docs.service.ts';

// 海外仓详情的对照: per line the counted quantity, the book now, what the warehouse received so far
// (inbound, transfer-in and overseas receipts; voided documents net out through their reversals)
// and the snapshot's difference.

const itemKey = (skuId: number | null, materialId: number | null) => `${skuId ?? 0}:${materialId ?? 0}`;

export async function overseasComparison(db: Db, ctx: DocContext, id: number): Promise<OverseasComparisonLine[]> {
  const doc = await docDetail(db, ctx, 'overseas', id);
  const skuIds = [...new Set(doc.lines.map((l) => l.skuId).filter((v): v is number => v !== null))];
  const materialIds = [...new Set(doc.lines.map((l) => l.materialId).filter((v): v is number => v !== null))];
  if (skuIds.length + materialIds.length === 0) return [];
  // ids are positive: [0] matches nothing
  const skuIn = skuIds.length ? skuIds : [0];
  const materialIn = materialIds.length ? materialIds : [0];

  const balances = await db
    .selectFrom('stock_balances')
    .select(['shelf_id', 'sku_id', 'material_id', 'quantity'])
    .where('warehouse_id', '=', doc.warehouseId)
    .where((eb) => eb.or([eb('sku_id', 'in', skuIn), eb('material_id', 'in', materialIn)]))
    .execute();
  const book = new Map(balances.map((b) => [`${b.shelf_id ?? 0}:${itemKey(b.sku_id, b.material_id)}`, Number(b.quantity)]));

  const received = await db
    .selectFrom('stock_moves')
    .select(['sku_id', 'material_id', (eb) => eb.fn.sum<string>('quantity').as('total')])
    .where('warehouse_id', '=', doc.warehouseId)
    .where((eb) => eb.or([eb('sku_id', 'in', skuIn), eb('material_id', 'in', materialIn)]))
    .where((eb) =>
      eb.or([
        eb('doc_type', 'in', ['inbound', 'transfer_in']),
        eb.and([eb('doc_type', '=', 'overseas'), eb('doc_id', 'in', eb.selectFrom('stock_docs').select('id').where('kind', '=', 'overseas').where('biz_type', '=', 'receipt'))]),
      ]),
    )
    .groupBy(['sku_id', 'material_id'])
    .execute();
  const receivedBy = new Map(received.map((r) => [itemKey(r.sku_id, r.material_id), Number(r.total)]));

  const snapshot = doc.bizType === 'snapshot';
  return doc.lines.map((l) => {
    const bookNow = book.get(`${l.shelfId ?? 0}:${itemKey(l.skuId, l.materialId)}`) ?? 0;
    const counted = snapshot ? (l.actualQuantity ?? 0) : l.quantity;
    return {
      lineId: l.id,
      skuId: l.skuId,
      barcode: l.barcode || l.materialCode,
      styleNo: l.styleNo,
      productName: l.productName || l.materialName,
      colourName: l.colourName,
      sizeName: l.sizeName,
      counted,
      bookNow,
      receivedTotal: receivedBy.get(itemKey(l.skuId, l.materialId)) ?? 0,
      // once posted the difference is the one that posted (book at posting), else against the book now
      difference: snapshot ? counted - (doc.status === 'posted' ? l.quantity : bookNow) : null,
    };
  });
}
