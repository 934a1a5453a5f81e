import type { FastifyPluginAsync } from 'fastify';
import { agentsRoutes } from './agents.routes.ts';
import { shopsRoutes } from './shops.routes.ts';
import { suppliersRoutes } from './suppliers.routes.ts';

/** 用户管理: 代理商, 门店, 供应商 (their sign-in accounts: modules/party-accounts). */
export const partiesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(agentsRoutes);
  await app.register(shopsRoutes);
  await app.register(suppliersRoutes);
};
