import { SHOP_INVENTORY_SOURCE, SHOP_INVENTORY_TEXT_MAX, ShopInventoryMessages, type ShopInventoryDetail } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden } from '../../http/app-error.ts';
import { registerSourceHooks } from '../../kernel/documents/source-hooks.ts';
import { transition } from '../../kernel/documents/transition.ts';
import { KIND_SPECS } from '../stock-docs/doc-kinds.service.ts';
import { actOnDocIn, countStocktakeBySku, createDocIn, lockStockDoc } from '../stock-docs/stock-docs.service.ts';
import * as repo from './inventory.repo.ts';
import { REPORT_DOCUMENT, reportDetail, type InventoryContext } from './inventory.service.ts';

// 提交 (the reporting side), 审核/驳回 (HQ) and 过账差异 (HQ): each one transaction through the
// document kernel (lock, scope, status machine, stamps, event). 过账差异 makes a 盘点单 of the
// report's warehouse named after the report, starts its count (the book snapshot and the freeze),
// lays the counted quantities on it and posts it: the stock ledger moves counted − book, and the
// book becomes the count. The report keeps the stocktake's id, so it posts once.

type Act = 'submit' | 'audit' | 'reject' | 'post';

const HQ_ONLY: ReadonlySet<Act> = new Set(['audit', 'reject', 'post']);

export async function actOnReport(db: Db, ctx: InventoryContext, id: number, action: Act, input: { reason?: string | null } = {}): Promise<ShopInventoryDetail> {
  const reason = (input.reason ?? '').trim();
  if (action === 'reject') {
    if (!reason) throw badRequest(ShopInventoryMessages.reasonRequired);
    if (reason.length > SHOP_INVENTORY_TEXT_MAX) throw badRequest(ShopInventoryMessages.reasonTooLong);
  }
  return withTransaction(db, async (trx) => {
    await transition(trx, REPORT_DOCUMENT, ctx, id, action, {
      userId: ctx.userId,
      reason: action === 'reject' ? reason : '',
      effects: async (row) => {
        // the codes are HQ's; a party given them by a custom role still neither audits nor posts its own count
        if (HQ_ONLY.has(action) && ctx.scope.kind !== 'all') throw forbidden();
        if (action === 'submit' && row.line_count === 0) throw badRequest(ShopInventoryMessages.linesRequired);
        if (action === 'post') await postDifferences(trx, ctx, row);
      },
    });
    return reportDetail(trx, ctx, id);
  });
}

async function postDifferences(trx: Db, ctx: InventoryContext, row: repo.ReportRow): Promise<void> {
  if (row.stocktake_doc_id !== null) {
    const posted = await lockStockDoc(trx, Number(row.stocktake_doc_id));
    throw conflict(ShopInventoryMessages.alreadyPosted(row.doc_no, posted?.doc_no ?? ''));
  }
  const spec = KIND_SPECS.stocktake!;
  const docCtx = { userId: ctx.userId, scope: ctx.scope, permissions: ctx.permissions };
  const docId = await createDocIn(trx, spec, docCtx, {
    header: {
      warehouseId: Number(row.warehouse_id),
      remark: `库存上报单${row.doc_no}过账差异（盘点日期${row.count_date}）`,
      sourceType: SHOP_INVENTORY_SOURCE,
      sourceId: Number(row.id),
      sourceNo: row.doc_no,
    },
    lines: [],
  });
  await actOnDocIn(trx, spec, docCtx, docId, 'startCount');
  const counts = new Map((await repo.countsOf(trx, Number(row.id))).map((l) => [Number(l.sku_id), l.quantity]));
  await countStocktakeBySku(trx, docId, counts);
  await actOnDocIn(trx, spec, docCtx, docId, 'post');
  await repo.setReport(trx, Number(row.id), { stocktake_doc_id: docId });
}

/**
 * The stocktake a report posted, voided in 盘点单 (its moves reversed): the report may post its
 * differences again, and its link goes.
 */
export function registerInventorySource(): void {
  registerSourceHooks(SHOP_INVENTORY_SOURCE, {
    async voided(trx, event) {
      if (event.document.sourceId === null) return;
      await repo.unlinkStocktake(trx, event.document.sourceId, event.document.id);
    },
  });
}
