import { Permissions } from '@erp/shared';
import type { Db } from '../db/database.ts';
import { addStyles, addStylesByFilter, createSeason } from '../modules/ordering/seasons.service.ts';
import { createProductsBatch } from '../modules/products/products.service.ts';
import type { ProductBody } from '../modules/products/products.schema.ts';
import type { DocContext } from '../modules/stock-docs/kind-spec.ts';
import { KIND_SPECS } from '../modules/stock-docs/doc-kinds.service.ts';
import { actOnDoc, createDoc } from '../modules/stock-docs/stock-docs.service.ts';

// Demo 订货: twenty more styles for the catalogue (sixteen of 2026 autumn/winter received into the
// Hangzhou warehouse by a posted purchase inbound, four of 2027 spring/summer not made yet), a
// spot season open today with the twenty 2026 styles, a pre-order season opening in three weeks
// with the 2027 styles (added by filter, as HQ would), and last spring's season, ended. All through
// the services, so the products, stock and seasons pass the checks the screens pass.

type DemoStyle = [styleNo: string, name: string, category: string, season: string, gender: string, wholesaleYuan: number, colours: string[], sizes: string[], tags: string[]];

const FW26: DemoStyle[] = [
  ['YS26W1002', '女式连帽短款羽绒服', '010102', 'winter', 'female', 699, ['BK', 'WH', 'RD'], ['S', 'M', 'L', 'XL'], ['新品', '爆款']],
  ['YS26W1003', '女式双排扣长风衣', '010103', 'autumn', 'female', 529, ['KH', 'BK'], ['S', 'M', 'L'], ['通勤']],
  ['YS26W1004', '女式落肩呢子大衣', '010101', 'winter', 'female', 859, ['CA', 'GY'], ['S', 'M', 'L', 'XL'], ['通勤', '新品']],
  ['YS26W1005', '女式长款白鸭绒羽绒服', '010102', 'winter', 'female', 899, ['BK', 'NV'], ['M', 'L', 'XL', 'XXL'], ['爆款']],
  ['YS26W2004', '女式高领羊毛针织衫', '010203', 'winter', 'female', 259, ['BG', 'BK', 'RD'], ['S', 'M', 'L'], ['通勤']],
  ['YS26W2005', '女式宽松圆领卫衣', '010201', 'autumn', 'female', 159, ['GY', 'WH', 'NV'], ['S', 'M', 'L', 'XL'], ['休闲', '国潮']],
  ['YS26W2006', '女式真丝衬衫', '010202', 'autumn', 'female', 329, ['WH', 'BG'], ['S', 'M', 'L'], ['商务']],
  ['YS26W3001', '女式格纹半身裙', '010302', 'autumn', 'female', 199, ['KH', 'GY'], ['S', 'M', 'L'], ['通勤']],
  ['YS26W3002', '女式灯芯绒连衣裙', '010301', 'winter', 'female', 279, ['CA', 'NV'], ['S', 'M', 'L'], ['新品']],
  ['YS26M3002', '男式工装夹克', '020101', 'autumn', 'male', 389, ['KH', 'BK', 'NV'], ['M', 'L', 'XL', 'XXL'], ['休闲']],
  ['YS26M3003', '男式连帽羽绒服', '020102', 'winter', 'male', 799, ['BK', 'NV', 'GY'], ['M', 'L', 'XL', 'XXL', 'XXXL'], ['爆款', '运动']],
  ['YS26M3004', '男式轻薄羽绒服', '020102', 'winter', 'male', 459, ['BK', 'NV'], ['M', 'L', 'XL', 'XXL'], ['运动']],
  ['YS26M3103', '男式直筒牛仔裤', '020202', 'all', 'male', 229, ['NV', 'BK'], ['M', 'L', 'XL'], ['休闲']],
  ['YS26M3104', '男式加绒休闲裤', '020201', 'winter', 'male', 199, ['BK', 'KH', 'GY'], ['M', 'L', 'XL', 'XXL'], ['休闲', '清仓']],
  ['YS26A5001', '羊绒格纹围巾', '0301', 'winter', 'unisex', 169, ['CA', 'GY', 'RD'], ['F'], ['联名', '不可退换']],
  ['YS26A5002', '针织毛线帽', '0302', 'winter', 'unisex', 69, ['BK', 'WH', 'RD', 'GY'], ['F'], ['国潮']],
];

const SS27: DemoStyle[] = [
  ['YS27S1001', '女式亚麻西装外套', '0101', 'spring', 'female', 469, ['BG', 'KH'], ['S', 'M', 'L'], ['通勤', '新品']],
  ['YS27S2001', '女式印花雪纺连衣裙', '010301', 'summer', 'female', 299, ['WH', 'RD'], ['S', 'M', 'L'], ['新品']],
  ['YS27S2002', '女式纯棉短袖T恤', '010201', 'summer', 'female', 99, ['WH', 'BK', 'NV', 'RD'], ['S', 'M', 'L', 'XL'], ['爆款']],
  ['YS27M2001', '男式冰丝休闲裤', '020201', 'summer', 'male', 219, ['BK', 'GY', 'KH'], ['M', 'L', 'XL', 'XXL'], ['商务']],
];

/** A day `days` from today in Asia/Shanghai, yyyy-mm-dd. */
const dayFromToday = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function createStyles(db: Db, userId: number, styles: DemoStyle[], year: number): Promise<void> {
  const [brand, group, categories, colours, sizes, tags, supplier] = await Promise.all([
    db.selectFrom('brands').select('id').where('code', '=', 'YS').executeTakeFirstOrThrow(),
    db.selectFrom('size_groups').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow(),
    db.selectFrom('product_categories').select(['id', 'code']).execute(),
    db.selectFrom('colours').select(['id', 'code']).execute(),
    db.selectFrom('sizes').innerJoin('size_groups', 'size_groups.id', 'sizes.group_id').select(['sizes.id', 'sizes.name']).where('size_groups.code', '=', 'DEFAULT').execute(),
    db.selectFrom('tags').select(['id', 'name']).execute(),
    db.selectFrom('suppliers').select('id').orderBy('id').executeTakeFirst(),
  ]);
  const idOf = <T extends { id: number }>(rows: T[], match: (row: T) => boolean) => rows.find(match)!.id;
  const bodies: ProductBody[] = styles.map(([styleNo, name, category, season, gender, wholesale, colourCodes, sizeNames, tagNames]) => ({
    styleNo,
    name,
    brandId: brand.id,
    categoryId: idOf(categories, (c) => c.code === category),
    year,
    season,
    gender,
    unit: category.startsWith('0202') || category === '010302' || category === '0301' ? 'tiao' : category === '0302' ? 'ding' : 'jian',
    // 吊牌价 twice the wholesale price, cost about 55 %: the demo's usual margins
    retailPriceFen: wholesale * 200,
    wholesalePriceFen: wholesale * 100,
    costPriceFen: Math.round(wholesale * 55),
    supplierId: supplier?.id ?? null,
    sizeGroupId: group.id,
    colourIds: colourCodes.map((code) => idOf(colours, (c) => c.code === code)),
    sizeIds: sizeNames.map((size) => idOf(sizes, (s) => s.name === size)),
    tagIds: tagNames.map((tag) => idOf(tags, (t) => t.name === tag)),
  }));
  const result = await createProductsBatch(db, { userId }, bodies);
  if (!result.ok) throw new Error(`demo seasons products: ${JSON.stringify(result.errors)}`);
}

/** The 2026 styles arrive at the Hangzhou warehouse: a posted purchase inbound, peaking at M/L. */
async function receiveStyles(db: Db, userId: number, styleNos: string[]): Promise<void> {
  const [warehouse, supplier, skus] = await Promise.all([
    db.selectFrom('warehouses').select('id').where('code', '=', 'WH-HZ').executeTakeFirst(),
    db.selectFrom('suppliers').select('id').where('code', '=', 'SP001').executeTakeFirst(),
    db
      .selectFrom('skus as k')
      .innerJoin('products as p', 'p.id', 'k.product_id')
      .innerJoin('sizes as z', 'z.id', 'k.size_id')
      .select(['k.id', 'p.cost_price_fen', 'z.sort as size_sort', 'p.style_no'])
      .where('p.style_no', 'in', styleNos)
      .orderBy('p.style_no')
      .orderBy('k.id')
      .execute(),
  ]);
  if (!warehouse || !supplier || skus.length === 0) return;
  const ctx: DocContext = { userId, scope: { kind: 'all' }, permissions: new Set(Object.values(Permissions)) };
  const spec = KIND_SPECS.inbound!;
  // one style sold out in a size, so the catalogue shows an empty cell too
  const lines = skus
    .map((sku, i) => ({
      skuId: sku.id,
      quantity: sku.style_no === 'YS26W1002' && sku.size_sort === 2 ? 0 : Math.max(2, 30 - Math.abs(sku.size_sort - 3.5) * 8 - (i % 5)),
      unitCostFen: sku.cost_price_fen,
    }))
    .filter((line) => line.quantity > 0)
    .map((line) => ({ ...line, quantity: Math.round(line.quantity) }));
  const created = await createDoc(db, spec, ctx, {
    header: { warehouseId: warehouse.id, bizType: 'purchase', supplierId: supplier.id, remark: '秋冬订货会现货到仓' },
    lines: lines as never,
  });
  for (const action of ['submit', 'post'] as const) await actOnDoc(db, spec, ctx, created.id, action, {});
}

/** Returns false when seasons exist already (seeded before, or real work done). */
export async function seedDemoSeasons(db: Db): Promise<boolean> {
  if (await db.selectFrom('ordering_seasons').select('id').limit(1).executeTakeFirst()) return false;
  const admin = await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst();
  if (!admin) return false;
  const known = new Set((await db.selectFrom('products').select('style_no').execute()).map((p) => p.style_no));
  const fresh = (styles: DemoStyle[]) => styles.filter(([styleNo]) => !known.has(styleNo));
  if (fresh(FW26).length) await createStyles(db, admin.id, fresh(FW26), 2026);
  if (fresh(SS27).length) await createStyles(db, admin.id, fresh(SS27), 2027);
  await receiveStyles(
    db,
    admin.id,
    FW26.map(([styleNo]) => styleNo),
  );

  const spot = await createSeason(db, admin.id, {
    code: 'FW26-SPOT',
    name: '2026 秋冬现货订货',
    kind: 'spot',
    opensOn: dayFromToday(-14),
    closesOn: dayFromToday(45),
    remark: '总部现货，按可订库存下单',
  });
  const fw26 = await db.selectFrom('products').select('id').where('year', '=', 2026).where('status', '=', 'on_sale').orderBy('style_no').execute();
  await addStyles(
    db,
    admin.id,
    spot,
    fw26.map((p) => p.id),
  );

  const preorder = await createSeason(db, admin.id, {
    code: 'SS27-PRE',
    name: '2027 春夏期货订货会',
    kind: 'preorder',
    opensOn: dayFromToday(21),
    closesOn: dayFromToday(35),
    remark: '春夏新品期货，开会当天起订，次年二月起分波段到货',
  });
  for (const season of ['spring', 'summer']) await addStylesByFilter(db, admin.id, preorder, { season });

  const ended = await createSeason(db, admin.id, {
    code: 'SS26-SPOT',
    name: '2026 春夏现货订货',
    kind: 'spot',
    opensOn: dayFromToday(-200),
    closesOn: dayFromToday(-110),
  });
  const basics = fw26.slice(0, 4).map((p) => p.id);
  await addStyles(db, admin.id, ended, basics);
  return true;
}
