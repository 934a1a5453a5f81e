import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DictMessages, Permissions } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import {
  codeParams,
  DICT_ITEM_SORTS,
  DICT_SORTS,
  dictBody,
  dictItemBody,
  dictItemRecord,
  dictItemsPageQuery,
  dictItemsQuery,
  dictRecord,
  dictSelectItem,
  dictsQuery,
  idParams,
} from './dicts.schema.ts';
import * as service from './dicts.service.ts';

const tags = ['dicts'];
const created = envelope(z.object({ id: z.number().int() }));
const nothing = envelope(z.null());

/** 字典管理 (SPEC §7 Dictionaries): reads need the page code, changes the button codes; select_list only a session. */
export const dictsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/dicts/page',
    {
      config: { permission: Permissions.dictList },
      schema: { tags, summary: '字典列表（关键字匹配编码或名称）', querystring: dictsQuery, response: { 200: envelope(pageOf(dictRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, DICT_SORTS, { sort: 'sort', order: 'asc' });
      const { keyword, status } = request.query;
      return ok(await service.pageDicts(app.db, { keyword: keyword || undefined, status }, params));
    },
  );

  app.get(
    '/admin/api/v1/dicts/:id',
    { config: { permission: Permissions.dictList }, schema: { tags, summary: '字典详情', params: idParams, response: { 200: envelope(dictRecord) } } },
    async (request) => ok(await service.getDict(app.db, request.params.id)),
  );

  app.post(
    '/admin/api/v1/dicts',
    { config: { permission: Permissions.dictAdd }, schema: { tags, summary: '新增字典', body: dictBody, response: { 200: created } } },
    async (request) => ok({ id: await service.createDict(app.db, request.body) }, DictMessages.created),
  );

  app.put(
    '/admin/api/v1/dicts/:id',
    {
      config: { permission: Permissions.dictEdit },
      schema: { tags, summary: '修改字典（省略的字段保持不变）', params: idParams, body: dictBody, response: { 200: envelope(dictRecord) } },
    },
    async (request) => ok(await service.updateDict(app.db, request.params.id, request.body), DictMessages.updated),
  );

  app.delete(
    '/admin/api/v1/dicts/:id',
    { config: { permission: Permissions.dictDelete }, schema: { tags, summary: '删除字典（须先删除其字典项）', params: idParams, response: { 200: nothing } } },
    async (request) => {
      await service.deleteDict(app.db, request.params.id);
      return ok(null, DictMessages.deleted);
    },
  );

  app.get(
    '/admin/api/v1/dict-items',
    {
      config: { permission: Permissions.dictList },
      schema: { tags, summary: '字典项（全部状态，按字典和排序）', querystring: dictItemsQuery, response: { 200: envelope(z.array(dictItemRecord)) } },
    },
    async (request) => {
      const { dictCode, name } = request.query;
      return ok(await service.listItems(app.db, { dictCode: dictCode || undefined, name: name || undefined }));
    },
  );

  app.get(
    '/admin/api/v1/dict-items/page',
    {
      config: { permission: Permissions.dictList },
      schema: { tags, summary: '字典项列表', querystring: dictItemsPageQuery, response: { 200: envelope(pageOf(dictItemRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, DICT_ITEM_SORTS, { sort: 'sort', order: 'asc' });
      const { dictCode, name, status } = request.query;
      return ok(await service.pageItems(app.db, { dictCode: dictCode || undefined, name: name || undefined, status }, params));
    },
  );

  app.get(
    '/admin/api/v1/dict-items/select_list/:code',
    {
      schema: {
        tags,
        summary: '下拉选项：字典的启用项，按排序（登录即可读取）',
        params: codeParams,
        response: { 200: envelope(z.array(dictSelectItem)) },
      },
    },
    async (request) => ok(await service.selectList(app.db, request.params.code)),
  );

  app.get(
    '/admin/api/v1/dict-items/:id',
    { config: { permission: Permissions.dictList }, schema: { tags, summary: '字典项详情', params: idParams, response: { 200: envelope(dictItemRecord) } } },
    async (request) => ok(await service.getItem(app.db, request.params.id)),
  );

  app.post(
    '/admin/api/v1/dict-items',
    { config: { permission: Permissions.dictAdd }, schema: { tags, summary: '新增字典项', body: dictItemBody, response: { 200: created } } },
    async (request) => ok({ id: await service.createItem(app.db, request.body) }, DictMessages.created),
  );

  app.put(
    '/admin/api/v1/dict-items/:id',
    {
      config: { permission: Permissions.dictEdit },
      schema: { tags, summary: '修改字典项（省略的字段保持不变；值与所属字典不可改）', params: idParams, body: dictItemBody, response: { 200: envelope(dictItemRecord) } },
    },
    async (request) => ok(await service.updateItem(app.db, request.params.id, request.body), DictMessages.updated),
  );

  app.delete(
    '/admin/api/v1/dict-items/:id',
    { config: { permission: Permissions.dictDelete }, schema: { tags, summary: '删除字典项', params: idParams, response: { 200: nothing } } },
    async (request) => {
      await service.deleteItem(app.db, request.params.id);
      return ok(null, DictMessages.deleted);
    },
  );
};
