import { describe, expect, it } from 'vitest';
import type { StatementRecord } from '@erp/shared';
import { statementSheet } from './statement-sheet.ts';

describe('对账单 Excel', () => {
  it('names the party and period with 期初 above, 合计 and 期末 below, in yuan', () => {
    const s = {
      partyType: 'agent',
      partyId: 1,
      partyCode: 'AG001',
      partyName: '杭州衣尚服饰贸易有限公司',
      accountKind: 'receivable',
      from: '2026-10-01',
      to: '2026-10-31',
      openingFen: 100_000,
      increaseFen: 250_050,
      decreaseFen: 50_000,
      closingFen: 300_050,
      entryCount: 7,
      confirmation: null,
      canConfirm: false,
    } satisfies StatementRecord;
    const sheet = statementSheet(s);
    expect(sheet.preamble?.()).toEqual([['对账单：代理商 杭州衣尚服饰贸易有限公司（AG001）'], ['对账期间', '2026-10-01 至 2026-10-31'], ['期初余额（应收，元）', 1000]]);
    expect(sheet.footer?.()).toEqual([
      ['合计', '7 笔'],
      ['本期增加（元）', 2500.5],
      ['本期减少（元）', 500],
      ['期末余额（应收，元）', 3000.5],
    ]);
  });
});
