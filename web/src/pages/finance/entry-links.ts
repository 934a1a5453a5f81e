import { RETURN_PREFIXES, stockDocInfoPath, type AccountEntryRecord, type StockDocKind } from '@erp/shared';
import { purchaseOrderInfoPath } from '../../api/purchase-orders.ts';
import { salesOrderInfoPath } from '../../api/sales-orders.ts';

/** Where an account entry's document opens: a stock document's page, or the finance list found by its number. */
export function entryDocumentPath(entry: Pick<AccountEntryRecord, 'documentType' | 'documentId' | 'documentKind' | 'documentNo'>): string | null {
  if (entry.documentType === 'stock_doc' && entry.documentKind) return stockDocInfoPath(entry.documentKind as StockDocKind, entry.documentId);
  const no = encodeURIComponent(entry.documentNo);
  if (entry.documentType === 'finance_payment') return `${entry.documentKind === 'out' ? '/erp/finance/supplier-payment' : '/erp/finance/payment'}?keyword=${no}`;
  if (entry.documentType === 'finance_adjustment') return `/erp/finance/adjustment?keyword=${no}`;
  if (entry.documentType === 'finance_rebate') return `/erp/finance/rebate?keyword=${no}`;
  return null;
}

/** Where the business document an entry belongs to opens (an order, a purchase order or refund). */
export function entryOriginPath(entry: Pick<AccountEntryRecord, 'originType' | 'originId' | 'originNo'>): string | null {
  if (entry.originId === null) return null;
  if (entry.originType === 'sales_order') return salesOrderInfoPath(entry.originId);
  if (entry.originType === 'purchase_order') return purchaseOrderInfoPath(entry.originId);
  if (entry.originType === 'purchase_refund') return `/erp/purchase/refund/info?id=${entry.originId}`;
  // 退货单 TH…, 换货单 HD…: one document type, two pages
  if (entry.originType === 'sales_return') return `/erp/aftersales/${entry.originNo.startsWith(RETURN_PREFIXES.swap) ? 'swap' : 'return'}/info?id=${entry.originId}`;
  return null;
}
