import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueRoutes } from './catalogue.routes.ts';
import { seasonsRoutes } from './seasons.routes.ts';

/** 订货管理: 订货季 and the buyer's catalogue (the cart and orders will join here). */
export const orderingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(seasonsRoutes);
  await app.register(catalogueRoutes);
};
