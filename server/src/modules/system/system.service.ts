import type { SysBasicInfo } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import * as repo from './system.repo.ts';

export async function getSysBasicInfo(db: Db, loginMethods: SysBasicInfo['loginMethods']): Promise<SysBasicInfo> {
  const s = await repo.readSettings(db, ['titleName', 'logoUrl', 'icp', 'mpsIcp']);
  return { titleName: s.titleName ?? '', logoUrl: s.logoUrl ?? '', icp: s.icp ?? '', mpsIcp: s.mpsIcp ?? '', loginMethods };
}
