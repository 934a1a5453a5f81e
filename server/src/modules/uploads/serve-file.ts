import { ResultCode } from '@erp/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../http/app-error.ts';
import { StorageError, STORED_KEY_PATTERN, type FileStorage } from './storage.ts';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', mp4: 'video/mp4' };

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range; anything else is served whole). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** The storage (S3) failing is a bad gateway, logged; the answer names no detail. */
async function reading<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof StorageError)) throw err;
    request.log.error({ err }, 'file storage read failed');
    throw new AppError(ResultCode.serverError, '文件暂时无法读取，请稍后重试', 502);
  }
}

/**
 * Sends one stored file (or its byte range): the content type from the server-chosen extension,
 * never from the upload; `cacheControl` says who may keep it (public pictures a year, payment
 * vouchers only in the reader's own cache).
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, storage: FileStorage, key: string, cacheControl: string) {
  if (!STORED_KEY_PATTERN.test(key)) throw notFound('文件不存在');
  const size = await reading(request, () => storage.size(key));
  if (size === null) throw notFound('文件不存在');
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  // fetched before any header is set, so a failure answers plain JSON
  const file = await reading(request, () => storage.get(key, range ?? undefined));
  if (!file) throw notFound('文件不存在');
  const ext = key.endsWith('-200.jpg') ? 'jpg' : key.slice(key.lastIndexOf('.') + 1);
  reply
    .header('content-type', CONTENT_TYPES[ext])
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .header('accept-ranges', 'bytes');
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  }
  return reply.header('content-length', range ? range.end - range.start + 1 : size).send(file.stream);
}
