import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueStyle, CatalogueStyleDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedDemoPricing } from '../../demo/demo-pricing.ts';
import { seedDemoSeasons } from '../../demo/demo-seasons.ts';
import { createShop } from '../parties/shops.service.ts';

let t: TestApp;
let admin: string;
const s: Record<'agent01' | 'shop01' | 'supplier01', string> = { agent01: '', shop01: '', supplier01: '' };
const ids = { ag001: 0, ag002: 0, sh001: 0, sh002: 0, sh003: 0, otherAgentsShop: 0, spot: 0, preorder: 0, ended: 0 };

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoPricing(t.db)).toBe(true);
  expect(await seedDemoSeasons(t.db)).toBe(true);
  expect(await seedDemoSeasons(t.db)).toBe(false); // once only
  [admin, s.agent01, s.shop01, s.supplier01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01'].map((a) => t.login(a)));
  const idOf = async (table: 'agents' | 'shops' | 'ordering_seasons', code: string) =>
    (await t.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  [ids.ag001, ids.ag002, ids.sh001, ids.sh002, ids.sh003] = await Promise.all([
    idOf('agents', 'AG001'),
    idOf('agents', 'AG002'),
    idOf('shops', 'SH001'),
    idOf('shops', 'SH002'),
    idOf('shops', 'SH003'),
  ]);
  [ids.spot, ids.preorder, ids.ended] = await Promise.all(['FW26-SPOT', 'SS27-PRE', 'SS26-SPOT'].map((code) => idOf('ordering_seasons', code)));
  ids.otherAgentsShop = await createShop(
    t.db,
    { kind: 'all' },
    {
      code: 'SH-WZ01',
      name: '温州五马街店',
      kind: 'franchise',
      agentId: ids.ag002,
      phone: '0577-88001122',
      contactName: '周敏',
      managerName: '周敏',
      address: '鹿城区五马街 18 号',
      region: 'east',
    },
  );
});
afterAll(() => t?.close());

const BASE = '/api/admin/api/v1/ordering/catalogue';
const get = (path: string, session: string) => t.call({ method: 'GET', url: `${BASE}${path}`, session });
async function page(query: string, session: string) {
  const res = await get(`/page?${query}`, session);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data as { buyer: { type: string; id: number; name: string }; day: string; records: CatalogueStyle[]; total: number };
}
/** every style of the buyer's catalogue, page by page */
async function allStyles(query: string, session: string): Promise<CatalogueStyle[]> {
  const found: CatalogueStyle[] = [];
  for (let n = 1; ; n++) {
    const data = await page(`${query}&limit=10&page=${n}`, session);
    found.push(...data.records);
    if (found.length >= data.total || data.records.length === 0) return found;
  }
}
const simulated = async (productId: number, buyerType: string, buyerId: number) =>
  (await t.call({ method: 'GET', url: `/api/admin/api/v1/planning/price?productId=${productId}&buyerType=${buyerType}&buyerId=${buyerId}`, session: admin })).body.data
    .unitPriceFen as number;

describe('who sees which catalogue', () => {
  it('agent01 sees its own catalogue by default and may choose one of its shops as the buyer', async () => {
    const own = await page('', s.agent01);
    expect(own.buyer).toMatchObject({ type: 'agent', id: ids.ag001 });
    expect(own.total).toBe(20);
    const buyers = (await get('/buyers', s.agent01)).body.data;
    expect(buyers.chooses).toBe(true);
    expect(buyers.buyers.map((b: { type: string; id: number }) => `${b.type}:${b.id}`).sort()).toEqual([`agent:${ids.ag001}`, `shop:${ids.sh001}`, `shop:${ids.sh002}`].sort());
    expect((await page(`buyerType=shop&buyerId=${ids.sh001}`, s.agent01)).buyer).toMatchObject({ type: 'shop', id: ids.sh001 });
  });

  it("refuses agent01 another agent's shop, an HQ shop and another agent with 404, as if they did not exist", async () => {
    for (const query of [
      `buyerType=shop&buyerId=${ids.otherAgentsShop}`,
      `buyerType=shop&buyerId=${ids.sh003}`,
      `buyerType=agent&buyerId=${ids.ag002}`,
      'buyerType=shop&buyerId=999999',
    ]) {
      for (const path of ['/page?', `/styles/${(await page('limit=10', s.agent01)).records[0]!.productId}?`]) {
        const res = await get(`${path}${query}`, s.agent01);
        expect([res.status, res.body.code], `${path}${query}`).toEqual([404, 'A0404']);
      }
    }
  });

  it('shop01 sees its own catalogue only; supplier01 is refused everything', async () => {
    expect((await page('', s.shop01)).buyer).toMatchObject({ type: 'shop', id: ids.sh001 });
    const buyers = (await get('/buyers', s.shop01)).body.data;
    expect(buyers).toMatchObject({ chooses: false, buyers: [{ type: 'shop', id: ids.sh001 }] });
    for (const query of [`buyerType=shop&buyerId=${ids.sh002}`, `buyerType=agent&buyerId=${ids.ag001}`]) expect((await get(`/page?${query}`, s.shop01)).status).toBe(404);
    for (const path of ['/page', '/buyers', '/seasons', '/styles/1']) {
      const res = await get(path, s.supplier01);
      expect([res.status, res.body.code], path).toEqual([403, 'A0301']);
    }
    expect((await t.call({ method: 'GET', url: `${BASE}/page` })).status).toBe(401);
  });

  it('HQ must choose an enabled buyer, and may choose any', async () => {
    const res = await get('/page', admin);
    expect([res.status, res.body.msg]).toEqual([422, '请选择购货方']);
    expect((await page(`buyerType=shop&buyerId=${ids.otherAgentsShop}`, admin)).buyer).toMatchObject({ type: 'shop', id: ids.otherAgentsShop });
    expect((await page(`buyerType=agent&buyerId=${ids.ag002}`, admin)).buyer.id).toBe(ids.ag002);
    const buyers = (await get('/buyers?keyword=五马', admin)).body.data.buyers;
    expect(buyers.map((b: { id: number }) => b.id)).toEqual([ids.otherAgentsShop]);
    const disabled = await t.call({ method: 'POST', url: `/api/admin/api/v1/users/shop/${ids.otherAgentsShop}/disable`, session: admin });
    expect(disabled.body.code, disabled.raw).toBe('201');
    const refused = await get(`/page?buyerType=shop&buyerId=${ids.otherAgentsShop}`, admin);
    expect([refused.status, refused.body.msg]).toEqual([404, '购货方不存在或已停用']);
  });
});

describe('what the catalogue offers', () => {
  it('lists only the seasons open today: the future pre-order and the ended season are absent', async () => {
    const seasons = (await get('/seasons', s.agent01)).body.data as { id: number; kind: string }[];
    expect(seasons.map((x) => x.id)).toEqual([ids.spot]);
    const styles = await allStyles('sort=styleNo', s.agent01);
    expect(styles).toHaveLength(20);
    expect(new Set(styles.map((x) => x.seasonId))).toEqual(new Set([ids.spot]));
    expect(styles.some((x) => x.styleNo.startsWith('YS27'))).toBe(false);
    const future = await t.db.selectFrom('products').select('id').where('style_no', '=', 'YS27S2002').executeTakeFirstOrThrow();
    const res = await get(`/styles/${future.id}`, s.agent01);
    expect([res.status, res.body.msg]).toEqual([404, '该款式不在当前开放的订货季中']);
  });

  it("prices every style exactly as the planning service's simulation does for the same buyer", async () => {
    for (const [session, query, type, id] of [
      [s.agent01, '', 'agent', ids.ag001],
      [s.agent01, `buyerType=shop&buyerId=${ids.sh002}`, 'shop', ids.sh002],
      [s.shop01, '', 'shop', ids.sh001],
      [admin, `buyerType=shop&buyerId=${ids.sh003}`, 'shop', ids.sh003],
      [admin, `buyerType=agent&buyerId=${ids.ag002}`, 'agent', ids.ag002],
    ] as const) {
      const styles = await allStyles(query, session);
      expect(styles.length).toBe(20);
      for (const style of styles) expect(style.unitPriceFen, `${type}:${id} ${style.styleNo}`).toBe(await simulated(style.productId, type, id));
    }
    // the policies and specials really apply: the winter coat for agent01 (level1 85 %, its 95 % special, winter 88 %)
    const coat = (await allStyles('', s.agent01)).find((x) => x.styleNo === 'YS26W1001')!;
    expect(coat.wholesalePriceFen).toBe(94_900);
    expect(coat.unitPriceFen).toBeLessThan(80_665);
  });

  it('shows HQ stock per SKU for the spot season, the detail with every SKU and its price steps', async () => {
    const product = await t.db.selectFrom('products').select('id').where('style_no', '=', 'YS26W1002').executeTakeFirstOrThrow();
    const detail = (await get(`/styles/${product.id}`, s.shop01)).body.data as CatalogueStyleDetail;
    expect(detail).toMatchObject({ seasonId: ids.spot, seasonKind: 'spot', styleNo: 'YS26W1002', brandName: '衣尚', categoryName: '羽绒服', seasonLabel: '冬' });
    expect(detail.skus).toHaveLength(12);
    const held = await t.db
      .selectFrom('stock_balances as b')
      .innerJoin('warehouses as w', 'w.id', 'b.warehouse_id')
      .select(['b.sku_id', sql<string>`sum(b.quantity)`.as('q')])
      .where('w.type', '=', 'hq')
      .where(
        'b.sku_id',
        'in',
        detail.skus.map((k) => k.skuId),
      )
      .groupBy('b.sku_id')
      .execute();
    const heldOf = new Map(held.map((r) => [r.sku_id, Number(r.q)]));
    for (const sku of detail.skus) expect(sku.available, `${sku.colourName} ${sku.sizeName}`).toBe(heldOf.get(sku.skuId!) ?? 0);
    expect(detail.skus.filter((k) => k.available === 0).map((k) => k.sizeName)).toEqual(['S', 'S', 'S']);
    expect(detail.totalAvailable).toBe(detail.skus.reduce((sum, k) => sum + (k.available ?? 0), 0));
    expect(detail.steps.map((step) => step.step)).toEqual(['list', 'policy', 'special']);
    expect(detail.steps.reduce((sum, step) => sum + step.amount, 0)).toBe(detail.unitPriceFen);
    // the page carries the same SKUs and figures as the detail
    const onPage = (await allStyles('keyword=YS26W1002', s.shop01))[0]!;
    expect(onPage.skus).toEqual(detail.skus);
    const { gallery: _g, steps: _s, remark: _r, ...shown } = detail;
    expect(onPage).toEqual(shown);
  });

  it('shows no stock for a pre-order season open today, and filters by season, brand, category, tag, year and keyword', async () => {
    const { opensOn } = (await t.call({ method: 'GET', url: `/api/admin/api/v1/ordering/seasons/${ids.preorder}`, session: admin })).body.data;
    const opened = await t.call({ method: 'PUT', url: `/api/admin/api/v1/ordering/seasons/${ids.preorder}`, session: admin, payload: { opensOn: '2020-01-01' } });
    expect(opened.body.data.status).toBe('open');
    try {
      const pre = await allStyles(`seasonId=${ids.preorder}`, s.agent01);
      expect(pre.map((x) => x.styleNo).sort()).toEqual(['YS27M2001', 'YS27S1001', 'YS27S2001', 'YS27S2002']);
      for (const style of pre) {
        expect([style.seasonKind, style.totalAvailable]).toEqual(['preorder', null]);
        for (const sku of style.skus) expect(sku.available).toBeNull();
      }
      expect((await page('year=2027&limit=10', s.agent01)).total).toBe(4);
    } finally {
      const restored = await t.call({ method: 'PUT', url: `/api/admin/api/v1/ordering/seasons/${ids.preorder}`, session: admin, payload: { opensOn } });
      expect(restored.body.data.status).toBe('upcoming');
    }
    const byId = async (table: 'product_categories' | 'tags' | 'brands', column: 'code' | 'name', value: string) =>
      (await t.db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id;
    const menswear = await byId('product_categories', 'code', '02');
    const mens = await allStyles(`categoryId=${menswear}`, s.agent01);
    expect(mens.map((x) => x.styleNo).sort()).toEqual(['YS26M3001', 'YS26M3002', 'YS26M3003', 'YS26M3004', 'YS26M3102', 'YS26M3103', 'YS26M3104']);
    const casual = await allStyles(`tagId=${await byId('tags', 'name', '休闲')}`, s.agent01);
    expect(casual.map((x) => x.styleNo).sort()).toEqual(['YS26M3002', 'YS26M3103', 'YS26M3104', 'YS26W2005']);
    expect((await page(`brandId=${await byId('brands', 'code', 'YSK')}`, s.agent01)).total).toBe(0);
    expect((await page('season=autumn&limit=10', s.agent01)).records.every((x) => x.season === 'autumn')).toBe(true);
    expect((await page('keyword=羽绒服&limit=10', s.agent01)).records.map((x) => x.styleNo).sort()).toEqual(['YS26M3001', 'YS26M3003', 'YS26M3004', 'YS26W1002', 'YS26W1005']);
    const byPrice = (await page('sort=wholesalePrice&order=desc&limit=10', s.agent01)).records.map((x) => x.wholesalePriceFen);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));
  });

  it('refuses bad input with 4xx and a Chinese message', async () => {
    for (const query of [
      'page=1000001',
      'page=0',
      'limit=7',
      'sort=unitPrice',
      'order=up',
      'buyerType=supplier',
      'buyerId=-1',
      'seasonId=abc',
      'year=1999',
      `keyword=${'长'.repeat(41)}`,
    ]) {
      const res = await get(`/page?${query}`, s.agent01);
      expect([res.status, res.body.code], query).toEqual([422, 'A0400']);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const nul = await get('/page?keyword=%00', s.agent01);
    expect([nul.status, nul.body.code]).toEqual([422, 'A0400']);
    expect((await page('page=999', s.agent01)).records).toEqual([]);
    expect((await get('/styles/0', s.agent01)).status).toBe(422);
  });
});
