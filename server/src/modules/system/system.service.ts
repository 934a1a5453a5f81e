import { checkSysBasicInfo, SysInfoMessages, type SysBasicInfo, type SysBasicInfoForm } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { isUploadedImageUrl } from '../uploads/uploads.service.ts';
import * as repo from './system.repo.ts';

const BASIC_INFO_KEYS = ['titleName', 'logoUrl', 'icp', 'mpsIcp'] as const;

export async function getSysBasicInfo(db: Db, loginMethods: SysBasicInfo['loginMethods']): Promise<SysBasicInfo> {
  const s = await repo.readSettings(db, [...BASIC_INFO_KEYS]);
  return { titleName: s.titleName ?? '', logoUrl: s.logoUrl ?? '', icp: s.icp ?? '', mpsIcp: s.mpsIcp ?? '', loginMethods };
}

/** 系统信息: the same checks as the form, plus the logo must be an image uploaded here; one transaction. */
export async function updateSysBasicInfo(db: Db, form: SysBasicInfoForm): Promise<void> {
  const problem = checkSysBasicInfo(form);
  if (problem) throw badRequest(problem);
  const values = {
    titleName: form.titleName.trim(),
    logoUrl: form.logoUrl.trim(),
    icp: form.icp.trim(),
    mpsIcp: form.mpsIcp.trim(),
  };
  if (values.logoUrl && !(await isUploadedImageUrl(db, values.logoUrl))) throw badRequest(SysInfoMessages.logoInvalid);
  await db.transaction().execute((trx) => repo.writeSettings(trx, values));
}
