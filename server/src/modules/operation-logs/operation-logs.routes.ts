import { operationModuleLabel, Permissions } from '@erp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { idParams, OPERATION_LOG_SORTS, operationLogModule, operationLogRecord, operationLogsQuery } from './operation-logs.schema.ts';
import * as service from './operation-logs.service.ts';

export const operationLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/operation-logs/page',
    {
      config: { permission: Permissions.operationLogList },
      schema: { tags: ['operation-logs'], summary: '操作日志列表', querystring: operationLogsQuery, response: { 200: envelope(pageOf(operationLogRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, OPERATION_LOG_SORTS, { sort: 'createdAt', order: 'desc' });
      return ok(await service.pageOperationLogs(app.db, request.query, params));
    },
  );

  app.get(
    '/admin/api/v1/operation-logs/modules',
    {
      config: { permission: Permissions.operationLogList },
      schema: { tags: ['operation-logs'], summary: '操作日志的模块（筛选用）', response: { 200: envelope(z.array(operationLogModule)) } },
    },
    async () => ok(app.operationLogModules().map((value) => ({ value, label: operationModuleLabel(value) }))),
  );

  app.get(
    '/admin/api/v1/operation-logs/:id',
    {
      config: { permission: Permissions.operationLogList },
      schema: { tags: ['operation-logs'], summary: '操作日志详情', params: idParams, response: { 200: envelope(operationLogRecord) } },
    },
    async (request) => ok(await service.operationLogDetail(app.db, request.params.id)),
  );
};
