import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zhCN } from 'zod/locales';
import type { AppConfig } from './config.ts';
import { CACHE_VERSIONS_CHANNEL, cacheVersionMoved } from './db/cache-versions.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import { registerAuthHook } from './http/auth-hook.ts';
import { clientErrorHandler, frameworkErrors } from './http/client-error.ts';
import { registerCompression } from './http/compression.ts';
import { registerControlCharGuard } from './http/control-chars.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerHealthRoutes } from './http/health.ts';
import { registerSecurityHeaders, rewriteSuspiciousUrl } from './http/security.ts';
import { registerWebStatic } from './http/web-static.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AccessCache } from './modules/access/access.service.ts';
import { SessionCache } from './modules/sessions/sessions.service.ts';
import { menusRoutes } from './modules/menus/menus.routes.ts';
import { createSmsProvider, type SmsProvider } from './modules/sms/sms-provider.ts';
import { smsRoutes } from './modules/sms/sms.routes.ts';
import { registrationsRoutes } from './modules/registrations/registrations.routes.ts';
import { createWechatProvider, type WechatProvider } from './modules/wechat/wechat-provider.ts';
import { wechatRoutes } from './modules/wechat/wechat.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { registerOperationLog } from './modules/operation-logs/operation-log.hook.ts';
import { operationLogsRoutes } from './modules/operation-logs/operation-logs.routes.ts';
import { dictsRoutes } from './modules/dicts/dicts.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { filesRoutes, uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { partiesRoutes } from './modules/parties/parties.routes.ts';
import { partyAccountsRoutes } from './modules/party-accounts/party-accounts.routes.ts';
import { subUsersRoutes } from './modules/sub-users/sub-users.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { materialsRoutes } from './modules/materials/materials.routes.ts';
import { productMasterRoutes } from './modules/product-master/product-master.routes.ts';
import { warehousesRoutes } from './modules/warehouses/warehouses.routes.ts';
import { stockRoutes } from './modules/stock/stock.routes.ts';
import { stockReportsRoutes } from './modules/stock-reports/stock-reports.routes.ts';
import { stockDocsRoutes } from './modules/stock-docs/stock-docs.routes.ts';
import { purchasingRoutes } from './modules/purchasing/purchasing.routes.ts';
import { overseasRoutes } from './modules/stock-docs/overseas.routes.ts';
import { openingRoutes } from './modules/stock-docs/opening.routes.ts';
import { workbenchRoutes } from './modules/workbench/workbench.routes.ts';
import { planningRoutes } from './modules/planning/planning.routes.ts';
import { orderingRoutes } from './modules/ordering/ordering.routes.ts';
import { salesOrdersRoutes } from './modules/sales-orders/sales-orders.routes.ts';
import { financeRoutes } from './modules/finance/finance.routes.ts';
import { returnsRoutes } from './modules/aftersales/returns.routes.ts';
import { agentPlansRoutes } from './modules/agent-plans/agent-plans.routes.ts';
import { inventoryRoutes } from './modules/aftersales-inventory/inventory.routes.ts';
import { allocationRoutes } from './modules/sales-orders/allocation.routes.ts';
import { salesReportsRoutes } from './modules/sales-orders/sales-reports.routes.ts';
import { reordersRoutes } from './modules/sales-orders/reorders.routes.ts';

z.config(zhCN());

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** heavy read-only reports: the REPORT_DATABASE_URL replica, else the same as db */
    reportDb: Db;
    config: AppConfig;
    accessCache: AccessCache;
    /** sessions checked by this process (auth/session-cache.ts) */
    sessionCache: SessionCache;
    sms: SmsProvider;
    wechat: WechatProvider;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** a read replica for reports (REPORT_DATABASE_URL); defaults to db */
  reportDb?: Db;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** the database's notifications (DatabaseHandle.listen): cache counters moved in any process */
  listen?: DatabaseHandle['listen'];
}

/** Builds the whole application without listening, so tests drive it through inject(). */
export async function buildApp({ config, db, reportDb, logger = false, listen }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // 客户端地址用于登录限流和操作日志：只信任配置的代理层数
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    rewriteUrl: (req) => rewriteSuspiciousUrl(req.url),
    routerOptions: { ignoreTrailingSlash: true },
    // what Node's parser refuses (URL and headers over 16 kB…) answers the envelope too
    clientErrorHandler,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('reportDb', reportDb ?? db);
  app.decorate('config', config);
  app.decorate('accessCache', new AccessCache());
  app.decorate('sessionCache', new SessionCache(config.sessionCacheMs));
  app.decorate('sms', createSmsProvider(config, app.log));
  // a session or an access change made by any process reaches this one's caches at its commit
  const unlisten = listen ? await listen(CACHE_VERSIONS_CHANNEL, cacheVersionMoved, app.log) : null;
  app.addHook('onClose', async () => {
    await unlisten?.();
    app.sessionCache.close();
    app.accessCache.close();
  });
  app.decorate('wechat', createWechatProvider(config, app.log));

  registerSecurityHeaders(app);
  registerErrorHandling(app, config.apiPrefix);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: '服装批发零售管理系统 API', version: '0.1.0', description: '应答均为 {code,msg,data}，成功码为 "201"。' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'session' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  registerAuthHook(app);
  registerControlCharGuard(app);
  registerOperationLog(app);
  // last onSend hook: the others read the answer as it was serialised
  registerCompression(app);
  registerHealthRoutes(app);

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(systemRoutes);
      await api.register(menusRoutes);
      await api.register(usersRoutes);
      await api.register(smsRoutes);
      await api.register(registrationsRoutes);
      await api.register(wechatRoutes);
      await api.register(operationLogsRoutes);
      await api.register(dictsRoutes);
      await api.register(rolesRoutes);
      await api.register(uploadsRoutes);
      await api.register(tagsRoutes);
      await api.register(partiesRoutes);
      await api.register(partyAccountsRoutes);
      await api.register(subUsersRoutes);
      await api.register(productsRoutes);
      await api.register(materialsRoutes);
      await api.register(productMasterRoutes);
      await api.register(warehousesRoutes);
      await api.register(stockRoutes);
      await api.register(stockReportsRoutes);
      await api.register(stockDocsRoutes);
      await api.register(overseasRoutes);
      await api.register(openingRoutes);
      await api.register(purchasingRoutes);
      await api.register(workbenchRoutes);
      await api.register(planningRoutes);
      await api.register(orderingRoutes);
      await api.register(salesOrdersRoutes);
      await api.register(allocationRoutes);
      await api.register(salesReportsRoutes);
      await api.register(reordersRoutes);
      await api.register(financeRoutes);
      await api.register(returnsRoutes);
      await api.register(agentPlansRoutes);
      await api.register(inventoryRoutes);
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => api.swagger());
    },
    { prefix: config.apiPrefix },
  );

  await app.register(filesRoutes);
  if (config.webDir) await registerWebStatic(app, config.webDir);
  return app;
}
