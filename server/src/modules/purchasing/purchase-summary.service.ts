import { isCalendarDay, PurchaseMessages, type PurchaseSummaryRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import * as repo from './purchase-summary.repo.ts';
import type { PurchaseScope } from './purchase-scope.ts';
import type { SummarySort } from './purchase-summary.schema.ts';

// 采购汇总: orders made in the period (by order date, both ends inclusive, drafts excluded): what
// was ordered, received (at the order's prices) and returned, by supplier, style or month.

function day(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!isCalendarDay(value)) throw badRequest(PurchaseMessages.dateInvalid);
  return value;
}

export async function purchaseSummary(db: Db, scope: PurchaseScope, filter: repo.SummaryFilter, params: ListParams<SummarySort>) {
  const from = day(filter.from);
  const to = day(filter.to);
  if (from && to && to < from) throw badRequest(PurchaseMessages.summaryRangeInvalid);
  const page = await repo.pageSummary(db, scope, { ...filter, from, to }, params);
  const records: PurchaseSummaryRecord[] = page.records.map((r) => ({
    key: r.key,
    supplierCode: r.supplier_code,
    supplierName: r.supplier_name,
    styleNo: r.style_no,
    productName: r.product_name,
    month: r.month,
    orderCount: Number(r.order_count),
    orderedQuantity: Number(r.ordered_quantity),
    orderedAmountFen: Number(r.ordered_amount_fen),
    receivedQuantity: Number(r.received_quantity),
    receivedAmountFen: Number(r.received_amount_fen),
    returnedQuantity: Number(r.returned_quantity),
    returnedAmountFen: Number(r.returned_amount_fen),
  }));
  return { records, total: page.total };
}
