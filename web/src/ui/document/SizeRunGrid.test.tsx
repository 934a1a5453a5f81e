import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from 'antd';
import { SizeRunGrid } from './SizeRunGrid.tsx';
import { gridProblem, runAxes, type RunCell, type SavedRun } from './size-run-rules.ts';

const cell = (skuId: number, colour: string, size: string): RunCell => ({ skuId, colourKey: colour, colourName: colour, sizeName: size, barcode: `B${skuId}` });
const CELLS = [cell(1, '黑色', 'XL'), cell(2, '黑色', 'S'), cell(3, '黑色', 'M'), cell(4, '黑色', 'L'), cell(5, '驼色', 'S'), cell(6, '驼色', 'M')];

function Entry({ onValues, runs, defaultRunId }: { onValues?: (v: Record<number, number | null | undefined>) => void; runs?: SavedRun[]; defaultRunId?: number | null }) {
  const [value, setValue] = useState<Record<number, number | null | undefined>>({});
  // the form around the grid blocks its save on the first bad cell, as 按款号添加 does
  const problem = gridProblem(runAxes(CELLS), value, 100);
  return (
    <>
      <SizeRunGrid
        mode="entry"
        cells={CELLS}
        value={value}
        max={100}
        runEntry
        runs={runs}
        defaultRunId={defaultRunId}
        extra={(c) => `可用 ${c.skuId * 10}`}
        onChange={(v) => {
          setValue(v);
          onValues?.(v);
        }}
      />
      <span data-testid="problem">{problem}</span>
      <Button disabled={!!problem} data-testid="add">
        添加
      </Button>
    </>
  );
}

describe('SizeRunGrid', () => {
  it("lays sizes out in size order with a dash where a colour lacks a size, and shows each cell's extra figure", () => {
    render(<Entry />);
    expect(screen.getAllByTestId('size-run-size').map((th) => th.textContent)).toEqual(['S', 'M', 'L', 'XL']);
    const camel = screen.getByTestId('size-run-row-驼色');
    expect(within(camel).getAllByText('—')).toHaveLength(2);
    expect(screen.getByText('可用 30')).toBeTruthy();
  });

  it('adds up rows, columns and the whole grid as quantities are typed', async () => {
    const user = userEvent.setup();
    render(<Entry />);
    await user.type(screen.getByTestId('size-run-cell-B3'), '4');
    await user.type(screen.getByTestId('size-run-cell-B6'), '2');
    await user.type(screen.getByTestId('size-run-cell-B1'), '1');
    expect(screen.getByTestId('size-run-row-total-黑色').textContent).toBe('5');
    expect(screen.getByTestId('size-run-col-total-M').textContent).toBe('6');
    expect(screen.getByTestId('size-run-total').textContent).toBe('7');
  });

  it('keeps a bad quantity as typed and marks it red, counting nothing for it', () => {
    const seen: Record<number, number | null | undefined>[] = [];
    render(<Entry onValues={(v) => seen.push(v)} />);
    const input = screen.getByTestId('size-run-cell-B2');
    fireEvent.change(input, { target: { value: '-3' } });
    expect(seen.at(-1)?.[2]).toBe(-3);
    expect(input.closest('td')?.className).toContain('is-bad');
    expect(screen.getByTestId('size-run-total').textContent).toBe('0');
  });

  it.each([
    ['abc', '数量须为0-100的整数'],
    ['999', '数量须为0-100的整数'],
    ['-1', '数量须为0-100的整数'],
    ['1.5', '数量须为0-100的整数'],
  ])('keeps %j in its cell as typed, red, names it and blocks adding until it is mended', async (typed, message) => {
    const user = userEvent.setup();
    render(<Entry />);
    const input = screen.getByTestId('size-run-cell-B3') as HTMLInputElement;
    await user.type(input, typed);
    await user.tab();
    expect(input.value).toBe(typed);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.closest('td')?.className).toContain('is-bad');
    expect(screen.getByTestId('problem').textContent).toBe(`黑色 M：${message}`);
    expect((screen.getByTestId('add') as HTMLButtonElement).disabled).toBe(true);
    await user.clear(input);
    await user.type(input, '4');
    expect(input.closest('td')?.className ?? '').not.toContain('is-bad');
    expect(screen.getByTestId('problem').textContent).toBe('');
    expect((screen.getByTestId('add') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('size-run-total').textContent).toBe('4');
  });

  it('fills a colour by 配码: S1 M2 L2 XL1 × 2', async () => {
    const user = userEvent.setup();
    render(<Entry />);
    await user.click(screen.getByTestId('size-run-run-黑色'));
    await user.type(await screen.findByTestId('size-run-run-黑色-text'), 'S1 M2 L2 XL1');
    const count = screen.getByTestId('size-run-run-黑色-count');
    await user.clear(count);
    await user.type(count, '2');
    await user.click(screen.getByTestId('size-run-run-黑色-apply'));
    expect(screen.getByTestId('size-run-row-total-黑色').textContent).toBe('12');
    expect((screen.getByTestId('size-run-cell-B3') as HTMLInputElement).value).toBe('4');
    expect(screen.getByTestId('size-run-row-total-驼色').textContent).toBe('0');
  });

  it('shows what each cell holds in view mode, without inputs or totals', () => {
    render(<SizeRunGrid mode="view" cells={CELLS} renderCell={(c) => <span>{c.barcode}</span>} testId="view" />);
    expect(screen.getByText('B4')).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByTestId('view-total')).toBeNull();
  });

  describe('配码 picker', () => {
    const RUNS: SavedRun[] = [
      { id: 1, name: '标准配码', run: { S: 1, M: 2, L: 2, XL: 1 } },
      { id: 2, name: '小码配码', run: { S: 1, M: 2, L: 1 } },
      // XXL is no size of this grid: not offered
      { id: 3, name: '大码配码', run: { XL: 1, XXL: 2 } },
    ];

    it("opens with the style's default run filled in and offers the saved runs that fit", async () => {
      const user = userEvent.setup();
      render(<Entry runs={RUNS} defaultRunId={1} />);
      await user.click(screen.getByTestId('size-run-run-黑色'));
      expect(((await screen.findByTestId('size-run-run-黑色-text')) as HTMLInputElement).value).toBe('S1 M2 L2 XL1');
      await user.click(within(screen.getByTestId('size-run-run-黑色-saved')).getByRole('combobox'));
      expect(await screen.findByTitle('小码配码（S1 M2 L1）')).toBeTruthy();
      expect(screen.queryByTitle(/大码配码/)).toBeNull();
      await user.click(screen.getByTitle('小码配码（S1 M2 L1）'));
      expect((screen.getByTestId('size-run-run-黑色-text') as HTMLInputElement).value).toBe('S1 M2 L1');
      await user.click(screen.getByTestId('size-run-run-黑色-apply'));
      expect(screen.getByTestId('size-run-row-total-黑色').textContent).toBe('4');
      expect((screen.getByTestId('size-run-cell-B4') as HTMLInputElement).value).toBe('1');
      expect((screen.getByTestId('size-run-cell-B1') as HTMLInputElement).value).toBe('');
    });

    it('still takes a typed run beside the saved ones', async () => {
      const user = userEvent.setup();
      render(<Entry runs={RUNS} defaultRunId={1} />);
      await user.click(screen.getByTestId('size-run-run-驼色'));
      const text = await screen.findByTestId('size-run-run-驼色-text');
      await user.clear(text);
      await user.type(text, 's2 m3');
      await user.click(screen.getByTestId('size-run-run-驼色-apply'));
      expect(screen.getByTestId('size-run-row-total-驼色').textContent).toBe('5');
    });

    it('names a run of no pieces and does not apply it', async () => {
      const user = userEvent.setup();
      render(<Entry runs={RUNS} />);
      await user.click(screen.getByTestId('size-run-run-黑色'));
      const text = (await screen.findByTestId('size-run-run-黑色-text')) as HTMLInputElement;
      expect(text.value).toBe('');
      await user.type(text, 'S0 M0');
      expect(screen.getByText('配码至少要有一件')).toBeTruthy();
      expect((screen.getByTestId('size-run-run-黑色-apply') as HTMLButtonElement).disabled).toBe(true);
    });
  });
});
