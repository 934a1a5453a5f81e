import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AgentPlanGrid } from '@erp/shared';
import { PlanGrid } from './PlanGrid.tsx';

const totals = (tf: number, tp: number, of: number, op: number) => ({
  targetFen: tf,
  targetPieces: tp,
  orderedFen: of,
  orderedPieces: op,
  amountPercent: tf ? Math.round((of * 1000) / tf) / 10 : null,
  piecesPercent: tp ? Math.round((op * 1000) / tp) / 10 : null,
});

const GRID: AgentPlanGrid = {
  seasonId: 1,
  agentId: 1,
  agentName: '杭州衣尚服饰贸易有限公司',
  categories: [
    { id: 10, code: 'W', name: '女装', path: '女装', level: 1 },
    { id: 20, code: 'M', name: '男装', path: '男装', level: 1 },
  ],
  shops: [
    {
      id: 3,
      code: 'SH001',
      name: '衣尚·杭州湖滨银泰店',
      lines: [
        {
          shopId: 3,
          categoryId: 10,
          planId: 7,
          targetFen: 1_000_000,
          targetPieces: 100,
          orderedFen: 456_000,
          orderedPieces: 30,
          amountPercent: 45.6,
          piecesPercent: 30,
          remark: '主推',
        },
        { shopId: 3, categoryId: 20, planId: null, targetFen: 0, targetPieces: 0, orderedFen: 12_300, orderedPieces: 2, amountPercent: null, piecesPercent: null, remark: '' },
      ],
      totals: totals(1_000_000, 100, 456_000, 30),
    },
  ],
  totals: totals(1_000_000, 100, 456_000, 30),
};

describe('PlanGrid', () => {
  it('shows targets, ordered figures and the percent to 0.1 %; an unplanned cell shows a dash', () => {
    render(<PlanGrid grid={GRID} canEdit={false} onSave={vi.fn()} />);
    expect(screen.getByTestId('plan-ordered-fen-3:10').textContent).toBe('¥4,560.00');
    expect(screen.getByTestId('plan-fen-percent-3:10').textContent).toContain('45.6%');
    expect(screen.getByTestId('plan-fen-percent-3:20').textContent).toBe('--');
    expect(screen.getByTestId('plan-total-ordered-fen').textContent).toBe('¥4,560.00');
    expect(screen.queryByTestId('plan-edit')).toBeNull();
  });

  it('saves only the changed cells, in fen and pieces', async () => {
    const onSave = vi.fn(async () => {});
    render(<PlanGrid grid={GRID} canEdit onSave={onSave} />);
    fireEvent.click(screen.getByTestId('plan-edit'));
    const fen = screen.getByTestId('plan-fen-3:20') as HTMLInputElement;
    fireEvent.change(fen, { target: { value: '800.5' } });
    fireEvent.blur(fen);
    const pieces = screen.getByTestId('plan-pieces-3:20') as HTMLInputElement;
    fireEvent.change(pieces, { target: { value: '12' } });
    fireEvent.blur(pieces);
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith([{ shopId: 3, categoryId: 20, targetFen: 80_050, targetPieces: 12, remark: '' }]);
    await waitFor(() => expect(screen.queryByTestId('plan-save')).toBeNull());
  });

  it('shows the server refusal and stays in edit mode', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('门店不存在');
    });
    render(<PlanGrid grid={GRID} canEdit onSave={onSave} />);
    fireEvent.click(screen.getByTestId('plan-edit'));
    const remark = screen.getByTestId('plan-remark-3:10') as HTMLInputElement;
    fireEvent.change(remark, { target: { value: '改' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    expect((await screen.findByTestId('plan-problem')).textContent).toContain('门店不存在');
    expect(screen.getByTestId('plan-save')).toBeTruthy();
  });
});

describe('draftLines', async () => {
  const { draftLines } = await import('./PlanGrid.tsx');
  const row = { ...GRID.shops[0]!.lines[0]!, key: '3:10', shopName: '湖滨店', shopCode: 'SH001', categoryPath: '女装' };
  it('names the cell of a bad figure', () => {
    expect(draftLines([row], new Map([['3:10', { targetFen: 123.4, targetPieces: 1, remark: '' }]]))).toEqual({
      problem: '湖滨店 · 女装：目标金额须为0到10亿元之间、最多两位小数的金额',
    });
    expect(draftLines([row], new Map([['3:10', { targetFen: 100, targetPieces: 1.5, remark: '' }]]))).toEqual({ problem: '湖滨店 · 女装：目标件数须为0到1亿之间的整数' });
    expect(draftLines([row], new Map([['3:10', { targetFen: 1_000_000, targetPieces: 100, remark: '主推' }]]))).toEqual({ lines: [] });
  });
});
