import { api, apiLogin } from './api.ts';

// What the 翻单 and 收货差异 journeys need and the demo lacks: shop01 having received (or about to
// receive) a style of the open spot season. Made through the API as HQ and the shop would: order, audit, 配货, 生成出库, 发货, 收货.

const V1 = '/admin/api/v1';

export interface ReceivedStyle {
  seasonId: number;
  productId: number;
  styleNo: string;
  orderNo: string;
  pieces: number;
}

/** The shop's order of the style, audited, allocated and shipped: its 配货出库 waits in 在途. */
export async function shipStyleToShop(baseUrl: string, styleNo: string, account = 'shop01'): Promise<ReceivedStyle & { orderId: number; docId: number }> {
  const [admin, shop] = await Promise.all([apiLogin(baseUrl, 'admin'), apiLogin(baseUrl, account)]);
  const seasons = await api<{ id: number; code: string }[]>(baseUrl, `${V1}/ordering/catalogue/seasons`, { session: shop });
  const season = seasons.find((s) => s.code === 'FW26-SPOT')!;
  const page = await api<{ records: { productId: number; styleNo: string; skus: { skuId: number; available: number | null }[] }[] }>(
    baseUrl,
    `${V1}/ordering/catalogue/page?seasonId=${season.id}&keyword=${styleNo}`,
    { session: shop },
  );
  const style = page.records.find((r) => r.styleNo === styleNo)!;
  const lines = style.skus
    .filter((k) => (k.available ?? 0) >= 3)
    .slice(0, 2)
    .map((k) => ({ skuId: k.skuId, quantity: 3 }));
  const draft = await api<{ id: number; orderNo: string }>(baseUrl, `${V1}/sales-orders`, { method: 'POST', session: shop, body: { seasonId: season.id, lines } });
  await api(baseUrl, `${V1}/sales-orders/${draft.id}/submit`, { method: 'POST', session: shop, body: {} });
  await api(baseUrl, `${V1}/sales-orders/${draft.id}/audit`, { method: 'POST', session: admin, body: { lines: [] } });
  const warehouses = await api<{ id: number; type: string }[]>(baseUrl, `${V1}/warehouses/options`, { session: admin });
  const hq = warehouses.find((w) => w.type === 'hq')!.id;
  await api(baseUrl, `${V1}/sales-allocation/allocate`, { method: 'POST', session: admin, body: { warehouseId: hq, orderIds: [draft.id], targetRatePercent: 100 } });
  const { deliveries } = await api<{ deliveries: { docId: number }[] }>(baseUrl, `${V1}/sales-allocation/deliver`, {
    method: 'POST',
    session: admin,
    body: { warehouseId: hq, orderIds: [draft.id] },
  });
  const docId = deliveries[0]!.docId;
  await api(baseUrl, `${V1}/stock-docs/transfer/${docId}/ship`, { method: 'POST', session: admin, body: {} });
  const pieces = lines.reduce((s, l) => s + l.quantity, 0);
  return { seasonId: season.id, productId: style.productId, styleNo, orderNo: draft.orderNo, pieces, orderId: draft.id, docId };
}

export async function shopReceivesStyle(baseUrl: string, styleNo: string, account = 'shop01'): Promise<ReceivedStyle> {
  const { orderId: _orderId, docId, ...received } = await shipStyleToShop(baseUrl, styleNo, account);
  const shop = await apiLogin(baseUrl, account);
  await api(baseUrl, `${V1}/stock-docs/transfer/${docId}/receive`, { method: 'POST', session: shop, body: {} });
  return received;
}
