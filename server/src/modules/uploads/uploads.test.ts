import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { bmp24, fakeMp4, jpegWithGps, multipart, pngWithExif, type Part } from '../../../test/upload-fixtures.ts';

const IMG = '/api/erp/api/v1/common/uploadImg';
const VIDEO = '/api/erp/api/v1/common/uploadVideo';
const FIVE_MB = 5 * 1024 * 1024;

let t: TestApp;
let admin: string;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'erp-uploads-test-'));
  t = await createTestApp({ config: { uploadDir } });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** session '' sends none */
const post = (url: string, parts: Part[], session = admin) => t.call({ method: 'POST', url, session, ...multipart(parts) });
const image = (data: Buffer, filename = 'photo.png', path = 'product/baseimage') =>
  post(IMG, [
    { name: 'path', value: path },
    { name: 'file', filename, type: 'image/png', data },
  ]);
const fetchFile = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Every stored file, thumbnails included. */
function storedFiles(): string[] {
  return readdirSync(uploadDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}
const rowCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function expectNothingStored(action: () => Promise<void>) {
  const [files, rows] = [storedFiles().length, await rowCount()];
  await action();
  expect(storedFiles().length).toBe(files);
  expect(await rowCount()).toBe(rows);
}

describe('image upload', () => {
  it('needs a session', async () => {
    const res = await post(
      IMG,
      [
        { name: 'path', value: 'product/baseimage' },
        { name: 'file', filename: 'a.png', data: await pngWithExif() },
      ],
      '',
    );
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('401');
  });

  it('refuses an SVG or an HTML page renamed .png, judged by the bytes', async () => {
    await expectNothingStored(async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
      const res = await image(svg, 'logo.png');
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'A0400', msg: '只能上传 png、jpeg、jpg、bmp 格式的图片' });
      const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
      expect((await image(html, 'page.png')).body.msg).toBe('只能上传 png、jpeg、jpg、bmp 格式的图片');
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
      expect((await image(gif, 'anim.jpg')).body.msg).toBe('只能上传 png、jpeg、jpg、bmp 格式的图片');
    });
  });

  it('refuses a file of 5 MB + 1 byte with 413 and stores nothing; exactly 5 MB is not "under 5 MB" either', async () => {
    const jpeg = await jpegWithGps();
    await expectNothingStored(async () => {
      for (const size of [FIVE_MB + 1, FIVE_MB]) {
        const padded = Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
        const res = await image(padded, 'big.jpg');
        expect(res.status).toBe(413);
        expect(res.body).toMatchObject({ code: 'A0413', msg: '上传文件大小不能超过 5MB!!' });
      }
    });
  });

  it('refuses a body declared far over the limit before reading it', async () => {
    const res = await t.call({
      method: 'POST',
      url: IMG,
      session: admin,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(FIVE_MB * 4) },
      payload: Buffer.alloc(FIVE_MB * 4),
    });
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('上传文件大小不能超过 5MB!!');
  });

  it('accepts a file just under 5 MB, dropping what hides after the picture', async () => {
    const jpeg = await jpegWithGps();
    const padded = Buffer.concat([jpeg, Buffer.alloc(FIVE_MB - 1 - jpeg.length, 0x41)]);
    const res = await image(padded, 'almost.jpg');
    expect(res.body.code).toBe('201');
    expect((await fetchFile(res.body.data.url)).rawPayload.length).toBeLessThan(100_000);
  });

  it('re-encodes a PNG without its EXIF and serves it and its -200.jpg thumbnail safely', async () => {
    const original = await pngWithExif(640, 480);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await image(original, 'shop-front.png', 'shop/baseimage');
    expect(res.body).toMatchObject({ code: '201', msg: '上传成功！' });
    const { id, url, thumbnailUrl } = res.body.data;
    expect(id).toBeGreaterThan(0);
    expect(url).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
    expect(thumbnailUrl).toBe(`${url}-200.jpg`);

    const file = await fetchFile(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const thumb = await fetchFile(thumbnailUrl);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 150 });

    const row = await t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ category: 'shop/baseimage', kind: 'image', original_name: 'shop-front.png', content_type: 'image/png', width: 640, height: 480 });
    expect(row.created_by).toBeGreaterThan(0);
    expect(url.endsWith(row.storage_key)).toBe(true);
  });

  it('turns a JPEG upright by its orientation and drops its GPS', async () => {
    const res = await image(await jpegWithGps(300, 120), 'IMG_0001.JPG');
    expect(res.body.code).toBe('201');
    expect(res.body.data.url).toMatch(/\.jpg$/);
    const file = await fetchFile(res.body.data.url);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const thumb = await sharp((await fetchFile(res.body.data.thumbnailUrl)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([80, 200]);
  });

  it('decodes a BMP and stores it as PNG', async () => {
    const bmp = bmp24(301, 3, (x) => (x < 150 ? [255, 0, 0] : [0, 0, 255]));
    const res = await image(bmp, 'scan.bmp', 'shop/planimage');
    expect(res.body.code).toBe('201');
    expect(res.body.data.url).toMatch(/\.png$/);
    const { data, info } = await sharp((await fetchFile(res.body.data.url)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([301, 3]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
    const last = (info.width * info.height - 1) * info.channels;
    expect([...data.subarray(last, last + 3)]).toEqual([0, 0, 255]);
    const thumb = await sharp((await fetchFile(res.body.data.thumbnailUrl)).rawPayload).metadata();
    expect(thumb.width).toBe(200);
  });

  it('refuses a broken picture behind a valid signature', async () => {
    await expectNothingStored(async () => {
      const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
      const res = await image(broken, 'broken.png');
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe('图片文件已损坏或无法识别');
    });
  });

  it('refuses an unknown or missing path category, a second file and a missing file', async () => {
    const png = await pngWithExif(20, 20);
    await expectNothingStored(async () => {
      expect((await image(png, 'a.png', 'avatar/../../etc')).body).toMatchObject({ code: 'A0400', msg: '上传分类不正确' });
      expect((await post(IMG, [{ name: 'file', filename: 'a.png', data: png }])).body.msg).toBe('上传分类不正确');
      const two = await post(IMG, [
        { name: 'path', value: 'online/main' },
        { name: 'file', filename: 'a.png', data: png },
        { name: 'file', filename: 'b.png', data: png },
      ]);
      expect(two.status).toBe(422);
      expect(two.body.msg).toBe('一次只能上传一个文件');
      expect((await post(IMG, [{ name: 'path', value: 'online/main' }])).body.msg).toBe('请选择要上传的文件');
      const json = await t.call({ method: 'POST', url: IMG, session: admin, payload: { path: 'online/main' } });
      expect(json.status).toBe(422);
      expect(json.body.msg).toBe('上传内容不正确');
    });
  });

  it('takes the path field after the file too', async () => {
    const res = await post(IMG, [
      { name: 'file', filename: 'a.png', data: await pngWithExif(20, 20) },
      { name: 'path', value: 'online/size' },
    ]);
    expect(res.body.code).toBe('201');
  });
});

describe('video upload', () => {
  it('stores an MP4 as it is and serves byte ranges', async () => {
    const mp4 = fakeMp4('isom', 10_000);
    const res = await post(VIDEO, [
      { name: 'path', value: 'online/details' },
      { name: 'file', filename: '走秀.mp4', type: 'video/mp4', data: mp4 },
    ]);
    expect(res.body).toMatchObject({ code: '201', msg: '上传成功！' });
    expect(res.body.data.url).toMatch(/^\/files\/[0-9a-f]{32}\.mp4$/);
    expect(res.body.data.thumbnailUrl).toBeUndefined();
    const file = await fetchFile(res.body.data.url);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(mp4)).toBe(true);
    const part = await fetchFile(res.body.data.url, { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${mp4.length}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    expect((await fetchFile(res.body.data.url, { range: 'bytes=-4' })).rawPayload.equals(mp4.subarray(-4))).toBe(true);
    expect((await fetchFile(res.body.data.url, { range: `bytes=${mp4.length}-` })).statusCode).toBe(416);
    const row = await t.db.selectFrom('uploads').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'video', original_name: '走秀.mp4', size: mp4.length, content_type: 'video/mp4' });
  });

  it('refuses anything that is not an MP4, whatever its name', async () => {
    await expectNothingStored(async () => {
      const renamed = await post(VIDEO, [
        { name: 'path', value: 'online/main' },
        { name: 'file', filename: 'clip.mp4', type: 'video/mp4', data: await pngWithExif(50, 50) },
      ]);
      expect(renamed.status).toBe(422);
      expect(renamed.body.msg).toBe('只能上传 mp4 格式的视频');
      const mov = await post(VIDEO, [
        { name: 'path', value: 'online/main' },
        { name: 'file', filename: 'clip.mp4', data: fakeMp4('qt  ') },
      ]);
      expect(mov.body.msg).toBe('只能上传 mp4 格式的视频');
      const badPath = await post(VIDEO, [
        { name: 'file', filename: 'clip.mp4', data: fakeMp4() },
        { name: 'path', value: 'video' },
      ]);
      expect(badPath.body.msg).toBe('上传分类不正确');
    });
  });

  it('needs a session', async () => {
    expect(
      (
        await post(
          VIDEO,
          [
            { name: 'path', value: 'online/main' },
            { name: 'file', filename: 'a.mp4', data: fakeMp4() },
          ],
          '',
        )
      ).status,
    ).toBe(401);
  });
});

describe('serving files', () => {
  it('answers 404 for unknown or malformed keys, and refuses path tricks', async () => {
    expect((await fetchFile(`/files/${'0'.repeat(32)}.png`)).statusCode).toBe(404);
    expect((await fetchFile('/files/passwd')).statusCode).toBe(404);
    expect((await fetchFile('/files/a/b.png')).statusCode).toBe(404);
    expect((await fetchFile('/files/..%2f..%2fetc%2fpasswd')).statusCode).toBe(400);
  });
});
