import type { Download } from 'playwright-core';
import ExcelJS from 'exceljs';
import { api } from './api.ts';

/**
 * Purchasing set-up through the API of a test server as one signed-in user: a style cloned from a
 * demo one (no stock, own style no.), a warehouse and a supplier of the test's own, and purchase
 * orders created and driven through /purchase-orders.
 */
export function purchaseApi(baseUrl: string, session: string) {
  const get = <T>(path: string) => api<T>(baseUrl, `/admin/api/v1${path}`, { session });
  const post = <T>(path: string, body: unknown) => api<T>(baseUrl, `/admin/api/v1${path}`, { method: 'POST', session, body });

  return {
    get,
    post,
    /** A new style like a demo one (same brand, prices, colours and sizes), without stock; its id. */
    cloneStyle: async (from: string, styleNo: string): Promise<number> => {
      const page = await get<{ records: { id: number; styleNo: string }[] }>(`/products/page?page=1&limit=10&keyword=${from}`);
      const d = await get<Record<string, any>>(`/products/${page.records.find((r) => r.styleNo === from)!.id}`);
      const unique = (key: 'colourId' | 'sizeId') => [...new Set((d.skus as Record<string, number>[]).map((s) => s[key]))];
      const { name, brandId, categoryId, year, season, gender, unit, retailPriceFen, wholesalePriceFen, costPriceFen, supplierId, sizeGroupId } = d;
      const body = {
        styleNo,
        name,
        brandId,
        categoryId,
        year,
        season,
        gender,
        unit,
        retailPriceFen,
        wholesalePriceFen,
        costPriceFen,
        supplierId,
        sizeGroupId,
        colourIds: unique('colourId'),
        sizeIds: unique('sizeId'),
      };
      return (await post<{ id: number }>('/products', body)).id;
    },
    /** An HQ warehouse of the test's own; its id. */
    warehouse: async (code: string, name: string): Promise<number> =>
      (await post<{ id: number }>('/warehouses', { code, name, type: 'hq', parentId: null, shopId: null, allowNegative: false })).id,
    /** A supplier of the test's own; its id. */
    supplier: async (code: string, name: string): Promise<number> =>
      (await post<{ id: number }>('/users/supplier', { code, name, contactName: '测试', phone: '020-84320000', address: '测试地址', remark: '' })).id,
    supplierId: async (code: string): Promise<number> => {
      const page = await get<{ records: { id: number; code: string }[] }>(`/users/supplier/page?page=1&limit=10&keyword=${code}`);
      return page.records.find((r) => r.code === code)!.id;
    },
    /** An order created, then taken through `actions` (default: submitted and audited). */
    order: async (
      input: { supplierId: number; warehouseId: number; expectedDate: string; lines: { skuId: number; quantity: number; unitPriceFen: number }[] },
      actions: string[] = ['submit', 'audit'],
    ): Promise<{ id: number; orderNo: string }> => {
      const created = await post<{ id: number; orderNo: string }>('/purchase-orders', input);
      for (const action of actions) await post(`/purchase-orders/${created.id}/${action}`, {});
      return { id: created.id, orderNo: created.orderNo };
    },
    detail: (id: number) => get<{ status: string; lines: { barcode: string; receivedQuantity: number }[] }>(`/purchase-orders/${id}`),
  };
}

/** The rows of a downloaded Excel file's first sheet, as text. */
export async function readSheet(download: Download): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}
