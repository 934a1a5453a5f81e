import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { multipart, pngWithExif } from '../../../test/upload-fixtures.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let agent: string;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'erp-materials-test-'));
  t = await createTestApp({ config: { uploadDir } });
  [admin, clerk, agent] = await Promise.all([t.login('admin'), t.login('clerk01'), t.login('agent01')]);
});
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const BASE = '/api/admin/api/v1/materials';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, payload?: object, session: string = admin) => t.call({ method, url: `${BASE}${path}`, payload, session });
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('materials')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const form = (overrides: Record<string, unknown> = {}) => ({
  code: 'WL-BOX-01',
  name: '礼品盒 方形',
  unit: 'ge',
  specification: '30×30×10cm 白卡纸',
  category: 'packaging',
  imageUrl: '',
  supplierId: null,
  costPriceFen: 350,
  remark: '',
  ...overrides,
});

async function uploadImage(): Promise<{ url: string; thumbnailUrl: string }> {
  const res = await t.call({
    method: 'POST',
    url: '/api/erp/api/v1/common/uploadImg',
    session: admin,
    ...multipart([
      { name: 'path', value: 'product/baseimage' },
      { name: 'file', filename: 'box.png', data: await pngWithExif(300, 200) },
    ]),
  });
  expect(res.body.code).toBe('201');
  return res.body.data;
}

describe('materials', () => {
  it('lists the seeded materials with dictionary names, searching, filtering and sorting', async () => {
    const res = await call('GET', '/page?limit=20');
    expect(res.body.code).toBe('201');
    expect(res.body.data.total).toBeGreaterThanOrEqual(10);
    const bag = res.body.data.records.find((r: { code: string }) => r.code === 'WL-BAG-L');
    expect(bag).toMatchObject({ name: '购物袋 大号', unit: 'ge', unitName: '个', category: 'packaging', categoryName: '包装物料', costPriceFen: 180, enabled: true });
    const pop = await call('GET', '/page?category=pop&keyword=A1');
    expect(pop.body.data.records.map((r: { name: string }) => r.name)).toEqual(['POP 海报 A1 秋冬上新']);
    const hangers = await call('GET', `/page?keyword=${encodeURIComponent('衣架')}&sort=name&order=desc`);
    expect(hangers.body.data.records.map((r: { name: string }) => r.name)).toEqual(['衣架 木质', '衣架 塑料']);
    expect((await call('GET', '/page?sort=password')).body.code).toBe('A0400');
  });

  it('checks each field with a clear message and stores nothing', async () => {
    const before = await count();
    const msg = async (overrides: Record<string, unknown>) => (await call('POST', '', form(overrides))).body.msg;
    expect(await msg({ code: '' })).toBe('请输入物料编码');
    expect(await msg({ code: 'a' })).toBe('物料编码须为2-32位字母、数字、下划线或短横线');
    expect(await msg({ code: '物料01' })).toBe('物料编码须为2-32位字母、数字、下划线或短横线');
    expect(await msg({ name: ' ' })).toBe('请输入物料名称');
    expect(await msg({ name: '名'.repeat(61) })).toBe('物料名称不能超过60个字符');
    expect(await msg({ category: '' })).toBe('请选择物料类别');
    expect(await msg({ unit: '' })).toBe('请选择单位');
    expect(await msg({ costPriceFen: -1 })).toBe('成本价须为0-1000000元之间的金额，最多两位小数');
    expect(await msg({ costPriceFen: 1.5 })).toBe('成本价须为0-1000000元之间的金额，最多两位小数');
    expect(await msg({ imageUrl: 'https://example.com/a.png' })).toBe('物料图片须为本系统上传的图片');
    expect(await msg({ imageUrl: '/files/0123456789abcdef0123456789abcdef.png' })).toBe('物料图片须为本系统上传的图片');
    expect(await msg({ supplierId: 999999 })).toBe('供应商不存在');
    expect(await msg({ unit: 'box' })).toBe('单位不存在或已停用，请重新选择');
    expect(await msg({ category: 'season' })).toBe('物料类别不存在或已停用，请重新选择');
    expect((await call('POST', '', form({ code: '' }))).status).toBe(422);
    expect(await count()).toBe(before);
  });

  it('accepts only enabled dictionary values', async () => {
    await t.db.updateTable('dict_items').set({ status: 'disabled' }).where('value', '=', 'fabric').execute();
    expect((await call('POST', '', form({ category: 'fabric' }))).body.msg).toBe('物料类别不存在或已停用，请重新选择');
    // an existing material keeps its (now disabled) category when edited
    const lining = (await call('GET', '/page?keyword=WL-LINING')).body.data.records[0];
    const kept = await call('PUT', `/${lining.id}`, { ...lining, name: '里布 黑色涤纶 210T' });
    expect(kept.body).toMatchObject({ code: '201', data: { category: 'fabric', name: '里布 黑色涤纶 210T' } });
    await t.db.updateTable('dict_items').set({ status: 'enabled' }).where('value', '=', 'fabric').execute();
  });

  it('adds with an uploaded image, edits, disables, enables and deletes', async () => {
    const image = await uploadImage();
    const supplier = await t.db.selectFrom('suppliers').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const created = await call('POST', '', form({ code: ' WL-BOX-01 ', imageUrl: image.url, supplierId: supplier.id, unit: 'GE' }));
    expect(created.body).toMatchObject({ code: '201', msg: '新增成功' });
    const id = created.body.data.id as number;
    const got = (await call('GET', `/${id}`)).body.data;
    expect(got).toMatchObject({ code: 'WL-BOX-01', unit: 'ge', unitName: '个', imageUrl: image.url, supplierId: supplier.id, supplierName: supplier.name, enabled: true });

    const dup = await call('POST', '', form({ code: 'wl-box-01' }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'A0409', msg: '物料编码“wl-box-01”已存在' });
    expect((await call('PUT', `/${id}`, form({ code: 'WL-BAG-L' }))).body.msg).toBe('物料编码“WL-BAG-L”已存在');

    const edited = await call('PUT', `/${id}`, form({ name: '礼品盒 方形 大', costPriceFen: null, imageUrl: '' }));
    expect(edited.body).toMatchObject({ code: '201', msg: '修改成功', data: { name: '礼品盒 方形 大', costPriceFen: null, imageUrl: '', enabled: true } });

    expect((await call('POST', `/${id}/disable`)).body).toMatchObject({ code: '201', data: { enabled: false } });
    expect((await call('POST', `/${id}/disable`)).body).toMatchObject({ code: 'A0409', msg: '该物料已是停用状态' });
    expect((await call('GET', '/page?enabled=false')).body.data.records.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await call('POST', `/${id}/enable`)).body.data.enabled).toBe(true);

    expect((await call('DELETE', `/${id}`)).body).toMatchObject({ code: '201', msg: '删除成功' });
    expect((await call('GET', `/${id}`)).body).toMatchObject({ code: 'A0404', msg: '物料不存在' });
  });

  it('answers 404 for unknown ids and 422 for bad ones', async () => {
    for (const [method, path] of [
      ['GET', '/999999'],
      ['PUT', '/999999'],
      ['DELETE', '/999999'],
      ['POST', '/999999/enable'],
    ] as const) {
      const res = await call(method, path, method === 'PUT' ? form() : undefined);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('物料不存在');
    }
    expect((await call('GET', '/abc')).status).toBe(422);
  });

  it('refuses clerk01 everything, lets agent01 read but not change', async () => {
    expect((await call('GET', '/page', undefined, clerk)).status).toBe(403);
    expect((await call('POST', '', form({ code: 'WL-CLERK' }), clerk)).status).toBe(403);
    const read = await call('GET', '/page', undefined, agent);
    expect(read.body.code).toBe('201');
    const id = read.body.data.records[0].id;
    expect((await call('GET', `/${id}`, undefined, agent)).body.code).toBe('201');
    expect((await call('POST', '', form({ code: 'WL-AGENT' }), agent)).status).toBe(403);
    expect((await call('PUT', `/${id}`, form({ code: 'WL-AGENT' }), agent)).status).toBe(403);
    expect((await call('DELETE', `/${id}`, undefined, agent)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${BASE}/page` })).status).toBe(401);
  });
});
