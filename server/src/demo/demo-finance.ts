import sharp from 'sharp';
import { Permissions, shanghaiToday } from '@erp/shared';
import type { Db } from '../db/database.ts';
import { createAdjustment } from '../modules/finance/adjustments.service.ts';
import { setCreditLimit } from '../modules/finance/credit.service.ts';
import type { FinanceContext } from '../modules/finance/finance-parties.ts';
import { payableOrders, recordPayment, recordSupplierPayment } from '../modules/finance/payments.service.ts';
import { unshippedOf } from '../modules/sales-orders/sales-orders-read.service.ts';
import type { FileStorage } from '../modules/uploads/storage.ts';
import { saveImage } from '../modules/uploads/uploads.service.ts';

// Demo 财务, through the services as the screens do it, after the demo deliveries charged AG001:
// HQ records AG001's bank payment of part of what it owes (posted); agent01 records another with a
// transfer voucher, waiting for HQ's audit; AG001 gets a credit limit with room for its open orders;
// a freight adjustment; HQ pays SP001 against one purchase order.

const ALL = new Set<string>(Object.values(Permissions));
const YUAN = 100;

/** A plain bank-receipt picture (digits and Latin only: no CJK font is assumed on the machine). */
function voucherSvg(amountYuan: string, ref: string, day: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
  <rect width="640" height="360" fill="#f7f9fc"/><rect x="16" y="16" width="608" height="328" fill="#fff" stroke="#c8102e" stroke-width="3"/>
  <text x="40" y="70" font-family="sans-serif" font-size="28" fill="#c8102e">ICBC  Transfer Receipt</text>
  <text x="40" y="130" font-family="monospace" font-size="22" fill="#333">Date     ${day}</text>
  <text x="40" y="170" font-family="monospace" font-size="22" fill="#333">Ref      ${ref}</text>
  <text x="40" y="210" font-family="monospace" font-size="22" fill="#333">Payee    YISHANG APPAREL HQ</text>
  <text x="40" y="270" font-family="monospace" font-size="30" fill="#111">CNY ${amountYuan}</text>
</svg>`;
}

export async function seedDemoFinance(db: Db, storage: FileStorage): Promise<boolean> {
  if (await db.selectFrom('finance_payments').select('id').limit(1).executeTakeFirst()) return false;
  const users = await db.selectFrom('users').select(['id', 'account', 'agent_id']).where('account', 'in', ['admin', 'agent01']).execute();
  const admin = users.find((u) => u.account === 'admin');
  const agent = users.find((u) => u.account === 'agent01');
  const supplier = await db.selectFrom('suppliers').select('id').where('code', '=', 'SP001').executeTakeFirst();
  if (!admin || !agent?.agent_id || !supplier) return false;
  const hq: FinanceContext = { userId: admin.id, scope: { kind: 'all' }, permissions: ALL };
  const agentCtx: FinanceContext = { userId: agent.id, scope: { kind: 'agent', agentId: agent.agent_id }, permissions: ALL };
  const ag001 = { partyType: 'agent' as const, partyId: agent.agent_id };
  const today = shanghaiToday();
  const owed = await db
    .selectFrom('account_balances')
    .select('balance_fen')
    .where('party_type', '=', 'agent')
    .where('party_id', '=', agent.agent_id)
    .where('account_kind', '=', 'receivable')
    .executeTakeFirst();
  const receivable = Number(owed?.balance_fen ?? 0);

  // HQ records a bank payment of about 60 % of what AG001 owes: posted at once
  const firstPaid = Math.max(Math.round((receivable * 0.6) / 10_000) * 10_000, 1_000 * YUAN);
  await recordPayment(db, hq, { ...ag001, amountFen: firstPaid, method: 'bank', paidOn: today, bankRef: 'ICBC20261101001', voucherImage: '', memo: '十月货款' });

  // agent01 records a transfer with its voucher: waiting for HQ's audit
  const amount = 5_000 * YUAN;
  const jpeg = await sharp(Buffer.from(voucherSvg('5,000.00', 'ICBC20261120017', today)))
    .jpeg({ quality: 85 })
    .toBuffer();
  const voucher = await saveImage(db, storage, { category: 'cashier/voucherImage', originalName: 'ICBC20261120017.jpg', userId: agent.id }, jpeg);
  await recordPayment(db, agentCtx, { amountFen: amount, method: 'bank', paidOn: today, bankRef: 'ICBC20261120017', voucherImage: voucher.url, memo: '十一月第一笔货款' });

  // a freight advance HQ paid for AG001
  await createAdjustment(db, hq, { ...ag001, amountFen: 120 * YUAN, reason: '代垫物流运费（顺丰 SF1234567890）' });

  // credit: room for what AG001 has open today and ¥30,000 more
  const account = await db
    .selectFrom('account_balances')
    .select('balance_fen')
    .where('party_type', '=', 'agent')
    .where('party_id', '=', agent.agent_id)
    .where('account_kind', '=', 'receivable')
    .executeTakeFirst();
  const net = Number(account?.balance_fen ?? 0);
  const open = await unshippedOf(db, { type: 'agent', id: agent.agent_id }, null);
  const limit = Math.ceil((Math.max(net, 0) + open + 30_000 * YUAN) / (10_000 * YUAN)) * 10_000 * YUAN;
  await setCreditLimit(db, hq.scope, admin.id, ag001, { creditLimitFen: limit, memo: '2026 年秋冬授信' });

  // HQ pays SP001 half of what one purchase order still owes
  const orders = await payableOrders(db, hq, supplier.id);
  const first = orders[0];
  if (first) {
    const share = Math.max(Math.floor(first.payableFen / 2 / YUAN) * YUAN, YUAN);
    await recordSupplierPayment(db, hq, {
      partyId: supplier.id,
      amountFen: share,
      method: 'bank',
      paidOn: today,
      bankRef: 'CMB20261115008',
      memo: `支付${first.orderNo}部分货款`,
      orders: [{ purchaseOrderId: first.purchaseOrderId, amountFen: Math.min(share, first.payableFen) }],
    });
  }
  return true;
}
