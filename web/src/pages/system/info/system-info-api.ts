import type { SysBasicInfo, SysBasicInfoForm } from '@erp/shared';
import { http } from '../../../api/request.ts';

/** 系统信息: the editable part of the system basic info (SPEC §3). */
export const systemInfoApi = {
  save: (form: SysBasicInfoForm) => http.put<null>('/admin/config/sysBasicInfo', form),
};

export function formOf(info: SysBasicInfo | undefined): SysBasicInfoForm {
  return { titleName: info?.titleName ?? '', logoUrl: info?.logoUrl ?? '', icp: info?.icp ?? '', mpsIcp: info?.mpsIcp ?? '' };
}

export function sameForm(a: SysBasicInfoForm, b: SysBasicInfoForm): boolean {
  return a.titleName.trim() === b.titleName.trim() && a.logoUrl === b.logoUrl && a.icp.trim() === b.icp.trim() && a.mpsIcp.trim() === b.mpsIcp.trim();
}
