import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { menusAdminRoutes } from './menus-admin.routes.ts';

const menuMeta = z.object({
  title: z.string(),
  icon: z.string(),
  sort: z.number(),
  permissions: z.array(z.string()),
  keepAlive: z.boolean(),
  external: z.boolean().optional(),
  // a hidden page (新增, 详情 …) is routed but listed nowhere: without the flag the web would list it
  hidden: z.boolean().optional(),
});

interface MenuNode {
  name: string;
  path: string;
  redirect: string;
  component: string;
  meta: z.infer<typeof menuMeta>;
  children: MenuNode[];
}

const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    redirect: z.string(),
    component: z.string(),
    meta: menuMeta,
    children: z.array(menuNode),
  }),
);

export const menusRoutes: FastifyPluginAsyncZod = async (app) => {
  // 菜单管理 (tree editing) lives in its own files; registered here so app.ts stays one line per area
  await app.register(menusAdminRoutes);

  app.get('/admin/api/v1/menus/route', { schema: { tags: ['menus'], summary: '当前用户的菜单路由树', response: { 200: envelope(z.array(menuNode)) } } }, async (request) => {
    const access = await app.accessCache.get(app.db, authOf(request).userId, app.config.apiPrefix);
    return ok(access.routes);
  });

  app.get(
    '/admin/api/v1/menus/cleanUserCache',
    { schema: { tags: ['menus'], summary: '清除当前用户的菜单与权限缓存', response: { 200: envelope(z.literal('success')) } } },
    async (request) => {
      app.accessCache.clear(authOf(request).userId);
      return ok('success' as const);
    },
  );
};
