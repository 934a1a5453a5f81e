import { ROLE_TYPES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';

export const roleIdParams = z.object({ id: z.coerce.number().int().positive() });

const keyword = z.string().trim().max(64, '关键字不能超过64个字符').optional();

export const rolesQuery = z.object({ ...listQueryShape, keyword });
export const ROLE_SORTS = { id: 'id', code: 'code', name: 'name', createdAt: 'created_at' } as const;

/** Loose on purpose: the service answers each field with the form's own message. */
export const roleBody = z.object({
  code: z.string().max(128).optional().default(''),
  name: z.string().max(128).optional().default(''),
  remark: z.string().max(1000).optional().default(''),
  enabled: z.boolean().optional().default(true),
});

export const roleRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  remark: z.string(),
  enabled: z.boolean(),
  builtin: z.boolean(),
  roleType: z.enum(ROLE_TYPES),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const grantBody = z.object({
  menuIds: z.array(z.number().int().positive(), { error: '请提供菜单 id 列表' }).max(5000),
});

export const membersQuery = z.object({ ...listQueryShape, keyword });
export const MEMBER_SORTS = { account: 'users.account', name: 'users.name', id: 'users.id' } as const;

export const memberRecord = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  phone: z.string(),
  roleType: z.enum(ROLE_TYPES),
  enabled: z.boolean(),
});

const userIds = z.array(z.number().int().positive()).max(500).optional().default([]);
export const membersBody = z.object({ add: userIds, remove: userIds });

export const candidatesQuery = z.object({
  roleId: z.coerce.number({ error: '请指定角色' }).int().positive(),
  keyword,
});
