import type { CatalogueBuyer } from '@erp/shared';
import { getUserInfo } from '../../../auth/session.ts';

/**
 * 订货's 购货方 and 收货门店, remembered per user (issue 26): a reload, or coming back to the page,
 * starts from the buyer chosen last instead of asking again. Kept in the browser's storage under
 * the signed-in account; the server still checks the buyer on every call (a buyer no longer
 * reachable answers 404 and is simply chosen again).
 */

export interface RememberedBuyer {
  buyer: CatalogueBuyer;
  shopId: number | null;
}

const keyOf = (account: string) => `erp.ordering.buyer.${account}`;

const isBuyer = (v: unknown): v is CatalogueBuyer => {
  const b = v as CatalogueBuyer | null;
  return !!b && (b.type === 'agent' || b.type === 'shop') && Number.isSafeInteger(b.id) && b.id > 0 && typeof b.name === 'string' && typeof b.code === 'string';
};

export function loadBuyer(storage: Storage = localStorage, account = getUserInfo()?.account): RememberedBuyer | null {
  if (!account) return null;
  try {
    const raw = JSON.parse(storage.getItem(keyOf(account)) ?? 'null') as { buyer?: unknown; shopId?: unknown } | null;
    if (!raw || !isBuyer(raw.buyer)) return null;
    const shopId = typeof raw.shopId === 'number' && Number.isSafeInteger(raw.shopId) && raw.shopId > 0 ? raw.shopId : null;
    return { buyer: raw.buyer, shopId };
  } catch {
    return null;
  }
}

export function saveBuyer(value: RememberedBuyer, storage: Storage = localStorage, account = getUserInfo()?.account): void {
  if (!account) return;
  try {
    storage.setItem(keyOf(account), JSON.stringify(value));
  } catch {
    // storage full or blocked: the page still works, it only forgets
  }
}
