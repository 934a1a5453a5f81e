import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReturnableAnswer, ReturnableSku } from '@erp/shared';
import type { RunValues } from '../../../ui/document/size-run-rules.ts';
import { AllowanceBar, ReturnBackGrids } from './ReturnBackGrids.tsx';
import { backTotals } from './return-rules.ts';

const sku = (skuId: number, styleNo: string, size: string, extra: Partial<ReturnableSku> = {}): ReturnableSku => ({
  skuId,
  productId: styleNo === 'YS1' ? 1 : 2,
  styleNo,
  productName: styleNo === 'YS1' ? '卫衣' : '围巾',
  colourName: '灰色',
  sizeName: size,
  barcode: `690${skuId}`,
  received: 2,
  returned: 0,
  returnable: 2,
  unitPriceFen: 5_000,
  lastReceivedDay: '2026-11-20',
  blocked: '',
  ...extra,
});
const ANSWER: ReturnableAnswer = {
  buyerKey: 'shop:1:none:0',
  buyers: [],
  buyerType: 'shop',
  buyerId: 1,
  buyerName: '湖滨店',
  allowance: { policyName: '加盟店政策', rateBp: 3000, windowDays: 60, shippedFen: 100_000, allowanceFen: 30_000, usedFen: 0, leftFen: 30_000 },
  skus: [sku(1, 'YS1', 'S'), sku(2, 'YS1', 'M'), sku(3, 'YS2', 'F', { returnable: 0, blocked: '不可退换（联名）' })],
};

function Harness() {
  const [values, setValues] = useState<RunValues>({});
  return (
    <>
      <AllowanceBar answer={ANSWER} amountFen={backTotals(ANSWER.skus, values).amountFen} label="退货" />
      <ReturnBackGrids answer={ANSWER} values={values} onChange={setValues} />
    </>
  );
}

describe('ReturnBackGrids', () => {
  it('shows a grid per style with what each cell may return, and why a blocked one may not', () => {
    render(<Harness />);
    expect(screen.getByTestId('return-style-YS1')).toBeTruthy();
    expect(screen.getByTestId('return-left-6901').textContent).toBe('可退2 · ¥50.00');
    expect(screen.getByText('不可退换（联名）')).toBeTruthy();
  });

  it('counts a scanned piece per Enter, refuses one more than may return and an unknown code, and the allowance follows', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByTestId('return-scan');
    for (let i = 0; i < 2; i += 1) await user.type(box, '6901{Enter}');
    expect(screen.getByTestId('return-back-totals').textContent).toContain('退回 2 件');
    expect(screen.getByTestId('return-allowance-this').textContent).toBe('¥100.00');
    await user.type(box, '6901{Enter}');
    expect(screen.getByTestId('return-scan-result').textContent).toContain('6901最多可退2件');
    expect(screen.getByTestId('return-back-totals').textContent).toContain('退回 2 件');
    await user.type(box, '123{Enter}');
    expect(screen.getByTestId('return-scan-result').textContent).toContain('条码123不是该门店本季从总部收到的货品');
    // typing into the grid counts too, and each grid totals only its own style
    await user.type(screen.getByTestId('return-grid-YS1-cell-6902'), '1');
    expect(screen.getByTestId('return-back-totals').textContent).toContain('退回 3 件');
  });
});
