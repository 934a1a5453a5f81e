import { Messages, ResultCode, StockKindMessages } from '@erp/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseTrouble } from '../db/db-errors.ts';
import { AppError } from './app-error.ts';
import { fail } from './envelope.ts';
import { BAD_PATH_ROUTE } from './security.ts';

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const message = first?.message || '参数不正确';
  const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
  // Prompts written for one field (请输入账号) stand alone; generic messages name the field.
  return field && !message.startsWith('请') ? `${field}：${message}` : message;
}

/** One place maps every failure to the envelope with a truthful HTTP status (DESIGN §3, §8). */
export function registerErrorHandling(app: FastifyInstance, apiPrefix: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(fail(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(422).send(fail(ResultCode.badRequest, validationMessage(error)));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(fail(ResultCode.payloadTooLarge, Messages.payloadTooLarge));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(fail(ResultCode.badRequest, '不支持的请求内容类型'));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(400).send(fail(ResultCode.badRequest, '请求内容不是有效的 JSON'));
    }
    // PostgreSQL gave up one of two colliding transactions (deadlock, serialization): nothing was written
    const pgCode = (error as { code?: unknown }).code;
    if (pgCode === '40P01' || pgCode === '40001') {
      return reply.status(409).send(fail(ResultCode.conflict, '数据正被其他操作修改，请重试'));
    }
    // 期初: two imports for one warehouse raced past the check; the unique index kept one
    if (pgCode === '23505' && (error as { constraint?: unknown }).constraint === 'stock_docs_opening_key') {
      return reply.status(409).send(fail(ResultCode.conflict, StockKindMessages.openingTaken));
    }
    // the database is restarting, failing over or unreachable: say so truthfully, the caller retries
    const trouble = databaseTrouble(error);
    if (trouble) {
      request.log.warn({ err: error }, trouble === 'timeout' ? 'database statement timed out' : 'database unavailable');
      const msg = trouble === 'timeout' ? Messages.databaseTimeout : Messages.databaseUnavailable;
      return reply.status(503).header('retry-after', '5').send(fail(ResultCode.databaseUnavailable, msg));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(fail(ResultCode.rateLimited, Messages.rateLimited));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(fail(ResultCode.badRequest, Messages.badRequest));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(ResultCode.serverError, Messages.systemError));
  });

  app.all(BAD_PATH_ROUTE, { config: { public: true }, schema: { hide: true } }, async (_request, reply) => reply.status(400).send(fail(ResultCode.badRequest, Messages.badPath)));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const isApi = path === apiPrefix || path.startsWith(`${apiPrefix}/`);
    if (!isApi && app.hasDecorator('sendSpa') && (request.method === 'GET' || request.method === 'HEAD')) {
      return app.sendSpa(request, reply);
    }
    return reply.status(404).send(fail(ResultCode.notFound, isApi ? '接口不存在' : Messages.notFound));
  });
}
