import { productFieldsOf, type RoleType } from '@erp/shared';
import type { PartyScope } from '../../http/request-context.ts';

/**
 * Who sees what of a product (issue 16), decided once per call from the caller's role and scope
 * and applied by every read that answers products (list, detail, details, search, barcode
 * lookup, the SKU export):
 *
 * - HQ (manager): everything, the cost price included;
 * - a supplier: only its own styles (others answer like missing ones), no wholesale price (what
 *   HQ sells at is none of the maker's business) and no cost price;
 * - agents and shops: every style, the wholesale price (what they buy at), but not which supplier
 *   makes it (the supplier filter is ignored for them), and no cost price.
 */
export interface ProductView {
  /** a supplier's own supplier id (0: a supplier account linked to none, which sees nothing); null: any supplier's styles */
  ownSupplierId: number | null;
  cost: boolean;
  wholesale: boolean;
  supplier: boolean;
}

export function productViewOf(auth: { roleType: RoleType; scope: PartyScope }): ProductView {
  const fields = productFieldsOf(auth.roleType);
  if (auth.roleType !== 'supplier') return { ownSupplierId: null, ...fields };
  return { ownSupplierId: auth.scope.kind === 'supplier' ? auth.scope.supplierId : 0, ...fields };
}

/** Whether a product of this supplier is visible in the view. */
export function seesProductOf(view: ProductView, supplierId: number | null): boolean {
  return view.ownSupplierId === null || supplierId === view.ownSupplierId;
}

/** A list filter within the view: a supplier's own styles only; no supplier filter where the supplier is hidden. */
export function filterInView<F extends { supplierId?: number; ownSupplierId?: number }>(filter: F, view: ProductView): F {
  const scoped = { ...filter };
  if (!view.supplier) delete scoped.supplierId;
  if (view.ownSupplierId !== null) scoped.ownSupplierId = view.ownSupplierId;
  return scoped;
}
