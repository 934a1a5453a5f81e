import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_KEY_PATTERN } from '@erp/shared';
import type { AppConfig } from '../../config.ts';
import { S3FileStorage } from './s3-storage.ts';

/** Keys the storage accepts: server-chosen names, optionally with the thumbnail suffix. */
export const STORED_KEY_PATTERN = /^[0-9a-f]{32}\.(png|jpg|mp4)(-200\.jpg)?$/;

export interface StoredFile {
  size: number;
  /** the bytes, or the byte range asked for (inclusive bounds) */
  stream: Readable;
}

/**
 * The storage could not do its work (network, refused credentials, a 5xx): routes answer
 * 上传失败 or 502 and log it. The message names the operation and status, never credentials.
 */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/**
 * Where uploaded files live. Keys are chosen by the server (STORED_KEY_PATTERN), never by a
 * client: local disk (LocalDiskStorage) or an S3-compatible service (S3FileStorage).
 */
export interface FileStorage {
  put(key: string, body: Buffer | AsyncIterable<Buffer>): Promise<number>;
  get(key: string, range?: { start: number; end: number }): Promise<StoredFile | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

/** A fresh key: 128 random bits and the extension of the stored format. */
export function newFileKey(ext: 'png' | 'jpg' | 'mp4'): string {
  const key = `${randomBytes(16).toString('hex')}.${ext}`;
  if (!FILE_KEY_PATTERN.test(key)) throw new Error(`bad key ${key}`);
  return key;
}

export function checkKey(key: string): void {
  if (!STORED_KEY_PATTERN.test(key)) throw new Error(`refusing storage key "${key}"`);
}

/**
 * Files under `root` (DATA_DIR/uploads by default, outside the web root), spread over
 * 256 folders by the key's first two hex digits. A put writes a temporary file and renames it,
 * so a half-written upload is never served.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    checkKey(key);
    return join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, body: Buffer | AsyncIterable<Buffer>): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    const temp = `${target}.${randomBytes(4).toString('hex')}.part`;
    let written = 0;
    const counted = async function* (source: Buffer | AsyncIterable<Buffer>) {
      if (Buffer.isBuffer(source)) {
        written = source.length;
        yield source;
        return;
      }
      for await (const chunk of source) {
        written += chunk.length;
        yield chunk;
      }
    };
    try {
      await pipeline(Readable.from(counted(body)), createWriteStream(temp, { flags: 'wx', mode: 0o640 }));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return written;
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<StoredFile | null> {
    const size = await this.size(key);
    if (size === null) return null;
    const stream = range ? createReadStream(this.pathOf(key), range) : createReadStream(this.pathOf(key));
    return { size, stream };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** S3 when S3_BUCKET is configured, else local disk under UPLOAD_DIR. */
export function createStorage(config: Pick<AppConfig, 'uploadDir' | 's3'>): FileStorage {
  return config.s3 ? new S3FileStorage(config.s3) : new LocalDiskStorage(config.uploadDir);
}
