import type { StockDocKind } from '@erp/shared';
import type { KindSpec } from '../kind-spec.ts';
import { inboundSpec } from './inbound.ts';
import { outboundSpec } from './outbound.ts';
import { exchangeSpec } from './exchange.ts';
import { overseasSpec } from './overseas.ts';
import { openingSpec } from './opening.ts';
import { stocktakeSpec } from './stocktake.ts';
import { transferSpec } from './transfer.ts';

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
