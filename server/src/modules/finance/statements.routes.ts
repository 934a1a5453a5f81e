import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, StatementMessages } from '@erp/shared';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { requestContext } from '../../http/request-context.ts';
import { FINANCE_BASE } from './accounts.routes.ts';
import { partyParams } from './accounts.schema.ts';
import {
  AGEING_SORTS,
  ageingQuery,
  ageingRecord,
  confirmBody,
  disputeBody,
  periodQuery,
  STATEMENT_ENTRY_SORTS,
  statementEntriesQuery,
  statementEntryRecord,
  statementRecord,
} from './statements.schema.ts';
import * as service from './statements.service.ts';

const BASE = `${FINANCE_BASE}/statements/:partyType/:partyId`;
const tags = ['finance'];

/** 对账单 (a party's account over a period; the party confirms its own) and 应收账龄 (HQ). */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    {
      config: { permission: Permissions.financeStatementList },
      schema: {
        tags,
        summary: '对账单（期初余额、本期增加、本期减少、期末余额、笔数、确认情况；总部任一往来单位，往来单位自己的）',
        params: partyParams,
        querystring: periodQuery,
        response: { 200: envelope(statementRecord) },
      },
    },
    async (request) => {
      const { userId, scope, permissions } = await requestContext(app, request);
      return ok(await service.getStatement(app.db, { userId, scope, permissions }, request.params, request.query));
    },
  );

  app.get(
    `${BASE}/entries/page`,
    {
      config: { permission: Permissions.financeStatementList },
      schema: {
        tags,
        summary: '对账单明细（期间内每笔分录及其后的余额，可打开其单据）',
        params: partyParams,
        querystring: statementEntriesQuery,
        response: { 200: envelope(pageOf(statementEntryRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, STATEMENT_ENTRY_SORTS, { sort: 'id', order: 'asc' });
      return ok(await service.pageStatementEntries(app.db, authOf(request).scope, request.params, request.query, params));
    },
  );

  app.post(
    `${BASE}/confirm`,
    {
      config: { permission: Permissions.financeStatementConfirm },
      schema: {
        tags,
        summary: '确认对账单（往来单位确认自己已结束期间的对账单，每期一次；总部不能代为确认）',
        params: partyParams,
        body: confirmBody,
        response: { 200: envelope(statementRecord) },
      },
    },
    async (request) => {
      const { userId, scope, permissions } = await requestContext(app, request);
      const ctx = { userId, scope, permissions };
      await service.confirmStatement(app.db, ctx, request.params, request.body);
      return ok(await service.getStatement(app.db, ctx, request.params, request.body), StatementMessages.confirmed);
    },
  );

  app.post(
    `${BASE}/dispute`,
    {
      config: { permission: Permissions.financeStatementConfirm },
      schema: {
        tags,
        summary: '对账单有异议（往来单位对自己已结束期间的对账单提出异议并说明，与确认二选一，每期一次）',
        params: partyParams,
        body: disputeBody,
        response: { 200: envelope(statementRecord) },
      },
    },
    async (request) => {
      const { userId, scope, permissions } = await requestContext(app, request);
      const ctx = { userId, scope, permissions };
      await service.confirmStatement(app.db, ctx, request.params, request.body, 'disputed');
      return ok(await service.getStatement(app.db, ctx, request.params, request.body), StatementMessages.disputed);
    },
  );

  app.get(
    `${FINANCE_BASE}/ageing/page`,
    {
      config: { permission: Permissions.financeAgeingList },
      schema: {
        tags,
        summary: '应收账龄（总部：各欠款往来单位的应收按未付款项的账龄分为0-30、31-60、61-90、90天以上）',
        querystring: ageingQuery,
        response: {
          200: envelope(
            pageOf(ageingRecord).extend({
              totals: z.object({ d0to30: z.number(), d31to60: z.number(), d61to90: z.number(), over90: z.number(), totalFen: z.number() }).describe('整个筛选（不只本页）的合计'),
            }),
          ),
        },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, AGEING_SORTS, { sort: 'totalFen', order: 'desc' });
      return ok(await service.pageAgeing(app.db, authOf(request).scope, request.query.keyword?.trim() || undefined, params));
    },
  );
};
