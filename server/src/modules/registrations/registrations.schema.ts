import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';

export const APPLICANT_TYPES = ['shop', 'agent', 'supplier'] as const;

export const registerBody = z.object({
  username: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
  phone: z.string().max(32).optional(),
  smsCode: z.string().max(16).optional(),
  applicantType: z.string().max(16).optional().describe('shop | agent | supplier'),
  businessName: z.string().max(128).optional(),
  contactName: z.string().max(64).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const registrationsQuery = z.object({
  ...listQueryShape,
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  applicantType: z.enum(APPLICANT_TYPES).optional(),
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional(),
});

export const REGISTRATION_SORTS = { createdAt: 'created_at', reviewedAt: 'reviewed_at' } as const;

export const registrationRecord = z.object({
  id: z.number().int(),
  account: z.string(),
  phone: z.string(),
  applicantType: z.enum(APPLICANT_TYPES),
  businessName: z.string(),
  contactName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectReason: z.string(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const idParams = z.object({ id: z.coerce.number().int().positive() });
export const rejectBody = z.object({ reason: z.string().trim().min(1, '请输入驳回原因').max(200) });
