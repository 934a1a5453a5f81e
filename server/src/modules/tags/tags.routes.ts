import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, TagMessages, type TagTargetType } from '@erp/shared';
import { z } from 'zod';
import { forbidden } from '../../http/app-error.ts';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import * as links from './tag-links.service.ts';
import {
  deleteTagQuery,
  idParams,
  objectTag,
  setTagsBody,
  TAG_GROUP_SORTS,
  tagBody,
  tagGroupBody,
  tagGroupRecord,
  tagGroupsPageQuery,
  tagGroupsQuery,
  tagRecord,
  targetParams,
} from './tags.schema.ts';
import * as service from './tags.service.ts';

const tags = ['tags'];
const created = envelope(z.object({ id: z.number().int() }));
const nothing = envelope(z.null());
const BASE = '/admin/api/v1';

/**
 * Who reads an object's tags: the page that shows the object, or the 标签 page. The route admits
 * any of these codes; the handler then asks for the codes of the object's own type.
 */
export const TAG_READ_PERMISSIONS: Record<TagTargetType, readonly string[]> = {
  shop: [Permissions.shopList, Permissions.tagList],
  product: [Permissions.productList, Permissions.tagList],
  member: [Permissions.tagList],
};
const ANY_TAG_READ_PERMISSION = [...new Set(Object.values(TAG_READ_PERMISSIONS).flat())];

/**
 * 标签: the page reads with its code and changes with the button codes; the full list of groups
 * needs only a session (pickers on other screens); the tags of an object need the code of a page
 * showing that kind of object (TAG_READ_PERMISSIONS), within data scope.
 */
export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/tag-groups`,
    {
      schema: {
        tags,
        summary: '全部标签分组及其标签（按排序；登录即可读取，供标签选择器使用）',
        querystring: tagGroupsQuery,
        response: { 200: envelope(z.array(tagGroupRecord)) },
      },
    },
    async (request) => ok(await service.listGroups(app.db, request.query.targetType)),
  );

  app.get(
    `${BASE}/tag-groups/page`,
    {
      config: { permission: Permissions.tagList },
      schema: { tags, summary: '标签分组列表（含各分组的标签）', querystring: tagGroupsPageQuery, response: { 200: envelope(pageOf(tagGroupRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, TAG_GROUP_SORTS, { sort: 'sort', order: 'asc' });
      const { keyword, appliesTo, enabled } = request.query;
      const filter = { keyword: keyword || undefined, appliesTo, enabled: enabled === undefined ? undefined : enabled === 'true' };
      return ok(await service.pageGroups(app.db, filter, params));
    },
  );

  app.get(
    `${BASE}/tag-groups/:id`,
    { config: { permission: Permissions.tagList }, schema: { tags, summary: '标签分组详情', params: idParams, response: { 200: envelope(tagGroupRecord) } } },
    async (request) => ok(await service.getGroup(app.db, request.params.id)),
  );

  app.post(
    `${BASE}/tag-groups`,
    { config: { permission: Permissions.tagAdd }, schema: { tags, summary: '新增标签分组', body: tagGroupBody, response: { 200: created } } },
    async (request) => ok({ id: await service.createGroup(app.db, request.body) }, TagMessages.created),
  );

  app.put(
    `${BASE}/tag-groups/:id`,
    {
      config: { permission: Permissions.tagEdit },
      schema: {
        tags,
        summary: '修改标签分组（省略的字段保持不变；标签在用时不能取消其适用对象，也不能在有对象选了多个时改为单选）',
        params: idParams,
        body: tagGroupBody,
        response: { 200: envelope(tagGroupRecord) },
      },
    },
    async (request) => ok(await service.updateGroup(app.db, request.params.id, request.body), TagMessages.updated),
  );

  app.delete(
    `${BASE}/tag-groups/:id`,
    {
      config: { permission: Permissions.tagDelete },
      schema: { tags, summary: '删除标签分组及其标签（其标签已被使用时拒绝，并给出数量）', params: idParams, response: { 200: nothing } },
    },
    async (request) => {
      await service.deleteGroup(app.db, request.params.id);
      return ok(null, TagMessages.deleted);
    },
  );

  app.post(`${BASE}/tags`, { config: { permission: Permissions.tagAdd }, schema: { tags, summary: '新增标签', body: tagBody, response: { 200: created } } }, async (request) =>
    ok({ id: await service.createTag(app.db, request.body) }, TagMessages.created),
  );

  app.put(
    `${BASE}/tags/:id`,
    {
      config: { permission: Permissions.tagEdit },
      schema: { tags, summary: '修改标签（省略的字段保持不变；不能移到其他分组）', params: idParams, body: tagBody, response: { 200: envelope(tagRecord) } },
    },
    async (request) => ok(await service.updateTag(app.db, request.params.id, request.body), TagMessages.updated),
  );

  app.delete(
    `${BASE}/tags/:id`,
    {
      config: { permission: Permissions.tagDelete },
      schema: {
        tags,
        summary: '删除标签（已被使用时须带 confirm=true，将同时解除全部关联）',
        params: idParams,
        querystring: deleteTagQuery,
        response: { 200: envelope(z.object({ detached: z.number().int().describe('解除的关联数') })) },
      },
    },
    async (request) => {
      const detached = await service.deleteTag(app.db, request.params.id, request.query.confirm === 'true');
      return ok({ detached }, detached > 0 ? `删除成功，已解除 ${detached} 个关联` : TagMessages.deleted);
    },
  );

  app.get(
    `${BASE}/tags/of/:targetType/:targetId`,
    {
      // read by the pages that show an object's tags: 门店, 商品 and 标签 (会员 joins with its module)
      config: { permission: ANY_TAG_READ_PERMISSION },
      schema: {
        tags,
        summary: '对象的标签（目前只开放门店；商品、会员随其模块开放；按数据范围）',
        params: targetParams,
        response: { 200: envelope(z.array(objectTag)) },
      },
    },
    async (request) => {
      const { targetType } = request.params;
      const needed = Object.hasOwn(TAG_READ_PERMISSIONS, targetType) ? TAG_READ_PERMISSIONS[targetType as TagTargetType] : null;
      // an unknown type falls through to the service's own message
      if (needed && !needed.some((code) => request.permissionCodes?.has(code))) throw forbidden();
      return ok(await links.objectTags(app.db, authOf(request), request.params.targetType, request.params.targetId));
    },
  );

  app.put(
    `${BASE}/tags/of/:targetType/:targetId`,
    {
      config: { permission: Permissions.tagEdit },
      schema: {
        tags,
        summary: '设置对象的标签（整体替换；校验标签存在、启用、适用于该对象、单选分组至多一个）',
        params: targetParams,
        body: setTagsBody,
        response: { 200: envelope(z.array(objectTag)) },
      },
    },
    async (request) => ok(await links.setObjectTags(app.db, authOf(request), request.params.targetType, request.params.targetId, request.body.tagIds), TagMessages.tagsSaved),
  );
};
