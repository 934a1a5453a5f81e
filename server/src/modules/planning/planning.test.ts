import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedDemoPricing } from '../../demo/demo-pricing.ts';

let t: TestApp;
let admin: string;
let clerk: string;
const parties: Record<'agent01' | 'shop01' | 'supplier01', string> = { agent01: '', shop01: '', supplier01: '' };
const ids = { ag001: 0, ag002: 0, sh001: 0, winter: 0, autumn: 0, brand: 0, category: 0, tag: 0, otherGroupTag: 0 };

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoPricing(t.db)).toBe(true);
  expect(await seedDemoPricing(t.db)).toBe(false); // once only
  [admin, clerk, parties.agent01, parties.shop01, parties.supplier01] = await Promise.all(['admin', 'clerk01', 'agent01', 'shop01', 'supplier01'].map((a) => t.login(a)));
  const id = async (query: Promise<{ id: number } | undefined>) => (await query)!.id;
  ids.ag001 = await id(t.db.selectFrom('agents').select('id').where('code', '=', 'AG001').executeTakeFirst());
  ids.ag002 = await id(t.db.selectFrom('agents').select('id').where('code', '=', 'AG002').executeTakeFirst());
  ids.sh001 = await id(t.db.selectFrom('shops').select('id').where('code', '=', 'SH001').executeTakeFirst());
  ids.winter = await id(t.db.selectFrom('products').select('id').where('style_no', '=', 'YS26W1001').executeTakeFirst());
  ids.autumn = await id(t.db.selectFrom('products').select('id').where('style_no', '=', 'YS26W2003').executeTakeFirst());
  ids.brand = await id(t.db.selectFrom('brands').select('id').limit(1).executeTakeFirst());
  ids.category = await id(t.db.selectFrom('product_categories').select('id').limit(1).executeTakeFirst());
  const tagOf = (forProducts: boolean) =>
    id(
      t.db
        .selectFrom('tags')
        .innerJoin('tag_groups', 'tag_groups.id', 'tags.group_id')
        .select('tags.id')
        .where(sql<boolean>`('product' = ANY(tag_groups.applies_to)) = ${forProducts}`)
        .limit(1)
        .executeTakeFirst(),
    );
  ids.tag = await tagOf(true);
  ids.otherGroupTag = await tagOf(false);
});
afterAll(() => t?.close());

const BASE = '/api/admin/api/v1/planning';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, payload?: object, session: string = admin) => t.call({ method, url: `${BASE}${path}`, payload, session });
const count = async (table: 'discount_policies' | 'special_discounts') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** yyyy-mm-dd `days` from today in Asia/Shanghai */
const day = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const price = async (query: string, session = admin) => {
  const res = await call('GET', `/price?${query}`, undefined, session);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data as { unitPriceFen: number; steps: { step: string; ruleName: string; base: number; amount: number }[]; buyer: { description: string } };
};

describe('who may plan', () => {
  it('gives the admin the planning pages and their buttons; clerk01 and the parties see none', async () => {
    const menu = JSON.stringify((await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session: admin })).body.data);
    for (const path of ['/erp/planning/policy', '/erp/planning/special/agent', '/erp/planning/special/shop', '/erp/planning/special/condition', '/erp/planning/simulation']) {
      expect(menu).toContain(`"path":"${path}"`);
    }
    for (const code of ['planning:policy:edit', 'planning:special:edit']) expect(menu).toContain(code);
    for (const session of [clerk, ...Object.values(parties)]) {
      expect(JSON.stringify((await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session })).body.data)).not.toContain('/erp/planning');
    }
  });

  it('refuses agent01, shop01, supplier01 and clerk01 every call, changing nothing', async () => {
    const before = [await count('discount_policies'), await count('special_discounts')];
    for (const session of [clerk, ...Object.values(parties)]) {
      const refused = [
        await call('GET', '/policies/page', undefined, session),
        await call('POST', '/policies', { targetType: 'shop_kind', targetValue: 'direct', rateBp: 1 }, session),
        await call('GET', '/specials/page', undefined, session),
        await call('POST', '/specials', { name: '自己打折', targetType: 'agent', agentId: ids.ag001, mode: 'rate', rateBp: 0, validFrom: day(0), validTo: day(1) }, session),
        await call('DELETE', '/specials/1', undefined, session),
        await call('GET', `/price?productId=${ids.winter}&buyerType=agent&buyerId=${ids.ag001}`, undefined, session),
        await call('GET', '/options/agents', undefined, session),
      ];
      for (const res of refused) expect(res.body.code, res.raw).toBe('A0301');
      for (const res of refused) expect(res.status).toBe(403);
    }
    expect([await count('discount_policies'), await count('special_discounts')]).toEqual(before);
    expect((await t.call({ method: 'GET', url: `${BASE}/policies/page` })).status).toBe(401);
  });
});

describe('政策明细', () => {
  it('lists the demo policies of both levels and both shop kinds', async () => {
    const res = await call('GET', '/policies/page?limit=20');
    expect(res.body.data.total).toBe(4);
    const rows = res.body.data.records as { targetName: string; rateBp: number; returnRateBp: number; swapRateBp: number }[];
    expect(rows.map((r) => [r.targetName, r.rateBp])).toEqual([
      ['一级代理', 8500],
      ['二级代理', 9000],
      ['加盟店', 9200],
      ['直营店', 10000],
    ]);
    expect(rows[0]).toMatchObject({ returnRateBp: 1000, swapRateBp: 1500, returnWindowDays: 90 });
    expect((await call('GET', '/policies/page?targetType=shop_kind')).body.data.total).toBe(2);
    expect((await call('GET', '/policies/page?sort=price')).status).toBe(422);
  });

  it('refuses bad input with the form messages and stores nothing', async () => {
    const before = await count('discount_policies');
    const cases: [object, string][] = [
      [{ targetType: 'region', targetValue: 'east', rateBp: 9000 }, '政策对象只能是代理级别或门店类型'],
      [{ targetType: 'agent_level', rateBp: 9000 }, '请选择代理级别'],
      [{ targetType: 'agent_level', targetValue: 'level9', rateBp: 9000 }, '代理级别不存在或已停用，请重新选择'],
      [{ targetType: 'shop_kind', targetValue: 'online', rateBp: 9000 }, '门店类型只能是直营店或加盟店'],
      [{ targetType: 'shop_kind', targetValue: 'direct' }, '请输入折扣率'],
      [{ targetType: 'shop_kind', targetValue: 'direct', rateBp: -1 }, '折扣率须为0-100之间的百分比，最多两位小数'],
      [{ targetType: 'shop_kind', targetValue: 'direct', rateBp: 10001 }, '折扣率须为0-100之间的百分比，最多两位小数'],
      [{ targetType: 'shop_kind', targetValue: 'direct', rateBp: 90.5 }, '折扣率须为0-100之间的百分比，最多两位小数'],
      [{ targetType: 'shop_kind', targetValue: 'direct', rateBp: 9000, returnRateBp: 20000 }, '退货率须为0-100之间的百分比，最多两位小数'],
      [{ targetType: 'shop_kind', targetValue: 'direct', rateBp: 9000, swapRateBp: -5 }, '换货率须为0-100之间的百分比，最多两位小数'],
      [{ targetType: 'shop_kind', targetValue: 'direct', rateBp: 9000, returnWindowDays: 3651 }, '退换期限须为0-3650之间的整数天数'],
      [{ targetType: 'shop_kind', targetValue: 'direct', rateBp: 9000, returnWindowDays: 1.5 }, '退换期限须为0-3650之间的整数天数'],
      [{ targetType: 'shop_kind', targetValue: 'direct', rateBp: 9000, remark: '备'.repeat(201) }, '备注不能超过200个字符'],
      [{ targetType: 'shop_kind', targetValue: 'direct', rateBp: 9000, remark: 'a\u0000b' }, 'remark：不能含有控制字符'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('POST', '/policies', body);
      expect(res.status, msg).toBe(422);
      expect(res.body).toMatchObject({ code: 'A0400', msg });
    }
    const duplicate = await call('POST', '/policies', { targetType: 'agent_level', targetValue: 'LEVEL1', rateBp: 8000 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'A0409', msg: '“一级代理”的政策已存在，请编辑原有政策' });
    expect(await count('discount_policies')).toBe(before);
  });

  it('edits a policy keeping what is left out, never its target, and switches it off', async () => {
    const direct = ((await call('GET', '/policies/page?targetType=shop_kind&sort=rate&order=desc')).body.data.records as { id: number }[])[0]!.id;
    const res = await call('PUT', `/policies/${direct}`, { rateBp: 9900, remark: '内部结算' });
    expect(res.body).toMatchObject({ code: '201', msg: '修改成功', data: { rateBp: 9900, remark: '内部结算', targetValue: 'direct', enabled: true } });
    const moved = await call('PUT', `/policies/${direct}`, { targetType: 'shop_kind', targetValue: 'franchise' });
    expect(moved.body).toMatchObject({ code: 'A0400', msg: '政策对象不能修改，请新增另一条政策' });
    expect((await call('PUT', `/policies/${direct}`, { rateBp: 10001 })).status).toBe(422);
    expect((await call('PUT', `/policies/${direct}`, { enabled: false })).body.data).toMatchObject({ enabled: false, rateBp: 9900 });
    expect((await call('PUT', '/policies/999999', { rateBp: 1 })).status).toBe(404);
    expect((await call('PUT', `/policies/${direct}`, { enabled: true, rateBp: 10000, remark: '' })).body.data.enabled).toBe(true);
  });
});

describe('特价', () => {
  const valid = () => ({ name: '测试特价', targetType: 'condition', season: 'summer', mode: 'rate', rateBp: 9000, validFrom: day(0), validTo: day(10) });

  it('refuses bad input (rates, dates, unknown targets and conditions, NUL) and stores nothing', async () => {
    const before = await count('special_discounts');
    const cases: [object, string, number?][] = [
      [{ ...valid(), name: ' ' }, '请输入特价名称'],
      [{ ...valid(), name: '特'.repeat(41) }, '特价名称不能超过40个字符'],
      [{ ...valid(), name: '坏\u0000名' }, 'name：不能含有控制字符'],
      [{ ...valid(), targetType: 'member' }, '特价对象只能是代理商、门店或条件'],
      [{ ...valid(), targetType: 'agent' }, '请选择代理商'],
      [{ ...valid(), targetType: 'agent', agentId: 1.5 }, '代理商编号不正确'],
      [{ ...valid(), targetType: 'agent', agentId: 999999 }, '代理商不存在'],
      [{ ...valid(), targetType: 'shop', shopId: 999999 }, '门店不存在'],
      [{ ...valid(), season: null }, '条件特价须至少设置品牌、商品分类、季节、标签、款式中的一项'],
      [{ ...valid(), brandId: 999999 }, '品牌不存在'],
      [{ ...valid(), categoryId: 999999 }, '商品分类不存在'],
      [{ ...valid(), productId: 999999 }, '款式不存在'],
      [{ ...valid(), tagId: 999999 }, '标签不存在或不适用于商品'],
      [{ ...valid(), tagId: ids.otherGroupTag }, '标签不存在或不适用于商品'],
      [{ ...valid(), season: 'monsoon' }, '季节不存在或已停用，请重新选择'],
      [{ ...valid(), mode: 'gift' }, '特价方式只能是折扣或一口价'],
      [{ ...valid(), rateBp: -1 }, '折扣率须为0-100之间的百分比，最多两位小数'],
      [{ ...valid(), rateBp: 10001 }, '折扣率须为0-100之间的百分比，最多两位小数'],
      [{ ...valid(), mode: 'fixed', rateBp: null }, '请输入特价金额'],
      [{ ...valid(), mode: 'fixed', fixedPriceFen: -100 }, '特价金额须为0-1000000元之间的金额，最多两位小数'],
      [{ ...valid(), mode: 'fixed', fixedPriceFen: 100000001 }, '特价金额须为0-1000000元之间的金额，最多两位小数'],
      [{ ...valid(), validFrom: undefined }, '请选择开始日期'],
      [{ ...valid(), validTo: '2026-02-30' }, '日期不存在或不在1900—2099年之间，请输入正确的日期'],
      [{ ...valid(), validFrom: day(5), validTo: day(4) }, '开始日期不能晚于结束日期'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('POST', '/specials', body);
      expect(res.status, msg).toBe(422);
      expect(res.body, msg).toMatchObject({ code: 'A0400', msg });
    }
    expect((await call('POST', '/specials', { ...valid(), name: 42 })).status).toBe(422);
    expect(await count('special_discounts')).toBe(before);
  });

  it('adds, lists by type and state, edits, switches off and deletes a special', async () => {
    const res = await call('POST', '/specials', {
      ...valid(),
      name: ' 夏装 品牌特价 ',
      brandId: ids.brand,
      categoryId: ids.category,
      tagId: ids.tag,
      // a target of another type is dropped
      agentId: ids.ag001,
      fixedPriceFen: 100,
    });
    expect(res.body).toMatchObject({ code: '201', msg: '新增成功' });
    const id = res.body.data.id as number;
    const one = (await call('GET', `/specials/${id}`)).body.data;
    expect(one).toMatchObject({ name: '夏装 品牌特价', agentId: null, fixedPriceFen: null, season: 'summer', seasonName: '夏', state: 'active', rateBp: 9000 });
    expect(one.brandName).not.toBe('');
    expect(one.tagName).not.toBe('');

    const conditions = (await call('GET', '/specials/page?targetType=condition&limit=50')).body.data;
    expect(conditions.records.map((r: { name: string }) => r.name)).toContain('夏装 品牌特价');
    expect(conditions.records.every((r: { targetType: string }) => r.targetType === 'condition')).toBe(true);
    const upcoming = (await call('GET', '/specials/page?state=upcoming')).body.data.records.map((r: { name: string }) => r.name);
    expect(upcoming).toEqual(['基础款一口价']);
    const expired = (await call('GET', '/specials/page?state=expired')).body.data.records.map((r: { name: string }) => r.name);
    expect(expired).toEqual(['二级代理 新客特价']);
    expect((await call('GET', '/specials/page?keyword=陈立华')).body.data.total).toBe(1);
    expect((await call('GET', `/specials/page?shopId=${ids.sh001}`)).body.data.records[0]).toMatchObject({ targetType: 'shop', shopName: '衣尚·杭州湖滨银泰店' });

    const edited = await call('PUT', `/specials/${id}`, { brandId: null, mode: 'fixed', fixedPriceFen: 9900, rateBp: null });
    expect(edited.body.data).toMatchObject({ brandId: null, brandName: '', mode: 'fixed', fixedPriceFen: 9900, rateBp: null, tagId: ids.tag });
    expect((await call('PUT', `/specials/${id}`, { validFrom: day(20) })).body.msg).toBe('开始日期不能晚于结束日期');
    expect((await call('PUT', `/specials/${id}`, { targetType: 'shop', shopId: ids.sh001 })).body.msg).toBe('特价对象类型不能修改，请新增另一条特价');
    expect((await call('PUT', `/specials/${id}`, { enabled: false })).body.data.state).toBe('disabled');
    expect((await call('DELETE', `/specials/${id}`)).body).toMatchObject({ code: '201', msg: '删除成功' });
    expect((await call('GET', `/specials/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/specials/${id}`)).status).toBe(404);
  });
});

describe('价格模拟', () => {
  it('prices agent01 through its level policy and the best special of the day', async () => {
    // 94900 × 85% = 80665; winter 88% → 70985.2 → 70985 beats the agent's 95% (76632)
    const line = await price(`productId=${ids.winter}&buyerType=agent&buyerId=${ids.ag001}`);
    expect(line.buyer.description).toBe('代理商 · 一级代理');
    expect(line.steps).toEqual([
      { step: 'list', ruleId: null, ruleName: '批发价', base: 0, amount: 94900 },
      expect.objectContaining({ step: 'policy', ruleName: '一级代理政策', base: 94900, amount: -14235 }),
      expect.objectContaining({ step: 'special', ruleName: '冬装季初特价', base: 80665, amount: -9680 }),
    ]);
    expect(line.unitPriceFen).toBe(70985);
    // autumn: only the agent's own special, 34900 × 85% = 29665 → × 95% = 28181.75 → 28182
    const autumn = await price(`productId=${ids.autumn}&buyerType=agent&buyerId=${ids.ag001}`);
    expect(autumn.steps.map((s) => s.ruleName)).toEqual(['批发价', '一级代理政策', '陈立华 年度订货特惠']);
    expect(autumn.unitPriceFen).toBe(28182);
  });

  it("prices shop01 by its kind, with its own special and its agent's", async () => {
    // 34900 × 92% = 32108; the shop's 90% → 28897.2 → 28897 beats its agent's 95% (30503)
    const line = await price(`productId=${ids.autumn}&buyerType=shop&buyerId=${ids.sh001}`);
    expect(line.buyer.description).toBe('加盟店 · 隶属 杭州衣尚服饰贸易有限公司');
    expect(line.steps.map((s) => [s.ruleName, s.amount])).toEqual([
      ['批发价', 34900],
      ['加盟店政策', -2792],
      ['湖滨银泰店 周年庆特价', -3211],
    ]);
    expect(line.unitPriceFen).toBe(28897);
  });

  it('takes the day into account: expired and future specials are ignored', async () => {
    const later = await price(`productId=${ids.autumn}&buyerType=agent&buyerId=${ids.ag001}&day=${day(200)}`);
    expect(later.steps.map((s) => s.step)).toEqual(['list', 'policy']);
    expect(later.unitPriceFen).toBe(29665);
    // AG002's special ended yesterday: level 2 policy only
    const ag002 = await price(`productId=${ids.autumn}&buyerType=agent&buyerId=${ids.ag002}`);
    expect(ag002.steps.map((s) => s.ruleName)).toEqual(['批发价', '二级代理政策']);
    expect(ag002.unitPriceFen).toBe(31410);
    const yesterday = await price(`productId=${ids.autumn}&buyerType=agent&buyerId=${ids.ag002}&day=${day(-1)}`);
    expect(yesterday.unitPriceFen).toBe(30782); // 31410 × 98% = 30781.8
  });

  it('refuses unknown styles and buyers and bad parameters', async () => {
    const cases: [string, number, string][] = [
      [`productId=999999&buyerType=agent&buyerId=${ids.ag001}`, 404, '款式不存在'],
      [`productId=${ids.winter}&buyerType=agent&buyerId=999999`, 404, '代理商不存在'],
      [`productId=${ids.winter}&buyerType=shop&buyerId=999999`, 404, '门店不存在'],
      [`productId=${ids.winter}&buyerType=member&buyerId=1`, 422, '购货方只能是代理商或门店'],
      [`productId=abc&buyerType=agent&buyerId=1`, 422, '款式编号不正确'],
      [`productId=${ids.winter}&buyerType=agent&buyerId=${ids.ag001}&day=2026-02-30`, 422, '日期不存在或不在1900—2099年之间，请输入正确的日期'],
    ];
    for (const [query, status, msg] of cases) {
      const res = await call('GET', `/price?${query}`);
      expect(res.status, query).toBe(status);
      expect(res.body.msg, query).toContain(msg);
    }
  });

  it('offers agents, shops and styles to the pickers', async () => {
    const agents = (await call('GET', '/options/agents?keyword=温州')).body.data;
    expect(agents).toEqual([{ id: ids.ag002, code: 'AG002', name: '温州衣尚商贸有限公司' }]);
    expect((await call('GET', '/options/shops')).body.data.length).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/options/products?keyword=YS26W1001')).body.data[0]).toMatchObject({ id: ids.winter, code: 'YS26W1001' });
  });
});

describe('代理级别 on the agent form', () => {
  it('shows, changes, keeps and checks an agent level', async () => {
    const url = `/api/admin/api/v1/users/agent/${ids.ag002}`;
    const current = (await t.call({ method: 'GET', url, session: admin })).body.data;
    expect(current).toMatchObject({ level: 'level2', levelName: '二级代理' });
    const body = {
      code: current.code,
      name: current.name,
      contactName: current.contactName,
      phone: current.phone,
      province: current.province,
      city: current.city,
      address: current.address,
      remark: current.remark,
    };
    const bad = await t.call({ method: 'PUT', url, session: admin, payload: { ...body, level: 'level9' } });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('代理级别不存在或已停用，请重新选择');
    const kept = await t.call({ method: 'PUT', url, session: admin, payload: { ...body, remark: '不改级别' } });
    expect(kept.body.data).toMatchObject({ level: 'level2', remark: '不改级别' });
    const promoted = await t.call({ method: 'PUT', url, session: admin, payload: { ...body, level: 'level1' } });
    expect(promoted.body.data).toMatchObject({ level: 'level1', levelName: '一级代理' });
    expect((await price(`productId=${ids.autumn}&buyerType=agent&buyerId=${ids.ag002}`)).unitPriceFen).toBe(29665);
  });
});
