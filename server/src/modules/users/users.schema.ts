import { ROLE_TYPES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';

const dataScope = z.union([
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('agent'), agentId: z.number(), agentName: z.string() }),
  z.object({ kind: z.literal('shop'), shopId: z.number(), shopName: z.string(), agentId: z.number().nullable() }),
  z.object({ kind: z.literal('supplier'), supplierId: z.number(), supplierName: z.string() }),
  z.object({ kind: z.literal('none') }),
]);

export const userInfo = z.object({
  userId: z.number().int(),
  account: z.string(),
  name: z.string(),
  phone: z.string().describe('masked, e.g. 138****0001'),
  image: z.string(),
  roleType: z.enum(ROLE_TYPES),
  active: z.boolean(),
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  scope: dataScope,
  lastLoginAt: z.string().nullable().describe('the sign-in before the current one'),
  wechat: z.object({ bound: z.boolean(), nickname: z.string() }),
});

export const sessionsQuery = z.object(listQueryShape);

export const sessionRecord = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
  active: z.boolean(),
  endReason: z.string(),
});

export const SESSION_SORTS = { createdAt: 'created_at', lastSeenAt: 'last_seen_at' } as const;
