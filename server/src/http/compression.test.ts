import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { negotiateEncoding } from './compression.ts';

const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, name: `商品${i}` })))};\n`;

describe('compressed answers', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    // a built web app as compress-dist.mjs leaves it: each asset with its .br and .gz beside it
    webDir = mkdtempSync(join(tmpdir(), 'erp-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>ERP</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets/app-abc123.js'), script);
    writeFileSync(join(webDir, 'assets/app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(webDir, 'assets/app-abc123.js.gz'), gzipSync(script));
    t = await createTestApp({ config: { webDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) => t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a client that accepts br', async () => {
    const res = await asset('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await asset('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts neither', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await asset(header);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(script);
    }
  });

  it('never serves the compressed copies by their own names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js.br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('compresses a JSON answer over 1 kB with the encoding the client prefers', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const plain = brotliDecompressSync(br.rawPayload).toString();
    expect(plain.length).toBeGreaterThan(1024);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 3);
    expect(JSON.parse(plain).openapi).toMatch(/^3\./);

    const gz = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).openapi).toMatch(/^3\./);

    const none = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().openapi).toMatch(/^3\./);
  });

  it('leaves a JSON answer under 1 kB as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });

  it('compresses a signed-in list', async () => {
    const session = await t.login('admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/api/v1/dicts/page?page=1&limit=100', headers: { session, 'accept-encoding': 'gzip' } });
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
    expect(JSON.parse(body).code).toBeTruthy();
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('negotiateEncoding', () => {
  it('prefers br, then gzip, honouring q-values and *', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
