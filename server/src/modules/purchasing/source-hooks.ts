import { PURCHASE_SOURCES } from '@erp/shared';
import { registerSourceHooks } from '../../kernel/documents/source-hooks.ts';
import { purchaseReceiptPosted, purchaseReceiptVoided } from './receipt-link.ts';
import { refundOutboundPosted, refundOutboundVoided } from './refund-link.ts';

/**
 * What purchasing does when a stock document made from one of its documents posts or is voided
 * (DESIGN §9: sources are hooks, not imports): a purchase order's receipt moves the order's
 * received quantities and the payables; a purchase refund's outbound completes or voids the refund.
 */
export function registerPurchasingSources(): void {
  registerSourceHooks(PURCHASE_SOURCES.order, {
    posted: (trx, e) => purchaseReceiptPosted(trx, e.userId, e.document, e.lines),
    voided: (trx, e) => purchaseReceiptVoided(trx, e.userId, e.document, e.lines),
  });
  registerSourceHooks(PURCHASE_SOURCES.refund, {
    posted: (trx, e) => refundOutboundPosted(trx, e.userId, e.document, e.lines),
    voided: (trx, e) => refundOutboundVoided(trx, e.userId, e.document),
  });
}
