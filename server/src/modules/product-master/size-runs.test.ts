import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// 配码 (size runs): the routes of the 尺码组 page, who may call them, every bad input refused with
// nothing changed, sizes a run uses kept in their group, and a style's 配码 rules on the product API.

let t: TestApp;
const session: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['admin', 'agent01', 'shop01', 'supplier01', 'clerk01']) session[account] = await t.login(account);
});
afterAll(() => t?.close());

const BASE = '/api/admin/api/v1';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, payload?: object, account = 'admin') => t.call({ method, url: `${BASE}${path}`, payload, session: session[account] });
const get = (path: string, account = 'admin') => call('GET', path, undefined, account);

interface Run {
  id: number;
  groupId: number;
  name: string;
  isDefault: boolean;
  enabled: boolean;
  text: string;
  pieces: number;
  styleCount: number;
  counts: { sizeId: number; sizeName: string; count: number }[];
}
interface Group {
  id: number;
  code: string;
  name: string;
  sizes: { id: number; name: string }[];
}

let regular: Group;
let waist: Group;
const runsOf = async (groupId: number, query = '') => (await get(`/size-runs/page?groupId=${groupId}&limit=100${query}`)).body.data.records as Run[];
const runRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('size_runs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const countRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('size_run_counts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  const groups = (await get('/size-groups')).body.data as Group[];
  regular = groups.find((g) => g.code === 'DEFAULT')!;
  waist = groups.find((g) => g.code === 'WAIST')!;
});

describe('the demo runs', () => {
  it('lists each group’s runs in order with their text, pieces and the styles ordering in them', async () => {
    const runs = await runsOf(regular.id);
    expect(runs.map((r) => [r.name, r.text, r.pieces, r.isDefault])).toEqual([
      ['标准配码', 'S1 M2 L2 XL1', 6, true],
      ['小码配码', 'S1 M2 L1', 4, false],
      ['男装配码', 'M1 L2 XL2 XXL1', 6, false],
    ]);
    expect(runs[0]!.styleCount).toBe(1);
    expect((await runsOf(waist.id)).map((r) => r.text)).toEqual(['27×1 28×2 29×2 30×2 31×1']);
    const searched = (await get(`/size-runs/page?groupId=${regular.id}&keyword=小码`)).body.data;
    expect(searched.records.map((r: Run) => r.name)).toEqual(['小码配码']);
    const sorted = (await get(`/size-runs/page?groupId=${regular.id}&sort=name&order=desc&limit=10&page=1`)).body.data;
    expect(sorted.total).toBe(3);
  });

  it('offers a group’s enabled runs to the 商品 page’s readers, and the 尺码组 page to HQ only', async () => {
    for (const account of ['admin', 'agent01', 'shop01', 'supplier01']) {
      const options = await get(`/size-runs/options?groupId=${regular.id}`, account);
      expect(options.body.code, account).toBe('201');
      expect(options.body.data.map((r: Run) => r.name)).toEqual(['标准配码', '小码配码', '男装配码']);
    }
    for (const account of ['agent01', 'shop01', 'supplier01', 'clerk01']) {
      expect((await get(`/size-runs/page?groupId=${regular.id}`, account)).status, account).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: `${BASE}/size-runs/options?groupId=${regular.id}` })).status).toBe(401);
  });
});

describe('who may change runs', () => {
  it('refuses agents, shops, suppliers and HQ staff without the code every change, nothing changed', async () => {
    const [run] = await runsOf(regular.id);
    const before = [await runRows(), await countRows()];
    for (const account of ['agent01', 'shop01', 'supplier01', 'clerk01']) {
      expect((await call('POST', '/size-runs', { groupId: regular.id, name: '偷加', counts: { S: 1 } }, account)).status, account).toBe(403);
      expect((await call('PUT', `/size-runs/${run!.id}`, { enabled: false }, account)).status, account).toBe(403);
      expect((await call('PUT', `/size-runs/${run!.id}/default`, undefined, account)).status, account).toBe(403);
      expect((await call('DELETE', `/size-runs/${run!.id}`, undefined, account)).status, account).toBe(403);
    }
    expect([await runRows(), await countRows()]).toEqual(before);
  });

  it('grants the admin the 配码 button on the 尺码组 page', async () => {
    expect(JSON.stringify((await get('/menus/route')).body.data)).toContain('product:sizerun:edit');
  });
});

describe('making and changing runs', () => {
  it('adds, edits, disables, makes default and deletes a run', async () => {
    const res = await call('POST', '/size-runs', { groupId: regular.id, name: ' 大码配码 ', sort: 9, counts: { XXL: 2, XL: 1, L: 0 } });
    expect(res.body).toMatchObject({ code: '201', msg: '新增成功' });
    const id = res.body.data.id as number;
    let run = (await runsOf(regular.id)).find((r) => r.id === id)!;
    expect(run).toMatchObject({ name: '大码配码', text: 'XL1 XXL2', pieces: 3, enabled: true, isDefault: false });

    const edited = await call('PUT', `/size-runs/${id}`, { counts: { L: 1, XL: 2, XXL: 2, XXXL: 1 } });
    expect(edited.body.data).toMatchObject({ name: '大码配码', text: 'L1 XL2 XXL2 XXXL1', pieces: 6 });
    expect((await call('PUT', `/size-runs/${id}`, { enabled: false })).body.data).toMatchObject({ enabled: false, text: 'L1 XL2 XXL2 XXXL1' });
    expect((await get(`/size-runs/options?groupId=${regular.id}`)).body.data.map((r: Run) => r.id)).not.toContain(id);
    expect((await call('PUT', `/size-runs/${id}/default`)).body.msg).toBe('停用的配码不能设为默认');
    await call('PUT', `/size-runs/${id}`, { enabled: true });

    const made = await call('PUT', `/size-runs/${id}/default`);
    expect(made.body).toMatchObject({ code: '201', msg: '已设为默认配码' });
    run = (await runsOf(regular.id)).find((r) => r.isDefault)!;
    expect(run.id).toBe(id);
    expect((await runsOf(regular.id)).filter((r) => r.isDefault)).toHaveLength(1);
    expect((await call('PUT', `/size-runs/${id}`, { enabled: false })).body.msg).toBe('默认配码不能停用');
    const standard = (await runsOf(regular.id)).find((r) => r.name === '标准配码')!;
    await call('PUT', `/size-runs/${standard.id}/default`);

    expect((await call('DELETE', `/size-runs/${id}`)).body.msg).toBe('删除成功');
    expect((await call('DELETE', `/size-runs/${id}`)).status).toBe(404);
    expect((await call('PUT', '/size-runs/999999', { name: 'x' })).status).toBe(404);
  });

  it.each([
    ['a negative count', { S: -1 }, '尺码 S 的件数须为0-999的整数'],
    ['a fractional count', { M: 1.5 }, '尺码 M 的件数须为0-999的整数'],
    ['a huge count', { L: 1_000_000_000 }, '尺码 L 的件数须为0-999的整数'],
    ['a count as text', { L: '2' }, '尺码 L 的件数须为0-999的整数'],
    ['a size of another group', { S: 1, 28: 2 }, '尺码“28”不在该尺码组中'],
    ['an empty run', { S: 0, M: 0 }, '配码至少要有一件'],
    ['no sizes at all', {}, '配码至少要有一件'],
  ])('refuses %s with a 4xx and a Chinese message, nothing made', async (_what, counts, message) => {
    const before = [await runRows(), await countRows()];
    const res = await call('POST', '/size-runs', { groupId: regular.id, name: '坏配码', counts });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'A0400', msg: message, data: null });
    expect([await runRows(), await countRows()]).toEqual(before);
  });

  it('refuses a bad name, group or edit, a duplicate name and NUL characters, nothing changed', async () => {
    const before = [await runRows(), await countRows()];
    expect((await call('POST', '/size-runs', { groupId: regular.id, name: '  ', counts: { S: 1 } })).body.msg).toBe('请输入配码名称');
    expect((await call('POST', '/size-runs', { groupId: regular.id, name: '长'.repeat(33), counts: { S: 1 } })).body.msg).toBe('配码名称不能超过32个字符');
    expect((await call('POST', '/size-runs', { groupId: regular.id, name: 'x', sort: -1, counts: { S: 1 } })).body.msg).toBe('排序须为0-9999的整数');
    expect((await call('POST', '/size-runs', { groupId: 999999, name: 'x', counts: { S: 1 } })).body.msg).toBe('尺码组不存在');
    const dup = await call('POST', '/size-runs', { groupId: regular.id, name: '标准配码', counts: { S: 1 } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('该尺码组已有配码“标准配码”');
    // the same name in another group is fine: names are unique per group (标准配码 of 裤装腰围 exists)
    for (const payload of [
      { groupId: regular.id, name: '配\u0000码', counts: { S: 1 } },
      { groupId: regular.id, name: '配码', counts: { 'S\u0000': 1 } },
    ]) {
      const res = await call('POST', '/size-runs', payload);
      expect(res.status).toBe(422);
      expect(res.body.msg).toContain('不能含有控制字符');
    }
    const small = (await runsOf(regular.id)).find((r) => r.name === '小码配码')!;
    expect((await call('PUT', `/size-runs/${small.id}`, { counts: { S: 1, M: -2 } })).body.msg).toBe('尺码 M 的件数须为0-999的整数');
    expect((await call('PUT', `/size-runs/${small.id}`, { name: '标准配码' })).status).toBe(409);
    expect((await call('PUT', '/size-runs/abc', { name: 'x' })).status).toBe(422);
    expect([await runRows(), await countRows()]).toEqual(before);
    expect((await runsOf(regular.id)).find((r) => r.id === small.id)!.text).toBe('S1 M2 L1');
  });
});

describe('sizes and styles a run holds on to', () => {
  it('refuses to remove or rename a size a run uses, naming the size and the run', async () => {
    const names = regular.sizes.map((s) => s.name);
    const res = await call('PUT', `/size-groups/${regular.id}`, { sizes: names.filter((n) => n !== 'XXXL') });
    // XXXL is used by no SKU and no run: it may go (and comes back)
    expect(res.body.code).toBe('201');
    await call('PUT', `/size-groups/${regular.id}`, { sizes: names });

    const kids = ((await get('/size-groups')).body.data as Group[]).find((g) => g.code === 'KIDS')!;
    const kidNames = kids.sizes.map((s) => s.name);
    const removed = await call('PUT', `/size-groups/${kids.id}`, { sizes: kidNames.filter((n) => n !== '110') });
    expect(removed.status).toBe(409);
    expect(removed.body.msg).toBe('尺码“110”已用于配码“标准配码”，请先修改配码');
    const renamed = await call('PUT', `/size-groups/${kids.id}`, { sizes: kidNames.map((n) => (n === '100' ? '100cm' : n)) });
    expect(renamed.body.msg).toBe('尺码“100”已用于配码“标准配码”，请先修改配码');
    expect(((await get('/size-groups')).body.data as Group[]).find((g) => g.id === kids.id)!.sizes.map((s) => s.name)).toEqual(kidNames);
  });

  it('deletes a group with its runs when nothing else uses it', async () => {
    const id = (await call('POST', '/size-groups', { code: 'SHOE', name: '鞋码', sizes: ['36', '37', '38'] })).body.data.id as number;
    expect((await call('POST', '/size-runs', { groupId: id, name: '标准', counts: { 36: 1, 37: 2, 38: 1 } })).body.code).toBe('201');
    expect((await call('DELETE', `/size-groups/${id}`)).body.code).toBe('201');
    expect(await t.db.selectFrom('size_runs').select('id').where('group_id', '=', id).execute()).toEqual([]);
  });

  it('refuses to delete or disable a run a style orders in by default', async () => {
    const standard = (await runsOf(regular.id)).find((r) => r.name === '标准配码')!;
    const res = await call('DELETE', `/size-runs/${standard.id}`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('该配码是1个款的默认配码，不能删除');
    const men = (await runsOf(regular.id)).find((r) => r.name === '男装配码')!;
    expect((await call('PUT', `/size-runs/${men.id}`, { enabled: false })).body.msg).toBe('该配码是1个款的默认配码，不能停用');
  });
});

describe('a style’s 配码 rules on the product API', () => {
  interface Detail {
    id: number;
    styleNo: string;
    sizeGroupId: number;
    sizeRunId: number | null;
    sizeRunName: string | null;
    wholeRuns: boolean;
    minRuns: number;
    skus: { colourId: number; sizeId: number; status: string }[];
    [key: string]: unknown;
  }
  const productByStyle = async (styleNo: string) => {
    const row = await t.db.selectFrom('products').select('id').where('style_no', '=', styleNo).executeTakeFirstOrThrow();
    return (await get(`/products/${row.id}`)).body.data as Detail;
  };
  /** the product's edit body as the form sends it, with `over` */
  const bodyOf = (p: Detail, over: object) => {
    const active = p.skus.filter((s) => s.status === 'active');
    return {
      ...p,
      gallery: [],
      supplierId: p.supplierId ?? null,
      colourIds: [...new Set(active.map((s) => s.colourId))],
      sizeIds: [...new Set(active.map((s) => s.sizeId))],
      ...over,
    };
  };

  it('shows the demo styles’ rules to every reader', async () => {
    const coat = await productByStyle('YS26W1001');
    expect(coat).toMatchObject({ sizeRunName: '标准配码', wholeRuns: true, minRuns: 2 });
    const res = await get(`/products/${coat.id}`, 'agent01');
    expect(res.body.data).toMatchObject({ sizeRunId: coat.sizeRunId, wholeRuns: true, minRuns: 2 });
    expect((await productByStyle('YS26M3102')).sizeRunId).toBeNull();
  });

  it('saves a run of the style’s group and refuses one of another group, a size the style lacks and broken rules, nothing changed', async () => {
    const plain = await productByStyle('YS26M3102'); // M L XL
    const runs = await runsOf(regular.id);
    const men = runs.find((r) => r.name === '男装配码')!; // M L XL XXL: XXL the style lacks
    const waistRun = (await runsOf(waist.id))[0]!;
    const tries: [object, number, string][] = [
      [{ sizeRunId: waistRun.id }, 422, '默认配码须属于该款的尺码组'],
      [{ sizeRunId: men.id }, 422, '配码“男装配码”含该款没有的尺码 XXL'],
      [{ sizeRunId: 999999 }, 422, '配码不存在'],
      [{ sizeRunId: null, wholeRuns: true }, 422, '整手订货或起订手数需要先选择默认配码'],
      [{ minRuns: 3 }, 422, '整手订货或起订手数需要先选择默认配码'],
      [{ sizeRunId: men.id, minRuns: -1 }, 422, '起订手数须为0-9999的整数'],
      [{ sizeRunId: men.id, minRuns: 1.5 }, 422, '起订手数须为0-9999的整数'],
      [{ sizeRunId: men.id, minRuns: 1e9 }, 422, '起订手数须为0-9999的整数'],
    ];
    for (const [over, status, message] of tries) {
      const res = await call('PUT', `/products/${plain.id}`, bodyOf(plain, over));
      expect([res.status, res.body.msg], JSON.stringify(over)).toEqual([status, message]);
    }
    expect(await productByStyle('YS26M3102')).toMatchObject({ sizeRunId: null, wholeRuns: false, minRuns: 0 });

    // a run made for the style's sizes fits; the rules need no other field of the form
    const fit = (await call('POST', '/size-runs', { groupId: regular.id, name: '男装小配', counts: { M: 1, L: 2, XL: 1 } })).body.data.id as number;
    const saved = await call('PUT', `/products/${plain.id}`, bodyOf(plain, { sizeRunId: fit, wholeRuns: true, minRuns: 3 }));
    expect(saved.body.data).toMatchObject({ sizeRunId: fit, sizeRunName: '男装小配', wholeRuns: true, minRuns: 3 });
    // a client that does not know the fields keeps them
    const { sizeRunId: _r, wholeRuns: _w, minRuns: _m, ...older } = bodyOf(await productByStyle('YS26M3102'), {});
    expect((await call('PUT', `/products/${plain.id}`, older)).body.data).toMatchObject({ sizeRunId: fit, wholeRuns: true, minRuns: 3 });
    // the run now holds the style: it stays
    expect((await call('DELETE', `/size-runs/${fit}`)).status).toBe(409);
    const cleared = await call('PUT', `/products/${plain.id}`, bodyOf(plain, { sizeRunId: null, wholeRuns: false, minRuns: 0 }));
    expect(cleared.body.data).toMatchObject({ sizeRunId: null, sizeRunName: null, wholeRuns: false, minRuns: 0 });
    expect((await call('DELETE', `/size-runs/${fit}`)).body.code).toBe('201');
  });

  it('refuses products with the fields to agents, shops and suppliers', async () => {
    const coat = await productByStyle('YS26W1001');
    for (const account of ['agent01', 'shop01', 'supplier01']) {
      expect((await call('PUT', `/products/${coat.id}`, bodyOf(coat, { sizeRunId: null, wholeRuns: false, minRuns: 0 }), account)).status).toBe(403);
    }
    expect(await productByStyle('YS26W1001')).toMatchObject({ wholeRuns: true, minRuns: 2 });
  });
});
