import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let clerk: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, clerk] = await Promise.all([t.login('admin'), t.login('clerk01')]);
});
afterAll(() => t?.close());

const BASE = '/api/admin/api/v1';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, payload?: object, session: string | undefined = admin) => t.call({ method, url: `${BASE}${path}`, payload, session });
const get = (path: string, session?: string) => call('GET', path, undefined, session);

const countDicts = async () =>
  Number(
    (
      await t.db
        .selectFrom('dicts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const dictIdOf = async (code: string) => (await t.db.selectFrom('dicts').select('id').where('dict_code', '=', code).executeTakeFirstOrThrow()).id;
const options = async (code: string, session = admin) => (await get(`/dict-items/select_list/${code}`, session)).body;

describe('seeded dictionaries and the page menu', () => {
  it('lists the product dictionaries in sort order with their item counts', async () => {
    const res = await get('/dicts/page?limit=20');
    expect(res.body.code).toBe('201');
    // ten product dictionaries, plus material_category (materials) and agent_level (planning)
    expect(res.body.data.total).toBe(12);
    const records = res.body.data.records as { dictCode: string; name: string; itemCount: number }[];
    expect(records.map((d) => d.dictCode).filter((code) => code !== 'material_category' && code !== 'agent_level')).toEqual([
      'season',
      'year',
      'gender',
      'unit',
      'grade',
      'safety_category',
      'payment_method',
      'shop_type',
      'region',
      'return_reason',
    ]);
    expect(records.find((d) => d.dictCode === 'region')).toMatchObject({ name: '区域', itemCount: 8 });
  });

  it('searches code or name, pages, sorts on the allow-list only', async () => {
    expect((await get('/dicts/page?keyword=PAY')).body.data.records.map((d: { name: string }) => d.name)).toEqual(['支付方式']);
    expect((await get(`/dicts/page?keyword=${encodeURIComponent('季节')}`)).body.data.total).toBe(1);
    // % and _ are taken literally
    expect((await get('/dicts/page?keyword=%25')).body.data.total).toBe(0);
    expect((await get('/dicts/page?keyword=y_')).body.data.records.map((d: { dictCode: string }) => d.dictCode)).toEqual(['safety_category']);
    const byCode = await get('/dicts/page?sort=dictCode&order=desc&limit=10&page=2');
    expect(byCode.body.data.records.map((d: { dictCode: string }) => d.dictCode)).toEqual(['gender', 'agent_level']);
    expect((await get('/dicts/page?sort=dictCode&order=desc')).body.data.records[0].dictCode).toBe('year');
    const badSort = await get('/dicts/page?sort=password');
    expect(badSort.status).toBe(422);
    expect(badSort.body.msg).toContain('不支持按“password”排序');
    expect((await get('/dicts/page?limit=7')).body.msg).toBe('每页条数只能是 10、20、50、100、500 之一');
  });

  it('gives the admin the 字典管理 page with its three buttons', async () => {
    const menu = await get('/menus/route');
    const pages = JSON.stringify(menu.body.data);
    expect(pages).toContain('/erp/system/dict');
    const find = (nodes: { path: string; children?: unknown[]; meta: { permissions: string[] } }[]): { meta: { permissions: string[] }; component?: string } | undefined => {
      for (const node of nodes) {
        if (node.path === '/erp/system/dict') return node;
        const inner = node.children && find(node.children as never);
        if (inner) return inner;
      }
      return undefined;
    };
    const page = find(menu.body.data);
    expect(page?.component).toBe('system/dict/index');
    expect([...(page?.meta.permissions ?? [])].sort()).toEqual(['system:dict:add', 'system:dict:delete', 'system:dict:edit']);
  });
});

describe('dictionaries: add, edit, delete', () => {
  it('refuses each bad field with a clear message and stores nothing', async () => {
    const before = await countDicts();
    const cases: [object, string][] = [
      [{ name: '颜色' }, '请输入字典编码'],
      [{ dictCode: '  ', name: '颜色' }, '请输入字典编码'],
      [{ dictCode: '1colour', name: '颜色' }, '字典编码须为2-64位字母、数字或下划线，且以字母开头'],
      [{ dictCode: 'c', name: '颜色' }, '字典编码须为2-64位字母、数字或下划线，且以字母开头'],
      [{ dictCode: 'colour-code', name: '颜色' }, '字典编码须为2-64位字母、数字或下划线，且以字母开头'],
      [{ dictCode: `c${'x'.repeat(64)}`, name: '颜色' }, '字典编码须为2-64位字母、数字或下划线，且以字母开头'],
      [{ dictCode: 'colour' }, '请输入字典名称'],
      [{ dictCode: 'colour', name: '颜'.repeat(65) }, '字典名称不能超过64个字符'],
      [{ dictCode: 'colour', name: '颜色', sort: -1 }, '排序须为0-9999的整数'],
      [{ dictCode: 'colour', name: '颜色', sort: 1.5 }, '排序须为0-9999的整数'],
      [{ dictCode: 'colour', name: '颜色', sort: 10000 }, '排序须为0-9999的整数'],
      [{ dictCode: 'colour', name: '颜色', status: 'on' }, '状态只能是启用或停用'],
      [{ dictCode: 'colour', name: '颜色', remark: '备'.repeat(201) }, '备注不能超过200个字符'],
    ];
    for (const [payload, msg] of cases) {
      const res = await call('POST', '/dicts', payload);
      expect({ payload, status: res.status, body: res.body }).toMatchObject({ status: 422, body: { code: 'A0400', msg } });
    }
    const wrongType = await call('POST', '/dicts', { dictCode: 'colour', name: '颜色', sort: 'first' });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.msg).toMatch(/^sort：/);
    expect(await countDicts()).toBe(before);
  });

  it('refuses a taken code in any letter case with 409', async () => {
    for (const dictCode of ['season', 'SEASON']) {
      const res = await call('POST', '/dicts', { dictCode, name: '季节2' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'A0409', msg: `字典编码“${dictCode}”已存在` });
    }
  });

  it('adds, reads, edits (partly) and deletes an empty dictionary', async () => {
    const added = await call('POST', '/dicts', { dictCode: ' colour ', name: ' 颜色 ', remark: '商品颜色', sort: 20 });
    expect(added.body).toMatchObject({ code: '201', msg: '新增成功' });
    const id = added.body.data.id as number;
    const read = await get(`/dicts/${id}`);
    expect(read.body.data).toMatchObject({ id, dictCode: 'colour', name: '颜色', remark: '商品颜色', status: 'enabled', sort: 20, itemCount: 0 });

    // no items yet: the code may still change, but not to another's
    const clash = await call('PUT', `/dicts/${id}`, { dictCode: 'Gender' });
    expect(clash).toMatchObject({ status: 409, body: { msg: '字典编码“Gender”已存在' } });
    const edited = await call('PUT', `/dicts/${id}`, { dictCode: 'color', name: '色系' });
    expect(edited.body).toMatchObject({ code: '201', msg: '修改成功', data: { dictCode: 'color', name: '色系', remark: '商品颜色', sort: 20 } });
    const disabled = await call('PUT', `/dicts/${id}`, { status: 'disabled' });
    expect(disabled.body.data).toMatchObject({ status: 'disabled', name: '色系' });
    expect((await call('PUT', `/dicts/${id}`, { name: '' })).body.msg).toBe('请输入字典名称');
    expect((await get('/dicts/page?status=disabled')).body.data.records.map((d: { dictCode: string }) => d.dictCode)).toEqual(['color']);

    const removed = await call('DELETE', `/dicts/${id}`);
    expect(removed.body).toMatchObject({ code: '201', msg: '删除成功' });
    expect(await get(`/dicts/${id}`)).toMatchObject({ status: 404, body: { code: 'A0404', msg: '字典不存在' } });
  });

  it('lets one of two simultaneous adds of a code win', async () => {
    const [a, b] = await Promise.all([call('POST', '/dicts', { dictCode: 'material', name: '材质' }), call('POST', '/dicts', { dictCode: 'Material', name: '材质（重复）' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const rows = await t.db.selectFrom('dicts').select('dict_code').where('name', 'like', '材质%').execute();
    expect(rows).toHaveLength(1);
    await call('DELETE', `/dicts/${await dictIdOf(rows[0]!.dict_code)}`);
  });

  it('answers 404 for unknown ids and 422 for bad ones', async () => {
    for (const [method, path] of [
      ['GET', '/dicts/999999'],
      ['PUT', '/dicts/999999'],
      ['DELETE', '/dicts/999999'],
    ] as const) {
      const res = await call(method, path, method === 'PUT' ? { name: '无' } : undefined);
      expect(res).toMatchObject({ status: 404, body: { msg: '字典不存在' } });
    }
    expect((await get('/dicts/abc')).status).toBe(422);
    expect((await get('/dicts/0')).status).toBe(422);
    expect((await get('/dicts/99999999999999999999')).status).toBe(422);
  });

  it('keeps a dictionary with items: no delete, no code change', async () => {
    const seasonId = await dictIdOf('season');
    const del = await call('DELETE', `/dicts/${seasonId}`);
    expect(del).toMatchObject({ status: 409, body: { code: 'A0409', msg: '该字典下还有 5 个字典项，请先删除字典项' } });
    const recode = await call('PUT', `/dicts/${seasonId}`, { dictCode: 'seasons' });
    expect(recode).toMatchObject({ status: 409, body: { msg: '该字典已有字典项，不能修改字典编码' } });
    const rename = await call('PUT', `/dicts/${seasonId}`, { dictCode: 'season', name: '季节' });
    expect(rename.body.code).toBe('201');
    expect(await dictIdOf('season')).toBe(seasonId);
  });
});

describe('dictionary items', () => {
  let dictId = 0;
  beforeAll(async () => {
    dictId = (await call('POST', '/dicts', { dictCode: 'fabric', name: '面料' })).body.data.id;
  });

  it('SPEC §3: an item is id, dictCode and name; without a value it takes its id as the value', async () => {
    await call('POST', '/dicts', { dictCode: 'lining', name: '里料' });
    const made = await call('POST', '/dict-items', { dictCode: 'lining', name: '涤纶里布' });
    expect(made.body).toMatchObject({ code: '201', msg: '新增成功' });
    const id = made.body.data.id as number;
    expect((await get(`/dict-items/${id}`)).body.data).toMatchObject({ id, dictCode: 'lining', name: '涤纶里布', value: String(id) });
    expect((await call('POST', '/dict-items', { dictCode: 'lining', name: '网眼里布', value: '  ' })).body.code).toBe('201');
    // a number another item already holds as its value gives item_<id>
    const next =
      Number(
        (
          await t.db
            .selectFrom('dict_items')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirstOrThrow()
        ).id,
      ) + 1;
    await call('POST', '/dict-items', { dictCode: 'lining', name: '真丝', value: String(next + 1) });
    const silk = await call('POST', '/dict-items', { dictCode: 'lining', name: '醋酸' });
    expect((await get(`/dict-items/${silk.body.data.id}`)).body.data.value).toBe(`item_${silk.body.data.id}`);
    const options = (await get('/dict-items/select_list/lining')).body.data as { name: string; value: string }[];
    expect(options.map((o) => o.name)).toEqual(['涤纶里布', '网眼里布', '真丝', '醋酸']);
    // the name stays unique, value or not
    expect(await call('POST', '/dict-items', { dictCode: 'lining', name: '涤纶里布' })).toMatchObject({ status: 409, body: { msg: '字典项名称“涤纶里布”已存在' } });
  });

  it('refuses bad items and items of an unknown dictionary', async () => {
    const cases: [object, number, string][] = [
      [{ name: '棉', value: 'cotton' }, 422, '请指定所属字典编码'],
      [{ dictCode: 'fabric', value: 'cotton' }, 422, '请输入字典项名称'],
      [{ dictCode: 'fabric', name: '棉'.repeat(65), value: 'cotton' }, 422, '字典项名称不能超过64个字符'],
      [{ dictCode: 'fabric', name: '棉', value: '棉' }, 422, '字典项值须为1-64位字母、数字、下划线、点或短横线，且以字母或数字开头'],
      [{ dictCode: 'fabric', name: '棉', value: 'v'.repeat(65) }, 422, '字典项值须为1-64位字母、数字、下划线、点或短横线，且以字母或数字开头'],
      [{ dictCode: 'fabric', name: '棉', value: 'cotton', sort: 99999 }, 422, '排序须为0-9999的整数'],
      [{ dictCode: 'fabric', name: '棉', value: 'cotton', remark: 'x'.repeat(201) }, 422, '备注不能超过200个字符'],
      [{ dictCode: 'nope', name: '棉', value: 'cotton' }, 404, '字典“nope”不存在'],
    ];
    for (const [payload, status, msg] of cases) {
      const res = await call('POST', '/dict-items', payload);
      expect({ payload, status: res.status, msg: res.body.msg }).toEqual({ payload, status, msg });
    }
    expect((await get('/dict-items?dictCode=fabric')).body.data).toEqual([]);
  });

  it('adds items; value (any case) and name are unique within the dictionary', async () => {
    const cotton = await call('POST', '/dict-items', { dictCode: 'fabric', name: '纯棉', value: 'cotton', sort: 2, remark: '100%棉' });
    expect(cotton.body).toMatchObject({ code: '201', msg: '新增成功' });
    const linen = await call('POST', '/dict-items', { dictCode: 'fabric', name: '亚麻', value: 'linen', sort: 1 });
    expect(linen.body.code).toBe('201');
    expect(await call('POST', '/dict-items', { dictCode: 'fabric', name: '棉', value: 'COTTON' })).toMatchObject({ status: 409, body: { msg: '字典项值“COTTON”已存在' } });
    expect(await call('POST', '/dict-items', { dictCode: 'fabric', name: '纯棉', value: 'cotton2' })).toMatchObject({ status: 409, body: { msg: '字典项名称“纯棉”已存在' } });
    // the same value in another dictionary is fine
    expect((await call('POST', '/dict-items', { dictCode: 'fabric', name: '春季面料', value: 'spring' })).body.code).toBe('201');

    const list = await get('/dict-items?dictCode=fabric');
    expect(list.body.data.map((i: { value: string }) => i.value)).toEqual(['spring', 'linen', 'cotton']);
    expect(list.body.data[2]).toMatchObject({ dictCode: 'fabric', name: '纯棉', value: 'cotton', remark: '100%棉', status: 'enabled', sort: 2 });
    expect((await get(`/dict-items?dictCode=fabric&name=${encodeURIComponent('棉')}`)).body.data.map((i: { name: string }) => i.name)).toEqual(['纯棉']);
    expect((await get(`/dicts/${dictId}`)).body.data.itemCount).toBe(3);
  });

  it('edits an item, keeping its value and its dictionary', async () => {
    const [item] = (await get(`/dict-items?dictCode=fabric&name=${encodeURIComponent('亚麻')}`)).body.data;
    const edited = await call('PUT', `/dict-items/${item.id}`, { name: '亚麻混纺', sort: 5, remark: '麻55% 棉45%' });
    expect(edited.body).toMatchObject({ code: '201', msg: '修改成功', data: { name: '亚麻混纺', value: 'linen', sort: 5, remark: '麻55% 棉45%' } });
    expect((await call('PUT', `/dict-items/${item.id}`, { status: 'disabled' })).body.data).toMatchObject({ status: 'disabled', name: '亚麻混纺' });
    expect(await call('PUT', `/dict-items/${item.id}`, { value: 'flax' })).toMatchObject({ status: 409, body: { msg: '字典项值创建后不能修改' } });
    expect(await call('PUT', `/dict-items/${item.id}`, { dictCode: 'season' })).toMatchObject({ status: 409, body: { msg: '字典项不能移到其他字典' } });
    expect(await call('PUT', `/dict-items/${item.id}`, { name: '纯棉' })).toMatchObject({ status: 409, body: { msg: '字典项名称“纯棉”已存在' } });
    expect(await call('PUT', `/dict-items/${item.id}`, { name: ' ' })).toMatchObject({ status: 422, body: { msg: '请输入字典项名称' } });
    expect((await get(`/dict-items/${item.id}`)).body.data).toMatchObject({ name: '亚麻混纺', status: 'disabled', value: 'linen' });
  });

  it('pages items with filters and sorts', async () => {
    const page = await get('/dict-items/page?dictCode=fabric&sort=value&order=desc');
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.records.map((i: { value: string }) => i.value)).toEqual(['spring', 'linen', 'cotton']);
    const enabled = await get('/dict-items/page?dictCode=fabric&status=enabled');
    expect(enabled.body.data.records.map((i: { value: string }) => i.value)).toEqual(['spring', 'cotton']);
    expect((await get('/dict-items/page?dictCode=fabric&status=maybe')).status).toBe(422);
    expect((await get('/dict-items/page?sort=dict_id')).status).toBe(422);
    expect((await get('/dict-items/page?dictCode=nope')).body.data).toEqual({ total: 0, records: [] });
  });

  it('offers only enabled items of an enabled dictionary, in sort order, to any signed-in user', async () => {
    expect((await options('fabric')).data.map((i: { value: string }) => i.value)).toEqual(['spring', 'cotton']);
    expect((await options('season', clerk)).data).toEqual([
      { id: expect.any(Number), name: '春', value: 'spring' },
      { id: expect.any(Number), name: '夏', value: 'summer' },
      { id: expect.any(Number), name: '秋', value: 'autumn' },
      { id: expect.any(Number), name: '冬', value: 'winter' },
      { id: expect.any(Number), name: '四季', value: 'all' },
    ]);
    const [cotton] = (await get('/dict-items?dictCode=fabric&name=%E7%BA%AF%E6%A3%89')).body.data;
    await call('PUT', `/dict-items/${cotton.id}`, { sort: 0 });
    expect((await options('fabric')).data.map((i: { value: string }) => i.value)).toEqual(['cotton', 'spring']);
    await call('PUT', `/dicts/${dictId}`, { status: 'disabled' });
    expect((await options('fabric')).data).toEqual([]);
    await call('PUT', `/dicts/${dictId}`, { status: 'enabled' });

    expect(await get('/dict-items/select_list/nope')).toMatchObject({ status: 404, body: { msg: '字典“nope”不存在' } });
    const anonymous = await t.call({ method: 'GET', url: `${BASE}/dict-items/select_list/season` });
    expect(anonymous.status).toBe(401);
  });

  it('answers 404 for unknown item ids', async () => {
    for (const [method, path] of [
      ['GET', '/dict-items/999999'],
      ['PUT', '/dict-items/999999'],
      ['DELETE', '/dict-items/999999'],
    ] as const) {
      const res = await call(method, path, method === 'PUT' ? { name: '无' } : undefined);
      expect(res).toMatchObject({ status: 404, body: { msg: '字典项不存在' } });
    }
  });

  it('deletes items, then the emptied dictionary', async () => {
    expect((await call('DELETE', `/dicts/${dictId}`)).body.msg).toBe('该字典下还有 3 个字典项，请先删除字典项');
    for (const item of (await get('/dict-items?dictCode=fabric')).body.data) {
      expect((await call('DELETE', `/dict-items/${item.id}`)).body).toMatchObject({ code: '201', msg: '删除成功' });
    }
    expect((await call('DELETE', `/dicts/${dictId}`)).body.code).toBe('201');
    expect(await get('/dict-items/select_list/fabric')).toMatchObject({ status: 404 });
  });
});

describe('permissions', () => {
  it('refuses every dictionary call to a clerk without the codes, changing nothing', async () => {
    const seasonId = await dictIdOf('season');
    const itemId = (await get('/dict-items?dictCode=season')).body.data[0].id;
    const before = await countDicts();
    const calls: [Method, string, object?][] = [
      ['GET', '/dicts/page'],
      ['GET', `/dicts/${seasonId}`],
      ['POST', '/dicts', { dictCode: 'clerk_dict', name: '文员字典' }],
      ['PUT', `/dicts/${seasonId}`, { name: '改名' }],
      ['DELETE', `/dicts/${seasonId}`],
      ['GET', '/dict-items?dictCode=season'],
      ['GET', '/dict-items/page'],
      ['GET', `/dict-items/${itemId}`],
      ['POST', '/dict-items', { dictCode: 'season', name: '雨季', value: 'rainy' }],
      ['PUT', `/dict-items/${itemId}`, { name: '初春' }],
      ['DELETE', `/dict-items/${itemId}`],
    ];
    for (const [method, path, payload] of calls) {
      const res = await call(method, path, payload, clerk);
      expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status: 403, code: 'A0301' });
    }
    expect(await countDicts()).toBe(before);
    expect((await get(`/dict-items/${itemId}`)).body.data.name).toBe('春');
    expect((await get(`/dicts/${seasonId}`)).body.data.name).toBe('季节');
  });

  it('documents every call in the OpenAPI document', async () => {
    const paths = Object.keys((await t.call({ method: 'GET', url: '/api/openapi.json' })).body.paths);
    for (const path of ['/dicts/page', '/dicts/{id}', '/dicts', '/dict-items', '/dict-items/page', '/dict-items/select_list/{code}', '/dict-items/{id}']) {
      expect(paths).toContain(`${BASE}${path}`);
    }
  });

  it('asks for a session on every call', async () => {
    const res = await t.call({ method: 'GET', url: `${BASE}/dicts/page` });
    expect(res.status).toBe(401);
  });
});
