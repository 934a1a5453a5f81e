import { fileKeyFromUrl, FILES_URL_PREFIX, isMp4, thumbnailUrl, UploadMessages, type UploadPathCategory, type UploadResult } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { processImage } from './image.ts';
import { newFileKey, type FileStorage } from './storage.ts';
import * as repo from './uploads.repo.ts';

export { sendStoredFile } from './serve-file.ts';
export { createStorage } from './storage.ts';

export interface UploadMeta {
  category: UploadPathCategory;
  originalName: string;
  userId: number;
}

/** The client's file name, kept for the record only: no path, no control characters, bounded. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters from an uploaded file's name is the point of this pattern
  const visible = base.replace(/[\u0000-\u001f\u007f]/g, '');
  return visible.trim().slice(0, 200);
}

/** Re-encodes the image, stores it and its `-200.jpg` thumbnail, and registers it. */
export async function saveImage(db: Db, storage: FileStorage, meta: UploadMeta, bytes: Buffer): Promise<UploadResult> {
  if (bytes.length === 0) throw badRequest(UploadMessages.emptyFile);
  const image = await processImage(bytes);
  const key = newFileKey(image.ext);
  const thumbKey = `${key}-200.jpg`;
  try {
    await storage.put(key, image.data);
    await storage.put(thumbKey, image.thumbnail);
    const id = await repo.insertUpload(db, {
      category: meta.category,
      kind: 'image',
      original_name: cleanOriginalName(meta.originalName),
      size: image.data.length,
      content_type: image.contentType,
      storage_key: key,
      width: image.width,
      height: image.height,
      created_by: meta.userId,
    });
    const url = FILES_URL_PREFIX + key;
    return { id, url, thumbnailUrl: thumbnailUrl(url) };
  } catch (err) {
    // best effort: the original failure is what the caller must see
    await Promise.allSettled([storage.delete(key), storage.delete(thumbKey)]);
    throw err;
  }
}

/** Hands the stream on once its first bytes prove an MP4 (`ftyp` box); anything else stops at the head. */
async function* mp4Only(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    if (head === null) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < 64) continue;
    if (!isMp4(head)) throw badRequest(UploadMessages.videoType);
    yield head;
    head = null;
  }
  if (head !== null) {
    if (head.length === 0) throw badRequest(UploadMessages.emptyFile);
    if (!isMp4(head)) throw badRequest(UploadMessages.videoType);
    yield head;
  }
}

/** Streams a video into the storage as it arrives (no re-encoding); the caller registers or discards it. */
export async function receiveVideo(storage: FileStorage, source: AsyncIterable<Buffer>): Promise<{ key: string; size: number }> {
  const key = newFileKey('mp4');
  const size = await storage.put(key, mp4Only(source));
  return { key, size };
}

/** Registers a received video; a failure removes the file so nothing unregistered stays stored. */
export async function registerVideo(db: Db, storage: FileStorage, meta: UploadMeta, stored: { key: string; size: number }): Promise<UploadResult> {
  const id = await repo
    .insertUpload(db, {
      category: meta.category,
      kind: 'video',
      original_name: cleanOriginalName(meta.originalName),
      size: stored.size,
      content_type: 'video/mp4',
      storage_key: stored.key,
      width: null,
      height: null,
      created_by: meta.userId,
    })
    .catch(async (err: unknown) => {
      await storage.delete(stored.key).catch(() => undefined);
      throw err;
    });
  return { id, url: FILES_URL_PREFIX + stored.key };
}

/** True when the URL names an image we stored (not a thumbnail, not a video). */
export async function isUploadedImageUrl(db: Db, url: string): Promise<boolean> {
  const key = fileKeyFromUrl(url);
  if (!key) return false;
  const row = await repo.findByKey(db, key);
  return row?.kind === 'image';
}

/** The stored image a URL names (never a thumbnail), with its category and uploader; null when none. */
export async function uploadOfUrl(db: Db, url: string) {
  const key = fileKeyFromUrl(url);
  const row = key ? await repo.findByKey(db, key) : undefined;
  return key && row ? { key, kind: row.kind, category: row.category, createdBy: row.created_by } : null;
}

/** The upload a storage key (or its `-200.jpg` thumbnail) belongs to. */
export async function uploadOfKey(db: Db, key: string) {
  const row = await repo.findByKey(db, key.replace(/-200\.jpg$/, ''));
  return row ? { kind: row.kind, category: row.category, createdBy: row.created_by } : null;
}
