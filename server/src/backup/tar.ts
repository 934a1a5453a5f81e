// A small ustar writer and reader (gzip-compressed), enough for backup archives: regular files
// only, names up to 255 bytes. Both stream, so uploads of any size never sit in memory whole.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  let base = name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`备份中的文件名过长：${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const put = (text: string, offset: number, length: number) => block.write(text, offset, length, 'utf8');
  const octal = (value: number, offset: number, length: number) => put(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length);
  put(base, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtime.getTime() / 1000), 136, 12);
  block.fill(' ', 148, 156);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  put(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

export interface TarWriter {
  /** Adds a file from memory. */
  add(name: string, data: Buffer): Promise<void>;
  /** Adds a file from disk, streamed. */
  addFile(name: string, path: string, size: number, mtime: Date): Promise<void>;
  /** Writes the end blocks and waits until the file is on disk. */
  close(): Promise<void>;
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

export function createTarGz(path: string): TarWriter {
  const gzip = createGzip({ level: 6 });
  const file = createWriteStream(path, { mode: 0o600 });
  gzip.pipe(file);
  const pad = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
  return {
    async add(name, data) {
      await write(gzip, header(name, data.length, new Date()));
      await write(gzip, data);
      await write(gzip, pad(data.length));
    },
    async addFile(name, source, size, mtime) {
      await write(gzip, header(name, size, mtime));
      let written = 0;
      for await (const chunk of createReadStream(source)) {
        written += (chunk as Buffer).length;
        await write(gzip, chunk as Buffer);
      }
      if (written !== size) throw new Error(`备份时文件 ${source} 大小改变了，请重试`);
      await write(gzip, pad(size));
    },
    async close() {
      gzip.end(Buffer.alloc(BLOCK * 2));
      await finished(file);
    },
  };
}

export interface TarEntry {
  name: string;
  size: number;
  /** the file's bytes; must be consumed (or drained) before the next entry is read */
  body: AsyncIterable<Buffer>;
}

function readString(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** Reads a .tar.gz entry by entry; a damaged or foreign file fails with a Chinese message. */
export async function* readTarGz(path: string): AsyncGenerator<TarEntry> {
  const source: Readable = createReadStream(path).pipe(createGunzip());
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let buffered: Buffer = Buffer.alloc(0);
  const pull = async (): Promise<boolean> => {
    const next = await iterator.next().catch(() => {
      throw new Error('备份文件已损坏或不是本系统的备份（解压失败）');
    });
    if (next.done) return false;
    buffered = buffered.length ? Buffer.concat([buffered, next.value]) : next.value;
    return true;
  };
  /** exactly `length` bytes (headers, padding), or null at the end of the stream */
  const take = async (length: number): Promise<Buffer | null> => {
    while (buffered.length < length) if (!(await pull())) return null;
    const out = buffered.subarray(0, length);
    buffered = buffered.subarray(length);
    return out;
  };
  /** up to `length` bytes, whatever is there already (file bodies: no copying into big buffers) */
  const some = async (length: number): Promise<Buffer | null> => {
    if (buffered.length === 0 && !(await pull())) return null;
    const out = buffered.subarray(0, Math.min(length, buffered.length));
    buffered = buffered.subarray(out.length);
    return out;
  };
  for (;;) {
    const block = await take(BLOCK);
    if (!block || block.every((byte) => byte === 0)) return;
    if (readString(block, 257, 5) !== 'ustar') throw new Error('备份文件已损坏或不是本系统的备份（不是 tar 格式）');
    const prefix = readString(block, 345, 155);
    const name = prefix ? `${prefix}/${readString(block, 0, 100)}` : readString(block, 0, 100);
    const size = Number.parseInt(readString(block, 124, 12).trim() || '0', 8);
    const type = readString(block, 156, 1);
    let left = size;
    const body = async function* () {
      while (left > 0) {
        const chunk = await some(left);
        if (!chunk) throw new Error('备份文件不完整（在文件中途结束）');
        left -= chunk.length;
        yield chunk;
      }
    };
    if (type === '0' || type === '') yield { name, size, body: body() };
    // whatever the caller left unread, and the padding
    for await (const _ of body()) {
      // drained
    }
    await take((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
