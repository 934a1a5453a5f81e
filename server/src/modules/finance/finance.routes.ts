import type { FastifyPluginAsync } from 'fastify';
import { accountsRoutes } from './accounts.routes.ts';
import { adjustmentsRoutes } from './adjustments.routes.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { statementsRoutes } from './statements.routes.ts';
import { rebatesRoutes } from './rebates.routes.ts';
import './credit.service.ts';

/** 财务管理 (issue 18): accounts, payments, adjustments, statements and ageing, rebates; the credit check of orders registers as the module loads. */
export const financeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(accountsRoutes);
  await app.register(paymentsRoutes);
  await app.register(adjustmentsRoutes);
  await app.register(statementsRoutes);
  await app.register(rebatesRoutes);
};
