import { PARTY_STATUSES } from '@erp/shared';
import { z } from 'zod';

// Loose on purpose: the shared checker gives each bad field the message the form shows.
const text = z.string().max(200).nullish();

export const partyAccountBody = z.object({
  account: text.describe('登录账号：3-32位字母、数字、下划线、点或短横线，不区分大小写且唯一'),
  name: text.describe('姓名，1-32个字符'),
  phone: text.describe('手机号（11位），唯一；可用于短信登录和找回密码'),
  password: text.describe('初始密码：8-30位，含数字、小写字母、大写字母、特殊字符中的至少三种；首次登录须修改'),
});
export type PartyAccountBody = z.infer<typeof partyAccountBody>;

export const partyAccountRecord = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  phone: z.string().describe('已脱敏，如 138****0001'),
  active: z.boolean().describe('false：下次登录须设置新密码'),
  status: z.enum(PARTY_STATUSES),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

export const userIdParams = z.object({
  userId: z.coerce.number().int('编号必须是正整数').positive('编号必须是正整数').max(Number.MAX_SAFE_INTEGER, '编号不正确'),
});
