import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { S3Config } from '../../config.ts';
import { EMPTY_PAYLOAD_SHA256, sha256Hex, signS3Request, uriEncode } from './s3-signer.ts';
import { checkKey, StorageError, type FileStorage, type StoredFile } from './storage.ts';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', mp4: 'video/mp4' };

/** Waiting for S3's answer (headers); a PUT's time includes sending the body. */
const ANSWER_TIMEOUT_MS = 30_000;
const PUT_TIMEOUT_MS = 10 * 60_000;

interface SendOptions {
  headers?: Record<string, string>;
  body?: Buffer | Readable;
  payloadHash?: string;
  timeoutMs?: number;
}

/** The `<Code>` of an S3 error body (never the body itself: it may echo the canonical request). */
async function errorCode(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text)?.[1] ?? '';
}

/**
 * Uploads on any S3-compatible service (AWS S3, MinIO, Aliyun OSS in S3 mode, Tencent COS),
 * signed with AWS Signature Version 4 over plain fetch. Object keys are S3_PREFIX + the
 * server-chosen key; files are still served by GET /files/<key> through this server.
 *
 * A streamed body (videos, up to 100 MB) is spooled to a temporary file while its SHA-256 is
 * computed, then sent with a signed payload hash and a Content-Length: memory stays small, the
 * payload is covered by the signature even over plain HTTP (MinIO on a LAN), and S3 never holds a
 * half-written object.
 */
export class S3FileStorage implements FileStorage {
  constructor(
    private readonly config: S3Config,
    private readonly spoolDir: string = tmpdir(),
  ) {}

  /** The object's address, path-style (<endpoint>/<bucket>/<key>) or virtual-host style. */
  urlOf(key: string): URL {
    checkKey(key);
    const path = uriEncode(this.config.prefix + key, true);
    const endpoint = new URL(this.config.endpoint);
    if (this.config.forcePathStyle) return new URL(`${endpoint.origin}/${this.config.bucket}/${path}`);
    endpoint.hostname = `${this.config.bucket}.${endpoint.hostname}`;
    return new URL(`${endpoint.origin}/${path}`);
  }

  private async send(method: string, key: string, options: SendOptions = {}): Promise<Response> {
    const url = this.urlOf(key);
    const headers = signS3Request({ method, url, headers: options.headers ?? {}, payloadHash: options.payloadHash ?? EMPTY_PAYLOAD_SHA256 }, this.config);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? ANSWER_TIMEOUT_MS);
    try {
      return await fetch(url, {
        method,
        headers,
        // undici takes a Buffer or a Node stream (async iterable) as the body
        body: options.body as unknown as BodyInit | undefined,
        ...(options.body ? { duplex: 'half' as const } : {}),
        redirect: 'error',
        signal: controller.signal,
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const reason = controller.signal.aborted ? 'timed out' : (cause?.code ?? cause?.message ?? (err as Error).message);
      throw new StorageError(`S3 ${method} ${key} failed: ${reason}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private async fail(method: string, key: string, res: Response): Promise<never> {
    const code = await errorCode(res);
    throw new StorageError(`S3 ${method} ${key} answered ${res.status}${code ? ` ${code}` : ''}`, res.status);
  }

  async put(key: string, body: Buffer | AsyncIterable<Buffer>): Promise<number> {
    const ext = key.endsWith('-200.jpg') ? 'jpg' : key.slice(key.lastIndexOf('.') + 1);
    const headers = { 'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream' };
    if (Buffer.isBuffer(body)) {
      await this.putOnce(key, { headers: { ...headers, 'content-length': String(body.length) }, body, payloadHash: sha256Hex(body) });
      return body.length;
    }
    const dir = await mkdtemp(join(this.spoolDir, 'erp-s3-'));
    try {
      const file = join(dir, 'body');
      const hash = createHash('sha256');
      let size = 0;
      const hashed = async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      };
      // a bad or cut-short source fails here, before anything reaches S3
      await pipeline(Readable.from(hashed(body)), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      await this.putOnce(key, {
        headers: { ...headers, 'content-length': String(size) },
        body: createReadStream(file),
        payloadHash: hash.digest('hex'),
      });
      return size;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async putOnce(key: string, options: SendOptions): Promise<void> {
    const res = await this.send('PUT', key, { ...options, timeoutMs: PUT_TIMEOUT_MS });
    if (!res.ok) await this.fail('PUT', key, res);
    await res.body?.cancel();
  }

  async size(key: string): Promise<number | null> {
    const res = await this.send('HEAD', key);
    await res.body?.cancel();
    if (res.status === 404) return null;
    if (!res.ok) await this.fail('HEAD', key, res);
    const length = Number(res.headers.get('content-length'));
    if (!Number.isSafeInteger(length) || length < 0) throw new StorageError(`S3 HEAD ${key} gave no size`);
    return length;
  }

  async get(key: string, range?: { start: number; end: number }): Promise<StoredFile | null> {
    const res = await this.send('GET', key, range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) await this.fail('GET', key, res);
    // an answer that ignored the Range would be sent as the wrong bytes
    if (range && res.status !== 206) {
      await res.body?.cancel();
      throw new StorageError(`S3 GET ${key} ignored the range (answered ${res.status})`);
    }
    const total = range ? Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]) : Number(res.headers.get('content-length'));
    if (!res.body || !Number.isSafeInteger(total)) throw new StorageError(`S3 GET ${key} gave no size`);
    return { size: total, stream: Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>) };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) await this.fail('DELETE', key, res);
    await res.body?.cancel();
  }
}
