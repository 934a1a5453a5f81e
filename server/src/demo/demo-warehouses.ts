import { shelfBatchCodes, type WarehouseType } from '@erp/shared';
import type { Db } from '../db/database.ts';

// Demo 仓库: the Hangzhou HQ warehouse with its defective store and two rows of shelves, the
// virtual in-transit warehouse, an overseas warehouse, and one warehouse for each demo shop (with a
// few shelves in the flagship). No stock yet: stock arrives through documents (opening balances,
// inbound), which post into the ledger.

interface DemoWarehouse {
  code: string;
  name: string;
  type: WarehouseType;
  parent?: string;
  shop?: string;
  contact_name?: string;
  phone?: string;
  region?: string;
  address?: string;
  country?: string;
  remark?: string;
  shelves?: { prefix: string; rowFrom: number; rowTo: number; levelFrom?: number; levelTo?: number }[];
}

const demoWarehouses: DemoWarehouse[] = [
  {
    code: 'WH-HZ',
    name: '杭州总仓',
    type: 'hq',
    contact_name: '孙建平',
    phone: '0571-86901234',
    region: 'east',
    address: '浙江省杭州市余杭区仁和街道仓储路 18 号 3 号库',
    remark: '总部收货、配货中心',
    shelves: [
      { prefix: 'A', rowFrom: 1, rowTo: 3, levelFrom: 1, levelTo: 4 },
      { prefix: 'B', rowFrom: 1, rowTo: 2, levelFrom: 1, levelTo: 3 },
    ],
  },
  {
    code: 'WH-HZ-DEF',
    name: '杭州总仓次品仓',
    type: 'defective',
    parent: 'WH-HZ',
    contact_name: '孙建平',
    phone: '0571-86901234',
    region: 'east',
    address: '浙江省杭州市余杭区仁和街道仓储路 18 号 3 号库 东区',
    remark: '退货质检不合格品',
    shelves: [{ prefix: 'D', rowFrom: 1, rowTo: 2 }],
  },
  { code: 'WH-TRANSIT', name: '在途仓', type: 'transit', remark: '调拨发出未收货的库存（虚拟仓）' },
  {
    code: 'WH-US-LA',
    name: '美国洛杉矶海外仓',
    type: 'overseas',
    contact_name: 'Kevin Zhang',
    region: 'overseas',
    country: '美国',
    address: '1200 E Dominguez St, Carson, CA 90746',
    remark: '第三方海外仓，按周导入库存快照',
  },
  { code: 'WH-SH001', name: '湖滨银泰店仓', type: 'shop', shop: 'SH001' },
  { code: 'WH-SH002', name: '宁波天一广场店仓', type: 'shop', shop: 'SH002' },
  { code: 'WH-SH003', name: '上海南京西路旗舰店仓', type: 'shop', shop: 'SH003', shelves: [{ prefix: 'S', rowFrom: 1, rowTo: 4 }] },
];

export async function seedDemoWarehouses(trx: Db, shopIds: ReadonlyMap<string, number>): Promise<void> {
  const ids = new Map<string, number>();
  for (const w of demoWarehouses) {
    const shop = w.shop
      ? await trx.selectFrom('shops').select(['id', 'contact_name', 'phone', 'region', 'address']).where('id', '=', shopIds.get(w.shop)!).executeTakeFirstOrThrow()
      : null;
    const row = await trx
      .insertInto('warehouses')
      .values({
        code: w.code,
        name: w.name,
        type: w.type,
        parent_id: w.parent ? ids.get(w.parent)! : null,
        shop_id: shop?.id ?? null,
        // a shop warehouse sits at the shop: same contact and address
        contact_name: w.contact_name ?? shop?.contact_name ?? '',
        phone: w.phone ?? shop?.phone ?? '',
        region: w.region ?? shop?.region ?? '',
        address: w.address ?? shop?.address ?? '',
        country: w.country ?? '',
        remark: w.remark ?? '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(w.code, row.id);
    let sort = 0;
    for (const batch of w.shelves ?? []) {
      const { codes } = shelfBatchCodes(batch);
      if (!codes) throw new Error(`demo shelves of ${w.code}`);
      await trx
        .insertInto('shelves')
        .values(codes.map((code) => ({ warehouse_id: row.id, code, sort: ++sort })))
        .execute();
    }
  }
}
