import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fakeMp4, multipart, pngWithExif, type Part } from '../../../test/upload-fixtures.ts';
import { loadConfig, type S3Config } from '../../config.ts';
import { signS3Request } from './s3-signer.ts';
import { S3FileStorage } from './s3-storage.ts';

// ---- SigV4 as the AWS documentation spells it, written apart from the code under test ----

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const mac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** S3 signs the path as sent; the query is sorted by name with each part RFC 3986 encoded. */
function canonicalQuery(search: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return [...new URLSearchParams(search).entries()]
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join('&');
}

function expectedSignature(req: {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  signed: string[];
  secret: string;
  region: string;
  amzDate: string;
}): string {
  const canonical = [
    req.method,
    req.path,
    canonicalQuery(req.search),
    req.signed.map((h) => `${h}:${(req.headers[h] ?? '').trim().replace(/ +/g, ' ')}\n`).join(''),
    req.signed.join(';'),
    req.headers['x-amz-content-sha256'],
  ].join('\n');
  const day = req.amzDate.slice(0, 8);
  const scope = `${day}/${req.region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${req.amzDate}\n${scope}\n${sha256(canonical)}`;
  const key = mac(mac(mac(mac(`AWS4${req.secret}`, day), req.region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

// AWS "Signature Calculations for the Authorization Header" example: GET /test.txt, bytes=0-9.
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
};
const EMPTY_SHA = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('SigV4', () => {
  it('the verifier in this test reproduces AWS published GET object example', () => {
    const sig = expectedSignature({
      method: 'GET',
      path: '/test.txt',
      search: '',
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA, 'x-amz-date': '20130524T000000Z' },
      signed: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
      secret: AWS_EXAMPLE.secret,
      region: 'us-east-1',
      amzDate: '20130524T000000Z',
    });
    expect(sig).toBe(AWS_EXAMPLE.signature);
  });

  it('the server signer gives the same Authorization header for that example', () => {
    const headers = signS3Request(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_SHA,
        now: new Date('2013-05-24T00:00:00Z'),
      },
      { accessKeyId: AWS_EXAMPLE.accessKeyId, secretAccessKey: AWS_EXAMPLE.secret, region: 'us-east-1' },
    );
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=${AWS_EXAMPLE.signature}`,
    );
  });
});

// ---- a fake S3 (path style) that checks every signature and keeps objects in memory ----

const ACCESS_KEY = 'AKIDERPTEST000000001';
const SECRET = 'erp/Test+Secret0123456789abcdefghijklmnop';
const BUCKET = 'erp-test';
const REGION = 'cn-north-1';

interface FakeS3 {
  server: Server;
  endpoint: string;
  objects: Map<string, Buffer>;
  log: { method: string; path: string; verified: boolean; signedHeaders: string }[];
  /** answer every request (or only those of failOnly) with this status instead: a broken service */
  failWith: number | null;
  failOnly: string | null;
}

function xmlError(res: ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

async function handle(fake: FakeS3, req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://fake');
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(headers.authorization ?? '');
  const entry = { method: req.method ?? '', path: url.pathname, verified: false, signedHeaders: auth?.[4] ?? '' };
  fake.log.push(entry);
  if (!auth || auth[1] !== ACCESS_KEY || auth[3] !== REGION || auth[2] !== headers['x-amz-date']?.slice(0, 8)) return xmlError(res, 403, 'InvalidAccessKeyId');
  const signed = auth[4]!.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date') || !signed.includes('x-amz-content-sha256')) return xmlError(res, 403, 'AccessDenied');
  const expected = expectedSignature({
    method: entry.method,
    path: url.pathname,
    search: url.search,
    headers,
    signed,
    secret: SECRET,
    region: REGION,
    amzDate: headers['x-amz-date']!,
  });
  if (expected !== auth[5]) return xmlError(res, 403, 'SignatureDoesNotMatch');
  if (headers['x-amz-content-sha256'] !== sha256(body)) return xmlError(res, 400, 'XAmzContentSHA256Mismatch');
  entry.verified = true;
  if (fake.failWith && (!fake.failOnly || fake.failOnly === req.method)) return xmlError(res, fake.failWith, 'InternalError');

  const prefix = `/${BUCKET}/`;
  if (!url.pathname.startsWith(prefix)) return xmlError(res, 404, 'NoSuchBucket');
  const key = decodeURIComponent(url.pathname.slice(prefix.length));
  const object = fake.objects.get(key);
  switch (req.method) {
    case 'PUT':
      if (Number(headers['content-length']) !== body.length) return xmlError(res, 400, 'IncompleteBody');
      fake.objects.set(key, body);
      return res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    case 'DELETE':
      fake.objects.delete(key);
      return res.writeHead(204).end();
    case 'HEAD':
      if (!object) return res.writeHead(404).end();
      return res.writeHead(200, { 'content-length': object.length }).end();
    case 'GET': {
      if (!object) return xmlError(res, 404, 'NoSuchKey');
      const range = /^bytes=(\d+)-(\d+)$/.exec(headers.range ?? '');
      if (!range) return res.writeHead(200, { 'content-length': object.length }).end(object);
      const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.length - 1)];
      return res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${object.length}` }).end(object.subarray(start, end + 1));
    }
    default:
      return xmlError(res, 405, 'MethodNotAllowed');
  }
}

async function startFakeS3(): Promise<FakeS3> {
  const fake = { objects: new Map(), log: [], failWith: null } as unknown as FakeS3;
  fake.server = createServer((req, res) => void handle(fake, req, res));
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

// ---- the real upload routes against the fake ----

const IMG = '/api/erp/api/v1/common/uploadImg';
const VIDEO = '/api/erp/api/v1/common/uploadVideo';

let fake: FakeS3;
let good: TestApp;
let wrong: TestApp;
let uploadDir: string;
let goodAdmin: string;
let wrongAdmin: string;

const s3Config = (overrides: Partial<S3Config> = {}): S3Config => ({
  endpoint: fake.endpoint,
  region: REGION,
  bucket: BUCKET,
  accessKeyId: ACCESS_KEY,
  secretAccessKey: SECRET,
  forcePathStyle: true,
  prefix: 'erp/uploads/',
  ...overrides,
});

beforeAll(async () => {
  fake = await startFakeS3();
  uploadDir = mkdtempSync(join(tmpdir(), 'erp-s3-test-'));
  good = await createTestApp({ config: { uploadDir, s3: s3Config() } });
  wrong = await createTestApp({ config: { uploadDir, s3: s3Config({ secretAccessKey: 'not-the-secret' }) } });
  goodAdmin = await good.login('admin');
  wrongAdmin = await wrong.login('admin');
});
afterAll(async () => {
  await good?.close();
  await wrong?.close();
  await new Promise((resolve) => fake?.server.close(resolve));
  rmSync(uploadDir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.failWith = null;
  fake.failOnly = null;
  fake.log.length = 0;
});

const post = (t: TestApp, session: string, url: string, parts: Part[]) => t.call({ method: 'POST', url, session, ...multipart(parts) });
const imageParts = async (): Promise<Part[]> => [
  { name: 'path', value: 'product/baseimage' },
  { name: 'file', filename: 'photo.png', type: 'image/png', data: await pngWithExif() },
];
const videoParts = (data = fakeMp4('isom', 50_000)): Part[] => [
  { name: 'path', value: 'online/main' },
  { name: 'file', filename: 'clip.mp4', data },
];
const rowCount = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('uploads on S3', () => {
  it('an image goes to the bucket with signed PUTs, never to the local disk, and is served back with nosniff and ranges', async () => {
    const res = await post(good, goodAdmin, IMG, await imageParts());
    expect(res.body).toMatchObject({ code: '201', msg: '上传成功！' });
    const url: string = res.body.data.url;
    const key = url.replace('/files/', '');
    expect(fake.log.map((r) => [r.method, r.path, r.verified])).toEqual([
      ['PUT', `/${BUCKET}/erp/uploads/${key}`, true],
      ['PUT', `/${BUCKET}/erp/uploads/${key}-200.jpg`, true],
    ]);
    expect(fake.log[0]!.signedHeaders).toBe('content-length;content-type;host;x-amz-content-sha256;x-amz-date');
    expect(readdirSync(uploadDir)).toEqual([]);
    const stored = fake.objects.get(`erp/uploads/${key}`)!;

    const whole = await good.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
    expect(whole.headers['content-length']).toBe(String(stored.length));
    expect(whole.rawPayload.equals(stored)).toBe(true);

    const part = await good.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${stored.length}`);
    expect(part.headers['x-content-type-options']).toBe('nosniff');
    expect(part.rawPayload.equals(stored.subarray(0, 10))).toBe(true);

    const thumb = await good.app.inject({ method: 'GET', url: `${url}-200.jpg` });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(fake.log.every((r) => r.verified)).toBe(true);
  });

  it('a video is streamed through a spool file and stored whole, with a signed payload hash', async () => {
    const data = fakeMp4('isom', 50_000);
    const res = await post(good, goodAdmin, VIDEO, videoParts(data));
    expect(res.body.code).toBe('201');
    const url: string = res.body.data.url;
    expect(fake.objects.get(`erp/uploads/${url.replace('/files/', '')}`)?.equals(data)).toBe(true);
    const tail = await good.app.inject({ method: 'GET', url, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-type']).toBe('video/mp4');
    expect(tail.rawPayload.equals(data.subarray(data.length - 100))).toBe(true);
  });

  it('a file that is not an MP4 is refused before anything reaches the bucket', async () => {
    const before = fake.objects.size;
    const res = await post(good, goodAdmin, VIDEO, videoParts(fakeMp4('qt  ')));
    expect(res.body).toMatchObject({ code: 'A0400', msg: '只能上传 mp4 格式的视频' });
    expect(fake.log.filter((r) => r.method === 'PUT')).toEqual([]);
    expect(fake.objects.size).toBe(before);
  });

  it('an unknown key answers 404; a failing S3 answers 502 on reads', async () => {
    const missing = await good.call({ method: 'GET', url: `/files/${'a'.repeat(32)}.png` });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'A0404', msg: '文件不存在' });
    fake.failWith = 503;
    const broken = await good.call({ method: 'GET', url: `/files/${'b'.repeat(32)}.png` });
    expect(broken.status).toBe(502);
    expect(broken.body).toMatchObject({ code: 'B0001', msg: '文件暂时无法读取，请稍后重试' });

    fake.failWith = null;
    const { url } = (await post(good, goodAdmin, VIDEO, videoParts())).body.data;
    fake.failWith = 500;
    fake.failOnly = 'GET';
    const midway = await good.call({ method: 'GET', url });
    expect(midway.status).toBe(502);
    expect(midway.headers['content-type']).toMatch(/^application\/json/);
    expect(midway.body.msg).toBe('文件暂时无法读取，请稍后重试');
  });

  it('a wrong secret: S3 answers 403, the upload answers 上传失败！ and nothing is recorded', async () => {
    const [rows, objects] = [await rowCount(wrong), fake.objects.size];
    const image = await post(wrong, wrongAdmin, IMG, await imageParts());
    expect(image.status).toBe(500);
    expect(image.body).toEqual({ code: 'B0001', msg: '上传失败！', data: null });
    expect(image.raw).not.toContain('not-the-secret');
    const video = await post(wrong, wrongAdmin, VIDEO, videoParts());
    expect(video.body).toMatchObject({ code: 'B0001', msg: '上传失败！' });
    expect(fake.log.some((r) => r.method === 'PUT' && !r.verified)).toBe(true);
    expect(fake.log.every((r) => !r.verified)).toBe(true);
    expect(await rowCount(wrong)).toBe(rows);
    expect(fake.objects.size).toBe(objects);
  });

  it('a 5xx from S3 or an unreachable S3 fails the upload the same way', async () => {
    const rows = await rowCount(good);
    fake.failWith = 500;
    expect((await post(good, goodAdmin, IMG, await imageParts())).body).toMatchObject({ code: 'B0001', msg: '上传失败！' });
    fake.failWith = null;
    const offline = await createTestApp({ config: { uploadDir, s3: s3Config({ endpoint: 'http://127.0.0.1:9' }) } });
    try {
      const session = await offline.login('admin');
      expect((await post(offline, session, VIDEO, videoParts())).body).toMatchObject({ code: 'B0001', msg: '上传失败！' });
      expect((await offline.call({ method: 'GET', url: `/files/${'c'.repeat(32)}.mp4` })).status).toBe(502);
    } finally {
      await offline.close();
    }
    expect(await rowCount(good)).toBe(rows);
  });
});

describe('S3 configuration', () => {
  const full = { S3_BUCKET: 'erp-files', S3_REGION: 'cn-north-1', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' };

  it('is off without S3_BUCKET, and refuses stray or missing settings at start-up', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(() => loadConfig({ S3_BUCKET: 'erp-files' })).toThrow('S3_BUCKET is set, so uploads go to S3, which needs S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect(() => loadConfig({ ...full, S3_SECRET_ACCESS_KEY: ' ' })).toThrow('needs S3_SECRET_ACCESS_KEY');
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'x' })).toThrow('S3_ENDPOINT, S3_ACCESS_KEY_ID set without S3_BUCKET');
    expect(() => loadConfig({ ...full, S3_ENDPOINT: 'http://user:pw@127.0.0.1:9000' })).toThrow('S3_ENDPOINT must be an http(s) origin');
    expect(() => loadConfig({ ...full, S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT must be');
    expect(() => loadConfig({ ...full, S3_BUCKET: 'Bad_Bucket' })).toThrow('S3_BUCKET must be a bucket name');
    expect(() => loadConfig({ ...full, S3_PREFIX: 'a/../b' })).toThrow('S3_PREFIX');
    expect(() => loadConfig({ ...full, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow('S3_FORCE_PATH_STYLE must be true or false');
  });

  it('defaults to the AWS regional endpoint (virtual-host style), and to path style for a custom endpoint', () => {
    expect(loadConfig(full).s3).toEqual({
      endpoint: 'https://s3.cn-north-1.amazonaws.com.cn',
      region: 'cn-north-1',
      bucket: 'erp-files',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
    });
    const minio = loadConfig({ ...full, S3_REGION: 'us-east-1', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_PREFIX: '/erp/' }).s3!;
    expect(minio).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, prefix: 'erp/' });
    expect(loadConfig({ ...full, S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_FORCE_PATH_STYLE: 'false' }).s3!.forcePathStyle).toBe(false);
  });

  it('builds path-style and virtual-host addresses', () => {
    const key = `${'d'.repeat(32)}.jpg-200.jpg`;
    const base = { region: 'cn-north-1', bucket: 'erp-files', accessKeyId: 'a', secretAccessKey: 's', prefix: 'erp/' };
    expect(new S3FileStorage({ ...base, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }).urlOf(key).href).toBe(`http://127.0.0.1:9000/erp-files/erp/${key}`);
    expect(new S3FileStorage({ ...base, endpoint: 'https://s3.cn-north-1.amazonaws.com.cn', forcePathStyle: false }).urlOf(key).href).toBe(
      `https://erp-files.s3.cn-north-1.amazonaws.com.cn/erp/${key}`,
    );
    expect(() => new S3FileStorage({ ...base, endpoint: 'http://x', forcePathStyle: true }).urlOf('../etc/passwd')).toThrow('refusing storage key');
  });
});
