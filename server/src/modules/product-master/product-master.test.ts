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
const count = async (table: 'brands' | 'colours' | 'product_categories' | 'size_groups' | 'sizes') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

interface Node {
  id: number;
  name: string;
  code: string;
  level: number;
  parentId: number | null;
  children: Node[];
}
interface Group {
  id: number;
  code: string;
  name: string;
  isDefault: boolean;
  enabled: boolean;
  sizes: { id: number; name: string; sort: number }[];
}
const tree = async () => (await get('/product-categories/tree')).body.data as Node[];
const groups = async () => (await get('/size-groups')).body.data as Group[];
const find = (nodes: Node[], code: string): Node | undefined => {
  for (const node of nodes) {
    if (node.code === code) return node;
    const hit = find(node.children ?? [], code);
    if (hit) return hit;
  }
  return undefined;
};

describe('menu and permissions', () => {
  it('gives the admin the 商品管理 pages with their edit buttons', async () => {
    const menu = JSON.stringify((await get('/menus/route')).body.data);
    for (const text of ['商品管理', '/erp/product/brand', '/erp/product/category', '/erp/product/size', '/erp/product/colour', 'product:brand:edit', 'product:colour:edit']) {
      expect(menu).toContain(text);
    }
  });

  it('refuses clerk01 the pages and every change, but lets any signed-in user read the pickers', async () => {
    expect((await get('/brands/page', clerk)).status).toBe(403);
    expect((await get('/colours/page', clerk)).status).toBe(403);
    expect((await call('POST', '/brands', { code: 'X', name: 'X' }, clerk)).status).toBe(403);
    expect((await call('POST', '/colours', { code: 'X', name: 'X' }, clerk)).status).toBe(403);
    expect((await call('POST', '/product-categories', { code: 'X', name: 'X' }, clerk)).status).toBe(403);
    expect((await call('POST', '/size-groups', { code: 'X', name: 'X', sizes: ['S'] }, clerk)).status).toBe(403);
    expect((await call('PUT', '/size-groups/1/default', undefined, clerk)).status).toBe(403);
    expect((await call('DELETE', '/brands/1', undefined, clerk)).status).toBe(403);
    for (const path of ['/brands/options', '/colours/options', '/product-categories/tree', '/size-groups']) {
      expect((await get(path, clerk)).body.code).toBe('201');
      expect((await t.call({ method: 'GET', url: `${BASE}${path}` })).status).toBe(401);
    }
  });
});

describe('brands', () => {
  it('lists the seeded brands and offers the enabled ones', async () => {
    const page = (await get('/brands/page?keyword=衣尚')).body.data as { total: number; records: { code: string }[] };
    expect(page.records.map((b) => b.code)).toEqual(['YS', 'YSK']);
    expect(((await get('/brands/options')).body.data as { name: string }[]).map((b) => b.name)).toEqual(['衣尚', '衣尚童装']);
  });

  it('adds, edits, disables and deletes a brand; refuses bad input and duplicates without change', async () => {
    const before = await count('brands');
    expect((await call('POST', '/brands', { name: '新品牌' })).body).toMatchObject({ code: 'A0400', msg: '请输入编码' });
    expect((await call('POST', '/brands', { code: 'a b', name: '新品牌' })).body.msg).toBe('编码只能包含字母、数字、短横线和下划线');
    expect((await call('POST', '/brands', { code: 'NB', name: '新品牌', sort: 1.5 })).body.msg).toBe('排序须为0-9999的整数');
    const dupCode = await call('POST', '/brands', { code: 'YS', name: '新品牌' });
    expect(dupCode.status).toBe(409);
    expect(dupCode.body.msg).toBe('品牌编码“YS”已存在');
    expect((await call('POST', '/brands', { code: 'NB', name: '衣尚' })).body.msg).toBe('品牌“衣尚”已存在');
    expect(await count('brands')).toBe(before);

    const res = await call('POST', '/brands', { code: ' NB ', name: ' 新品牌 ', logoUrl: '/files/product/baseimage/a.png', sort: 3 });
    expect(res.body).toMatchObject({ code: '201', msg: '新增成功' });
    const id = res.body.data.id as number;
    const edited = await call('PUT', `/brands/${id}`, { enabled: false });
    expect(edited.body.data).toMatchObject({ code: 'NB', name: '新品牌', enabled: false, sort: 3, logoUrl: '/files/product/baseimage/a.png' });
    expect(((await get('/brands/options')).body.data as { code: string }[]).map((b) => b.code)).not.toContain('NB');
    expect((await call('PUT', `/brands/${id}`, { name: '衣尚童装' })).status).toBe(409);
    expect((await call('PUT', '/brands/999999', { name: 'X' })).status).toBe(404);
    expect((await call('DELETE', `/brands/${id}`)).body.msg).toBe('删除成功');
    expect((await call('DELETE', `/brands/${id}`)).status).toBe(404);
    expect(await count('brands')).toBe(before);
  });
});

describe('colours', () => {
  it('stores hex upper case, refuses a bad hex and duplicates', async () => {
    const seeded = (await get('/colours/options')).body.data as { code: string; hex: string }[];
    expect(seeded.map((c) => c.code)).toEqual(['BK', 'WH', 'CA', 'NV', 'GY', 'RD', 'BG', 'KH']);
    const before = await count('colours');
    expect((await call('POST', '/colours', { code: 'PK', name: '粉色', hex: '#FFC0C' })).body.msg).toBe('颜色值须为 #RRGGBB 格式（如 #1F2A44），或留空');
    expect((await call('POST', '/colours', { code: 'BK', name: '粉色' })).body.msg).toBe('颜色编码“BK”已存在');
    expect((await call('POST', '/colours', { code: 'PK', name: '黑色' })).body.msg).toBe('颜色“黑色”已存在');
    expect(await count('colours')).toBe(before);
    const id = (await call('POST', '/colours', { code: 'PK', name: '粉色', hex: '#ffc0cb' })).body.data.id as number;
    const page = (await get('/colours/page?keyword=PK')).body.data as { records: { hex: string }[] };
    expect(page.records[0]!.hex).toBe('#FFC0CB');
    expect((await call('PUT', `/colours/${id}`, { hex: '' })).body.data.hex).toBe('');
    expect((await call('DELETE', `/colours/${id}`)).body.code).toBe('201');
  });

  it('pages by the chosen column and order, and filters by status', async () => {
    const codes = async (query: string) => ((await get(`/colours/page?${query}`)).body.data as { records: { code: string }[] }).records.map((r) => r.code);
    expect(await codes('sort=code&order=desc')).toEqual(['WH', 'RD', 'NV', 'KH', 'GY', 'CA', 'BK', 'BG']);
    expect(await codes('sort=code&order=asc')).toEqual(['BG', 'BK', 'CA', 'GY', 'KH', 'NV', 'RD', 'WH']);
    const id = (await call('POST', '/colours', { code: 'ZZ', name: '停用色', enabled: false })).body.data.id as number;
    expect(await codes('enabled=false')).toEqual(['ZZ']);
    expect(await codes('enabled=true&limit=100')).not.toContain('ZZ');
    expect((await call('DELETE', `/colours/${id}`)).body.code).toBe('201');
  });
});

describe('product categories', () => {
  it('serves the seeded three-level tree', async () => {
    const roots = await tree();
    expect(roots.map((n) => n.name)).toEqual(['女装', '男装', '配饰']);
    expect(roots[0]!.children.map((n) => n.name)).toEqual(['外套', '上衣', '裙装']);
    expect(roots[0]!.children[0]!.children.map((n) => n.name)).toEqual(['大衣', '羽绒服', '风衣']);
    expect(find(roots, '010101')!.level).toBe(3);
  });

  it('adds down to level 3, refuses level 4, sibling duplicates and a missing parent', async () => {
    const before = await count('product_categories');
    const coats = find(await tree(), '0101')!;
    const down = find(await tree(), '010102')!;
    const res = await call('POST', '/product-categories', { parentId: coats.id, code: '010104', name: '皮衣' });
    expect(res.body.code).toBe('201');
    const leather = res.body.data.id as number;
    const deep = await call('POST', '/product-categories', { parentId: down.id, code: '01010201', name: '长款' });
    expect(deep.status).toBe(422);
    expect(deep.body.msg).toBe('商品分类最多3级，此操作会产生第4级分类');
    expect((await call('POST', '/product-categories', { parentId: coats.id, code: 'X1', name: '大衣' })).body.msg).toBe('同一上级下已有分类“大衣”');
    expect((await call('POST', '/product-categories', { code: 'X1', name: '女装' })).status).toBe(409);
    expect((await call('POST', '/product-categories', { parentId: 999999, code: 'X1', name: '新' })).body.msg).toBe('上级分类不存在');
    expect((await call('POST', '/product-categories', { code: '0101', name: '新' })).body.msg).toBe('分类编码“0101”已存在');
    // the same name under another parent is fine (羽绒服 exists under 女装 › 外套 and 男装 › 外套)
    expect(await count('product_categories')).toBe(before + 1);
    expect((await call('DELETE', `/product-categories/${leather}`)).body.code).toBe('201');
  });

  it('moves subtrees with their levels and refuses cycles and a fourth level', async () => {
    const roots = await tree();
    const women = find(roots, '01')!;
    const menTrousers = find(roots, '0202')!;
    const accessories = find(roots, '03')!;
    const cycle = await call('PUT', `/product-categories/${women.id}`, { parentId: find(roots, '0101')!.id });
    expect(cycle.body.msg).toBe('不能把分类移到它自己或它的下级分类之下');
    expect((await call('PUT', `/product-categories/${women.id}`, { parentId: women.id })).status).toBe(422);
    expect((await call('PUT', `/product-categories/${women.id}`, { parentId: accessories.id })).body.msg).toBe('商品分类最多3级，此操作会产生第4级分类');
    // 男装 › 裤装 and its children move to the top (levels 1-2) and back (2-3)
    const top = await call('PUT', `/product-categories/${menTrousers.id}`, { parentId: null });
    expect(top.body.data).toMatchObject({ parentId: null, level: 1 });
    expect(find(await tree(), '020201')!.level).toBe(2);
    const back = await call('PUT', `/product-categories/${menTrousers.id}`, { parentId: find(roots, '02')!.id });
    expect(back.body.data.level).toBe(2);
    expect(find(await tree(), '020201')!.level).toBe(3);
  });

  it('refuses to delete a category with children', async () => {
    const women = find(await tree(), '01')!;
    const res = await call('DELETE', `/product-categories/${women.id}`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('该分类下还有子分类，请先删除子分类');
  });
});

describe('size groups', () => {
  it('lists the seeded groups with sizes in order, 常规尺码 the default', async () => {
    const all = await groups();
    expect(all.map((g) => [g.name, g.isDefault])).toEqual([
      ['常规尺码', true],
      ['裤装腰围', false],
      ['童装身高', false],
    ]);
    expect(all[0]!.sizes.map((s) => s.name)).toEqual(['F', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL']);
    expect(all[1]!.sizes.map((s) => s.name)).toEqual(['26', '27', '28', '29', '30', '31', '32', '33', '34']);
    expect(all[2]!.sizes.map((s) => s.name)).toEqual(['90', '100', '110', '120', '130', '140', '150', '160']);
  });

  it('replaces sizes in order keeping the ids of the names that stay; refuses duplicates', async () => {
    const before = await count('sizes');
    expect((await call('POST', '/size-groups', { code: 'SHOE', name: '鞋码', sizes: ['36', '37', '37'] })).body.msg).toBe('尺码“37”重复');
    expect((await call('POST', '/size-groups', { code: 'SHOE', name: '鞋码', sizes: [] })).body.msg).toBe('请至少添加一个尺码');
    expect((await call('POST', '/size-groups', { code: 'DEFAULT', name: '鞋码', sizes: ['36'] })).body.msg).toBe('尺码组编码“DEFAULT”已存在');
    expect(await count('sizes')).toBe(before);
    const id = (await call('POST', '/size-groups', { code: 'SHOE', name: '鞋码', sizes: ['37', '36', '38'] })).body.data.id as number;
    const created = (await groups()).find((g) => g.id === id)!;
    expect(created.isDefault).toBe(false);
    const ids = Object.fromEntries(created.sizes.map((s) => [s.name, s.id]));
    const res = await call('PUT', `/size-groups/${id}`, { sizes: ['36', '37', '39'] });
    expect(res.body.data.sizes.map((s: { name: string }) => s.name)).toEqual(['36', '37', '39']);
    expect(res.body.data.sizes[0].id).toBe(ids['36']);
    expect(res.body.data.sizes[1].id).toBe(ids['37']);
    expect((await call('PUT', `/size-groups/${id}`, { sizes: ['36', 'm', 'M'] })).body.msg).toBe('尺码“M”重复');
    expect((await groups()).find((g) => g.id === id)!.sizes.map((s) => s.name)).toEqual(['36', '37', '39']);
    expect((await call('DELETE', `/size-groups/${id}`)).body.code).toBe('201');
    expect(await count('sizes')).toBe(before);
  });

  it('keeps exactly one default, which is neither deleted nor disabled', async () => {
    const [regular, waist] = await groups();
    expect((await call('DELETE', `/size-groups/${regular!.id}`)).body.msg).toBe('默认尺码组不能删除，请先把其他尺码组设为默认');
    expect((await call('PUT', `/size-groups/${regular!.id}`, { enabled: false })).body.msg).toBe('默认尺码组不能停用');
    const res = await call('PUT', `/size-groups/${waist!.id}/default`);
    expect(res.body).toMatchObject({ code: '201', msg: '已设为默认尺码组' });
    expect((await groups()).filter((g) => g.isDefault).map((g) => g.name)).toEqual(['裤装腰围']);
    await call('PUT', `/size-groups/${regular!.id}/default`);
    expect((await groups()).filter((g) => g.isDefault).map((g) => g.name)).toEqual(['常规尺码']);
    expect((await call('PUT', '/size-groups/999999/default')).status).toBe(404);
  });
});
