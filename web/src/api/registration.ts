import type { PageResult } from '@erp/shared';
import { http } from './request.ts';
import type { ApplicantType } from './register.ts';
import type { ListParams } from './list-params.ts';

export type RegistrationStatus = 'pending' | 'approved' | 'rejected';

export interface Registration {
  id: number;
  account: string;
  phone: string;
  applicantType: ApplicantType;
  businessName: string;
  contactName: string;
  status: RegistrationStatus;
  rejectReason: string;
  reviewedAt: string | null;
  createdAt: string;
}

export interface RegistrationFilters {
  status?: RegistrationStatus;
  applicantType?: ApplicantType;
  /** account, phone, business name or contact name */
  keyword?: string;
}

export const REJECT_REASON_MAX = 200;

/** The server's words for the two reviews (the client resolves data, not msg). */
export const RegistrationMessages = {
  approved: '已审核通过',
  rejected: '已驳回',
  reasonRequired: '请输入驳回原因',
  approveConfirm: '确认通过该注册申请？通过后将生成账号',
} as const;

export const REGISTRATION_STATUS: Record<RegistrationStatus, { label: string; color: string }> = {
  pending: { label: '待审核', color: 'gold' },
  approved: { label: '已通过', color: 'green' },
  rejected: { label: '已驳回', color: 'red' },
};

export const registrationKeys = { page: ['registrations', 'page'] as const };

export const registrationApi = {
  page: (params: ListParams<RegistrationFilters>, signal?: AbortSignal) => http.get<PageResult<Registration>>('/admin/api/v1/registrations/page', { ...params }, { signal }),
  approve: (id: number) => http.post<{ userId: number }>(`/admin/api/v1/registrations/${id}/approve`),
  reject: (id: number, reason: string) => http.post<null>(`/admin/api/v1/registrations/${id}/reject`, { reason }),
};
