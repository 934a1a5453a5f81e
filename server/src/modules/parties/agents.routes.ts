import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partyDisabledWithAccounts, PartyMessages, Permissions } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { AGENT_SORTS, agentBody, agentOption, agentRecord, agentsQuery } from './agents.schema.ts';
import * as service from './agents.service.ts';
import { idParams, statusChanged } from './parties.schema.ts';
import { callerOf } from './party-scope.ts';
import { changePartyStatus } from './party-status.service.ts';

const tags = ['agents'];
const BASE = '/admin/api/v1/users/agent';

/** 代理商 (users/agent): reads need the page code, changes the button codes; all within the caller's scope. */
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.agentList },
      schema: { tags, summary: '代理商列表（关键字匹配编码、名称、联系人、电话）', querystring: agentsQuery, response: { 200: envelope(pageOf(agentRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, AGENT_SORTS, { sort: 'code', order: 'asc' });
      const { keyword, status } = request.query;
      const { scope } = await callerOf(app, request);
      return ok(await service.pageAgents(app.db, scope, { keyword: keyword || undefined, status }, params));
    },
  );

  app.get(
    `${BASE}/select_list`,
    {
      // feeds the agent select of the 门店 page, so it is guarded by that page's code
      config: { permission: Permissions.shopList },
      schema: { tags, summary: '代理商下拉选项（门店页使用，按数据范围）', response: { 200: envelope(z.array(agentOption)) } },
    },
    async (request) => ok(await service.agentOptions(app.db, (await callerOf(app, request)).scope)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.agentList },
      schema: { tags, summary: '代理商详情', params: idParams, response: { 200: envelope(agentRecord) } },
    },
    async (request) => ok(await service.getAgent(app.db, (await callerOf(app, request)).scope, request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: Permissions.agentAdd },
      schema: { tags, summary: '新增代理商（仅总部）', body: agentBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    },
    async (request) => {
      const id = await service.createAgent(app.db, (await callerOf(app, request)).scope, request.body);
      return ok({ id }, PartyMessages.created);
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.agentEdit },
      schema: { tags, summary: '修改代理商', params: idParams, body: agentBody, response: { 200: envelope(agentRecord) } },
    },
    async (request) => {
      const record = await service.updateAgent(app.db, (await callerOf(app, request)).scope, request.params.id, request.body);
      return ok(record, PartyMessages.updated);
    },
  );

  app.post(
    `${BASE}/:id/disable`,
    {
      config: { permission: Permissions.agentDisable },
      schema: { tags, summary: '停用代理商（同时停用其全部账号，仅总部）', params: idParams, response: { 200: envelope(statusChanged) } },
    },
    async (request) => {
      const count = await changePartyStatus(app.db, (await callerOf(app, request)).scope, 'agent', request.params.id, false);
      return ok({ disabledAccounts: count }, partyDisabledWithAccounts(count));
    },
  );

  app.post(
    `${BASE}/:id/enable`,
    {
      config: { permission: Permissions.agentDisable },
      schema: { tags, summary: '启用代理商（账号不随之启用，仅总部）', params: idParams, response: { 200: envelope(statusChanged) } },
    },
    async (request) => {
      await changePartyStatus(app.db, (await callerOf(app, request)).scope, 'agent', request.params.id, true);
      return ok({ disabledAccounts: 0 }, PartyMessages.enabled);
    },
  );
};
