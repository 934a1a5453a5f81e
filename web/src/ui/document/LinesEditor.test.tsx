import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { LinesEditor, type LinesEditorShelves } from './LinesEditor.tsx';
import type { EditorLine, PickedSku } from './lines-rules.ts';

const SKUS: Record<string, PickedSku> = {
  '6900001': { skuId: 1, styleNo: 'YS26W1001', productName: '羊毛大衣', colourName: '驼色', sizeName: 'M', barcode: '6900001' },
  '6900002': { skuId: 2, styleNo: 'YS26W1001', productName: '羊毛大衣', colourName: '黑色', sizeName: 'M', barcode: '6900002' },
};
// the slower first answer must not put the lines out of scan order
const lookup = (code: string) =>
  new Promise<PickedSku>((resolve, reject) => setTimeout(() => (SKUS[code] ? resolve(SKUS[code]) : reject(new Error(`条码“${code}”不存在`))), code === '6900001' ? 30 : 1));

let seen: EditorLine[] = [];
function Editor({ shelves = null }: { shelves?: LinesEditorShelves | null }) {
  const [lines, setLines] = useState<EditorLine[]>([]);
  seen = lines;
  return <LinesEditor value={lines} onChange={setLines} lookup={lookup} shelves={shelves} />;
}
const show = (shelves?: LinesEditorShelves | null) =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <Editor shelves={shelves} />
    </ConfigProvider>,
  );

describe('LinesEditor (document kit)', () => {
  it('adds a piece per scan in scan order, merges a second scan, names an unknown code and changes nothing', async () => {
    const user = userEvent.setup();
    show();
    const box = screen.getByTestId('doc-editor-barcode');
    await user.type(box, '6900001{Enter}6900002{Enter}6900001{Enter}');
    await waitFor(() => expect(screen.getByTestId('doc-editor-totals').textContent).toContain('合计 3 件'));
    expect(seen.map((l) => [l.barcode, l.quantity])).toEqual([
      ['6900001', 2],
      ['6900002', 1],
    ]);
    await user.type(box, '999{Enter}');
    expect((await screen.findByTestId('doc-editor-error')).textContent).toContain('条码“999”不存在');
    expect(seen).toHaveLength(2);
    // no shelves and no style grid given: neither the 货架 column nor 按款号添加
    expect(screen.queryByText('货架')).toBeNull();
    expect(screen.queryByTestId('doc-editor-add-style')).toBeNull();
  });

  it('keeps a bad quantity as typed and red; deletes a line', async () => {
    const user = userEvent.setup();
    show({ options: [{ value: 5, label: 'A-01' }], loading: false, enabled: true });
    await user.type(screen.getByTestId('doc-editor-barcode'), '6900002{Enter}');
    const qty = await screen.findByTestId('line-qty-6900002');
    await user.clear(qty);
    await user.type(qty, 'abc');
    expect((qty as HTMLInputElement).value).toBe('abc');
    await waitFor(() => expect(Number.isNaN(seen[0]!.quantity)).toBe(true));
    expect(screen.getByRole('columnheader', { name: '货架' })).toBeTruthy();
    await user.click(screen.getByTestId('line-delete-6900002'));
    expect(seen).toEqual([]);
  });
});
