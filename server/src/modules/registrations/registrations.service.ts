import { ACCOUNT_PATTERN, checkResetPassword, LoginMessages, ResultCode, SmsMessages } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { hashPassword } from '../accounts/password.ts';
import { createApplicantParty } from '../parties/party-status.service.ts';
import { roleIdByCode } from '../roles/roles.service.ts';
import { requireLoginPhone } from '../sms/phone.ts';
import { checkSmsCodeIn } from '../sms/sms.service.ts';
import { accountNameTaken, createAccount, findUserByPhone } from '../accounts/accounts.service.ts';
import * as repo from './registrations.repo.ts';
import { APPLICANT_TYPES, type RegisterBody } from './registrations.schema.ts';

const MAX_PER_ADDRESS_PER_HOUR = 5;

/** Taken by an account (deleted ones included), or asked for by a pending application. */
export async function accountTaken(db: Db, account: string): Promise<boolean> {
  return (await accountNameTaken(db, account)) || repo.pendingAccountExists(db, account);
}

/** The pending application asking for this account name, for the sign-in page to explain itself. */
export function findPendingApplication(db: Db, account: string) {
  return repo.findPendingAccount(db, account);
}

export interface RegisterRequest {
  account: string;
  password: string;
  phone: string;
  smsCode: string;
  applicantType: (typeof APPLICANT_TYPES)[number];
  businessName: string;
  contactName: string;
}

/** One clear message per bad field, in form order. */
export function parseRegisterBody(body: RegisterBody): RegisterRequest {
  const account = body.username?.trim() ?? '';
  if (!account) throw badRequest(LoginMessages.accountRequired);
  if (!ACCOUNT_PATTERN.test(account)) throw badRequest('账号须为3-32位字母、数字、下划线、点或短横线');
  const passwordProblem = checkResetPassword(body.password ?? '');
  if (passwordProblem) throw badRequest(passwordProblem);
  const phone = requireLoginPhone(body.phone);
  const smsCode = body.smsCode?.trim() ?? '';
  if (!smsCode) throw badRequest(LoginMessages.codeRequired);
  const applicantType = APPLICANT_TYPES.find((t) => t === body.applicantType);
  if (!applicantType) throw badRequest('请选择申请类型');
  const businessName = body.businessName?.trim() ?? '';
  if (businessName.length < 2) throw badRequest('请输入单位名称');
  return { account, password: body.password!, phone, smsCode, applicantType, businessName, contactName: body.contactName?.trim() ?? '' };
}

/**
 * 注册申请: the code is checked first (a wrong one is counted and kept), then the account; a taken
 * account rolls everything back, the code included, so the applicant can fix the name and retry.
 */
export async function submitRegistration(db: Db, request: RegisterRequest, ip: string): Promise<number> {
  if ((await repo.countRecentFromAddress(db, ip)) >= MAX_PER_ADDRESS_PER_HOUR) {
    throw new AppError(ResultCode.rateLimited, '注册申请过于频繁，请稍后再试', 429);
  }
  const passwordHash = await hashPassword(request.password);
  const outcome = await db.transaction().execute(async (trx) => {
    if (!(await checkSmsCodeIn(trx, request.phone, 'register', request.smsCode))) return null;
    if (await accountTaken(trx, request.account)) throw conflict('该账号已被使用，请换一个');
    if (await findUserByPhone(trx, request.phone)) throw conflict('该手机号已注册');
    const { id } = await repo.insertRegistration(trx, {
      account: request.account,
      password_hash: passwordHash,
      phone: request.phone,
      applicant_type: request.applicantType,
      business_name: request.businessName,
      contact_name: request.contactName,
      ip,
    });
    return id;
  });
  if (outcome === null) throw badRequest(SmsMessages.codeInvalid);
  return outcome;
}

/** How many applications the 注册审核 list shows under `filter` (at most `cap`; the 工作台's to-dos). */
export const countRegistrations = (db: Db, filter: repo.RegistrationFilter, cap: number) => repo.countRegistrations(db, filter, cap);

export async function pageRegistrations(db: Db, filter: repo.RegistrationFilter, params: ListParams<'created_at' | 'reviewed_at'>) {
  const { records, total } = await repo.pageRegistrations(db, filter, params);
  return {
    total,
    records: records.map((r) => ({
      id: r.id,
      account: r.account,
      phone: r.phone,
      applicantType: r.applicant_type,
      businessName: r.business_name,
      contactName: r.contact_name,
      status: r.status,
      rejectReason: r.reject_reason,
      reviewedAt: r.reviewed_at ? r.reviewed_at.toISOString() : null,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

/** Party codes of registered applicants: AGR0001, SHR0002, SPR0003 (R and the application id). */
const PARTY_PREFIX = { agent: 'AG', shop: 'SH', supplier: 'SP' } as const;

async function lockPending(trx: Db, id: number) {
  const reg = await repo.findForUpdate(trx, id);
  if (!reg) throw notFound('注册申请不存在');
  if (reg.status !== 'pending') throw conflict('该申请已审核，不能重复操作');
  return reg;
}

/** 审核通过: creates the party, the user (active, with the role of its type) and closes the application, in one transaction. */
export async function approveRegistration(db: Db, id: number, reviewerId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const reg = await lockPending(trx, id);
    if (await accountNameTaken(trx, reg.account)) throw conflict('该账号已被使用，无法通过');
    if (await findUserByPhone(trx, reg.phone)) throw conflict('该手机号已注册，无法通过');
    const code = `${PARTY_PREFIX[reg.applicant_type]}R${String(reg.id).padStart(4, '0')}`;
    const links = await createApplicantParty(trx, reg.applicant_type, {
      code,
      name: reg.business_name,
      contactName: reg.contact_name,
      phone: reg.phone,
    });
    const roleId = await roleIdByCode(trx, reg.applicant_type);
    if (roleId === undefined) throw new Error(`built-in role ${reg.applicant_type} is missing`);
    const userId = await createAccount(trx, {
      account: reg.account,
      passwordHash: reg.password_hash,
      name: reg.contact_name || reg.business_name,
      phone: reg.phone,
      roleType: reg.applicant_type,
      active: true,
      links,
      roleIds: [roleId],
    });
    await repo.markReviewed(trx, id, { status: 'approved', reviewedBy: reviewerId, userId });
    return userId;
  });
}

export async function rejectRegistration(db: Db, id: number, reviewerId: number, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPending(trx, id);
    await repo.markReviewed(trx, id, { status: 'rejected', reviewedBy: reviewerId, reason });
  });
}
