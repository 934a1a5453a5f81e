import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fakeMp4, multipart, pngWithExif } from '../../../test/upload-fixtures.ts';

const INFO = '/api/admin/config/sysBasicInfo';

let t: TestApp;
let admin: string;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'erp-sysinfo-test-'));
  t = await createTestApp({ config: { uploadDir } });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const form = (overrides: Record<string, string> = {}) => ({
  titleName: '衣尚服饰 ERP',
  logoUrl: '',
  icp: '浙ICP备2026000001号-1',
  mpsIcp: '浙公网安备33010602000001号',
  ...overrides,
});
const put = (payload: Record<string, string>, session = admin) => t.call({ method: 'PUT', url: INFO, session, payload });

async function upload(kind: 'uploadImg' | 'uploadVideo', data: Buffer, filename: string): Promise<{ url: string; thumbnailUrl?: string }> {
  const res = await t.call({
    method: 'POST',
    url: `/api/erp/api/v1/common/${kind}`,
    session: admin,
    ...multipart([
      { name: 'path', value: 'shop/baseimage' },
      { name: 'file', filename, data },
    ]),
  });
  expect(res.body.code).toBe('201');
  return res.body.data;
}

describe('system basic info', () => {
  it('is public to read', async () => {
    const res = await t.call({ method: 'GET', url: INFO });
    expect(res.body.code).toBe('201');
    expect(res.body.data).toMatchObject({ titleName: expect.any(String), logoUrl: '', icp: '', mpsIcp: '' });
  });

  it('needs a session and the 系统信息 permission to change', async () => {
    expect((await put(form(), '')).status).toBe(401);
    const clerk = await t.login('clerk01');
    const res = await put(form(), clerk);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('A0301');
    expect((await t.call({ method: 'GET', url: INFO })).body.data.icp).toBe('');
  });

  it('checks each field with a clear message and changes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ titleName: '   ' }, '请输入系统名称'],
      [{ titleName: '衣'.repeat(41) }, '系统名称不能超过 40 个字符'],
      [{ icp: 'x'.repeat(65) }, 'ICP 备案号不能超过 64 个字符'],
      [{ mpsIcp: 'x'.repeat(65) }, '公安备案号不能超过 64 个字符'],
      [{ logoUrl: 'https://evil.example.com/logo.png' }, 'Logo 须为本系统上传的图片'],
      [{ logoUrl: 'javascript:alert(1)' }, 'Logo 须为本系统上传的图片'],
      [{ logoUrl: `/files/${'ab'.repeat(16)}.png` }, 'Logo 须为本系统上传的图片'],
    ];
    for (const [overrides, msg] of cases) {
      const res = await put(form(overrides));
      expect(res.status, msg).toBe(422);
      expect(res.body).toMatchObject({ code: 'A0400', msg });
    }
    const { body } = await t.call({ method: 'PUT', url: INFO, session: admin, payload: {} });
    expect(body.msg).toBe('请输入系统名称');
    expect((await t.call({ method: 'GET', url: INFO })).body.data.icp).toBe('');
  });

  it('refuses a video or a thumbnail as the logo', async () => {
    const video = await upload('uploadVideo', fakeMp4(), 'a.mp4');
    expect((await put(form({ logoUrl: video.url }))).body.msg).toBe('Logo 须为本系统上传的图片');
    const image = await upload('uploadImg', await pngWithExif(300, 100), 'logo.png');
    expect((await put(form({ logoUrl: image.thumbnailUrl! }))).body.msg).toBe('Logo 须为本系统上传的图片');
  });

  it('saves title, logo and both record numbers, trimmed, for everyone to read', async () => {
    const image = await upload('uploadImg', await pngWithExif(300, 100), 'logo.png');
    const res = await put(form({ titleName: '  衣尚服饰 ERP  ', logoUrl: image.url }));
    expect(res.body).toMatchObject({ code: '201', msg: '系统信息已保存' });
    const info = (await t.call({ method: 'GET', url: INFO })).body.data;
    expect(info).toMatchObject({ titleName: '衣尚服饰 ERP', logoUrl: image.url, icp: '浙ICP备2026000001号-1', mpsIcp: '浙公网安备33010602000001号' });
    // the logo can be removed again
    await put(form({ logoUrl: '' }));
    expect((await t.call({ method: 'GET', url: INFO })).body.data.logoUrl).toBe('');
  });

  it('puts 系统信息 in the admin menu only (its page code guards the save)', async () => {
    type Route = { path: string; component?: string; children?: Route[] };
    const flat = (items: Route[]): Route[] => items.flatMap((item) => [item, ...flat(item.children ?? [])]);
    const pages = async (session: string) => flat((await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session })).body.data);
    expect((await pages(admin)).find((r) => r.path === '/erp/system/info')).toMatchObject({ component: 'system/info/index' });
    expect((await pages(await t.login('clerk01'))).find((r) => r.path === '/erp/system/info')).toBeUndefined();
  });
});
