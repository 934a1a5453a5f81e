import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { previewTitle } from '../PrintPreviewModal.tsx';
import type { StatementSheet } from '../print-types.ts';
import { templateCss } from './template-css.ts';
import { DEFAULT_PRINT_SETTINGS } from '../print-settings.ts';
import { PrintTemplate } from './PrintTemplate.tsx';

const sheet = (extra: Partial<StatementSheet> = {}): StatementSheet => ({
  partyTypeLabel: '代理商',
  partyCode: 'AG001',
  partyName: '杭州衣尚服饰贸易有限公司',
  balanceLabel: '应收',
  from: '2026-11-01',
  to: '2026-11-30',
  openingFen: 100_000,
  increaseFen: 1_234_567,
  decreaseFen: 50_005,
  closingFen: 1_284_562,
  entries: [
    { businessDay: '2026-11-03', entryLabel: '订货发货', documentNo: 'FH20261103-0002', originNo: 'DH20261028-0005', amountFen: 1_234_567, runningFen: 1_334_567, memo: '首批' },
    { businessDay: '2026-11-08', entryLabel: '收款', documentNo: 'SK20261108-0001', originNo: '', amountFen: -50_005, runningFen: 1_284_562, memo: '' },
  ],
  confirmation: null,
  printedAt: '2026-12-01 09:00:00',
  ...extra,
});

const draw = (s: StatementSheet) => render(<PrintTemplate event={{ kind: 'statement', payload: s }} settings={DEFAULT_PRINT_SETTINGS.statement} />);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((td) => td.textContent);

describe('the 对账单 print template', () => {
  it('prints the company, the title, the party and the period', () => {
    const { container } = draw(sheet());
    expect(container.querySelector('.doc__company')?.textContent).toBe('衣尚服饰');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('对账单');
    const info = container.querySelector('.doc__info')!.textContent;
    expect(info).toContain('往来单位：杭州衣尚服饰贸易有限公司（AG001）');
    expect(info).toContain('单位类型：代理商');
    expect(info).toContain('对账期间：2026-11-01 至 2026-11-30');
    // no document number: no barcode in the head
    expect(container.querySelector('.doc__codes')).toBeNull();
  });

  it('prints the opening balance, every entry with its running balance in yuan, the totals and the closing balance', () => {
    const { container } = draw(sheet());
    expect(screen.getByTestId('statement-print-opening').textContent).toContain('期初余额（应收）：¥1,000.00');
    const head = [...container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(head).toEqual(['序号', '业务日期', '类型', '单据号', '来源单据', '增加', '减少', '余额', '摘要']);
    const rows = screen.getAllByTestId('statement-print-entry');
    expect(rows).toHaveLength(2);
    expect(cells(rows[0])).toEqual(['1', '2026-11-03', '订货发货', 'FH20261103-0002', 'DH20261028-0005', '¥12,345.67', '', '¥13,345.67', '首批']);
    expect(cells(rows[1])).toEqual(['2', '2026-11-08', '收款', 'SK20261108-0001', '--', '', '¥500.05', '¥12,845.62', '']);
    // figures right-aligned
    for (const td of within(rows[0]).getAllByRole('cell').slice(5, 8)) expect(td.className).toBe('num');
    expect(cells(container.querySelector('tfoot tr') as HTMLElement)).toEqual(['本期合计（2 笔）', '¥12,345.67', '¥500.05', '¥12,845.62', '']);
    const totals = screen.getByTestId('statement-print-totals').textContent;
    expect(totals).toContain('本期增加¥12,345.67');
    expect(totals).toContain('本期减少¥500.05');
    expect(screen.getByTestId('statement-print-closing').textContent).toBe('期末余额（应收）¥12,845.62');
    expect(container.textContent).toContain('期末余额（大写）：壹万贰仟捌佰肆拾伍元陆角贰分');
  });

  it('says 未确认, or who confirmed it and when, and whether the figures moved since', () => {
    const { unmount } = draw(sheet());
    expect(screen.getByTestId('statement-print-confirmation').textContent).toBe('对账确认：未确认');
    unmount();
    const confirmed = draw(sheet({ confirmation: { byName: '张敏', at: '2026-12-02 10:15:00', matches: true } }));
    expect(screen.getByTestId('statement-print-confirmation').textContent).toBe('对账确认：已确认（张敏 于 2026-12-02 10:15:00 确认）');
    confirmed.unmount();
    draw(sheet({ confirmation: { byName: '张敏', at: '2026-12-02 10:15:00', matches: false } }));
    expect(screen.getByTestId('statement-print-confirmation').textContent).toContain('确认后本期间又有入账');
  });

  it('has signature and seal lines for both sides, and a period without entries still prints', () => {
    const { container } = draw(sheet({ entries: [], increaseFen: 0, decreaseFen: 0, closingFen: -2_000 }));
    const signs = container.querySelector('.statement__signs')!;
    expect(signs.getAttribute('aria-label')).toBe('双方签字盖章');
    expect(signs.textContent).toContain('本公司：衣尚服饰（签字盖章）');
    expect(signs.textContent).toContain('对方单位：杭州衣尚服饰贸易有限公司（签字盖章）');
    expect(container.textContent).toContain('本期无发生额');
    expect(screen.getByTestId('statement-print-closing').textContent).toBe('期末余额（应收）−¥20.00');
  });

  it('prints on A4 portrait with the table header repeated on every page, and titles the preview', () => {
    const css = templateCss('statement', DEFAULT_PRINT_SETTINGS.statement);
    expect(css).toContain('size: 210mm 297mm');
    expect(css).toContain('.doc thead { display: table-header-group; }');
    expect(previewTitle({ kind: 'statement', payload: sheet() })).toBe('对账单 杭州衣尚服饰贸易有限公司 2026-11-01 至 2026-11-30');
  });
});
