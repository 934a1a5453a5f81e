import type { FastifyPluginAsync } from 'fastify';
import { purchasePayablesRoutes } from './purchase-payables.routes.ts';
import { purchaseOrdersRoutes } from './purchase-orders.routes.ts';
import { purchaseRefundsRoutes } from './purchase-refunds.routes.ts';
import { purchaseSummaryRoutes } from './purchase-summary.routes.ts';
import { registerPurchasingSources } from './source-hooks.ts';

/** 采购: orders (with receiving and the supplier's confirmation), refunds, payables and the summary. */
export const purchasingRoutes: FastifyPluginAsync = async (app) => {
  registerPurchasingSources();
  await app.register(purchaseOrdersRoutes);
  await app.register(purchaseRefundsRoutes);
  await app.register(purchasePayablesRoutes);
  await app.register(purchaseSummaryRoutes);
};
