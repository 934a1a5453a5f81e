import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandsRoutes } from './brands.routes.ts';
import { categoriesRoutes } from './categories.routes.ts';
import { coloursRoutes } from './colours.routes.ts';
import { sizeGroupsRoutes } from './size-groups.routes.ts';
import { sizeRunsRoutes } from './size-runs.routes.ts';

/** 商品资料: 品牌, 商品分类, 尺码组 (and their 配码), 颜色. */
export const productMasterRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(brandsRoutes);
  await app.register(categoriesRoutes);
  await app.register(sizeGroupsRoutes);
  await app.register(sizeRunsRoutes);
  await app.register(coloursRoutes);
};
