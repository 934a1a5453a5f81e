import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { setTags, tagsOf } from './tag-links.service.ts';

let t: TestApp;
let admin: string;
let clerk: string;
const shop: Record<string, number> = {};
const tag: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  [admin, clerk] = await Promise.all([t.login('admin'), t.login('clerk01')]);
  for (const row of await t.db.selectFrom('shops').select(['id', 'code']).execute()) shop[row.code] = row.id;
  for (const row of await t.db.selectFrom('tags').select(['id', 'name']).execute()) tag[row.name] = row.id;
});
afterAll(() => t?.close());

const BASE = '/api/admin/api/v1';
const put = (path: string, tagIds: unknown[], session: string = admin) => t.call({ method: 'PUT', url: `${BASE}${path}`, payload: { tagIds }, session });
const get = (path: string, session: string = admin) => t.call({ method: 'GET', url: `${BASE}${path}`, session });
const names = (tags: { name: string }[]) => tags.map((x) => x.name);
const linksOf = async (shopId: number) =>
  (await t.db.selectFrom('tag_links').select('tag_id').where('target_type', '=', 'shop').where('target_id', '=', shopId).orderBy('tag_id').execute()).map((row) => row.tag_id);

describe('tags of a shop', () => {
  it("sets, replaces and clears a demo shop's tags", async () => {
    const path = `/tags/of/shop/${shop.SH001}`;
    expect((await get(path)).body).toMatchObject({ code: '201', data: [] });
    const saved = await put(path, [tag['购物中心']!, tag['A 类店']!, tag['A 类店']!]);
    expect(saved.body).toMatchObject({ code: '201', msg: '标签已保存' });
    // group by group in sort order
    expect(saved.body.data).toMatchObject([
      { name: 'A 类店', color: 'red', groupName: '门店等级', enabled: true },
      { name: '购物中心', groupName: '门店商圈', enabled: true },
    ]);
    expect(names((await get(path)).body.data)).toEqual(['A 类店', '购物中心']);

    const replaced = await put(path, [tag['B 类店']!, tag['购物中心']!, tag['步行街']!]);
    expect(names(replaced.body.data)).toEqual(['B 类店', '购物中心', '步行街']);
    expect((await put(path, [])).body.data).toEqual([]);
    expect(await linksOf(shop.SH001!)).toEqual([]);
  });

  it('refuses bad sets and keeps the old one', async () => {
    const path = `/tags/of/shop/${shop.SH002}`;
    await put(path, [tag['C 类店']!]);
    const cases: [unknown[], number, string][] = [
      [[tag['A 类店'], tag['B 类店']], 422, '“门店等级”为单选分组，只能选择一个标签'],
      [[tag['通勤']], 422, '标签“通勤”所属分组“商品风格”不适用于门店'],
      [[tag['价格敏感'], tag['社区']], 422, '标签“价格敏感”所属分组“会员偏好”不适用于门店'],
      [[tag['社区'], 999998, 999999], 404, '标签不存在（编号 999998、999999）'],
      [[0], 422, '标签编号必须是正整数'],
      [[1.5], 422, '标签编号必须是正整数'],
    ];
    for (const [ids, status, msg] of cases) {
      const res = await put(path, ids);
      expect(res.status, msg).toBe(status);
      expect(res.body.msg).toBe(msg);
    }
    expect(await linksOf(shop.SH002!)).toEqual([tag['C 类店']]);
  });

  it('refuses a disabled tag or group newly put on, but lets one already on stay', async () => {
    const path = `/tags/of/shop/${shop.SH003}`;
    await put(path, [tag['A 类店']!, tag['步行街']!]);
    await t.call({ method: 'PUT', url: `${BASE}/tags/${tag['步行街']}`, payload: { enabled: false }, session: admin });
    await t.call({ method: 'PUT', url: `${BASE}/tags/${tag['奥莱']}`, payload: { enabled: false }, session: admin });
    const disabled = await put(path, [tag['A 类店']!, tag['步行街']!, tag['奥莱']!]);
    expect(disabled.status).toBe(422);
    expect(disabled.body.msg).toBe('标签“奥莱”已停用，不能选用');
    const kept = await put(path, [tag['A 类店']!, tag['步行街']!]);
    expect(kept.body.data).toMatchObject([
      { name: 'A 类店', enabled: true },
      { name: '步行街', enabled: false },
    ]);

    const gradeGroup = (await t.db.selectFrom('tags').select('group_id').where('id', '=', tag['A 类店']!).executeTakeFirstOrThrow()).group_id;
    await t.call({ method: 'PUT', url: `${BASE}/tag-groups/${gradeGroup}`, payload: { enabled: false }, session: admin });
    const groupOff = await put(path, [tag['B 类店']!, tag['步行街']!]);
    expect(groupOff.body.msg).toBe('标签分组“门店等级”已停用，不能选用其标签');
    expect((await get(path)).body.data).toMatchObject([
      { name: 'A 类店', enabled: false },
      { name: '步行街', enabled: false },
    ]);
    await t.call({ method: 'PUT', url: `${BASE}/tag-groups/${gradeGroup}`, payload: { enabled: true }, session: admin });
    for (const name of ['步行街', '奥莱']) await t.call({ method: 'PUT', url: `${BASE}/tags/${tag[name]}`, payload: { enabled: true }, session: admin });
    await put(path, []);
  });

  it('checks the target type, the shop, the permission and the data scope', async () => {
    const ids = [tag['社区']!];
    const product = await put('/tags/of/product/999999', ids);
    expect(product.status).toBe(404);
    expect(product.body.msg).toBe('商品不存在');
    expect((await get('/tags/of/member/1')).body.msg).toBe('会员标签将随会员模块开放，目前只能为门店和商品设置标签');
    expect((await put('/tags/of/warehouse/1', ids)).body.msg).toBe('标签对象只能是商品、会员或门店');
    const missing = await put('/tags/of/shop/999999', ids);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('门店不存在');
    expect((await put(`/tags/of/shop/${shop.SH001}`, ids, clerk)).status).toBe(403);

    await put(`/tags/of/shop/${shop.SH002}`, ids);
    const [agent, shopUser, supplier] = await Promise.all([t.login('agent01'), t.login('shop01'), t.login('supplier01')]);
    // agent01 sees its two franchise shops, not the direct one; shop01 only itself; supplier01 has no page showing shop tags
    expect(names((await get(`/tags/of/shop/${shop.SH002}`, agent)).body.data)).toContain('社区');
    expect((await get(`/tags/of/shop/${shop.SH003}`, agent)).status).toBe(404);
    expect((await get(`/tags/of/shop/${shop.SH001}`, shopUser)).body.code).toBe('201');
    expect((await get(`/tags/of/shop/${shop.SH002}`, shopUser)).body.msg).toBe('门店不存在');
    expect((await get(`/tags/of/shop/${shop.SH001}`, supplier)).status).toBe(403);
    expect((await put(`/tags/of/shop/${shop.SH001}`, ids, shopUser)).status).toBe(403);
  });
});

describe('reading the tags of an object', () => {
  it('needs the code of a page showing that kind of object, or the 标签 page', async () => {
    const [supplier] = await Promise.all([t.login('supplier01')]);
    const product = await t.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    // clerk01's role has neither 门店, 商品 nor 标签: the permission refusal, not the data scope's 404
    for (const path of [`/tags/of/shop/${shop.SH001}`, `/tags/of/product/${product.id}`]) {
      const res = await get(path, clerk);
      expect([res.status, res.body]).toEqual([403, { code: 'A0301', msg: '没有权限执行此操作', data: null }]);
    }
    // supplier01 has 商品 but not 门店: a product's tags yes, a shop's no
    const shopTags = await get(`/tags/of/shop/${shop.SH001}`, supplier);
    expect([shopTags.status, shopTags.body.code]).toEqual([403, 'A0301']);
    expect((await get(`/tags/of/product/${product.id}`, supplier)).body.code).toBe('201');
    expect((await get(`/tags/of/product/${product.id}`)).body.code).toBe('201');
    // a name that is no type, even one every object has, is refused as such
    expect((await get('/tags/of/constructor/1')).body).toMatchObject({ code: 'A0400', msg: '标签对象只能是商品、会员或门店' });
  });
});

describe('tags in use', () => {
  it('refuses to drop a target type in use or to make a group single choice while an object has several', async () => {
    const area = (await t.db.selectFrom('tag_groups').select('id').where('name', '=', '门店商圈').executeTakeFirstOrThrow()).id;
    await put(`/tags/of/shop/${shop.SH001}`, [tag['购物中心']!, tag['奥莱']!]);
    await put(`/tags/of/shop/${shop.SH003}`, [tag['社区']!]);
    const drop = await t.call({ method: 'PUT', url: `${BASE}/tag-groups/${area}`, payload: { appliesTo: ['product'] }, session: admin });
    expect(drop.status).toBe(409);
    expect(drop.body.msg).toBe('该分组的标签已用于 3 家门店，不能取消适用于门店');
    const single = await t.call({ method: 'PUT', url: `${BASE}/tag-groups/${area}`, payload: { multiple: false }, session: admin });
    expect(single.status).toBe(409);
    expect(single.body.msg).toBe('已有 1 个对象选了该分组的多个标签，不能改为单选');
    // widening is always fine
    const widened = await t.call({ method: 'PUT', url: `${BASE}/tag-groups/${area}`, payload: { appliesTo: ['shop', 'member'] }, session: admin });
    expect(widened.body.data.appliesTo).toEqual(['shop', 'member']);
  });

  it('refuses to delete a group in use and deletes a tag in use only with the confirm flag, detaching it', async () => {
    const area = (await t.db.selectFrom('tag_groups').select('id').where('name', '=', '门店商圈').executeTakeFirstOrThrow()).id;
    const group = await t.call({ method: 'DELETE', url: `${BASE}/tag-groups/${area}`, session: admin });
    expect(group.status).toBe(409);
    expect(group.body.msg).toBe('该分组的标签已用于 3 家门店，请先解除关联后再删除');

    const plain = await t.call({ method: 'DELETE', url: `${BASE}/tags/${tag['社区']}`, session: admin });
    expect(plain.status).toBe(409);
    expect(plain.body.msg).toBe('标签“社区”已用于 2 家门店，确认删除将同时解除这些关联');
    const confirmed = await t.call({ method: 'DELETE', url: `${BASE}/tags/${tag['社区']}?confirm=true`, session: admin });
    expect(confirmed.body).toMatchObject({ code: '201', msg: '删除成功，已解除 2 个关联', data: { detached: 2 } });
    expect(await t.db.selectFrom('tags').select('id').where('id', '=', tag['社区']!).execute()).toEqual([]);
    expect(await linksOf(shop.SH003!)).toEqual([]);
    expect(names((await get(`/tags/of/shop/${shop.SH001}`)).body.data)).toEqual(['购物中心', '奥莱']);
    const areaGroup = ((await get('/tag-groups?targetType=shop')).body.data as { usage: object; tags: { name: string; usage: object }[] }[])[1]!;
    expect(areaGroup.tags.find((x) => x.name === '购物中心')?.usage).toEqual({ shop: 1 });
    // one shop with two of its tags counts once for the group
    expect(areaGroup.usage).toEqual({ shop: 1 });
  });
});

describe('setTags and tagsOf for other modules', () => {
  it("runs inside the caller's transaction and rolls back with it; answers every id asked for", async () => {
    const id = shop.SH002!;
    const before = await linksOf(id);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await setTags(trx, 'shop', id, [tag['C 类店']!, tag['购物中心']!]);
        throw new Error('the caller failed later');
      }),
    ).rejects.toThrow('the caller failed later');
    expect(await linksOf(id)).toEqual(before);

    // with the plain database it makes its own transaction
    const set = await setTags(t.db, 'shop', id, [tag['B 类店']!]);
    expect(names(set)).toEqual(['B 类店']);
    const map = await tagsOf(t.db, 'shop', [id, shop.SH003!, 424242]);
    expect(names(map.get(id)!)).toEqual(['B 类店']);
    expect(map.get(424242)).toEqual([]);
    expect(await tagsOf(t.db, 'product', [])).toEqual(new Map());
    // the rules hold for product tags too, ready for the products module
    await expect(setTags(t.db, 'product', 1, [tag['通勤']!, tag['新品']!, tag['爆款']!])).resolves.toHaveLength(3);
    await expect(setTags(t.db, 'product', 1, [tag['A 类店']!])).rejects.toThrow('不适用于商品');
    await setTags(t.db, 'product', 1, []);
  });
});
