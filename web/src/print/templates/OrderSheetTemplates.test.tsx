import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { previewTitle } from '../PrintPreviewModal.tsx';
import { printProblem } from '../print-format.ts';
import { DEFAULT_PRINT_SETTINGS } from '../print-settings.ts';
import type { OrderConfirmSheet, OutboundLine, ParcelSheet } from '../print-types.ts';
import { PrintTemplate } from './PrintTemplate.tsx';

const line = (colour: string, size: string, sizeSort: number, quantity: number, styleNo = 'YS26W2005'): OutboundLine => ({
  styleNo,
  name: styleNo === 'YS26W2005' ? '连帽卫衣' : '直筒牛仔裤',
  colour,
  size,
  sizeSort,
  barcode: `69${styleNo.slice(-4)}${colour === '黑色' ? 1 : 2}${sizeSort}`,
  quantity,
  unitPriceFen: 15_900,
  amountFen: 15_900 * quantity,
});

const lines = [line('黑色', 'L', 3, 2), line('黑色', 'S', 1, 1), line('灰色', 'M', 2, 4), line('黑色', '30', 2, 3, 'YS26M3104')];
const order: OrderConfirmSheet = {
  number: 'DH20261121-0003',
  date: '2026-11-21',
  seasonName: '2026秋冬现货',
  status: '待审核',
  buyer: '衣尚·杭州湖滨银泰店',
  billed: '杭州衣尚服饰贸易有限公司（代理商）',
  shop: '衣尚·杭州湖滨银泰店',
  lines,
  totalQuantity: 10,
  totalAmountFen: 159_000,
  remark: '',
  maker: '王晓燕',
  printedAt: '2026-11-21 15:30:00',
};

describe('订货确认单', () => {
  it('prints header, buyer, 结算方, receiving shop, the lines 尺码横排, totals and the amount in words', () => {
    const { container } = render(<PrintTemplate event={{ kind: 'order', payload: order }} settings={DEFAULT_PRINT_SETTINGS.order} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('订货确认单');
    const info = container.querySelector('.doc__info')!.textContent!;
    for (const text of [
      '订货单号：DH20261121-0003',
      '购货方：衣尚·杭州湖滨银泰店',
      '结算方：杭州衣尚服饰贸易有限公司（代理商）',
      '收货门店：衣尚·杭州湖滨银泰店',
      '订货季：2026秋冬现货',
    ])
      expect(info).toContain(text);
    // one block per style: colour rows, sizes as columns in size order
    const grids = container.querySelectorAll('table.doc__grid');
    expect(grids).toHaveLength(2);
    const head = [...grids[0]!.querySelectorAll('thead tr:nth-child(2) th')].map((th) => th.textContent);
    expect(head).toEqual(['颜色 \\ 尺码', 'S', 'M', 'L', '合计']);
    const rows = [...grids[0]!.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['黑色', '1', '', '2', '3'],
      ['灰色', '', '4', '', '4'],
    ]);
    expect(container.querySelector('.doc__grid-total')!.textContent).toContain('数量 10');
    expect(container.querySelector('.doc__words')!.textContent).toBe('合计金额（大写）：壹仟伍佰玖拾元整');
    expect(previewTitle({ kind: 'order', payload: order })).toBe('订货确认单 DH20261121-0003');
  });

  it('refuses to print an order without lines', () => {
    expect(printProblem({ kind: 'order', payload: { ...order, lines: [] } })).toBe('单据没有明细');
    expect(printProblem({ kind: 'order', payload: order })).toBeNull();
  });
});

describe('退货 / 换货装箱单', () => {
  const parcel: ParcelSheet = {
    title: '退货单',
    number: 'TH20261125-0001',
    date: '2026-11-25',
    status: '已审核',
    shop: '衣尚·杭州湖滨银泰店',
    fromWarehouse: '湖滨银泰店仓',
    toWarehouse: '杭州中心仓',
    lines: lines.slice(0, 2).map(({ styleNo, name, colour, size, barcode, quantity }) => ({ styleNo, name, colour, size, barcode, quantity })),
    totalQuantity: 3,
    reason: '面料起球',
  };

  it('prints what goes in the box: shop, number, lines to tick and the total', () => {
    const { container } = render(<PrintTemplate event={{ kind: 'parcel', payload: parcel }} settings={DEFAULT_PRINT_SETTINGS.parcel} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('退货装箱单');
    const info = container.querySelector('.doc__info')!.textContent!;
    expect(info).toContain('退货单号：TH20261125-0001');
    expect(info).toContain('门店：衣尚·杭州湖滨银泰店');
    expect(info).toContain('收货仓库：杭州中心仓');
    const body = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    // sizes in order (S before L), a 核对 box on each line
    expect(body.map((cells) => [cells[4], cells[6], cells[7]])).toEqual([
      ['S', '1', '□'],
      ['L', '2', '□'],
    ]);
    expect(container.querySelector('tfoot')!.textContent).toContain('合计（2 行）3');
    expect(previewTitle({ kind: 'parcel', payload: { ...parcel, title: '换货单' } })).toBe('换货装箱单 TH20261125-0001');
  });
});
