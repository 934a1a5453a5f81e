import { api } from './api.ts';

// Purchasing set-up through the API of a test server (as admin): an own supplier, warehouse and
// style, and an audited order received into that warehouse, ready to be refunded in the browser.

export interface PurchaseSku {
  id: number;
  barcode: string;
}

export interface ReceivedOrder {
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  warehouseId: number;
  warehouseCode: string;
  styleNo: string;
  orderId: number;
  orderNo: string;
  /** order lines: [line id, sku, ordered, received, unit price fen] */
  lines: { lineId: number; sku: PurchaseSku; ordered: number; received: number; priceFen: number }[];
}

export function purchaseApi(baseUrl: string, session: string) {
  const get = <T>(path: string) => api<T>(baseUrl, `/admin/api/v1${path}`, { session });
  const post = <T>(path: string, body: unknown = {}) => api<T>(baseUrl, `/admin/api/v1${path}`, { method: 'POST', session, body });

  /** A style like the demo's YS26W1001 (brand, category, size group) with 2 colours × 2 sizes. */
  const createStyle = async (styleNo: string): Promise<PurchaseSku[]> => {
    const demo = await get<{ records: { id: number; styleNo: string }[] }>('/products/page?page=1&limit=10&keyword=YS26W1001');
    const template = await get<any>(`/products/${demo.records.find((r) => r.styleNo === 'YS26W1001')!.id}`);
    const colourIds = [...new Set<number>(template.skus.map((s: any) => s.colourId))].slice(0, 2);
    const sizeIds = [...new Set<number>(template.skus.map((s: any) => s.sizeId))].slice(0, 2);
    const { id } = await post<{ id: number }>('/products', {
      styleNo,
      name: `退货测试款${styleNo}`,
      brandId: template.brandId,
      categoryId: template.categoryId,
      year: 2026,
      season: template.season,
      gender: template.gender,
      unit: template.unit,
      retailPriceFen: 39900,
      wholesalePriceFen: 19900,
      costPriceFen: 9900,
      sizeGroupId: template.sizeGroupId,
      colourIds,
      sizeIds,
    });
    const detail = await get<{ skus: { id: number; barcode: string; status: string }[] }>(`/products/${id}`);
    return detail.skus.filter((s) => s.status === 'active').map((s) => ({ id: s.id, barcode: s.barcode }));
  };

  return {
    get,
    post,
    createStyle,

    /**
     * Supplier PR<tag>, warehouse WH-PR<tag>, style PR<tag>; an order of two lines (10 × 12.50 and
     * 6 × 20.00) submitted, audited and received (8 and 5, posted) into the warehouse.
     */
    receivedOrder: async (tag: string): Promise<ReceivedOrder> => {
      const supplierCode = `PR${tag}`;
      const supplierName = `退货测试供应商${tag}`;
      const { id: supplierId } = await post<{ id: number }>('/users/supplier', {
        code: supplierCode,
        name: supplierName,
        contactName: '王采购',
        phone: '020-84321234',
        address: '广州市海珠区',
        remark: '',
      });
      const warehouseCode = `WH-PR${tag}`;
      const { id: warehouseId } = await post<{ id: number }>('/warehouses', {
        code: warehouseCode,
        name: `退货测试仓${tag}`,
        type: 'hq',
        parentId: null,
        shopId: null,
        contactName: '',
        phone: '',
        region: '',
        address: '',
        country: '',
        remark: '',
      });
      const styleNo = `PR${tag}`;
      const [a, b] = await createStyle(styleNo);
      const order = await post<{ id: number; orderNo: string; lines: { id: number; skuId: number }[] }>('/purchase-orders', {
        supplierId,
        warehouseId,
        expectedDate: '2026-12-31',
        tolerancePercent: 0,
        remark: '',
        lines: [
          { skuId: a!.id, quantity: 10, unitPriceFen: 1250 },
          { skuId: b!.id, quantity: 6, unitPriceFen: 2000 },
        ],
      });
      await post(`/purchase-orders/${order.id}/submit`);
      await post(`/purchase-orders/${order.id}/audit`);
      const lineOf = (skuId: number) => order.lines.find((l) => l.skuId === skuId)!.id;
      await post(`/purchase-orders/${order.id}/receive`, {
        lines: [
          { lineId: lineOf(a!.id), quantity: 8 },
          { lineId: lineOf(b!.id), quantity: 5 },
        ],
        post: true,
      });
      return {
        supplierId,
        supplierCode,
        supplierName,
        warehouseId,
        warehouseCode,
        styleNo,
        orderId: order.id,
        orderNo: order.orderNo,
        lines: [
          { lineId: lineOf(a!.id), sku: a!, ordered: 10, received: 8, priceFen: 1250 },
          { lineId: lineOf(b!.id), sku: b!, ordered: 6, received: 5, priceFen: 2000 },
        ],
      };
    },

    /** A refund without an order, audited (so its supplier sees it). */
    auditedRefund: async (supplierId: number, warehouseId: number, skuId: number, reason: string): Promise<{ id: number; refundNo: string }> => {
      const refund = await post<{ id: number; refundNo: string }>('/purchase-refunds', {
        supplierId,
        warehouseId,
        purchaseOrderId: null,
        reason,
        remark: '',
        lines: [{ skuId, quantity: 1, unitPriceFen: 1000 }],
      });
      await post(`/purchase-refunds/${refund.id}/audit`);
      return refund;
    },

    /** Posts the outbound an audited refund made (what the warehouse does). */
    postRefundOutbound: async (refundId: number): Promise<string> => {
      const refund = await get<{ outboundId: number; outboundNo: string }>(`/purchase-refunds/${refundId}`);
      await post(`/stock-docs/outbound/${refund.outboundId}/post`);
      return refund.outboundNo;
    },
  };
}
