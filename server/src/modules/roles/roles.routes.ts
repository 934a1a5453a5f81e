import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, RoleMessages } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { candidatesQuery, grantBody, MEMBER_SORTS, memberRecord, membersBody, membersQuery, ROLE_SORTS, roleBody, roleIdParams, roleRecord, rolesQuery } from './roles.schema.ts';
import { menuTreeNode } from '../menus/menus-admin.schema.ts';
import { menuTree } from '../menus/menus-admin.service.ts';
import * as service from './roles.service.ts';

const TAGS = ['roles'];

/**
 * 角色管理, 权限分配 (ruleAuth) and role members. Changes that alter what users may do clear the
 * access cache of this process (all users, or the members concerned) at once; their transaction
 * bumps the shared access version (triggers, 0022), so other server processes follow within a
 * second (AccessCache).
 */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/roles/page',
    { config: { permission: Permissions.roleList }, schema: { tags: TAGS, summary: '角色列表', querystring: rolesQuery, response: { 200: envelope(pageOf(roleRecord)) } } },
    async (request) => {
      const params = parseListParams(request.query, ROLE_SORTS, { sort: 'id', order: 'asc' });
      return ok(await service.pageRoles(app.db, request.query.keyword || undefined, params));
    },
  );

  app.get(
    '/admin/api/v1/roles/candidates',
    {
      config: { permission: Permissions.roleUsers },
      schema: { tags: TAGS, summary: '可加入角色的用户（按角色的用户类型，最多20个）', querystring: candidatesQuery, response: { 200: envelope(z.array(memberRecord)) } },
    },
    async (request) => ok(await service.candidates(app.db, request.query.roleId, request.query.keyword || undefined)),
  );

  // the tree to grant from; its own route so granting does not need 菜单管理's code
  app.get(
    '/admin/api/v1/roles/menu-tree',
    {
      config: { permission: Permissions.roleGrant },
      schema: { tags: TAGS, summary: '权限分配用的完整菜单树（含按钮）', response: { 200: envelope(z.array(menuTreeNode)) } },
    },
    async () => ok(await menuTree(app.db)),
  );

  app.get(
    '/admin/api/v1/roles/:id',
    { config: { permission: Permissions.roleList }, schema: { tags: TAGS, summary: '角色详情', params: roleIdParams, response: { 200: envelope(roleRecord) } } },
    async (request) => ok(await service.getRole(app.db, request.params.id)),
  );

  app.post(
    '/admin/api/v1/roles',
    { config: { permission: Permissions.roleAdd }, schema: { tags: TAGS, summary: '新增角色', body: roleBody, response: { 200: envelope(z.object({ id: z.number().int() })) } } },
    async (request) => ok({ id: await service.createRole(app.db, request.body) }, RoleMessages.created),
  );

  app.put(
    '/admin/api/v1/roles/:id',
    { config: { permission: Permissions.roleEdit }, schema: { tags: TAGS, summary: '编辑角色', params: roleIdParams, body: roleBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await service.updateRole(app.db, request.params.id, request.body);
      app.accessCache.clearAll();
      return ok(null, RoleMessages.updated);
    },
  );

  app.delete(
    '/admin/api/v1/roles/:id',
    {
      config: { permission: Permissions.roleDelete },
      schema: { tags: TAGS, summary: '删除角色（内置或有成员时拒绝）', params: roleIdParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.deleteRole(app.db, request.params.id);
      app.accessCache.clearAll();
      return ok(null, RoleMessages.deleted);
    },
  );

  app.get(
    '/admin/api/v1/roles/:id/menus',
    {
      config: { permission: Permissions.roleGrant },
      schema: { tags: TAGS, summary: '角色已授权的菜单 id', params: roleIdParams, response: { 200: envelope(z.array(z.number().int())) } },
    },
    async (request) => ok(await service.grantedMenus(app.db, request.params.id)),
  );

  app.put(
    '/admin/api/v1/roles/:id/menus',
    {
      config: { permission: Permissions.roleGrant },
      schema: { tags: TAGS, summary: '权限分配：以所给菜单 id 替换角色的授权', params: roleIdParams, body: grantBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.grantMenus(app.db, request.params.id, request.body.menuIds);
      app.accessCache.clearAll();
      return ok(null, RoleMessages.granted);
    },
  );

  app.get(
    '/admin/api/v1/roles/:id/users',
    {
      config: { permission: Permissions.roleUsers },
      schema: { tags: TAGS, summary: '角色成员', params: roleIdParams, querystring: membersQuery, response: { 200: envelope(pageOf(memberRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, MEMBER_SORTS, { sort: 'account', order: 'asc' });
      return ok(await service.pageMembers(app.db, request.params.id, request.query.keyword || undefined, params));
    },
  );

  app.put(
    '/admin/api/v1/roles/:id/users',
    {
      config: { permission: Permissions.roleUsers },
      schema: { tags: TAGS, summary: '加入和移除角色成员（一次事务）', params: roleIdParams, body: membersBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const changed = await service.changeMembers(app.db, request.params.id, request.body);
      for (const userId of changed) app.accessCache.clear(userId);
      return ok(null, RoleMessages.membersSaved);
    },
  );
};
