import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PARTY_KIND_LABELS, PartyMessages, Permissions, type PartyKind } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { idParams } from '../parties/parties.schema.ts';
import { partyAccountBody, partyAccountRecord, userIdParams } from './party-accounts.schema.ts';
import * as service from './party-accounts.service.ts';
import { callerOf } from '../parties/party-scope.ts';

const tags = ['party-accounts'];
const LIST_CODE = { agent: Permissions.agentList, shop: Permissions.shopList, supplier: Permissions.supplierList } as const;

/**
 * A party's sign-in accounts. Listing needs the party's page; every change needs the 账号 button
 * (users:account:manage) on that kind's page and the party in the caller's scope.
 */
export const partyAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['agent', 'shop', 'supplier'] as const satisfies readonly PartyKind[]) {
    const label = PARTY_KIND_LABELS[kind];
    app.get(
      `/admin/api/v1/users/${kind}/:id/accounts`,
      {
        config: { permission: LIST_CODE[kind] },
        schema: { tags, summary: `${label}的登录账号`, params: idParams, response: { 200: envelope(z.array(partyAccountRecord)) } },
      },
      async (request) => ok(await service.listAccounts(app.db, await callerOf(app, request), kind, request.params.id)),
    );

    app.post(
      `/admin/api/v1/users/${kind}/:id/accounts`,
      {
        config: { permission: Permissions.partyAccounts },
        schema: {
          tags,
          summary: `新增${label}账号（未激活：首次登录须设置新密码）`,
          params: idParams,
          body: partyAccountBody,
          response: { 200: envelope(z.object({ id: z.number().int() })) },
        },
      },
      async (request) => {
        const id = await service.createAccount(app.db, await callerOf(app, request), kind, request.params.id, request.body);
        return ok({ id }, PartyMessages.accountCreated);
      },
    );
  }

  app.post(
    '/admin/api/v1/users/party-accounts/:userId/reset-password',
    {
      config: { permission: Permissions.partyAccounts },
      schema: {
        tags,
        summary: '重置账号密码：生成临时密码（只显示这一次），结束其全部会话，首次登录须设置新密码',
        params: userIdParams,
        response: { 200: envelope(z.object({ password: z.string().describe('临时密码，只返回这一次') })) },
      },
    },
    async (request) => {
      const password = await service.resetPassword(app.db, await callerOf(app, request), request.params.userId);
      return ok({ password }, PartyMessages.passwordReset);
    },
  );

  app.post(
    '/admin/api/v1/users/party-accounts/:userId/disable',
    {
      config: { permission: Permissions.partyAccounts },
      schema: { tags, summary: '停用账号（其会话在下次请求时结束）', params: userIdParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.setAccountEnabled(app.db, await callerOf(app, request), request.params.userId, false);
      return ok(null, PartyMessages.accountDisabled);
    },
  );

  app.post(
    '/admin/api/v1/users/party-accounts/:userId/enable',
    {
      config: { permission: Permissions.partyAccounts },
      schema: { tags, summary: '启用账号（所属单位须为启用状态）', params: userIdParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.setAccountEnabled(app.db, await callerOf(app, request), request.params.userId, true);
      return ok(null, PartyMessages.accountEnabled);
    },
  );
};
