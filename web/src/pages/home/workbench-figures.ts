import { formatYuan, type WorkbenchFigures } from '@erp/shared';
import { formatYuanOrUnlimited } from '../../ui/money/limit-yuan.ts';

// 工作台's figures strip for an agent or a shop, as words: each tile a title, the figure and a
// note saying whose it is. Money in formatYuan (¥15,735.36); no limit is 不限.

export interface FigureTile {
  key: 'credit' | 'quota' | 'owed';
  title: string;
  value: string;
  note: string;
  /** the figure is a warning (owing, or nothing left) */
  alert: boolean;
}

const UNLIMITED = '不限';

export function figureTiles(figures: WorkbenchFigures): FigureTile[] {
  const tiles: FigureTile[] = [];
  const { account, quota } = figures;
  if (account?.kind === 'own') {
    tiles.push({
      key: 'credit',
      title: '可用授信',
      value: formatYuanOrUnlimited(account.availableFen),
      note: account.availableFen === null ? `${account.partyName}，未设授信额度` : `${account.partyName}，授信额度 + 预付款 − 欠款 − 未发货`,
      alert: account.availableFen !== null && account.availableFen <= 0,
    });
  } else if (account) {
    const note = account.kind === 'byAgent' ? '由代理商结算，请向代理商付款' : '总部直营门店，不结算';
    tiles.push({ key: 'credit', title: '可用授信', value: account.kind === 'byAgent' ? '由代理商结算' : '不结算', note, alert: false });
  }
  if (quota?.kind === 'season') {
    const pieces = quota.leftPieces === null ? '' : `，剩余 ${quota.leftPieces} 件`;
    tiles.push({
      key: 'quota',
      title: '本季额度剩余',
      value: !quota.limited || quota.leftFen === null ? (quota.limited && quota.leftPieces !== null ? `${quota.leftPieces} 件` : UNLIMITED) : formatYuan(quota.leftFen),
      note: quota.limited ? `${quota.seasonName}${quota.leftFen === null ? '' : pieces}` : `${quota.seasonName}，未设订货额度`,
      alert: quota.limited && (quota.leftFen === 0 || quota.leftPieces === 0),
    });
  } else if (quota) {
    tiles.push({ key: 'quota', title: '本季额度剩余', value: '--', note: '今天没有开放的现货订货季', alert: false });
  }
  if (account?.kind === 'own') {
    tiles.push({ key: 'owed', title: '欠款', value: formatYuan(account.owedFen), note: `${account.partyName}应收未付`, alert: account.owedFen > 0 });
  } else if (account) {
    tiles.push({
      key: 'owed',
      title: '欠款',
      value: account.kind === 'byAgent' ? '由代理商结算' : '不结算',
      note: account.kind === 'byAgent' ? '门店的货款记在代理商账上' : '总部直营门店，不结算',
      alert: false,
    });
  }
  return tiles;
}
