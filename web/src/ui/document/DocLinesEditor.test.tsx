import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import type { EditorLine } from './lines-rules.ts';

const sku = (id: number, colourName: string, sizeName: string) => ({ id, colourName, sizeName, barcode: `69000000000${id}`, status: 'active' });
const calls: [number, number][] = [];

// the product lookups answer from here: one style, two colours × two sizes, stock in warehouse 7
vi.mock('../../api/doc-items.ts', async (original) => ({
  ...(await original<typeof import('../../api/doc-items.ts')>()),
  docItemsApi: {
    byBarcode: vi.fn(),
    search: async () => [{ id: 1, styleNo: 'YS26W1001', name: '羊毛大衣', retailPriceFen: 0, status: 'active', thumbnailUrl: '' }],
    product: async () => ({ id: 1, styleNo: 'YS26W1001', name: '羊毛大衣', skus: [sku(1, '驼色', 'S'), sku(2, '驼色', 'M'), sku(3, '黑色', 'S'), sku(4, '黑色', 'M')] }),
    styleStock: async (warehouseId: number, productId: number) => {
      calls.push([warehouseId, productId]);
      return {
        warehouseId,
        productId,
        items: [
          { skuId: 1, quantity: 5 },
          { skuId: 4, quantity: 12 },
        ],
      };
    },
  },
}));

const { DocLinesEditor } = await import('./DocLinesEditor.tsx');

function Editor() {
  const [lines, setLines] = useState<EditorLine[]>([]);
  return <DocLinesEditor value={lines} onChange={setLines} warehouseId={null} stockWarehouseId={7} showShelf={false} />;
}

const renderEditor = () =>
  render(
    // no motion (as with reduced motion): the dialog is gone at once, as after its animation
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Editor />
      </QueryClientProvider>
    </ConfigProvider>,
  );

async function pickStyle(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('doc-editor-add-style'));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByRole('combobox'), 'YS26');
  await user.click(await screen.findByTitle('YS26W1001 羊毛大衣'));
  return dialog;
}

describe('DocLinesEditor 按款号添加', () => {
  it('shows what the source warehouse holds in each colour × size cell', async () => {
    const user = userEvent.setup();
    renderEditor();
    await pickStyle(user);
    await waitFor(() => expect(screen.getByTestId('grid-stock-690000000001').textContent).toBe('可用 5'));
    expect(screen.getByTestId('grid-stock-690000000004').textContent).toBe('可用 12');
    // a SKU the warehouse does not hold shows 0, in red
    expect(screen.getByTestId('grid-stock-690000000002').textContent).toBe('可用 0');
    expect(screen.getByTestId('grid-stock-690000000002').className).toContain('is-empty');
    expect(calls).toContainEqual([7, 1]);
  });

  it('gives the focus back to the barcode box once it closes, added or cancelled', async () => {
    const user = userEvent.setup();
    renderEditor();
    await pickStyle(user);
    await user.type(await screen.findByTestId('grid-cell-690000000001'), '2');
    await user.click(screen.getByTestId('grid-add'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('doc-editor-barcode')));
    expect(screen.getByTestId('doc-editor-totals').textContent).toContain('合计 2 件');

    await user.click(screen.getByTestId('doc-editor-add-style'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /取\s*消|Cancel/ }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('doc-editor-barcode')));
  });
});
