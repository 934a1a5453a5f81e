import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MenuMessages, Permissions } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { menuBody, menuIdParams, menuTreeNode, sortBody } from './menus-admin.schema.ts';
import * as service from './menus-admin.service.ts';

/**
 * 菜单管理. Every change clears this process's access cache of all users, so the next route
 * load shows it; other server processes follow within a second through the shared access
 * version its transaction bumped (triggers, 0022).
 */
export const menusAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/menus/tree',
    {
      config: { permission: Permissions.menuList },
      schema: { tags: ['menus'], summary: '完整菜单树（含按钮、停用和隐藏的节点）', response: { 200: envelope(z.array(menuTreeNode)) } },
    },
    async () => ok(await service.menuTree(app.db)),
  );

  app.post(
    '/admin/api/v1/menus',
    {
      config: { permission: Permissions.menuAdd },
      schema: { tags: ['menus'], summary: '新增菜单（目录、菜单、按钮、外链）', body: menuBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    },
    async (request) => {
      const id = await service.createMenu(app.db, request.body);
      app.accessCache.clearAll();
      return ok({ id }, MenuMessages.saved);
    },
  );

  app.put(
    '/admin/api/v1/menus/sort',
    {
      config: { permission: Permissions.menuEdit },
      schema: { tags: ['menus'], summary: '调整上级和排序（一次事务）', body: sortBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.sortMenus(app.db, request.body);
      app.accessCache.clearAll();
      return ok(null, MenuMessages.sorted);
    },
  );

  app.put(
    '/admin/api/v1/menus/:id',
    {
      config: { permission: Permissions.menuEdit },
      schema: { tags: ['menus'], summary: '编辑菜单', params: menuIdParams, body: menuBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.updateMenu(app.db, request.params.id, request.body);
      app.accessCache.clearAll();
      return ok(null, MenuMessages.saved);
    },
  );

  app.delete(
    '/admin/api/v1/menus/:id',
    {
      config: { permission: Permissions.menuDelete },
      schema: { tags: ['menus'], summary: '删除菜单（有子项时拒绝）', params: menuIdParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.deleteMenu(app.db, request.params.id);
      app.accessCache.clearAll();
      return ok(null, MenuMessages.deleted);
    },
  );
};
