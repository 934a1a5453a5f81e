import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partyDisabledWithAccounts, PartyMessages, Permissions } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { idParams, statusChanged } from './parties.schema.ts';
import { callerOf } from './party-scope.ts';
import { changePartyStatus } from './party-status.service.ts';
import { SHOP_SORTS, shopBody, shopRecord, shopsQuery } from './shops.schema.ts';
import * as service from './shops.service.ts';

const tags = ['shops'];
const BASE = '/admin/api/v1/users/shop';

/** 门店 (users/shop) and 门店编辑: an agent reads and edits only its own shops, a shop only itself. */
export const shopsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.shopList },
      schema: {
        tags,
        summary: '门店列表（关键字匹配编码、名称、联系人、电话、店长；按类型、代理商、区域筛选）',
        querystring: shopsQuery,
        response: { 200: envelope(pageOf(shopRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, SHOP_SORTS, { sort: 'code', order: 'asc' });
      const { keyword, status, kind, agentId, region } = request.query;
      const { scope } = await callerOf(app, request);
      return ok(await service.pageShops(app.db, scope, { keyword: keyword || undefined, status, kind, agentId, region: region || undefined }, params));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.shopList },
      schema: { tags, summary: '门店详情', params: idParams, response: { 200: envelope(shopRecord) } },
    },
    async (request) => ok(await service.getShop(app.db, (await callerOf(app, request)).scope, request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: Permissions.shopAdd },
      schema: { tags, summary: '新增门店（仅总部）', body: shopBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    },
    async (request) => {
      const id = await service.createShop(app.db, (await callerOf(app, request)).scope, request.body);
      return ok({ id }, PartyMessages.created);
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.shopEdit },
      schema: { tags, summary: '修改门店（编码、类型、所属代理商仅总部可改）', params: idParams, body: shopBody, response: { 200: envelope(shopRecord) } },
    },
    async (request) => {
      const record = await service.updateShop(app.db, (await callerOf(app, request)).scope, request.params.id, request.body);
      return ok(record, PartyMessages.updated);
    },
  );

  app.post(
    `${BASE}/:id/disable`,
    {
      config: { permission: Permissions.shopDisable },
      schema: { tags, summary: '停用门店（同时停用其全部账号，仅总部）', params: idParams, response: { 200: envelope(statusChanged) } },
    },
    async (request) => {
      const count = await changePartyStatus(app.db, (await callerOf(app, request)).scope, 'shop', request.params.id, false);
      return ok({ disabledAccounts: count }, partyDisabledWithAccounts(count));
    },
  );

  app.post(
    `${BASE}/:id/enable`,
    {
      config: { permission: Permissions.shopDisable },
      schema: { tags, summary: '启用门店（账号不随之启用，仅总部）', params: idParams, response: { 200: envelope(statusChanged) } },
    },
    async (request) => {
      await changePartyStatus(app.db, (await callerOf(app, request)).scope, 'shop', request.params.id, true);
      return ok({ disabledAccounts: 0 }, PartyMessages.enabled);
    },
  );
};
