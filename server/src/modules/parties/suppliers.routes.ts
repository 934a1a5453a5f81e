import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partyDisabledWithAccounts, PartyMessages, Permissions } from '@erp/shared';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { SUPPLIER_SORTS, supplierBody, supplierOption, supplierOptionsQuery, supplierRecord, suppliersQuery } from './suppliers.schema.ts';
import * as service from './suppliers.service.ts';
import { idParams, statusChanged } from './parties.schema.ts';
import { callerOf } from './party-scope.ts';
import { changePartyStatus } from './party-status.service.ts';

const tags = ['suppliers'];
const BASE = '/admin/api/v1/users/supplier';

/** 供应商 (users/supplier): reads need the page code, changes the button codes; a supplier sees only itself. */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.supplierList },
      schema: { tags, summary: '供应商列表（关键字匹配编码、名称、联系人、电话）', querystring: suppliersQuery, response: { 200: envelope(pageOf(supplierRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, SUPPLIER_SORTS, { sort: 'code', order: 'asc' });
      const { keyword, status } = request.query;
      const { scope } = await callerOf(app, request);
      return ok(await service.pageSuppliers(app.db, scope, { keyword: keyword || undefined, status }, params));
    },
  );

  app.get(
    `${BASE}/options`,
    {
      // any signed-in user (the product form's picker); the scope, not a button code, limits the rows
      schema: {
        tags,
        summary: '供应商选项（启用的，按编码排序，最多200条；总部全部，供应商账号仅自己，代理商和门店无）',
        querystring: supplierOptionsQuery,
        response: { 200: envelope(z.array(supplierOption)) },
      },
    },
    async (request) => ok(await service.supplierOptions(app.db, authOf(request).scope, request.query.keyword)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.supplierList },
      schema: { tags, summary: '供应商详情', params: idParams, response: { 200: envelope(supplierRecord) } },
    },
    async (request) => ok(await service.getSupplier(app.db, (await callerOf(app, request)).scope, request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: Permissions.supplierAdd },
      schema: { tags, summary: '新增供应商（仅总部）', body: supplierBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    },
    async (request) => {
      const id = await service.createSupplier(app.db, (await callerOf(app, request)).scope, request.body);
      return ok({ id }, PartyMessages.created);
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.supplierEdit },
      schema: { tags, summary: '修改供应商', params: idParams, body: supplierBody, response: { 200: envelope(supplierRecord) } },
    },
    async (request) => {
      const record = await service.updateSupplier(app.db, (await callerOf(app, request)).scope, request.params.id, request.body);
      return ok(record, PartyMessages.updated);
    },
  );

  app.post(
    `${BASE}/:id/disable`,
    {
      config: { permission: Permissions.supplierDisable },
      schema: { tags, summary: '停用供应商（同时停用其全部账号，仅总部）', params: idParams, response: { 200: envelope(statusChanged) } },
    },
    async (request) => {
      const count = await changePartyStatus(app.db, (await callerOf(app, request)).scope, 'supplier', request.params.id, false);
      return ok({ disabledAccounts: count }, partyDisabledWithAccounts(count));
    },
  );

  app.post(
    `${BASE}/:id/enable`,
    {
      config: { permission: Permissions.supplierDisable },
      schema: { tags, summary: '启用供应商（账号不随之启用，仅总部）', params: idParams, response: { 200: envelope(statusChanged) } },
    },
    async (request) => {
      await changePartyStatus(app.db, (await callerOf(app, request)).scope, 'supplier', request.params.id, true);
      return ok({ disabledAccounts: 0 }, PartyMessages.enabled);
    },
  );
};
