import type { FastifyPluginAsync } from 'fastify';
import { VOUCHER_CATEGORY } from '@erp/shared';
import { notFound } from '../../http/app-error.ts';
import { sendStoredFile } from './serve-file.ts';
import { createStorage, STORED_KEY_PATTERN } from './storage.ts';
import * as repo from './uploads.repo.ts';

/**
 * GET /files/<key>: uploaded files, outside the API prefix so their URLs survive a prefix change,
 * and public (an <img> sends no session header; keys are 128-bit random); names never change, so
 * caching is long. Payment vouchers are not served here (issue 26): they show a party's bank slip,
 * so finance serves them to those who may see the payment (`…/finance/vouchers/<key>`).
 */
export const filesRoutes: FastifyPluginAsync = async (app) => {
  const storage = createStorage(app.config);

  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!STORED_KEY_PATTERN.test(key)) throw notFound('文件不存在');
    const upload = await repo.findByKey(app.db, key.replace(/-200\.jpg$/, ''));
    if (upload?.category === VOUCHER_CATEGORY) throw notFound('文件不存在');
    return sendStoredFile(request, reply, storage, key, 'public, max-age=31536000, immutable');
  });
};
