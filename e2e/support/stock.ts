import type { Page } from 'playwright-core';
import { api } from './api.ts';

/** A SKU as /products/{id} answers it (the fields the stock tests read). */
export interface ApiSku {
  id: number;
  barcode: string;
  status: string;
  colourCode: string;
  colourName: string;
  sizeName: string;
}

/**
 * Stock set-up and reads through the API of a test server as one signed-in user: SKUs of a style,
 * warehouse ids by code, balances, and documents created and driven through /stock-docs.
 */
export function stockApi(baseUrl: string, session: string) {
  const get = <T>(path: string) => api<T>(baseUrl, `/admin/api/v1${path}`, { session });
  const post = <T>(path: string, body: unknown) => api<T>(baseUrl, `/admin/api/v1${path}`, { method: 'POST', session, body });

  /** Every SKU of a style (by its exact style no.). */
  const skus = async (styleNo: string): Promise<ApiSku[]> => {
    const page = await get<{ records: { id: number; styleNo: string }[] }>(`/products/page?page=1&limit=10&keyword=${styleNo}`);
    const id = page.records.find((r) => r.styleNo === styleNo)!.id;
    return (await get<{ skus: ApiSku[] }>(`/products/${id}`)).skus;
  };

  return {
    skus,
    activeSkus: async (styleNo: string) => (await skus(styleNo)).filter((s) => s.status === 'active'),

    /** warehouse code → id, of the warehouses the user may pick */
    warehouseIds: async (): Promise<Record<string, number>> => {
      const options = await get<{ id: number; code: string }[]>('/warehouses/options');
      return Object.fromEntries(options.map((w) => [w.code, w.id]));
    },

    /** The SKU's stock in a warehouse (all shelves, or one), as /stock/balances reports it. */
    stockOf: async (warehouseId: number, barcode: string, shelfId?: number): Promise<number> => {
      const page = await get<{ records: { barcode: string; quantity: number }[] }>(
        `/stock/balances?page=1&limit=100&warehouseId=${warehouseId}&keyword=${barcode}${shelfId ? `&shelfId=${shelfId}` : ''}`,
      );
      return page.records.filter((r) => r.barcode === barcode).reduce((sum, r) => sum + r.quantity, 0);
    },

    /** A document created, then taken through `actions` (default: submitted and posted). */
    doc: async (kind: string, header: object, lines: object[], actions: string[] = ['submit', 'post']): Promise<{ id: number; docNo: string }> => {
      const created = await post<{ id: number; docNo: string }>(`/stock-docs/${kind}`, { header, lines });
      for (const action of actions) await post(`/stock-docs/${kind}/${created.id}/${action}`, {});
      return { id: created.id, docNo: created.docNo };
    },
  };
}

export type StockApi = ReturnType<typeof stockApi>;

// Browser steps the stock document pages share.

/** Opens an in-app path in the signed-in shell. */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await page.getByTestId('tab-strip').waitFor();
}

/** Picks the first option containing `option` in a select's open dropdown. */
export async function pickOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

/** A scanner: the whole code typed fast, then Enter, into whatever has focus. */
export async function scanCode(page: Page, barcode: string) {
  await page.keyboard.type(barcode, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** The status label of the document on screen. */
export const docStatus = (page: Page) => page.getByTestId('doc-status').first().innerText();
