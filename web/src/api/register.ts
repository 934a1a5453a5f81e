import { http } from './request.ts';

/** Self-service registration (注册账号); neither call carries a session. */
export const APPLICANT_TYPES = ['shop', 'agent', 'supplier'] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];

/** The applicant types by name (注册账号 and 注册审核). */
export const APPLICANT_TYPE_LABELS: Record<ApplicantType, string> = {
  shop: '门店',
  agent: '代理商',
  supplier: '供应商',
};

export interface RegisterBody {
  username: string;
  password: string;
  phone: string;
  smsCode: string;
  applicantType: ApplicantType;
  businessName: string;
  contactName: string;
}

export const registerApi = {
  /** Sends a register code; the same answer whether or not the phone already has an account. */
  sendRegisterCode: (mobile: string) => http.get<null>(`/auth/sms_code/${encodeURIComponent(mobile)}`, { purpose: 'register' }),
  /** Files the application; an administrator approves it before the account can sign in. */
  register: (body: RegisterBody) => http.post<{ id: number }>('/user/register', body),
};
