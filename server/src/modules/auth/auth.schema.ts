import { LoginMessages, ROLE_TYPES } from '@erp/shared';
import { z } from 'zod';

export const loginBody = z.object({
  account: z.string({ error: LoginMessages.accountRequired }).trim().min(1, LoginMessages.accountRequired).max(64),
  password: z.string({ error: LoginMessages.passwordRequired }).min(1, LoginMessages.passwordRequired).max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResult = z.object({
  session: z.string(),
  account: z.string(),
  active: z.boolean(),
  roleType: z.enum(ROLE_TYPES),
  name: z.string(),
  image: z.string(),
  userId: z.number().int(),
  landing: z.string(),
});
