import fastifyMultipart from '@fastify/multipart';
import { IMAGE_UPLOAD_MAX_BYTES, Messages, ResultCode, UploadMessages, VIDEO_UPLOAD_MAX_BYTES } from '@erp/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { readSingleFile, refuseOversize } from './multipart.ts';
import { createStorage, StorageError } from './storage.ts';
import * as service from './uploads.service.ts';

export { filesRoutes } from './files.routes.ts';

const uploadResult = z.object({
  id: z.number().int(),
  url: z.string().describe('served at GET /files/<key>'),
  thumbnailUrl: z.string().optional().describe('images only: url + "-200.jpg", longest side 200 px'),
});

// "Under 5 MB" (SPEC §5): the stream limit admits at most one byte less than 5 MB.
const IMAGE_STREAM_LIMIT = IMAGE_UPLOAD_MAX_BYTES - 1;

const multipartNote = 'multipart/form-data：字段 file（仅一个文件）与 path（上传分类，见 UPLOAD_PATH_CATEGORIES）。需登录。';

/** A storage failure (S3 down, refused credentials) is logged and answered 上传失败！ with nothing recorded. */
async function storing<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof StorageError)) throw err;
    request.log.error({ err }, 'upload storage failed');
    throw new AppError(ResultCode.serverError, Messages.uploadFailed, 500);
  }
}

/** 上传图片与视频 (SPEC §7): any signed-in user; the type is judged by the bytes. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);
  // Scoped to this plugin: no other route takes multipart bodies.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  app.post(
    '/erp/api/v1/common/uploadImg',
    {
      preValidation: refuseOversize(IMAGE_STREAM_LIMIT, UploadMessages.imageTooLarge),
      schema: {
        tags: ['uploads'],
        summary: '上传图片（png、jpeg、jpg、bmp，小于 5MB；重新编码去除元数据，另存 -200.jpg 缩略图）',
        description: multipartNote,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadResult) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const upload = await readSingleFile(request, {
        maxBytes: IMAGE_STREAM_LIMIT,
        tooLargeMessage: UploadMessages.imageTooLarge,
        receive: (part) => part.toBuffer(),
      });
      const meta = { category: upload.category, originalName: upload.filename, userId };
      return ok(await storing(request, () => service.saveImage(app.db, storage, meta, upload.value)), Messages.uploadOk);
    },
  );

  app.post(
    '/erp/api/v1/common/uploadVideo',
    {
      preValidation: refuseOversize(VIDEO_UPLOAD_MAX_BYTES, UploadMessages.videoTooLarge),
      schema: {
        tags: ['uploads'],
        summary: '上传视频（mp4，不超过 100MB，原样保存）',
        description: multipartNote,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadResult) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const upload = await storing(request, () =>
        readSingleFile(request, {
          maxBytes: VIDEO_UPLOAD_MAX_BYTES,
          tooLargeMessage: UploadMessages.videoTooLarge,
          receive: (part) => service.receiveVideo(storage, part.file),
          discard: (stored) => storage.delete(stored.key),
        }),
      );
      const meta = { category: upload.category, originalName: upload.filename, userId };
      return ok(await service.registerVideo(app.db, storage, meta, upload.value), Messages.uploadOk);
    },
  );
};
