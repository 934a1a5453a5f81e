import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FinanceMessages, Permissions } from '@erp/shared';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { ACCOUNT_SORTS, accountRecord, accountsQuery, creditBody, ENTRY_SORTS, entriesQuery, entryRecord, partyParams } from './accounts.schema.ts';
import * as service from './accounts.service.ts';
import { setCreditLimit } from './credit.service.ts';

export const FINANCE_BASE = '/admin/api/v1/finance';
const BASE = `${FINANCE_BASE}/accounts`;
const tags = ['finance'];

/** 往来账户: figures from the money ledger; HQ every account, a party its own. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.financeAccountList },
      schema: {
        tags,
        summary: '往来账户列表（余额、应收、预付款、授信额度、未发货订单、可用额度；总部全部，往来单位自己的）',
        querystring: accountsQuery,
        response: {
          200: envelope(
            pageOf(accountRecord).extend({
              totals: z
                .object({ receivableFen: z.number(), prepaymentFen: z.number(), payableFen: z.number(), unshippedFen: z.number() })
                .describe('整个筛选（不只本页）的合计：应收、预付款、应付、未发货'),
            }),
          ),
        },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, ACCOUNT_SORTS, { sort: 'partyCode', order: 'asc' });
      const { partyType, keyword, owing } = request.query;
      return ok(await service.pageAccounts(app.db, authOf(request).scope, { partyType, keyword: keyword?.trim() || undefined, owing: owing === 'true' }, params));
    },
  );

  app.get(
    `${BASE}/:partyType/:partyId`,
    {
      config: { permission: Permissions.financeAccountList },
      schema: { tags, summary: '往来账户详情（各项数字）', params: partyParams, response: { 200: envelope(accountRecord) } },
    },
    async (request) => ok(await service.getAccount(app.db, authOf(request).scope, request.params)),
  );

  app.get(
    `${BASE}/:partyType/:partyId/entries/page`,
    {
      config: { permission: Permissions.financeAccountList },
      schema: { tags, summary: '账户流水（每笔分录及其后的余额，可打开其单据）', params: partyParams, querystring: entriesQuery, response: { 200: envelope(pageOf(entryRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, ENTRY_SORTS, { sort: 'id', order: 'desc' });
      const { from, to, entryType } = request.query;
      return ok(await service.pageEntries(app.db, authOf(request).scope, request.params, { from, to, entryType }, params));
    },
  );

  app.put(
    `${BASE}/:partyType/:partyId/credit`,
    {
      config: { permission: Permissions.financeCreditEdit },
      schema: { tags, summary: '设置授信额度（总部；null 即不做额度控制）', params: partyParams, body: creditBody, response: { 200: envelope(accountRecord) } },
    },
    async (request) => {
      const auth = authOf(request);
      const party = await setCreditLimit(app.db, auth.scope, auth.userId, request.params, request.body);
      return ok(await service.getAccount(app.db, auth.scope, party), FinanceMessages.creditSaved);
    },
  );
};
