import {
  ADJUSTMENT_PREFIX,
  ADJUSTMENT_STATUS_LABELS,
  PAYMENT_PREFIX,
  PAYMENT_STATUS_LABELS,
  Permissions,
  PURCHASE_ORDER_PREFIX,
  PURCHASE_REFUND_PREFIX,
  REBATE_PREFIX,
  REBATE_STATUS_LABELS,
  RETURN_PREFIXES,
  SALES_ORDER_PREFIX,
  SHOP_INVENTORY_PREFIX,
  STOCK_DOC_PREFIXES,
  SUPPLIER_PAYMENT_PREFIX,
  type PermissionCode,
  type WorkbenchSearchAnswer,
  type WorkbenchSearchHit,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { findReportByNo } from '../aftersales-inventory/inventory.service.ts';
import { findReturnByNo } from '../aftersales/returns.service.ts';
import { findAdjustmentByNo } from '../finance/adjustments.service.ts';
import { findPaymentByNo } from '../finance/payments.service.ts';
import { findRebateByNo } from '../finance/rebates.service.ts';
import { skuByBarcode } from '../products/products.read.ts';
import { findOrderByNo } from '../purchasing/purchase-order-read.service.ts';
import { findRefundByNo } from '../purchasing/purchase-refunds.service.ts';
import { purchaseScope } from '../purchasing/purchase-scope.ts';
import { findOrderByNo as findSalesOrderByNo } from '../sales-orders/sales-orders-read.service.ts';
import { findDocByNo } from '../stock-docs/stock-docs.service.ts';

// 单据查找: one box for every number series of the product (each *_PREFIX of shared, numbered by
// the kernel) and SKU barcodes. Each series is found by the service that owns it, with the list
// code of the page that opens it and the owner's own data scope: what the caller may not see is
// not found, exactly like a number that does not exist.

type Finder = { code: PermissionCode; find: (db: Db, ctx: RequestContext, no: string) => Promise<WorkbenchSearchHit | null> };

const stockDoc: Finder['find'] = async (db, ctx, no) => {
  const doc = await findDocByNo(db, ctx, no);
  return doc && { type: 'stock_doc', kind: doc.kind, id: doc.id, no: doc.docNo, status: doc.status, statusLabel: doc.statusLabel };
};

const payment =
  (direction: 'in' | 'out'): Finder['find'] =>
  async (db, ctx, no) => {
    const found = await findPaymentByNo(db, ctx, no, direction);
    return found && { type: 'payment', direction, id: found.id, no: found.docNo, status: found.status, statusLabel: PAYMENT_STATUS_LABELS[found.status] };
  };

const salesReturn: Finder['find'] = async (db, ctx, no) => {
  const found = await findReturnByNo(db, ctx.scope, no);
  return found && { type: 'sales_return', kind: found.kind, id: found.id, no: found.returnNo, status: found.status, statusLabel: found.statusLabel };
};

/** Each number prefix → the list code that opens its documents and the owner's finder. */
const FINDERS: Readonly<Record<string, Finder>> = {
  [PURCHASE_ORDER_PREFIX]: {
    code: Permissions.purchaseOrderList,
    find: async (db, ctx, no) => {
      const order = await findOrderByNo(db, { purchase: purchaseScope(ctx.scope) }, no);
      return order && { type: 'purchase_order', id: order.id, no: order.orderNo, status: order.status, statusLabel: order.statusLabel };
    },
  },
  [PURCHASE_REFUND_PREFIX]: {
    code: Permissions.purchaseRefundList,
    find: async (db, ctx, no) => {
      const refund = await findRefundByNo(db, purchaseScope(ctx.scope), no);
      return refund && { type: 'purchase_refund', id: refund.id, no: refund.refundNo, status: refund.status, statusLabel: refund.statusLabel };
    },
  },
  [SALES_ORDER_PREFIX]: {
    code: Permissions.orderingOrderList,
    find: async (db, ctx, no) => {
      const order = await findSalesOrderByNo(db, ctx, no);
      return order && { type: 'sales_order', id: order.id, no: order.orderNo, status: order.status, statusLabel: order.statusLabel };
    },
  },
  [STOCK_DOC_PREFIXES.inbound]: { code: Permissions.inboundList, find: stockDoc },
  [STOCK_DOC_PREFIXES.outbound]: { code: Permissions.outboundList, find: stockDoc },
  [STOCK_DOC_PREFIXES.transfer]: { code: Permissions.transferList, find: stockDoc },
  [STOCK_DOC_PREFIXES.stocktake]: { code: Permissions.stocktakeList, find: stockDoc },
  [STOCK_DOC_PREFIXES.exchange]: { code: Permissions.exchangeList, find: stockDoc },
  [STOCK_DOC_PREFIXES.overseas]: { code: Permissions.overseasList, find: stockDoc },
  [STOCK_DOC_PREFIXES.opening]: { code: Permissions.openingList, find: stockDoc },
  [RETURN_PREFIXES.return]: { code: Permissions.aftersalesReturnList, find: salesReturn },
  [RETURN_PREFIXES.swap]: { code: Permissions.aftersalesSwapList, find: salesReturn },
  [PAYMENT_PREFIX]: { code: Permissions.financePaymentList, find: payment('in') },
  [SUPPLIER_PAYMENT_PREFIX]: { code: Permissions.financeSupplierPaymentList, find: payment('out') },
  [ADJUSTMENT_PREFIX]: {
    code: Permissions.financeAdjustmentList,
    find: async (db, ctx, no) => {
      const found = await findAdjustmentByNo(db, ctx, no);
      return found && { type: 'adjustment', id: found.id, no: found.docNo, status: found.status, statusLabel: ADJUSTMENT_STATUS_LABELS[found.status] };
    },
  },
  [REBATE_PREFIX]: {
    code: Permissions.financeRebateList,
    find: async (db, ctx, no) => {
      const found = await findRebateByNo(db, ctx, no);
      return found && { type: 'rebate', id: found.id, no: found.docNo, status: found.status, statusLabel: REBATE_STATUS_LABELS[found.status] };
    },
  },
  [SHOP_INVENTORY_PREFIX]: {
    code: Permissions.aftersalesInventoryList,
    find: async (db, ctx, no) => {
      const found = await findReportByNo(db, ctx, no);
      return found && { type: 'shop_inventory', id: found.id, no: found.docNo, status: found.status, statusLabel: found.statusLabel };
    },
  },
};

/** Every number prefix the box finds (a test holds this to every *_PREFIX of shared). */
export const SEARCH_PREFIXES: readonly string[] = Object.keys(FINDERS);

/** The list codes of what the search box finds (the route answers anyone holding one of them). */
export const SEARCH_CODES: readonly PermissionCode[] = [...new Set([...Object.values(FINDERS).map((f) => f.code), Permissions.productList])];

/** A document number: two letters, the day, a dash and four or more digits (RK20261121-0001). */
const DOC_NO = /^([A-Z]{2})\d{8}-\d{4,}$/;

/** A missing SKU answers null; anything else still fails. */
async function skuHit(db: Db, ctx: RequestContext, q: string): Promise<WorkbenchSearchHit | null> {
  if (!ctx.permissions.has(Permissions.productList)) return null;
  try {
    const sku = await skuByBarcode(db, ctx, q);
    return { type: 'sku', id: sku.id, productId: sku.productId, no: sku.barcode, styleNo: sku.styleNo, name: sku.name, colourName: sku.colourName, sizeName: sku.sizeName };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

async function documentHit(db: Db, ctx: RequestContext, no: string): Promise<WorkbenchSearchHit | null> {
  const prefix = DOC_NO.exec(no)?.[1];
  const finder = prefix === undefined ? undefined : FINDERS[prefix];
  if (!finder || !ctx.permissions.has(finder.code)) return null;
  return finder.find(db, ctx, no);
}

/**
 * A document by its exact number (any case) or a SKU by its exact barcode. What the caller may not
 * see — another party's document, a kind whose list it lacks — is not found, exactly like a number
 * that does not exist.
 */
export async function search(db: Db, ctx: RequestContext, text: string): Promise<WorkbenchSearchAnswer> {
  const q = text.trim();
  const [doc, sku] = await Promise.all([documentHit(db, ctx, q.toUpperCase()), skuHit(db, ctx, q)]);
  return { q, hits: [doc, sku].filter((hit): hit is WorkbenchSearchHit => hit !== null) };
}
