import type { StockDocKind } from '@erp/shared';
import type { KindSpec } from './kind-spec.ts';
import { inboundSpec } from './kinds/inbound.ts';
import { outboundSpec } from './kinds/outbound.ts';
import { exchangeSpec } from './kinds/exchange.ts';
import { overseasSpec } from './kinds/overseas.ts';
import { openingSpec } from './kinds/opening.ts';
import { stocktakeSpec } from './kinds/stocktake.ts';
import { transferSpec } from './kinds/transfer.ts';

// The stock document kinds, the one door other modules post documents through (receipts of
// purchase orders, 配货出库, returns' transfers …); the kinds' own files stay inside stock-docs.

export { DELIVERY_BIZ_TYPE, RETURN_BIZ_TYPE, TransferMessages } from './kinds/transfer.ts';
export { transferSpec };

/** Every stock document kind that has landed; routes are registered for these only. */
export const KIND_SPECS: Partial<Record<StockDocKind, KindSpec>> = {
  inbound: inboundSpec,
  outbound: outboundSpec,
  exchange: exchangeSpec,
  overseas: overseasSpec,
  opening: openingSpec,
  transfer: transferSpec,
  stocktake: stocktakeSpec,
};
