import { describe, expect, it } from 'vitest';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { shipStyleToShop } from '../support/reorders.ts';
import { usePrivateServer } from '../support/server.ts';

// 收货差异 (issue 26): shop01 receives its 配货出库 one piece short, with a reason; the order shows
// the difference waiting for HQ and AG001 still charged for all; HQ confirms it, naming the carrier,
// and the short piece is credited: 已记应收 falls by its price. Own server: it settles money.
const server = usePrivateServer();

/** 已记应收 ¥… of the order's 结算方, in yuan. */
const billed = async (text: Promise<string>) => Number(/已记应收 ¥([\d,.]+)/.exec(await text)![1]!.replace(/,/g, ''));

describe('收货差异', () => {
  it('a short receipt waits for HQ on the order; HQ confirms it and the billed party is credited the short piece', async () => {
    const shipped = await shipStyleToShop(server.url(), 'YS26W2005');

    await server.withPage(async (page) => {
      await signInTo(page, 'shop01', `/erp/warehouse/transfer/info?id=${shipped.docId}`);
      await page.getByTestId('doc-action-receive').click();
      await page.getByTestId('receive-confirm').waitFor();
      await animationsDone(page);
      await page.getByTestId('receive-qty-1').fill('2');
      await page.getByTestId('receive-reason').locator('xpath=descendant-or-self::textarea').fill('外箱破损，少到一件');
      await page.getByTestId('receive-confirm').click();
      await page.getByTestId('receive-confirm').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('doc-header').getByText('已收货').count()).toBeGreaterThan(0);
    });

    await server.withPage(async (page) => {
      await signInTo(page, 'admin', `/erp/ordering/order/info?id=${shipped.orderId}`);
      const card = page.getByTestId('so-differences');
      await card.getByText('待总部确认').waitFor();
      const before = await billed(page.getByTestId('so-billed').innerText());
      await page.locator('[data-testid^="so-difference-credit-"]').click();
      await page.getByTestId('so-difference-carrier').fill('顺丰速运');
      await page.getByTestId('so-difference-dialog').getByRole('button', { name: '保 存' }).click();
      await card.getByText('已确认，已退款').waitFor();
      await card.getByText('承运商：顺丰速运').waitFor();
      const after = await billed(page.getByTestId('so-billed').innerText());
      expect(after).toBeLessThan(before);
      await animationsDone(page);
      await screenshot(page, 'sales-order-difference-credited');
    });
  });
});
