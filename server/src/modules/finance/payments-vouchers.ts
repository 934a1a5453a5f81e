import { VOUCHER_CATEGORY, VoucherMessages, FinanceMessages, Permissions } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { scopeOfUser } from '../../http/request-context.ts';
import { uploadOfKey, uploadOfUrl } from '../uploads/uploads.service.ts';
import { mayReach, ownParty, type FinanceContext, type FinanceParty } from './finance-parties.ts';

// 付款凭证 and 银行流水号 (issue 26): a payment's evidence is bound to its payer. The voucher must be
// an image uploaded as a voucher by the paying party's own users (or by HQ when HQ records it), not
// standing on another live payment; one bank reference is not used twice among a party's live
// payments. A rejected, cancelled or voided payment frees both. Partial unique indexes (0044) hold
// the same under concurrency; the checks here give the message.

const LIVE = ['submitted', 'posted'] as const;

async function uploaderParty(db: Db, userId: number | null): Promise<FinanceParty | 'all' | null> {
  if (userId === null) return null;
  const user = await db.selectFrom('users').select(['role_type', 'agent_id', 'shop_id', 'supplier_id']).where('id', '=', userId).executeTakeFirst();
  return user ? ownParty(scopeOfUser(user)) : null;
}

/** Refuses (422) a voucher or bank reference that is not the paying party's own, or already stands on a live payment. */
export async function checkEvidence(trx: Db, payment: { direction: 'in' | 'out'; party: FinanceParty; recordedByHq: boolean; voucher: string; bankRef: string }): Promise<void> {
  const { party, voucher, bankRef } = payment;
  if (voucher) {
    const upload = await uploadOfUrl(trx, voucher);
    if (!upload) throw badRequest(FinanceMessages.voucherInvalid);
    if (upload.kind !== 'image' || upload.category !== VOUCHER_CATEGORY) throw badRequest(VoucherMessages.notVoucher);
    const by = await uploaderParty(trx, upload.createdBy);
    const own = by !== null && by !== 'all' && by.partyType === party.partyType && by.partyId === party.partyId;
    if (!own && !(payment.recordedByHq && by === 'all')) throw badRequest(VoucherMessages.notOwn);
    const used = await trx.selectFrom('finance_payments').select('doc_no').where('voucher_image', '=', voucher).where('status', 'in', LIVE).executeTakeFirst();
    if (used) throw badRequest(VoucherMessages.reused(used.doc_no));
  }
  if (bankRef) {
    const used = await trx
      .selectFrom('finance_payments')
      .select('doc_no')
      .where('direction', '=', payment.direction)
      .where('party_type', '=', party.partyType)
      .where('party_id', '=', party.partyId)
      .where('bank_ref', '=', bankRef)
      .where('status', 'in', LIVE)
      .executeTakeFirst();
    if (used) throw badRequest(VoucherMessages.bankRefReused(used.doc_no));
  }
}

/** Which unique index a concurrent duplicate ran into (0044), as the message the checks above give. */
export function evidenceConflictMessage(error: unknown): string | null {
  if (!isUniqueViolation(error)) return null;
  const { constraint, message } = error as { constraint?: string; message?: string };
  const named = (name: string) => constraint === name || (message ?? '').includes(name);
  if (named('finance_payments_live_voucher_key')) return VoucherMessages.reused('另一张收付款单');
  if (named('finance_payments_live_bank_ref_key')) return VoucherMessages.bankRefReused('另一张收付款单');
  return null;
}

/**
 * May the caller see this voucher file (`<key>` or its thumbnail)? Its uploader may (the form shows
 * what was just uploaded); otherwise only someone who may see a payment it stands on: the payer's
 * own users, HQ with the list code of that side. Anything else answers 404, as if it did not exist.
 */
export async function assertVoucherVisible(db: Db, ctx: FinanceContext, file: string): Promise<void> {
  const upload = await uploadOfKey(db, file);
  if (!upload || upload.category !== VOUCHER_CATEGORY) throw notFound(VoucherMessages.notFound);
  if (upload.createdBy === ctx.userId) return;
  const url = `/files/${file.replace(/-200\.jpg$/, '')}`;
  const payments = await db.selectFrom('finance_payments').select(['direction', 'party_type', 'party_id']).where('voucher_image', '=', url).execute();
  const visible = payments.some((p) => {
    const code = p.direction === 'in' ? Permissions.financePaymentList : Permissions.financeSupplierPaymentList;
    return ctx.permissions.has(code) && mayReach(ctx.scope, { partyType: p.party_type, partyId: Number(p.party_id) });
  });
  if (!visible) throw notFound(VoucherMessages.notFound);
}
