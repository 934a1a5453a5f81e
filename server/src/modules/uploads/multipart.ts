import type { MultipartFile } from '@fastify/multipart';
import { isUploadPathCategory, ResultCode, UploadMessages, type UploadPathCategory } from '@erp/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/app-error.ts';
import { StorageError } from './storage.ts';

/** Room for the multipart framing and the `path` field around the file. */
const ENVELOPE_SLACK = 64 * 1024;

export interface SingleFileOptions<T> {
  /** the largest file accepted, in bytes (a larger one is cut off while streaming) */
  maxBytes: number;
  tooLargeMessage: string;
  /** consumes the file stream (fully, or throws) */
  receive: (part: MultipartFile) => Promise<T>;
  /** undoes `receive` when the request turns out bad afterwards */
  discard?: (value: T) => Promise<void>;
}

export interface SingleFile<T> {
  category: UploadPathCategory;
  filename: string;
  value: T;
}

export const tooLarge = (msg: string) => new AppError(ResultCode.payloadTooLarge, msg, 413);

/** A request whose declared length is far beyond the limit is refused before its body is read. */
export function refuseOversize(maxBytes: number, msg: string) {
  return async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_SLACK) throw tooLarge(msg);
  };
}

function mapError(err: unknown, tooLargeMessage: string): unknown {
  // the storage failing is not the client's fault: the route answers 上传失败
  if (err instanceof AppError || err instanceof StorageError) return err;
  switch ((err as { code?: string })?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(tooLargeMessage);
    case 'FST_FILES_LIMIT':
      return badRequest(UploadMessages.oneFile);
    default:
      // not multipart, too many fields or parts, a broken or cut-short body
      return badRequest(UploadMessages.badForm);
  }
}

/**
 * Reads a multipart upload of exactly one part `file` and a field `path` (in either order).
 * The file's byte limit applies while streaming; a second file is refused.
 */
export async function readSingleFile<T>(request: FastifyRequest, options: SingleFileOptions<T>): Promise<SingleFile<T>> {
  const fields: Record<string, string> = {};
  let received: { filename: string; value: T } | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024, fieldNameSize: 64, headerPairs: 20 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(UploadMessages.badForm);
        }
        received = { filename: part.filename, value: await options.receive(part) };
        if (part.file.truncated) throw tooLarge(options.tooLargeMessage);
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
      }
    }
  } catch (err) {
    if (received && options.discard) await options.discard(received.value).catch(() => undefined);
    throw mapError(err, options.tooLargeMessage);
  }
  if (!received) throw badRequest(UploadMessages.noFile);
  const category = fields.path?.trim();
  if (!isUploadPathCategory(category)) {
    if (options.discard) await options.discard(received.value).catch(() => undefined);
    throw badRequest(UploadMessages.badPath);
  }
  return { category, filename: received.filename, value: received.value };
}
