import type { AccountEntryRecord, StatementRecord } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { allEntries, PRINT_PAGE_SIZE, statementSheet } from './statement-print.ts';

const entry = (id: number): AccountEntryRecord => ({ id, businessDay: '2026-11-03', amountFen: 100, runningFen: 100 * id }) as AccountEntryRecord;

describe('printing a statement', () => {
  it('fetches every page of entries until the total is reached', async () => {
    const total = PRINT_PAGE_SIZE * 2 + 3;
    const asked: [number, number][] = [];
    const all = await allEntries(async (page, limit) => {
      asked.push([page, limit]);
      const from = (page - 1) * limit;
      return { records: Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => entry(from + i + 1)), total };
    });
    expect(asked).toEqual([
      [1, PRINT_PAGE_SIZE],
      [2, PRINT_PAGE_SIZE],
      [3, PRINT_PAGE_SIZE],
    ]);
    expect(all.map((e) => e.id)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  });

  it('stops at an empty period, and at a full last page', async () => {
    expect(await allEntries(async () => ({ records: [], total: 0 }))).toEqual([]);
    let calls = 0;
    const full = await allEntries(async () => {
      calls += 1;
      return { records: Array.from({ length: PRINT_PAGE_SIZE }, (_, i) => entry(i + 1)), total: PRINT_PAGE_SIZE };
    });
    expect([full.length, calls]).toEqual([PRINT_PAGE_SIZE, 1]);
  });

  it('builds the sheet from the server figures: party type, 应收/应付, the confirmation as shown', () => {
    const record = {
      partyType: 'supplier',
      partyId: 2,
      partyCode: 'SP001',
      partyName: '广州锦纶纺织有限公司',
      accountKind: 'payable',
      from: '2026-11-01',
      to: '2026-11-30',
      openingFen: 1,
      increaseFen: 2,
      decreaseFen: 3,
      closingFen: 0,
      entryCount: 1,
      confirmation: {
        outcome: 'confirmed',
        note: '',
        confirmedByName: '李华',
        confirmedAt: '2026-12-02T02:15:00.000Z',
        openingFen: 1,
        closingFen: 0,
        entryCount: 1,
        matches: true,
      },
      canConfirm: false,
    } satisfies StatementRecord;
    const e = { ...entry(1), entryLabel: '采购入库', documentNo: 'RK1', originNo: 'CG1', memo: 'm' };
    const s = statementSheet(record, [e], '2026-12-03 09:00:00');
    expect(s).toMatchObject({ partyTypeLabel: '供应商', balanceLabel: '应付', printedAt: '2026-12-03 09:00:00', openingFen: 1, closingFen: 0 });
    expect(s.confirmation).toMatchObject({ byName: '李华', matches: true });
    expect(s.confirmation?.at).toMatch(/^2026-12-02 \d\d:15:00$/);
    expect(s.entries).toEqual([{ businessDay: '2026-11-03', entryLabel: '采购入库', documentNo: 'RK1', originNo: 'CG1', amountFen: 100, runningFen: 100, memo: 'm' }]);
  });
});
