import type { Db } from '../db/database.ts';
import { createProductsBatch } from '../modules/products/products.service.ts';
import type { ProductBody } from '../modules/products/products.schema.ts';
import { seedDemoSizeRuns } from './demo-size-runs.ts';

// Demo 商品: a few styles of the season with their hang-tag fields, inserted through the same
// batch path the Excel import uses (SKU barcodes numbered from the barcode prefix).

interface DemoProduct {
  styleNo: string;
  name: string;
  category: string;
  season: string;
  gender: string;
  retail: number;
  wholesale: number;
  cost: number;
  colours: string[];
  sizes: string[];
  composition: ProductBody['composition'];
  care: ProductBody['care'];
  grade: string;
  safetyCategory: string;
  standard: string;
  /** 配码 rules: the default run (a run of 常规尺码), 整手订货, 起订手数 */
  runs?: { run: string; wholeRuns?: boolean; minRuns?: number };
}

const demoProducts: DemoProduct[] = [
  {
    styleNo: 'YS26W1001',
    name: '女式双面羊毛大衣',
    category: '010101',
    season: 'winter',
    gender: 'female',
    retail: 189900,
    wholesale: 94900,
    cost: 52000,
    colours: ['CA', 'BK'],
    sizes: ['S', 'M', 'L', 'XL'],
    runs: { run: '标准配码', wholeRuns: true, minRuns: 2 },
    composition: [
      {
        part: '面料',
        fibres: [
          { name: '羊毛', percent: 90 },
          { name: '羊绒', percent: 10 },
        ],
      },
    ],
    care: [
      { symbol: 'no-wash', text: '不可水洗' },
      { symbol: 'dry-clean', text: '专业干洗' },
      { symbol: 'iron-low', text: '低温熨烫' },
    ],
    grade: 'first',
    safetyCategory: 'C',
    standard: 'FZ/T 81004-2022',
  },
  {
    styleNo: 'YS26W2003',
    name: '女式针织连衣裙',
    category: '010301',
    season: 'autumn',
    gender: 'female',
    retail: 69900,
    wholesale: 34900,
    cost: 18500,
    colours: ['BK', 'BG', 'NV'],
    sizes: ['S', 'M', 'L'],
    runs: { run: '小码配码' },
    composition: [
      {
        fibres: [
          { name: '粘纤', percent: 70 },
          { name: '锦纶', percent: 25 },
          { name: '氨纶', percent: 5 },
        ],
      },
    ],
    care: [
      { symbol: 'hand-wash', text: '30℃以下手洗' },
      { symbol: 'flat-dry', text: '平摊晾干' },
    ],
    grade: 'qualified',
    safetyCategory: 'B',
    standard: 'FZ/T 73020-2019',
  },
  {
    styleNo: 'YS26M3001',
    name: '男式连帽羽绒服',
    category: '020102',
    season: 'winter',
    gender: 'male',
    retail: 129900,
    wholesale: 64900,
    cost: 38000,
    colours: ['BK', 'NV', 'KH'],
    sizes: ['M', 'L', 'XL', 'XXL'],
    runs: { run: '男装配码', minRuns: 1 },
    composition: [
      { part: '面料', fibres: [{ name: '聚酯纤维', percent: 100 }] },
      {
        part: '填充物',
        fibres: [
          { name: '白鸭绒', percent: 90 },
          { name: '羽毛', percent: 10 },
        ],
      },
    ],
    care: [
      { symbol: 'hand-wash', text: '30℃以下手洗' },
      { symbol: 'no-bleach', text: '不可漂白' },
      { symbol: 'line-dry', text: '悬挂晾干' },
    ],
    grade: 'first',
    safetyCategory: 'C',
    standard: 'GB/T 14272-2021',
  },
  {
    styleNo: 'YS26M3102',
    name: '男式修身牛仔裤',
    category: '020202',
    season: 'all',
    gender: 'male',
    retail: 45900,
    wholesale: 22900,
    cost: 12800,
    colours: ['NV', 'BK'],
    sizes: ['M', 'L', 'XL'],
    composition: [
      {
        fibres: [
          { name: '棉', percent: 98 },
          { name: '氨纶', percent: 2 },
        ],
      },
    ],
    care: [
      { symbol: 'wash-30', text: '30℃以下机洗' },
      { symbol: 'no-tumble-dry', text: '不可滚筒烘干' },
    ],
    grade: 'qualified',
    safetyCategory: 'B',
    standard: 'FZ/T 73029-2019',
  },
];

export async function seedDemoProducts(trx: Db, userId: number): Promise<void> {
  const [brand, group, categories, colours, sizes, supplier] = await Promise.all([
    trx.selectFrom('brands').select('id').where('code', '=', 'YS').executeTakeFirstOrThrow(),
    trx.selectFrom('size_groups').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow(),
    trx.selectFrom('product_categories').select(['id', 'code']).execute(),
    trx.selectFrom('colours').select(['id', 'code']).execute(),
    trx.selectFrom('sizes').innerJoin('size_groups', 'size_groups.id', 'sizes.group_id').select(['sizes.id', 'sizes.name']).where('size_groups.code', '=', 'DEFAULT').execute(),
    trx.selectFrom('suppliers').select('id').orderBy('id').executeTakeFirst(),
  ]);
  const runIds = await seedDemoSizeRuns(trx);
  const idOf = <T extends { id: number }>(rows: T[], match: (row: T) => boolean) => rows.find(match)!.id;
  const bodies: ProductBody[] = demoProducts.map((p) => ({
    styleNo: p.styleNo,
    name: p.name,
    brandId: brand.id,
    categoryId: idOf(categories, (c) => c.code === p.category),
    year: 2026,
    season: p.season,
    gender: p.gender,
    unit: p.category === '020202' ? 'tiao' : 'jian',
    retailPriceFen: p.retail,
    wholesalePriceFen: p.wholesale,
    costPriceFen: p.cost,
    supplierId: supplier?.id ?? null,
    composition: p.composition,
    care: p.care,
    grade: p.grade,
    safetyCategory: p.safetyCategory,
    standard: p.standard,
    sizeGroupId: group.id,
    colourIds: p.colours.map((code) => idOf(colours, (c) => c.code === code)),
    sizeIds: p.sizes.map((name) => idOf(sizes, (s) => s.name === name)),
    ...(p.runs ? { sizeRunId: runIds.get(`DEFAULT/${p.runs.run}`)!, wholeRuns: p.runs.wholeRuns ?? false, minRuns: p.runs.minRuns ?? 0 } : {}),
  }));
  const result = await createProductsBatch(trx, { userId }, bodies);
  if (!result.ok) throw new Error(`demo products: ${JSON.stringify(result.errors)}`);
}
