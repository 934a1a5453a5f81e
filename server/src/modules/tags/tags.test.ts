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

const count = async (table: 'tag_groups' | 'tags' | 'tag_links') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const groupId = async (name: string) => (await t.db.selectFrom('tag_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const tagId = async (group: string, name: string) =>
  (
    await t.db
      .selectFrom('tags')
      .innerJoin('tag_groups', 'tag_groups.id', 'tags.group_id')
      .select('tags.id')
      .where('tag_groups.name', '=', group)
      .where('tags.name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

interface Group {
  id: number;
  name: string;
  appliesTo: string[];
  multiple: boolean;
  enabled: boolean;
  tags: { id: number; name: string; color: string; usage: Record<string, number> }[];
}

describe('seeded groups, the open list and the page menu', () => {
  it('lists every group with its tags in sort order to any signed-in user', async () => {
    for (const session of [admin, clerk]) {
      const res = await get('/tag-groups', session);
      expect(res.body.code).toBe('201');
      const groups = res.body.data as Group[];
      expect(groups.map((g) => g.name)).toEqual(['商品风格', '商品卖点', '会员偏好', '门店等级', '门店商圈']);
      expect(groups[0]!.tags.map((tag) => tag.name)).toEqual(['通勤', '休闲', '运动', '国潮', '商务']);
      expect(groups[3]).toMatchObject({ appliesTo: ['shop'], multiple: false, enabled: true });
      expect(groups[3]!.tags.map((tag) => tag.name)).toEqual(['A 类店', 'B 类店', 'C 类店']);
    }
    const forShops = (await get('/tag-groups?targetType=shop')).body.data as Group[];
    expect(forShops.map((g) => g.name)).toEqual(['门店等级', '门店商圈']);
    expect((await get('/tag-groups?targetType=warehouse')).status).toBe(422);
    expect((await t.call({ method: 'GET', url: `${BASE}/tag-groups` })).status).toBe(401);
  });

  it('gives the admin the 标签 page with its three buttons; clerk01 is refused the page and the changes', async () => {
    const menu = JSON.stringify((await get('/menus/route')).body.data);
    expect(menu).toContain('"path":"/erp/system/tag"');
    expect(menu).toContain('"component":"system/tag/index"');
    for (const code of ['system:tag:add', 'system:tag:edit', 'system:tag:delete']) expect(menu).toContain(code);
    expect(JSON.stringify((await get('/menus/route', clerk)).body.data)).not.toContain('/erp/system/tag');

    const before = await count('tags');
    const refused = [
      await get('/tag-groups/page', clerk),
      await call('POST', '/tag-groups', { name: '季节', appliesTo: ['product'], multiple: true }, clerk),
      await call('PUT', `/tag-groups/${await groupId('商品风格')}`, { enabled: false }, clerk),
      await call('DELETE', `/tag-groups/${await groupId('商品风格')}`, undefined, clerk),
      await call('POST', '/tags', { groupId: await groupId('商品风格'), name: '复古' }, clerk),
      await call('DELETE', `/tags/${await tagId('商品风格', '通勤')}`, undefined, clerk),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('A0301');
    }
    expect(await count('tags')).toBe(before);
  });
});

describe('tag groups: add, edit, list, delete', () => {
  it('refuses each bad field with a clear message and stores nothing', async () => {
    const before = await count('tag_groups');
    const cases: [object, string][] = [
      [{ appliesTo: ['product'] }, '请输入分组名称'],
      [{ name: '   ', appliesTo: ['product'] }, '请输入分组名称'],
      [{ name: '季'.repeat(33), appliesTo: ['product'] }, '分组名称不能超过32个字符'],
      [{ name: '季节' }, '请选择适用对象'],
      [{ name: '季节', appliesTo: [] }, '请选择适用对象'],
      [{ name: '季节', appliesTo: ['warehouse'] }, '适用对象只能是商品、会员或门店'],
      [{ name: '季节', appliesTo: ['product', 'supplier'] }, '适用对象只能是商品、会员或门店'],
      [{ name: '季节', appliesTo: ['product'], sort: -1 }, '排序须为0-9999的整数'],
      [{ name: '季节', appliesTo: ['product'], sort: 1.5 }, '排序须为0-9999的整数'],
      [{ name: '季节', appliesTo: ['product'], remark: '备'.repeat(201) }, '备注不能超过200个字符'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('POST', '/tag-groups', body);
      expect(res.status, msg).toBe(422);
      expect(res.body).toMatchObject({ code: 'A0400', msg });
    }
    const notBoolean = await call('POST', '/tag-groups', { name: '季节', appliesTo: ['product'], multiple: 'yes' });
    expect(notBoolean.status).toBe(422);
    const duplicate = await call('POST', '/tag-groups', { name: ' 商品风格 ', appliesTo: ['product'] });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'A0409', msg: '标签分组“商品风格”已存在' });
    expect(await count('tag_groups')).toBe(before);
  });

  it('adds, searches, filters, edits and deletes a group with its unused tags', async () => {
    const res = await call('POST', '/tag-groups', { name: ' 季节 ', appliesTo: ['product', 'product', 'member'], multiple: true, sort: 9, remark: '上市季节' });
    expect(res.body).toMatchObject({ code: '201', msg: '新增成功' });
    const id = res.body.data.id as number;
    const detail = (await get(`/tag-groups/${id}`)).body.data;
    expect(detail).toMatchObject({ name: '季节', appliesTo: ['product', 'member'], multiple: true, sort: 9, enabled: true, remark: '上市季节', tags: [] });

    const spring = await call('POST', '/tags', { groupId: id, name: '春', color: 'green', sort: 1 });
    expect(spring.body.code).toBe('201');
    // tag names match as well as group names
    const byTag = (await get(`/tag-groups/page?keyword=${encodeURIComponent('春')}`)).body.data;
    expect(byTag.records.map((g: Group) => g.name)).toEqual(['季节']);
    expect(byTag.records[0].tags).toMatchObject([{ name: '春', color: 'green', usage: {} }]);
    const forMembers = (await get('/tag-groups/page?appliesTo=member')).body.data;
    expect(forMembers.records.map((g: Group) => g.name)).toEqual(['会员偏好', '季节']);
    expect((await get('/tag-groups/page?sort=name&order=desc&limit=10')).body.data.total).toBe(6);
    const badSort = await get('/tag-groups/page?sort=remark');
    expect(badSort.status).toBe(422);
    expect(badSort.body.msg).toContain('不支持按“remark”排序');

    const off = await call('PUT', `/tag-groups/${id}`, { enabled: false });
    expect(off.body).toMatchObject({ code: '201', msg: '修改成功', data: { name: '季节', enabled: false, remark: '上市季节' } });
    expect((await get('/tag-groups/page?enabled=false')).body.data.records.map((g: Group) => g.name)).toEqual(['季节']);
    const renamed = await call('PUT', `/tag-groups/${id}`, { name: '门店等级' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.msg).toBe('标签分组“门店等级”已存在');
    expect((await call('PUT', `/tag-groups/${id}`, { appliesTo: ['shop', 'x'] })).body.msg).toBe('适用对象只能是商品、会员或门店');

    const removed = await call('DELETE', `/tag-groups/${id}`);
    expect(removed.body).toMatchObject({ code: '201', msg: '删除成功' });
    expect(await t.db.selectFrom('tags').select('id').where('group_id', '=', id).execute()).toEqual([]);
  });

  it('answers 404 for unknown groups and tags', async () => {
    for (const res of [
      await get('/tag-groups/999999'),
      await call('PUT', '/tag-groups/999999', { name: '无' }),
      await call('DELETE', '/tag-groups/999999'),
      await call('POST', '/tags', { groupId: 999999, name: '无' }),
      await call('PUT', '/tags/999999', { name: '无' }),
      await call('DELETE', '/tags/999999'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('A0404');
    }
    expect((await get('/tag-groups/999999')).body.msg).toBe('标签分组不存在');
    expect((await call('DELETE', '/tags/999999')).body.msg).toBe('标签不存在');
    expect((await call('DELETE', '/tags/abc')).body.msg).toContain('编号必须是正整数');
  });
});

describe('tags: add, edit', () => {
  it('validates, refuses duplicates within a group and moves between groups', async () => {
    const grade = await groupId('门店等级');
    const before = await count('tags');
    const cases: [object, string][] = [
      [{ name: 'D 类店' }, '请选择标签分组'],
      [{ groupId: grade }, '请输入标签名称'],
      [{ groupId: grade, name: '店'.repeat(21) }, '标签名称不能超过20个字符'],
      [{ groupId: grade, name: 'D 类店', color: '#ff0000' }, '标签颜色只能是预设颜色之一'],
      [{ groupId: grade, name: 'D 类店', sort: 10000 }, '排序须为0-9999的整数'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('POST', '/tags', body);
      expect(res.status, msg).toBe(422);
      expect(res.body.msg).toBe(msg);
    }
    const duplicate = await call('POST', '/tags', { groupId: grade, name: 'A 类店' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toBe('分组“门店等级”下已有标签“A 类店”');
    expect(await count('tags')).toBe(before);

    // the same name in another group is fine; the colour defaults to blue
    const other = await call('POST', '/tags', { groupId: await groupId('门店商圈'), name: 'A 类店' });
    expect(other.body.code).toBe('201');
    const id = other.body.data.id as number;
    const edited = await call('PUT', `/tags/${id}`, { name: '机场', color: 'lime', enabled: false });
    expect(edited.body).toMatchObject({ code: '201', data: { name: '机场', color: 'lime', enabled: false, sort: 0 } });
    const clash = await call('PUT', `/tags/${id}`, { name: '奥莱' });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe('分组“门店商圈”下已有标签“奥莱”');
    const moved = await call('PUT', `/tags/${id}`, { groupId: grade });
    expect(moved.status).toBe(409);
    expect(moved.body.msg).toBe('标签不能移到其他分组');
    expect((await call('DELETE', `/tags/${id}`)).body).toMatchObject({ code: '201', msg: '删除成功', data: { detached: 0 } });
  });
});
