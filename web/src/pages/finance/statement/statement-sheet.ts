import { FINANCE_PARTY_LABELS, type StatementRecord } from '@erp/shared';
import type { ListExportSheet } from '../../../ui/list-page/use-list-export.ts';
import { fenToSheetYuan } from '../../../ui/money/index.ts';

/**
 * The Excel's lines around the entries (issue 26): whose statement, which period, 期初 above; the
 * period's 合计 (增加, 减少) and 期末 below — so the file stands on its own when sent to the party.
 */
export function statementSheet(s: StatementRecord): ListExportSheet {
  const kind = s.accountKind === 'payable' ? '应付' : '应收';
  return {
    preamble: () => [
      [`对账单：${FINANCE_PARTY_LABELS[s.partyType]} ${s.partyName}（${s.partyCode}）`],
      ['对账期间', `${s.from} 至 ${s.to}`],
      [`期初余额（${kind}，元）`, fenToSheetYuan(s.openingFen)],
    ],
    footer: () => [
      ['合计', `${s.entryCount} 笔`],
      ['本期增加（元）', fenToSheetYuan(s.increaseFen)],
      ['本期减少（元）', fenToSheetYuan(s.decreaseFen)],
      [`期末余额（${kind}，元）`, fenToSheetYuan(s.closingFen)],
    ],
  };
}
