import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { openWarehouseMenus, post, skuOf, userIdOf, warehouseIdOf } from '../stock/stock-test-kit.ts';

const URL = '/api/admin/api/v1/warehouses';

let t: TestApp;
let admin: string;
let agent01: string;
let shop01: string;
let supplier01: string;
let clerk01: string;
let adminId: number;
const wh: Record<string, number> = {};
const shops: Record<string, number> = {};

const get = (url: string, session: string) => t.call({ method: 'GET', url, session });
const send = (method: 'POST' | 'PUT', url: string, session: string, payload?: unknown) => t.call({ method, url, session, payload: payload as object });
const codesOf = (records: { code: string }[]) => records.map((r) => r.code);
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('warehouses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  await openWarehouseMenus(t);
  [admin, agent01, shop01, supplier01, clerk01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01', 'clerk01'].map((a) => t.login(a)));
  adminId = await userIdOf(t.db, 'admin');
  for (const row of await t.db.selectFrom('warehouses').select(['id', 'code']).execute()) wh[row.code] = row.id;
  for (const row of await t.db.selectFrom('shops').select(['id', 'code']).execute()) shops[row.code] = row.id;
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  code: 'WH-NB',
  name: '宁波分仓',
  type: 'hq',
  parentId: null,
  shopId: null,
  allowNegative: false,
  contactName: '钱多多',
  phone: '0574-87654321',
  region: 'east',
  address: '宁波市鄞州区物流园 6 号',
  country: '',
  remark: '',
  ...overrides,
});

describe('reading warehouses by data scope', () => {
  it('HQ sees the whole tree, the list, details with address and the children of a parent', async () => {
    const tree = await get(`${URL}/tree`, admin);
    expect(tree.body.code).toBe('201');
    expect(codesOf(tree.body.data)).toEqual(['WH-HZ', 'WH-SH001', 'WH-SH002', 'WH-SH003', 'WH-TRANSIT', 'WH-US-LA']);
    expect(codesOf(tree.body.data[0].children)).toEqual(['WH-HZ-DEF']);

    const page = await get(`${URL}/page?type=shop`, admin);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.records[0]).toMatchObject({ code: 'WH-SH001', type: 'shop', shopId: shops.SH001, shopName: '衣尚·杭州湖滨银泰店', allowNegative: false });
    expect((await get(`${URL}/page?keyword=${encodeURIComponent('次品')}`, admin)).body.data.records.map((r: { code: string }) => r.code)).toEqual(['WH-HZ-DEF']);
    expect((await get(`${URL}/page?shopId=${shops.SH003}`, admin)).body.data.records.map((r: { code: string }) => r.code)).toEqual(['WH-SH003']);
    expect((await get(`${URL}/page?type=bogus`, admin)).status).toBe(422);

    const detail = await get(`${URL}/${wh['WH-HZ']}`, admin);
    expect(detail.body.data).toMatchObject({ name: '杭州总仓', type: 'hq', region: 'east', childCount: 1, shelfCount: 18, stockRows: 0, stockQuantity: 0 });
    expect((await get(`${URL}/${wh['WH-US-LA']}`, admin)).body.data).toMatchObject({ type: 'overseas', country: '美国' });
    const children = await get(`${URL}/${wh['WH-HZ']}/children`, admin);
    expect(codesOf(children.body.data)).toEqual(['WH-HZ-DEF']);
    expect(children.body.data[0]).toMatchObject({ parentId: wh['WH-HZ'], parentName: '杭州总仓', type: 'defective' });
    expect((await get(`${URL}/999999`, admin)).body).toMatchObject({ code: 'A0404', msg: '仓库不存在' });
  });

  it("an agent sees its shops' warehouses; a shop only its own; others are 404", async () => {
    expect(codesOf((await get(`${URL}/tree`, agent01)).body.data)).toEqual(['WH-SH001', 'WH-SH002']);
    expect(codesOf((await get(`${URL}/page`, agent01)).body.data.records)).toEqual(['WH-SH001', 'WH-SH002']);
    expect(codesOf((await get(`${URL}/options`, agent01)).body.data)).toEqual(['WH-SH001', 'WH-SH002']);
    expect((await get(`${URL}/${wh['WH-SH003']}`, agent01)).status).toBe(404);
    expect((await get(`${URL}/${wh['WH-HZ']}/children`, agent01)).status).toBe(404);

    expect(codesOf((await get(`${URL}/tree`, shop01)).body.data)).toEqual(['WH-SH001']);
    // a filter cannot widen the scope
    expect((await get(`${URL}/page?type=hq`, shop01)).body.data.total).toBe(0);
    expect((await get(`${URL}/page?shopId=${shops.SH002}`, shop01)).body.data.total).toBe(0);
    expect((await get(`${URL}/${wh['WH-SH001']}`, shop01)).body.data.code).toBe('WH-SH001');
    for (const code of ['WH-SH002', 'WH-HZ', 'WH-US-LA']) {
      const res = await get(`${URL}/${wh[code]}`, shop01);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'A0404', msg: '仓库不存在' });
    }
  });

  it('suppliers and roles without the page get 403; without the edit code changes are 403', async () => {
    for (const session of [supplier01, clerk01]) {
      expect((await get(`${URL}/tree`, session)).status).toBe(403);
      expect((await get(`${URL}/${wh['WH-HZ']}`, session)).status).toBe(403);
    }
    expect((await send('POST', URL, shop01, form())).status).toBe(403);
    expect((await send('POST', `${URL}/${wh['WH-SH001']}/disable`, agent01)).status).toBe(403);
  });

  it('documents the warehouse, shelf and stock calls in the OpenAPI document', async () => {
    const doc = await t.call({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    for (const path of [
      '/api/admin/api/v1/warehouses/tree',
      '/api/admin/api/v1/warehouses/{id}/shelves/batch',
      '/api/admin/api/v1/shelves/{id}/stock',
      '/api/admin/api/v1/stock/moves',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('options list enabled warehouses for pickers, by type', async () => {
    const res = await get(`${URL}/options?type=shop`, admin);
    expect(res.body.data).toEqual([
      { id: wh['WH-SH001'], code: 'WH-SH001', name: '湖滨银泰店仓', type: 'shop', shopId: shops.SH001, allowNegative: false },
      { id: wh['WH-SH002'], code: 'WH-SH002', name: '宁波天一广场店仓', type: 'shop', shopId: shops.SH002, allowNegative: false },
      { id: wh['WH-SH003'], code: 'WH-SH003', name: '上海南京西路旗舰店仓', type: 'shop', shopId: shops.SH003, allowNegative: false },
    ]);
  });
});

describe('creating and editing warehouses', () => {
  it("refuses bad input field by field with the form's message and creates nothing", async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '' }, '请输入仓库编码'],
      [{ code: '仓库1' }, '仓库编码须为2-32位字母、数字、下划线或短横线，且以字母或数字开头'],
      [{ name: '  ' }, '请输入仓库名称'],
      [{ name: '仓'.repeat(65) }, '仓库名称不能超过64个字符'],
      [{ type: 'store' }, '请选择仓库类型'],
      [{ type: 'shop', shopId: null }, '门店仓须选择所属门店'],
      [{ shopId: shops.SH001 }, '只有门店仓属于门店，请清空所属门店'],
      [{ allowNegative: 'yes' }, '请选择是否允许负库存'],
      [{ phone: '12345' }, '请输入正确的联系电话（手机号或座机号，如 0571-87001234）'],
      [{ region: 'mars' }, '请选择正确的区域'],
      [{ type: 'overseas', country: '' }, '海外仓须填写国家/地区'],
      [{ country: '日本' }, '只有海外仓填写国家/地区，请清空'],
      [{ parentId: 999999 }, '上级仓库不存在'],
      [{ parentId: wh['WH-TRANSIT'] }, '在途仓(虚拟)下只能建在途仓(虚拟)'],
      [{ parentId: wh['WH-SH001'] }, '门店仓不能有下级仓库'],
      [{ type: 'hq', parentId: wh['WH-HZ-DEF'] }, '次品仓下只能建次品仓'],
    ];
    for (const [overrides, msg] of cases) {
      const res = await send('POST', URL, admin, form(overrides));
      expect([res.status, res.body.msg], JSON.stringify(overrides)).toEqual([422, msg]);
    }
    const taken = await send('POST', URL, admin, form({ code: 'wh-hz' }));
    expect([taken.status, taken.body.msg]).toEqual([409, '仓库编码“wh-hz”已存在']);
    const shopTaken = await send('POST', URL, admin, form({ type: 'shop', shopId: shops.SH001 }));
    expect([shopTaken.status, shopTaken.body.msg]).toEqual([409, '该门店已有门店仓，一个门店只能有一个门店仓']);
    expect(await count()).toBe(before);
  });

  it('HQ creates warehouses under a parent, and a shop warehouse for a shop without one', async () => {
    const created = await send('POST', URL, admin, form({ parentId: wh['WH-HZ'] }));
    expect(created.body).toMatchObject({ code: '201', msg: '新增成功' });
    const id = created.body.data.id as number;
    expect((await get(`${URL}/${id}`, admin)).body.data).toMatchObject({ code: 'WH-NB', parentName: '杭州总仓', enabled: true, allowNegative: false });
    expect(codesOf((await get(`${URL}/${wh['WH-HZ']}/children`, admin)).body.data)).toEqual(['WH-HZ-DEF', 'WH-NB']);

    const shop = await t.db
      .insertInto('shops')
      .values({ code: 'SH009', name: '衣尚·绍兴店', kind: 'direct', agent_id: null, phone: '0575-88001234' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shopWh = await send('POST', URL, admin, form({ code: 'WH-SH009', name: '绍兴店仓', type: 'shop', shopId: shop.id }));
    expect(shopWh.body.code).toBe('201');
    const again = await send('POST', URL, admin, form({ code: 'WH-SH009B', name: '绍兴店二仓', type: 'shop', shopId: shop.id }));
    expect(again.body.msg).toBe('该门店已有门店仓，一个门店只能有一个门店仓');
    const overseas = await send('POST', URL, admin, form({ code: 'WH-DE', name: '德国海外仓', type: 'overseas', country: '德国', region: 'overseas', parentId: wh['WH-US-LA'] }));
    expect(overseas.body.code).toBe('201');
  });

  it('keeps the tree free of cycles and at most five levels deep', async () => {
    const self = await send('PUT', `${URL}/${wh['WH-HZ']}`, admin, form({ code: 'WH-HZ', name: '杭州总仓', parentId: wh['WH-HZ'] }));
    expect([self.status, self.body.msg]).toEqual([422, '上级仓库不能是自己']);
    const nb = await warehouseIdOf(t.db, 'WH-NB');
    const cycle = await send('PUT', `${URL}/${wh['WH-HZ']}`, admin, form({ code: 'WH-HZ', name: '杭州总仓', parentId: nb }));
    expect([cycle.status, cycle.body.msg]).toEqual([422, '上级仓库不能是自己的下级仓库']);
    // WH-HZ > WH-NB > L3 > L4 > L5: a sixth level is refused
    let parent = nb;
    for (const level of [3, 4, 5]) {
      const res = await send('POST', URL, admin, form({ code: `WH-L${level}`, name: `第${level}级`, parentId: parent }));
      expect(res.body.code).toBe('201');
      parent = res.body.data.id;
    }
    const deep = await send('POST', URL, admin, form({ code: 'WH-L6', name: '第6级', parentId: parent }));
    expect([deep.status, deep.body.msg]).toEqual([422, '仓库最多5级']);
    // moving WH-NB (four levels with its subtree) below a second-level warehouse would make six
    const r1 = (await send('POST', URL, admin, form({ code: 'WH-R1', name: '华东片区' }))).body.data.id;
    const r2 = (await send('POST', URL, admin, form({ code: 'WH-R2', name: '浙江片区', parentId: r1 }))).body.data.id;
    const tooDeep = await send('PUT', `${URL}/${nb}`, admin, form({ code: 'WH-NB', name: '宁波分仓', parentId: r2 }));
    expect([tooDeep.status, tooDeep.body.msg]).toEqual([422, '仓库最多5级']);
    const moved = await send('PUT', `${URL}/${nb}`, admin, form({ code: 'WH-NB', name: '宁波分仓', parentId: r1 }));
    expect(moved.body.data).toMatchObject({ parentId: r1, parentName: '华东片区' });
  });

  it('HQ edits code, name and address; an agent with the edit code only the address fields of its own warehouses', async () => {
    const res = await send(
      'PUT',
      `${URL}/${wh['WH-SH001']}`,
      admin,
      form({ code: 'WH-SH001', name: '湖滨银泰店仓', type: 'shop', shopId: shops.SH001, address: '延安路 258 号 B 座' }),
    );
    expect(res.body).toMatchObject({ code: '201', msg: '修改成功', data: { address: '延安路 258 号 B 座', contactName: '钱多多' } });

    const role = await t.db.selectFrom('roles').select('id').where('code', '=', 'agent').executeTakeFirstOrThrow();
    const button = await t.db.selectFrom('menus').select('id').where('name', '=', 'WarehouseEdit').executeTakeFirstOrThrow();
    await t.db.insertInto('role_menus').values({ role_id: role.id, menu_id: button.id }).execute();
    t.app.accessCache.clearAll();
    const base = form({ code: 'WH-SH001', name: '湖滨银泰店仓', type: 'shop', shopId: shops.SH001 });
    const own = await send('PUT', `${URL}/${wh['WH-SH001']}`, agent01, { ...base, contactName: '王晓燕', phone: '13800000003' });
    expect(own.body).toMatchObject({ code: '201', data: { contactName: '王晓燕', phone: '13800000003' } });
    const flag = await send('PUT', `${URL}/${wh['WH-SH001']}`, agent01, { ...base, allowNegative: true });
    expect([flag.status, flag.body.msg]).toEqual([403, '只有总部可以新增仓库，或修改仓库的编码、类型、上级、所属门店和负库存设置']);
    expect((await send('PUT', `${URL}/${wh['WH-SH003']}`, agent01, { ...base, code: 'WH-SH003', shopId: shops.SH003 })).status).toBe(404);
    expect((await send('POST', URL, agent01, form({ code: 'WH-AG' }))).status).toBe(403);
    expect((await send('POST', `${URL}/${wh['WH-SH001']}/disable`, agent01)).status).toBe(403);
    await t.db.deleteFrom('role_menus').where('role_id', '=', role.id).where('menu_id', '=', button.id).execute();
    t.app.accessCache.clearAll();
  });

  it('fixes type and shop once stock has moved; turns off negative stock only without negative balances', async () => {
    const sku = await skuOf(t.db, 'YS26W1001', 'BK', 'M');
    const id = wh['WH-SH002'];
    const base = form({ code: 'WH-SH002', name: '宁波天一广场店仓', type: 'shop', shopId: shops.SH002 });
    expect((await send('PUT', `${URL}/${id}`, admin, { ...base, allowNegative: true })).body.data.allowNegative).toBe(true);
    await post(t.db, adminId, 9001, [{ warehouseId: id, skuId: sku.id, quantity: -2 }], 'outbound');
    const balance = await t.db.selectFrom('stock_balances').select(['quantity', 'allow_negative']).where('warehouse_id', '=', id).executeTakeFirstOrThrow();
    expect(balance).toEqual({ quantity: -2, allow_negative: true });

    const off = await send('PUT', `${URL}/${id}`, admin, { ...base, allowNegative: false });
    expect([off.status, off.body.msg]).toEqual([409, '仓库“宁波天一广场店仓”有1条负库存记录，请先处理后再关闭“允许负库存”']);
    const toTransit = await send('PUT', `${URL}/${wh['WH-SH003']}`, admin, form({ code: 'WH-SH003', name: '上海南京西路旗舰店仓', type: 'transit' }));
    expect([toTransit.status, toTransit.body.msg]).toEqual([409, '仓库已有货架，不能改为在途仓（在途仓是虚拟仓，没有货架）']);
    const retype = await send('PUT', `${URL}/${id}`, admin, { ...base, type: 'hq', shopId: null, allowNegative: true });
    expect([retype.status, retype.body.msg]).toEqual([409, '仓库已有库存流水，不能修改类型或所属门店']);

    await post(t.db, adminId, 9002, [{ warehouseId: id, skuId: sku.id, quantity: 2 }]);
    expect((await send('PUT', `${URL}/${id}`, admin, { ...base, allowNegative: false })).body.data.allowNegative).toBe(false);
    // the trigger copied the flag onto the balance in the same transaction
    expect((await t.db.selectFrom('stock_balances').select('allow_negative').where('warehouse_id', '=', id).executeTakeFirstOrThrow()).allow_negative).toBe(false);
  });
});

describe('enabling and disabling warehouses', () => {
  it('refuses to disable while stock is there or children are enabled, and enabling under a disabled parent', async () => {
    const sku = await skuOf(t.db, 'YS26W2003', 'BK', 'S');
    const def = wh['WH-HZ-DEF'];
    await post(t.db, adminId, 9101, [{ warehouseId: def, skuId: sku.id, quantity: 3 }]);
    const stocked = await send('POST', `${URL}/${def}/disable`, admin);
    expect([stocked.status, stocked.body.msg]).toEqual([409, '仓库“杭州总仓次品仓”还有库存（1条库存记录，合计3件），不能停用']);
    await post(t.db, adminId, 9102, [{ warehouseId: def, skuId: sku.id, quantity: -3 }], 'outbound');

    const parent = await send('POST', `${URL}/${wh['WH-US-LA']}/disable`, admin);
    expect([parent.status, parent.body.msg]).toEqual([409, '请先停用该仓库的下级仓库']);
    const de = await warehouseIdOf(t.db, 'WH-DE');
    expect((await send('POST', `${URL}/${de}/disable`, admin)).body).toMatchObject({ code: '201', msg: '已停用', data: { enabled: false } });
    expect((await send('POST', `${URL}/${de}/disable`, admin)).body.msg).toBe('该仓库已是停用状态');
    expect((await send('POST', `${URL}/${wh['WH-US-LA']}/disable`, admin)).body.code).toBe('201');
    const orphan = await send('POST', `${URL}/${de}/enable`, admin);
    expect([orphan.status, orphan.body.msg]).toEqual([409, '上级仓库已停用，请选择其他上级仓库']);
    expect(codesOf((await get(`${URL}/options`, admin)).body.data)).not.toContain('WH-US-LA');
    expect((await get(`${URL}/tree?enabled=false`, admin)).body.data.map((n: { code: string }) => n.code)).toContain('WH-US-LA');
    expect((await send('POST', `${URL}/${wh['WH-US-LA']}/enable`, admin)).body.data.enabled).toBe(true);
    // PUT keeps the status whatever the body says
    const kept = await send('PUT', `${URL}/${de}`, admin, form({ code: 'WH-DE', name: '德国海外仓', type: 'overseas', country: '德国', parentId: wh['WH-US-LA'], enabled: true }));
    expect(kept.body.data.enabled).toBe(false);
  });
});
