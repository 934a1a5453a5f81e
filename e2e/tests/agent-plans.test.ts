import { describe, expect, it } from 'vitest';
import { formatYuan } from '@erp/shared';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { openPage, stockApi } from '../support/stock.ts';

// Own server: the journey sets plan targets and submits an order other files' lists would count.
const server = usePrivateServer();

interface GridLine {
  shopId: number;
  categoryId: number;
  orderedFen: number;
  orderedPieces: number;
}
interface Grid {
  shops: { id: number; code: string; lines: GridLine[] }[];
}

describe('代理规划', () => {
  it('agent01 sets a target for its shop, sees the shop order as progress, and opens it from the quota ledger', async () => {
    const url = server.url();
    const [admin, agent01, shop01] = await Promise.all(['admin', 'agent01', 'shop01'].map((a) => apiLogin(url, a)));
    const options = await api<{ seasons: { id: number; code: string }[]; shops: { id: number; code: string }[] }>(url, '/admin/api/v1/agent-plans/options', { session: agent01 });
    const seasonId = options.seasons.find((s) => s.code === 'FW26-SPOT')!.id;
    const shopId = options.shops.find((s) => s.code === 'SH001')!.id;
    const gridOf = () => api<Grid>(url, `/admin/api/v1/agent-plans/grid?seasonId=${seasonId}`, { session: agent01 });

    // shop01 orders 3 pieces and submits: the order reserves on SH001's demo quota
    const before = await gridOf();
    const [sku] = await stockApi(url, admin).activeSkus('YS26W2005');
    const order = await api<{ id: number; orderNo: string; totalAmountFen: number }>(url, '/admin/api/v1/sales-orders', {
      method: 'POST',
      session: shop01,
      body: { seasonId, lines: [{ skuId: sku!.id, quantity: 3 }] },
    });
    await api(url, `/admin/api/v1/sales-orders/${order.id}/submit`, { method: 'POST', session: shop01, body: {} });
    const after = await gridOf();
    const linesOf = (g: Grid) => g.shops.find((s) => s.id === shopId)!.lines;
    // the top-level category of the ordered style: the grid line whose pieces grew by 3
    const grown = linesOf(after).find((l) => l.orderedPieces - linesOf(before).find((b) => b.categoryId === l.categoryId)!.orderedPieces === 3)!;
    expect(grown.orderedFen - linesOf(before).find((b) => b.categoryId === grown.categoryId)!.orderedFen).toBe(order.totalAmountFen);
    const key = `${shopId}:${grown.categoryId}`;

    await server.withPage(async (page) => {
      await signInTo(page, 'agent01', `/erp/agentplan/order?seasonId=${seasonId}`);
      await page.getByTestId('plan-grid').waitFor();
      // the progress shows the ordered figure, the order's amount included
      await expect.poll(() => page.getByTestId(`plan-ordered-pieces-${key}`).innerText()).toBe(String(grown.orderedPieces));
      expect(await page.getByTestId(`plan-ordered-fen-${key}`).innerText()).toBe(formatYuan(grown.orderedFen));

      // a target the order fills to a known share: 4 × what is ordered → 25.0 %
      await page.getByTestId('plan-edit').click();
      await page.getByTestId(`plan-fen-${key}`).fill(((grown.orderedFen * 4) / 100).toFixed(2));
      await page.getByTestId(`plan-pieces-${key}`).fill(String(grown.orderedPieces * 4));
      await page.getByTestId('plan-save').click();
      await page.getByText(/订货计划已保存（1行）/).waitFor();
      await expect.poll(() => page.getByTestId(`plan-pieces-percent-${key}`).innerText()).toContain('25.0%');
      expect(await page.getByTestId(`plan-fen-percent-${key}`).innerText()).toContain('25.0%');
      await animationsDone(page);
      await screenshot(page, 'agent-plan-order');

      // 订货额度明细: the order's reservation on SH001's quota, opening the order
      await openPage(page, `/erp/agentplan/quota?seasonId=${seasonId}&party=shop:${shopId}`);
      const row = page.locator('.erp-list__main .ant-table-row', { hasText: order.orderNo });
      await row.waitFor();
      expect(await row.innerText()).toContain('预留');
      expect(await row.innerText()).toContain('+3');
      await animationsDone(page);
      await screenshot(page, 'agent-plan-quota');
      await row.getByRole('button', { name: order.orderNo }).click();
      await page.waitForURL((u) => u.pathname === '/erp/ordering/order/info' && u.searchParams.get('id') === String(order.id));
      await page.getByTestId('so-lines').waitFor();
    });
  });
});
