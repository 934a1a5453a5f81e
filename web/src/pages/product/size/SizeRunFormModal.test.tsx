import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SizeGroup } from '../../../api/product-master.ts';
import type { SizeRunRecord } from '../../../api/size-runs.ts';

const create = vi.fn(async (_input: unknown) => ({ id: 9 }));
const update = vi.fn(async (_id: number, _input: unknown) => ({}));
vi.mock('../../../api/size-runs.ts', async (original) => ({
  ...(await original<typeof import('../../../api/size-runs.ts')>()),
  sizeRunApi: { create: (input: unknown) => create(input), update: (id: number, input: unknown) => update(id, input) },
}));

const { SizeRunFormModal } = await import('./SizeRunFormModal.tsx');

const GROUP: SizeGroup = {
  id: 1,
  code: 'DEFAULT',
  name: '常规尺码',
  sort: 1,
  enabled: true,
  isDefault: true,
  sizes: ['F', 'S', 'M', 'L', 'XL'].map((name, i) => ({ id: i + 1, name, sort: i + 1 })),
  createdAt: '',
  updatedAt: '',
};

const save = () => screen.getByRole('button', { name: /保\s*存/ });
const count = (size: string) => screen.getByTestId(`size-run-count-${size}`) as HTMLInputElement;

function renderForm(record: SizeRunRecord | null = null) {
  const onSaved = vi.fn();
  render(<SizeRunFormModal target={{ group: GROUP, record, nextSort: 4 }} onClose={() => {}} onSaved={onSaved} />);
  return onSaved;
}

describe('SizeRunFormModal', () => {
  it('has one count per size of the group and shows the run and its pieces as they are typed', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getAllByLabelText(/件数$/).map((input) => input.getAttribute('aria-label'))).toEqual(['F 件数', 'S 件数', 'M 件数', 'L 件数', 'XL 件数']);
    expect(screen.getByTestId('size-run-preview').textContent).toContain('—');
    await user.type(count('S'), '1');
    await user.type(count('M'), '2');
    await user.type(count('L'), '2');
    await user.type(count('XL'), '1');
    expect(screen.getByTestId('size-run-preview').textContent).toContain('S1 M2 L2 XL1');
    expect(screen.getByTestId('size-run-pieces').textContent).toBe('6');
  });

  it('saves the name and the sizes with pieces', async () => {
    const user = userEvent.setup();
    const onSaved = renderForm();
    await user.type(screen.getByTestId('size-run-form-name'), ' 标准配码 ');
    await user.type(count('S'), '1');
    await user.type(count('M'), '2');
    await user.type(count('F'), '0');
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({ groupId: 1, name: '标准配码', sort: 4, enabled: true, counts: { S: 1, M: 2 } });
  });

  it.each([
    ['-1', '尺码 M 的件数须为0-999的整数'],
    ['1.5', '尺码 M 的件数须为0-999的整数'],
    ['1000', '尺码 M 的件数须为0-999的整数'],
    ['abc', '尺码 M 的件数须为0-999的整数'],
  ])('keeps %j as typed, names it and sends nothing', async (typed, message) => {
    const user = userEvent.setup();
    create.mockClear();
    renderForm();
    await user.type(screen.getByTestId('size-run-form-name'), '坏配码');
    fireEvent.change(count('M'), { target: { value: typed } });
    await user.click(save());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(count('M').value).toBe(typed);
    // only the bad size is marked; the field's message does not paint the others red
    expect(count('M').className).toContain('ant-input-status-error');
    expect(count('S').className).not.toContain('ant-input-status-error');
    // a bad count counts nothing in the preview
    expect(screen.getByTestId('size-run-pieces').textContent).toBe('0');
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses an empty run and an empty name', async () => {
    const user = userEvent.setup();
    create.mockClear();
    renderForm();
    await user.click(save());
    expect(await screen.findByText('请输入配码名称')).toBeTruthy();
    expect(await screen.findByText('配码至少要有一件')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('edits a saved run from its counts', async () => {
    const user = userEvent.setup();
    const record: SizeRunRecord = {
      id: 5,
      groupId: 1,
      name: '小码配码',
      isDefault: false,
      counts: [
        { sizeId: 2, sizeName: 'S', count: 1 },
        { sizeId: 3, sizeName: 'M', count: 2 },
      ],
      text: 'S1 M2',
      pieces: 3,
      sort: 2,
      enabled: true,
      styleCount: 0,
      createdAt: '',
      updatedAt: '',
    };
    const onSaved = renderForm(record);
    expect(count('M').value).toBe('2');
    await user.clear(count('M'));
    await user.type(count('M'), '3');
    expect(screen.getByTestId('size-run-preview').textContent).toContain('S1 M3');
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith(5, { name: '小码配码', sort: 2, enabled: true, counts: { S: 1, M: 3 } });
  });
});
