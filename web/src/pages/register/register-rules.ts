import { ACCOUNT_PATTERN, LoginMessages, SmsMessages } from '@erp/shared';
import type { ApplicantType } from '../../api/register.ts';

/** Field messages of the 注册账号 form; the same words the server answers with. */
export const RegisterMessages = {
  accountRequired: LoginMessages.accountRequired,
  accountInvalid: '账号须为3-32位字母、数字、下划线、点或短横线',
  typeRequired: '请选择申请类型',
  businessRequired: '请输入单位名称',
  accountTaken: '该账号已被使用，请换一个',
  phoneTaken: '该手机号已注册',
  submitted: '注册申请已提交，请等待审核',
} as const;

/** 单位名称 placeholder for the chosen type. */
export function businessPlaceholder(type: ApplicantType | undefined): string {
  if (type === 'shop') return '门店名称';
  if (type === 'agent' || type === 'supplier') return '公司名称';
  return '单位名称';
}

/** 账号: required, then the shared pattern (after trimming, as the server does). */
export function accountError(value: string): string | null {
  const account = value.trim();
  if (!account) return RegisterMessages.accountRequired;
  return ACCOUNT_PATTERN.test(account) ? null : RegisterMessages.accountInvalid;
}

/** 单位名称: the server wants at least two characters after trimming. */
export function businessError(value: string): string | null {
  return value.trim().length >= 2 ? null : RegisterMessages.businessRequired;
}

export type RegisterField = 'username' | 'phone' | 'smsCode';

/** The form field a refused submit is about, so its message can also sit under that field. */
export function fieldOfServerMessage(msg: string): RegisterField | null {
  if (msg === RegisterMessages.accountTaken) return 'username';
  if (msg === RegisterMessages.phoneTaken) return 'phone';
  if (msg === SmsMessages.codeInvalid) return 'smsCode';
  return null;
}
