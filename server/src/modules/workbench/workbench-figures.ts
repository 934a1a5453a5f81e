import { Permissions, type PermissionCode, type WorkbenchFigures } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { ownAccountFigure } from '../finance/accounts.service.ts';
import { ownSpotQuota } from '../ordering/quotas.service.ts';

// 工作台's figures strip for an agent or a shop: 可用授信 and 欠款 from finance (the caller's own
// billed account, or 由代理商结算), 本季额度剩余 from ordering (the current 现货 season). Each is
// computed by its owner in the caller's own scope; a part whose list code the caller lacks is absent.

/** The codes that give a part of the strip: the route answers anyone holding one of them. */
export const FIGURE_CODES: readonly PermissionCode[] = [Permissions.financeAccountList, Permissions.orderingQuotaList];

export async function figures(db: Db, ctx: RequestContext): Promise<WorkbenchFigures> {
  const party = ctx.scope.kind === 'agent' || ctx.scope.kind === 'shop';
  const [account, quota] = await Promise.all([
    party && ctx.permissions.has(Permissions.financeAccountList) ? ownAccountFigure(db, ctx.scope) : null,
    party && ctx.permissions.has(Permissions.orderingQuotaList) ? ownSpotQuota(db, ctx.scope) : null,
  ]);
  return { account, quota };
}
