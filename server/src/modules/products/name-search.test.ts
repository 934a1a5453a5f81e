import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { containsPattern } from '../../db/paging.ts';
import { nameContains, styleOrNameContains } from './name-search.ts';

// The character-pair search (0021) against the ILIKE it stands in front of: the same products for
// every query — Chinese words of one, two and more characters, mixed case, other scripts, spaces,
// the LIKE wildcards taken literally, a query longer than any name, a query found nowhere.

let t: TestApp;
let admin: string;

const NAMES = [
  '女式双面羊毛大衣',
  '男式真丝衬衫',
  '童装纯棉T恤',
  '真丝',
  '丝',
  '羊毛羊毛羊毛',
  'Wool COAT 大衣',
  'wool coat',
  'Ωmega Пальто',
  '100% 纯棉',
  '100_ 纯棉',
  'a\\b 反斜杠',
  '  两个空格  ',
  '貂绒大衣 🧥',
  'ÉTÉ été',
];
const QUERIES = [
  'NS0',
  'ns001',
  '真丝',
  '丝',
  '羊毛',
  '羊毛大衣',
  '大衣',
  '衣',
  'T恤',
  't恤',
  'wool',
  'WOOL',
  'Coat',
  'ω',
  'пальто',
  '%',
  '100%',
  '_',
  '0_',
  '\\',
  'a\\b',
  '  ',
  ' 纯',
  '貂绒',
  '🧥',
  'été',
  'ÉTÉ',
  '女式双面羊毛大衣 加长',
  '不存在',
  'o',
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const ref = async (table: 'brands' | 'size_groups' | 'product_categories', code: string) =>
    (await t.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const [brand, category, group] = [await ref('brands', 'YS'), await ref('product_categories', '010101'), await ref('size_groups', 'DEFAULT')];
  await t.db
    .insertInto('products')
    .values(
      NAMES.map((name, i) => ({
        style_no: `NS${String(i).padStart(4, '0')}`,
        name,
        brand_id: brand,
        category_id: category,
        year: 2026,
        season: 'winter',
        gender: 'female',
        unit: 'jian',
        retail_price_fen: 100,
        wholesale_price_fen: 50,
        cost_price_fen: 10,
        size_group_id: group,
      })),
    )
    .execute();
});
afterAll(() => t?.close());

const idsWhere = async (condition: ReturnType<typeof nameContains>) => (await t.db.selectFrom('products').select('id').where(condition).orderBy('id').execute()).map((r) => r.id);

describe('product name contains', () => {
  it('finds exactly what ILIKE finds, for every query', async () => {
    let found = 0;
    for (const q of QUERIES) {
      const byPairs = await idsWhere(nameContains('products', q));
      const byIlike = await idsWhere(sql`products.name ilike ${containsPattern(q)}`);
      expect({ q, ids: byPairs }).toEqual({ q, ids: byIlike });
      found += byIlike.length;
      const styleOrName = await idsWhere(styleOrNameContains('products', q));
      expect({ q, ids: styleOrName }).toEqual({ q, ids: await idsWhere(sql`(products.style_no ilike ${containsPattern(q)} or products.name ilike ${containsPattern(q)})`) });
    }
    // style numbers are searched by their own pairs too
    expect(await idsWhere(styleOrNameContains('products', 'ns001'))).toHaveLength(5);
    // the queries do find things (the comparison is not between two empty lists)
    expect(found).toBeGreaterThan(30);
  });

  it('is answered from the character-pair index', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from products where ${nameContains('products', '真丝')}`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('products_search_grams');
  });

  it('serves the picker search and the product list with two-character words', async () => {
    const search = await t.call({ method: 'GET', url: `/api/admin/api/v1/products/search?q=${encodeURIComponent('真丝')}`, session: admin });
    expect(search.body.data.map((p: { name: string }) => p.name).sort()).toEqual(['男式真丝衬衫', '真丝']);
    const list = await t.call({ method: 'GET', url: `/api/admin/api/v1/products/page?keyword=${encodeURIComponent('纯棉')}&limit=10`, session: admin });
    expect(list.body.data.records.map((p: { name: string }) => p.name).sort()).toEqual(['100% 纯棉', '100_ 纯棉', '童装纯棉T恤']);
    expect(list.body.data.total).toBe(3);
  });
});
