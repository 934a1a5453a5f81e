import { Permissions, type StockDocAction, type StockDocKind } from '@erp/shared';
import type { Db } from '../db/database.ts';
import type { DocContext, DocHeaderInput } from '../modules/stock-docs/kind-spec.ts';
import { KIND_SPECS } from '../modules/stock-docs/doc-kinds.service.ts';
import { actOnDoc, createDoc } from '../modules/stock-docs/stock-docs.service.ts';

// Demo 库存: stock that arrived the way real stock does, through posted documents — opening
// balances for the HQ warehouse and the shops, a purchase receipt, deliveries, a transfer still in
// transit and one received, an outbound waiting to be scanned and a stocktake draft — so every
// stock screen and report has something to show. Loaded by `npm start` in demo mode only (the test
// databases start with empty stock so each test states its own).

interface DemoSku {
  id: number;
  style_no: string;
  cost_price_fen: number;
  size_sort: number;
}

async function demoSkus(db: Db): Promise<DemoSku[]> {
  return db
    .selectFrom('skus as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .innerJoin('sizes as z', 'z.id', 'k.size_id')
    .select(['k.id', 'p.style_no', 'p.cost_price_fen', 'z.sort as size_sort'])
    .where('k.status', '=', 'active')
    .orderBy('p.style_no')
    .orderBy('k.id')
    .execute();
}

const idOf = async (db: Db, table: 'warehouses' | 'shops' | 'suppliers', code: string) =>
  (await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** Returns false when stock documents exist already (seeded before, or real work done). */
export async function seedDemoStock(db: Db): Promise<boolean> {
  if (await db.selectFrom('stock_docs').select('id').limit(1).executeTakeFirst()) return false;
  const admin = await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
  const ctx: DocContext = { userId: admin.id, scope: { kind: 'all' }, permissions: new Set(Object.values(Permissions)) };
  const skus = await demoSkus(db);
  if (skus.length === 0) return false;
  const hz = await idOf(db, 'warehouses', 'WH-HZ');
  const shelves = await db.selectFrom('shelves').select('id').where('warehouse_id', '=', hz).orderBy('code').execute();

  const doc = async (kind: StockDocKind, header: DocHeaderInput, lines: object[], actions: StockDocAction[], input: object = {}) => {
    const spec = KIND_SPECS[kind]!;
    const created = await createDoc(db, spec, ctx, { header, lines: lines as never });
    for (const action of actions) await actOnDoc(db, spec, ctx, created.id, action, input);
    return created.id;
  };
  // a size run that peaks at M/L: more of the middle sizes, as buyers order them
  const run = (sku: DemoSku, base: number) => Math.max(1, base - Math.abs(sku.size_sort - 3) * Math.ceil(base / 4));

  await doc(
    'opening',
    { warehouseId: hz, remark: '系统上线期初库存' },
    skus.map((sku, i) => ({ skuId: sku.id, quantity: run(sku, 40), unitCostFen: sku.cost_price_fen, shelfId: shelves.length ? shelves[i % shelves.length]!.id : null })),
    ['submit', 'post'],
  );
  for (const [code, base] of [
    ['WH-SH001', 6],
    ['WH-SH002', 4],
    ['WH-SH003', 10],
  ] as const) {
    const warehouseId = await idOf(db, 'warehouses', code);
    await doc(
      'opening',
      { warehouseId, remark: '门店盘点后的期初库存' },
      skus.slice(0, 12).map((sku) => ({ skuId: sku.id, quantity: run(sku, base), unitCostFen: sku.cost_price_fen })),
      ['submit', 'post'],
    );
  }
  const supplierId = await idOf(db, 'suppliers', 'SP001');
  await doc(
    'inbound',
    { warehouseId: hz, bizType: 'purchase', supplierId, remark: '冬季大衣补货到仓' },
    skus.slice(0, 8).map((sku) => ({ skuId: sku.id, quantity: run(sku, 20), unitCostFen: sku.cost_price_fen })),
    ['submit', 'post'],
  );
  await doc(
    'transfer',
    { warehouseId: hz, toWarehouseId: await idOf(db, 'warehouses', 'WH-SH003'), remark: '旗舰店周末活动补货' },
    skus.slice(0, 6).map((sku) => ({ skuId: sku.id, quantity: run(sku, 6) })),
    ['submit', 'ship', 'receive'],
  );
  await doc(
    'transfer',
    { warehouseId: hz, toWarehouseId: await idOf(db, 'warehouses', 'WH-SH001'), remark: '湖滨银泰店新品铺货' },
    skus.slice(4, 10).map((sku) => ({ skuId: sku.id, quantity: run(sku, 4) })),
    ['submit', 'ship'],
  );
  await doc(
    'outbound',
    { warehouseId: hz, bizType: 'other', remark: '展会样衣出库，待扫描出库' },
    skus.slice(0, 4).map((sku) => ({ skuId: sku.id, quantity: run(sku, 3) })),
    ['submit'],
  );
  await doc('stocktake', { warehouseId: await idOf(db, 'warehouses', 'WH-SH003'), remark: '月末盘点' }, [], []);
  return true;
}
