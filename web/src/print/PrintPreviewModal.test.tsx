import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewPrint, subscribePrint } from './print-bus.ts';
import type { OutboundSheet, PrintEvent } from './print-types.ts';
import { copiesProblem, PrintPreviewHost, PrintPreviewModal, withLayout } from './PrintPreviewModal.tsx';

const sheet: OutboundSheet = {
  title: '采购订单',
  number: 'CG20261121-0001',
  date: '2026-11-21',
  fromWarehouse: '广州锦纶纺织有限公司（SP001）',
  to: '杭州总仓',
  lines: [{ styleNo: 'YS26M3102', name: '男式牛仔裤', colour: '深蓝', size: 'M', barcode: '6926013100145', quantity: 3, unitPriceFen: 12000, amountFen: 36000 }],
  totalQuantity: 3,
  totalAmountFen: 36000,
  maker: '管理员',
};

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

/** What reaches the print frames, the dialog opened for the sheet, and its onClose. */
function setup() {
  const printed: { event: PrintEvent; copies: number }[] = [];
  stops.push(subscribePrint((event, copies) => printed.push({ event, copies })));
  const onClose = vi.fn();
  render(<PrintPreviewModal event={{ kind: 'outbound', payload: sheet }} onClose={onClose} />);
  return { printed, onClose };
}

const copies = () => screen.getByTestId('print-preview-copies') as HTMLInputElement;
const printButton = () => screen.getByTestId('print-preview-ok');

describe('the print preview', () => {
  it('opens from previewPrint (what every print button calls) with the document and 份数 1; nothing prints until 打印', async () => {
    const printed: PrintEvent[] = [];
    stops.push(subscribePrint((event) => printed.push(event)));
    render(<PrintPreviewHost />);
    act(() => previewPrint('outbound', sheet));
    expect(await screen.findByText('打印预览 · 采购订单 CG20261121-0001')).toBeTruthy();
    expect(screen.getByTestId('print-preview-frame').getAttribute('data-preview-kind')).toBe('outbound');
    expect(copies().value).toBe('1');
    expect(printed).toEqual([]);
  });

  it('prints the typed number of copies and closes', async () => {
    const user = userEvent.setup();
    const { printed, onClose } = setup();
    await screen.findByTestId('print-preview-copies');
    await user.clear(copies());
    await user.type(copies(), '2');
    await user.click(printButton());
    await waitFor(() => expect(printed).toEqual([{ event: { kind: 'outbound', payload: sheet }, copies: 2 }]));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it.each([
    ['0', '份数须为1-99之间的整数'],
    ['100', '份数须为1-99之间的整数'],
    ['1.5', '份数须为1-99之间的整数'],
    ['', '请输入份数'],
  ])('refuses 份数 %j with a message and prints nothing', async (typed, message) => {
    const user = userEvent.setup();
    const { printed } = setup();
    await screen.findByTestId('print-preview-copies');
    await user.clear(copies());
    if (typed) await user.type(copies(), typed);
    await user.click(printButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(printed).toEqual([]);
  });

  it('prints an 出库单 sheet 尺码横排 when chosen (配货出库单 …), and offers no layout for other kinds', async () => {
    const user = userEvent.setup();
    const { printed } = setup();
    await user.click(await screen.findByText('尺码横排'));
    await user.click(printButton());
    await waitFor(() => expect(printed).toEqual([{ event: { kind: 'outbound', payload: { ...sheet, layout: 'grid' } }, copies: 1 }]));
    expect(withLayout({ kind: 'outbound', payload: { ...sheet, layout: 'grid' } }, 'lines')).toEqual({ kind: 'outbound', payload: { ...sheet, layout: 'lines' } });
    const transfer = { kind: 'transfer', payload: { ...sheet, toWarehouse: 'x', status: '' } } as unknown as PrintEvent;
    expect(withLayout(transfer, 'grid')).toBe(transfer);
  });

  it('offers no layout choice for a sheet that is not an 出库单', async () => {
    render(
      <PrintPreviewModal
        event={{
          kind: 'parcel',
          payload: { title: '退货单', number: 'TH20261125-0001', date: '', status: '', shop: '', fromWarehouse: '', toWarehouse: '', lines: sheet.lines, totalQuantity: 3 },
        }}
        onClose={vi.fn()}
      />,
    );
    expect(await screen.findByText('打印预览 · 退货装箱单 TH20261125-0001')).toBeTruthy();
    expect(screen.queryByTestId('print-preview-layout')).toBeNull();
  });

  it('取消 closes without printing', async () => {
    const user = userEvent.setup();
    const { printed, onClose } = setup();
    await user.click(await screen.findByTestId('print-preview-cancel'));
    expect(onClose).toHaveBeenCalledOnce();
    expect(printed).toEqual([]);
  });
});

describe('copiesProblem', () => {
  it('accepts whole numbers 1–99 only', () => {
    expect([1, 2, 99].map(copiesProblem)).toEqual([null, null, null]);
    expect([0, 100, 1.5, -1, Number.NaN, '3'].map(copiesProblem)).toEqual(Array(6).fill('份数须为1-99之间的整数'));
    expect([null, undefined, ''].map(copiesProblem)).toEqual(Array(3).fill('请输入份数'));
  });
});
