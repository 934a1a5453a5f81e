import { AccountMessages, StockMessages, type DocumentRef } from '@erp/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../../db/database.ts';
import type { AppError } from '../../http/app-error.ts';
import { assertLedgerConsistent } from '../../modules/stock/ledger-consistency.ts';
import { postMoves, reverseMoves } from '../../modules/stock/stock-posting.ts';
import { balanceOf, skuOf, userIdOf, warehouseIdOf } from '../../modules/stock/stock-test-kit.ts';
import { assertMoneyConsistent, moneyProblems } from './money-consistency.ts';
import { postEntries, reverseEntries, type EntryInput } from './money.ts';

// The money ledger and the ledgers' document references. Races run over a pool of 25 connections
// on PostgreSQL (DATABASE_URL); on the embedded PGlite they run one after another and the same
// answers must come out.

let t: TestApp;
let extra: DatabaseHandle | null = null;
let racing: Db;
let adminId: number;
let agentId: number;
let supplierId: number;
let docSeq = 1000;
const nextDoc = (type: DocumentRef['type'] = 'purchase_order'): DocumentRef => ({ type, id: ++docSeq });

beforeAll(async () => {
  t = await createTestApp();
  racing = t.db;
  if (process.env.DATABASE_URL) {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(t.db);
    extra = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: rows[0]!.schema, poolSize: 25 });
    racing = extra.db;
  }
  adminId = await userIdOf(t.db, 'admin');
  agentId = (await t.db.selectFrom('agents').select('id').where('code', '=', 'AG001').executeTakeFirstOrThrow()).id;
  supplierId = (await t.db.selectFrom('suppliers').select('id').where('code', '=', 'SP001').executeTakeFirstOrThrow()).id;
});
afterEach(async () => {
  if (t) {
    await assertMoneyConsistent(t.db);
    await assertLedgerConsistent(t.db);
  }
});
afterAll(async () => {
  await extra?.close();
  await t?.close();
});

const post = (db: Db, document: DocumentRef, entries: EntryInput[]) => db.transaction().execute((trx) => postEntries(trx, { document, userId: adminId, entries }));
const reverse = (db: Db, document: DocumentRef) => db.transaction().execute((trx) => reverseEntries(trx, document, adminId));
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: AppError) => ({ status: e.status, message: e.message }),
  );
const balance = async (partyType: string, partyId: number, kind: string) =>
  Number(
    (
      await t.db
        .selectFrom('account_balances')
        .select('balance_fen')
        .where('party_type', '=', partyType as never)
        .where('party_id', '=', partyId)
        .where('account_kind', '=', kind as never)
        .executeTakeFirst()
    )?.balance_fen ?? 0,
  );
const entryCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('account_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('posting entries', () => {
  it('appends entries, keeps each balance equal to its entries, and lets 应收/应付 go below zero', async () => {
    const doc = nextDoc();
    const result = await post(t.db, doc, [
      { partyType: 'agent', partyId: agentId, accountKind: 'receivable', amountFen: 12_345, entryType: 'sale' },
      { partyType: 'agent', partyId: agentId, accountKind: 'receivable', amountFen: -345, entryType: 'discount' },
      { partyType: 'supplier', partyId: supplierId, accountKind: 'payable', amountFen: -500, entryType: 'refund', origin: { type: 'purchase_refund', id: 9 } },
    ]);
    expect(result.entryIds).toHaveLength(3);
    expect(result.amountFen).toBe(11_500);
    expect(await balance('agent', agentId, 'receivable')).toBe(12_000);
    expect(await balance('supplier', supplierId, 'payable')).toBe(-500);
    const rows = await t.db
      .selectFrom('account_entries')
      .select(['document_type', 'doc_id', 'origin_type', 'origin_id', 'created_by'])
      .where('doc_id', '=', doc.id)
      .orderBy('id')
      .execute();
    expect(rows[2]).toEqual({ document_type: 'purchase_order', doc_id: doc.id, origin_type: 'purchase_refund', origin_id: 9, created_by: adminId });
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const doc = nextDoc();
    await post(t.db, doc, [{ partyType: 'agent', partyId: agentId, accountKind: 'rebate', amountFen: 100, entryType: 'rebate' }]);
    await expect(sql`UPDATE account_entries SET amount_fen = 1 WHERE doc_id = ${doc.id}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM account_entries WHERE doc_id = ${doc.id}`.execute(t.db)).rejects.toThrow(/append-only/);
    // and a balance that may not go negative cannot be forced below zero
    await expect(sql`UPDATE account_balances SET balance_fen = -1 WHERE party_type = 'agent' AND party_id = ${agentId} AND account_kind = 'rebate'`.execute(t.db)).rejects.toThrow(
      /account_balances_not_negative/,
    );
  });

  it('refuses a whole posting that would overdraw 预付款, naming the party and the shortfall; nothing is written', async () => {
    const doc = nextDoc();
    await post(t.db, doc, [{ partyType: 'agent', partyId: agentId, accountKind: 'prepayment', amountFen: 10_000, entryType: 'payment' }]);
    const before = await entryCount();
    const refused = await refusal(
      post(t.db, nextDoc(), [
        { partyType: 'agent', partyId: agentId, accountKind: 'receivable', amountFen: 99, entryType: 'sale' },
        { partyType: 'agent', partyId: agentId, accountKind: 'prepayment', amountFen: -10_001, entryType: 'use' },
      ]),
    );
    const agentName = (await t.db.selectFrom('agents').select('name').where('id', '=', agentId).executeTakeFirstOrThrow()).name;
    expect(refused).toEqual({ status: 409, message: AccountMessages.overdrawn(agentName, 'prepayment', 10_000, 10_001) });
    expect(await entryCount()).toBe(before);
    expect(await balance('agent', agentId, 'prepayment')).toBe(10_000);
  });

  it('refuses bad entries with 422 before touching anything', async () => {
    const before = await entryCount();
    const good: EntryInput = { partyType: 'agent', partyId: agentId, accountKind: 'receivable', amountFen: 1, entryType: 'sale' };
    expect(await refusal(post(t.db, { type: 'cashier' as never, id: 1 }, [good]))).toEqual({ status: 422, message: AccountMessages.documentInvalid });
    expect(await refusal(post(t.db, nextDoc(), []))).toEqual({ status: 422, message: AccountMessages.noEntries });
    expect(await refusal(post(t.db, nextDoc(), [good, { ...good, amountFen: 1.5 }]))).toEqual({ status: 422, message: AccountMessages.amountInvalid(2) });
    expect(await refusal(post(t.db, nextDoc(), [{ ...good, accountKind: 'cash' as never }]))).toEqual({ status: 422, message: AccountMessages.entryInvalid(1) });
    expect(await refusal(post(t.db, nextDoc(), [{ ...good, partyId: -3 }]))).toEqual({ status: 422, message: AccountMessages.entryInvalid(1) });
    expect(await refusal(post(t.db, nextDoc(), [{ ...good, amountFen: 2_000_000_000_000 }]))).toEqual({ status: 422, message: AccountMessages.amountInvalid(1) });
    expect(await entryCount()).toBe(before);
  });
});

describe('reversing a document', () => {
  it("negates only the document's own entries, once", async () => {
    const mine = nextDoc('purchase_order');
    // another document type with the same id: never touched by voiding the first
    const other: DocumentRef = { type: 'purchase_refund', id: mine.id };
    await post(t.db, mine, [{ partyType: 'supplier', partyId: supplierId, accountKind: 'payable', amountFen: 7_000, quantity: 7, entryType: 'receipt' }]);
    await post(t.db, other, [{ partyType: 'supplier', partyId: supplierId, accountKind: 'payable', amountFen: -2_000, quantity: -2, entryType: 'refund' }]);
    const before = await balance('supplier', supplierId, 'payable');
    const reversed = await reverse(t.db, mine);
    expect(reversed.amountFen).toBe(-7_000);
    expect(await balance('supplier', supplierId, 'payable')).toBe(before - 7_000);
    const otherRows = await t.db
      .selectFrom('account_entries')
      .select(['amount_fen', 'reverses_entry_id'])
      .where('document_type', '=', 'purchase_refund')
      .where('doc_id', '=', mine.id)
      .execute();
    expect(otherRows).toEqual([{ amount_fen: -2_000, reverses_entry_id: null }]);
    expect(await refusal(reverse(t.db, mine))).toEqual({ status: 409, message: AccountMessages.alreadyReversed });
    expect(await refusal(reverse(t.db, nextDoc()))).toEqual({ status: 409, message: AccountMessages.nothingToReverse });
  });

  it('voiding a stock document reverses its own moves, not the moves of another document type with the same id', async () => {
    const hz = await warehouseIdOf(t.db, 'WH-HZ');
    const sku = await skuOf(t.db, 'YS26W1001', 'CA', 'M');
    const id = 777_001;
    await t.db
      .transaction()
      .execute((trx) => postMoves(trx, { docType: 'inbound', documentType: 'stock_doc', docId: id, userId: adminId, lines: [{ warehouseId: hz, skuId: sku.id, quantity: 5 }] }));
    // a later module's document that happens to share the numeric id
    await t.db
      .transaction()
      .execute((trx) =>
        postMoves(trx, { docType: 'inbound', documentType: 'purchase_refund', docId: id, userId: adminId, lines: [{ warehouseId: hz, skuId: sku.id, quantity: 2 }] }),
      );
    const stockBefore = await balanceOf(t.db, hz, { skuId: sku.id });
    await t.db.transaction().execute((trx) => reverseMoves(trx, { type: 'stock_doc', id }, adminId));
    expect(await balanceOf(t.db, hz, { skuId: sku.id })).toBe(stockBefore - 5);
    const theirs = await t.db.selectFrom('stock_moves').select(['quantity']).where('document_type', '=', 'purchase_refund').where('doc_id', '=', id).execute();
    expect(theirs).toEqual([{ quantity: 2 }]);
    const again = await refusal(t.db.transaction().execute((trx) => reverseMoves(trx, { type: 'stock_doc', id }, adminId)));
    expect(again).toEqual({ status: 409, message: StockMessages.alreadyReversed });
  });
});

describe('races', () => {
  it('twenty debits of 10.00 at once against 100.00 of 储值: exactly ten pass and the balance never goes below zero', async () => {
    const member = 4242;
    await post(t.db, nextDoc(), [{ partyType: 'member', partyId: member, accountKind: 'stored_value', amountFen: 10_000, entryType: 'recharge' }]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        refusal(post(racing, nextDoc(), [{ partyType: 'member', partyId: member, accountKind: 'stored_value', amountFen: -1_000, entryType: 'spend' }])),
      ),
    );
    expect(results.filter((r) => r === null)).toHaveLength(10);
    expect(results.filter((r) => r?.status === 409)).toHaveLength(10);
    expect(await balance('member', member, 'stored_value')).toBe(0);
  });

  it('postings over the same accounts in opposite orders never deadlock', async () => {
    const a: EntryInput = { partyType: 'agent', partyId: agentId, accountKind: 'receivable', amountFen: 10, entryType: 'sale' };
    const b: EntryInput = { partyType: 'supplier', partyId: supplierId, accountKind: 'payable', amountFen: 10, entryType: 'receipt' };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => refusal(post(racing, nextDoc(), i % 2 ? [a, b] : [b, a]))));
    expect(results.every((r) => r === null)).toBe(true);
    expect(await moneyProblems(t.db)).toEqual([]);
  });
});
