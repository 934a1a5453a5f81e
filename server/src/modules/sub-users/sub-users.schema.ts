import { PARTY_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';
import { keywordFilter, statusFilter } from '../parties/parties.schema.ts';

export const subUserIdParams = z.object({
  id: z.coerce.number().int('编号必须是正整数').positive('编号必须是正整数').max(Number.MAX_SAFE_INTEGER, '编号不正确'),
});

export const subUsersQuery = z.object({ ...listQueryShape, keyword: keywordFilter, status: statusFilter });
export const SUB_USER_SORTS = {
  account: 'users.account',
  name: 'users.name',
  createdAt: 'users.created_at',
  lastLoginAt: 'users.last_login_at',
} as const;

// Loose on purpose: the shared checker gives each bad field the message the form shows.
const text = z.string().max(200).optional().default('');
const menuIds = z.array(z.number().int().positive(), { error: '请选择权限' }).max(5000).optional().default([]);

export const subUserCreateBody = z.object({
  account: text.describe('登录账号：3-32位字母、数字、下划线、点或短横线，不区分大小写且唯一'),
  name: text.describe('姓名，1-32个字符'),
  phone: text.describe('手机号（11位，可不填），唯一'),
  password: text.describe('初始密码：8-30位，含数字、小写字母、大写字母、特殊字符中的至少三种；首次登录须修改'),
  menuIds: menuIds.describe('授予的菜单 id（须在自己的权限范围内，见 grantable）'),
});

export const subUserUpdateBody = z.object({
  name: text.describe('姓名，1-32个字符'),
  phone: text.describe('手机号（11位），空串表示不设'),
  menuIds: menuIds.describe('授予的菜单 id，整体替换'),
});

const recordShape = {
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  phone: z.string(),
  active: z.boolean().describe('false：下次登录须设置新密码'),
  status: z.enum(PARTY_STATUSES),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
};

export const subUserRecord = z.object({ ...recordShape, phone: z.string().describe('已脱敏，如 138****0001') });
export const subUserDetail = z.object({ ...recordShape, menuIds: z.array(z.number().int()) });
