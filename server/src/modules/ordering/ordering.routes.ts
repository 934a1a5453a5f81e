import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buyerBrandsRoutes } from './buyer-brands.routes.ts';
import { registerBrandUsage } from './buyer-brands.service.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { quotasRoutes } from './quotas.routes.ts';
import { seasonsRoutes } from './seasons.routes.ts';

/** 订货管理: 订货季, the buyer's catalogue, 订货额度 and 可订品牌 (the 购物车 is sales-orders'). */
export const orderingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerBrandUsage();
  await app.register(seasonsRoutes);
  await app.register(catalogueRoutes);
  await app.register(quotasRoutes);
  await app.register(buyerBrandsRoutes);
};
