import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { machineAllActions, STOCK_DOC_CODES, STOCK_DOC_KIND_LABELS, STOCK_DOC_MACHINES, stockDocActionPermission, type StockDocAction, type StockDocKind } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { scanDoc, scanRecords } from './doc-scan.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { KIND_SPECS } from './doc-kinds.service.ts';
import { contextOf } from './kind-spec.ts';
import { actionBody, docBody, DOC_SORTS, docsQuery, idParams, scanBody, stockDocDetail, stockDocRecord, stockScanAnswer, stockScanRecord } from './stock-docs.schema.ts';
import * as service from './stock-docs.service.ts';

const BASE = '/admin/api/v1/stock-docs';

const CODES = STOCK_DOC_CODES;
const codeOf = stockDocActionPermission;

const ACTION_PATHS: Record<Exclude<StockDocAction, 'edit' | 'scan'>, string> = {
  submit: 'submit',
  withdraw: 'withdraw',
  ship: 'ship',
  receive: 'receive',
  startCount: 'start-count',
  post: 'post',
  void: 'void',
};

/**
 * 库存单据: the same routes for every kind — /stock-docs/{kind}/page, /{id}, create, edit, the
 * status actions its machine has, and scanning. Posting actions honour an Idempotency-Key.
 */
export const stockDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [kind, spec] of Object.entries(KIND_SPECS) as [StockDocKind, NonNullable<(typeof KIND_SPECS)[StockDocKind]>][]) {
    const label = STOCK_DOC_KIND_LABELS[kind];
    const tags = [`stock-docs:${kind}`];
    const base = `${BASE}/${kind}`;
    const machineActions = new Set(machineAllActions(STOCK_DOC_MACHINES[kind]));

    app.get(
      `${base}/page`,
      { config: { permission: CODES[kind].list }, schema: { tags, summary: `${label}列表`, querystring: docsQuery, response: { 200: envelope(pageOf(stockDocRecord)) } } },
      async (request) => {
        const params = parseListParams(request.query, DOC_SORTS, { sort: 'id', order: 'desc' });
        const q = request.query;
        const filter = {
          kind,
          status: q.status,
          bizType: q.bizType || undefined,
          warehouseId: q.warehouseId,
          docNo: q.docNo || undefined,
          from: q.from,
          to: q.to,
          sourceType: q.sourceType || undefined,
          sourceId: q.sourceId,
          destinationInScope: q.incoming === 'true' || undefined,
        };
        return ok(await service.pageDocs(app.db, await contextOf(app, request), filter, params));
      },
    );

    app.get(
      `${base}/:id`,
      { config: { permission: CODES[kind].list }, schema: { tags, summary: `${label}详情（含明细）`, params: idParams, response: { 200: envelope(stockDocDetail) } } },
      async (request) => ok(await service.docDetail(app.db, await contextOf(app, request), kind, request.params.id)),
    );

    app.post(
      base,
      {
        config: { permission: CODES[kind].add },
        schema: { tags, summary: `新增${label}（草稿）：答单据表头，明细用详情读取`, body: docBody, response: { 200: envelope(stockDocRecord) } },
      },
      async (request, reply) => {
        const ctx = await contextOf(app, request);
        return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.createDoc(db, spec, ctx, request.body), '新增成功'));
      },
    );

    app.put(
      `${base}/:id`,
      {
        config: { permission: CODES[kind].add },
        schema: { tags, summary: `编辑${label}（草稿）：答单据表头`, params: idParams, body: docBody, response: { 200: envelope(stockDocRecord) } },
      },
      async (request) => ok(await service.updateDoc(app.db, spec, await contextOf(app, request), request.params.id, request.body), '保存成功'),
    );

    for (const [action, path] of Object.entries(ACTION_PATHS) as [keyof typeof ACTION_PATHS, string][]) {
      if (!machineActions.has(action)) continue;
      app.post(
        `${base}/:id/${path}`,
        {
          config: { permission: codeOf(kind, action) },
          schema: { tags, summary: `${label}：${action}（答单据表头）`, params: idParams, body: actionBody, response: { 200: envelope(stockDocRecord) } },
        },
        async (request, reply) => {
          const ctx = await contextOf(app, request);
          return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.actOnDoc(db, spec, ctx, request.params.id, action, request.body ?? {}), '操作成功'));
        },
      );
    }

    if (spec.scan) {
      app.post(
        `${base}/:id/scan`,
        {
          config: { permission: codeOf(kind, 'scan') },
          schema: { tags, summary: `${label}扫描（一次一件；undo 撤销一件）`, params: idParams, body: scanBody, response: { 200: envelope(stockScanAnswer) } },
        },
        async (request) => ok(await scanDoc(app.db, spec, await contextOf(app, request), request.params.id, request.body)),
      );
      app.get(
        `${base}/:id/scans`,
        {
          config: { permission: CODES[kind].list },
          schema: { tags, summary: `${label}扫描记录（最新在前）`, params: idParams, response: { 200: envelope(z.array(stockScanRecord)) } },
        },
        async (request) => {
          await service.docDetail(app.db, await contextOf(app, request), kind, request.params.id);
          return ok(await scanRecords(app.db, request.params.id));
        },
      );
    }
  }
};
