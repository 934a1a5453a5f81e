import { describe, expect, it } from 'vitest';
import { Permissions, type StockDocDetail, type StockDocLineRecord } from '@erp/shared';
import { docPrintEvent } from './doc-print.ts';
import { allowedActions, differenceRows, differenceTotals, fromDetailLines, hasDifference, toDocQuery, toLineInputs } from './doc-rules.ts';
import { gridToLines, type PickedSku } from '../../../ui/document/lines-rules.ts';
import dayjs from 'dayjs';

const sku = (skuId: number, colourName: string, sizeName: string): PickedSku => ({
  skuId,
  styleNo: 'YS26W1001',
  productName: '羊毛大衣',
  colourName,
  sizeName,
  barcode: `690000000${skuId}`,
});
const SKUS = [sku(1, '黑色', 'S'), sku(2, '黑色', 'M'), sku(3, '驼色', 'S'), sku(4, '驼色', 'M')];

const line = (over: Partial<StockDocLineRecord>): StockDocLineRecord => ({
  id: 1,
  lineNo: 1,
  leg: '',
  skuId: 1,
  productId: 1,
  styleNo: 'YS26W1001',
  productName: '羊毛大衣',
  colourName: '黑色',
  sizeName: 'S',
  barcode: '6900000001',
  imageUrl: '',
  materialId: null,
  materialCode: '',
  materialName: '',
  shelfId: null,
  shelfCode: '',
  quantity: 1,
  actualQuantity: null,
  difference: null,
  unitCostFen: null,
  unitPriceFen: null,
  boxNo: '',
  remark: '',
  ...over,
});

describe('size grid → lines', () => {
  it('adds only positive whole quantities, in grid order, onto the chosen shelf', () => {
    const lines = gridToLines([], SKUS, { 1: 2, 2: 0, 3: null, 4: 5 }, 7);
    expect(lines.map((l) => [l.skuId, l.quantity, l.shelfId])).toEqual([
      [1, 2, 7],
      [4, 5, 7],
    ]);
    expect(toLineInputs(lines)).toEqual([
      { skuId: 1, shelfId: 7, quantity: 2, boxNo: undefined, remark: undefined },
      { skuId: 4, shelfId: 7, quantity: 5, boxNo: undefined, remark: undefined },
    ]);
  });
});

describe('saved lines', () => {
  it('reads a saved draft back with its shelves', () => {
    const back = fromDetailLines([line({ skuId: 3, shelfId: 4, quantity: 6 })]);
    expect(back[0]).toMatchObject({ key: '3:4', skuId: 3, shelfId: 4, quantity: 6 });
  });
});

describe('difference rows', () => {
  const doc = {
    scanStarted: true,
    lines: [
      line({ id: 1, skuId: 1, quantity: 2, actualQuantity: 2, shelfCode: 'A01' }),
      line({ id: 2, skuId: 1, quantity: 1, actualQuantity: 0, shelfCode: 'A02' }),
      line({ id: 3, skuId: 2, quantity: 3, actualQuantity: 3 }),
      line({ id: 4, skuId: 3, quantity: 1, actualQuantity: null }),
    ],
  };

  it('sums per SKU across shelves; unscanned lines count 0 once scanning started', () => {
    const rows = differenceRows(doc);
    expect(rows.map((r) => [r.skuId, r.expected, r.scanned, r.difference, r.shelfCodes])).toEqual([
      [1, 3, 2, -1, 'A01、A02'],
      [2, 3, 3, 0, ''],
      [3, 1, 0, -1, ''],
    ]);
    expect(differenceRows(doc, true).map((r) => r.skuId)).toEqual([1, 3]);
    expect(differenceTotals(rows)).toEqual({ expected: 7, scanned: 5, short: 2, over: 0 });
    expect(hasDifference(doc)).toBe(true);
  });

  it('before scanning the expected quantities post: no difference', () => {
    expect(hasDifference({ ...doc, scanStarted: false })).toBe(false);
    expect(differenceRows({ ...doc, scanStarted: false }, true)).toEqual([]);
  });
});

describe('actions and permissions', () => {
  it('keeps the machine actions the user holds codes for', () => {
    const granted = new Set<string>([Permissions.inboundAdd, Permissions.inboundVoid]);
    const can = (code: string) => granted.has(code);
    expect(allowedActions('inbound', ['scan', 'withdraw', 'post', 'void'], can)).toEqual(['scan', 'withdraw', 'void']);
    expect(allowedActions('transfer', ['receive', 'scan'], (c) => c === Permissions.transferReceive)).toEqual(['receive', 'scan']);
  });
});

describe('list query and print', () => {
  it('turns the date range into from/to', () => {
    const q = toDocQuery({ page: 1, limit: 20, docNo: 'RK', range: [dayjs('2026-03-01'), dayjs('2026-03-31')] });
    expect(q).toEqual({ page: 1, limit: 20, docNo: 'RK', from: '2026-03-01', to: '2026-03-31' });
    expect(toDocQuery({ page: 2, limit: 10, range: null })).toEqual({ page: 2, limit: 10 });
  });

  const detail = (over: Partial<StockDocDetail>): StockDocDetail =>
    ({
      id: 9,
      kind: 'outbound',
      docNo: 'CK20260301-0001',
      bizType: 'delivery',
      status: 'posted',
      statusLabel: '已出库',
      warehouseName: '杭州总仓',
      toWarehouseName: '',
      shopName: '西湖店',
      supplierName: '',
      scanStarted: true,
      remark: '',
      createdByName: '管理员',
      createdAt: '2026-03-01T02:00:00.000Z',
      postedAt: '2026-03-02T02:00:00.000Z',
      lines: [line({ quantity: 3, actualQuantity: 2, unitCostFen: 1000 }), line({ id: 2, skuId: 2, quantity: 1, actualQuantity: 0 })],
      ...over,
    }) as StockDocDetail;

  it('prints a posted outbound with what moved, an inbound on the transfer sheet', () => {
    const out = docPrintEvent(detail({}));
    expect(out.kind).toBe('outbound');
    if (out.kind !== 'outbound') return;
    expect(out.payload.to).toBe('西湖店');
    expect(out.payload.lines.map((l) => l.quantity)).toEqual([2]);
    expect(out.payload.totalAmountFen).toBe(2000);
    const inbound = docPrintEvent(detail({ kind: 'inbound', bizType: 'purchase', status: 'submitted', supplierName: '锦纶纺织', shopName: '' }));
    expect(inbound.kind).toBe('transfer');
    if (inbound.kind !== 'transfer') return;
    expect([inbound.payload.fromWarehouse, inbound.payload.toWarehouse]).toEqual(['锦纶纺织', '杭州总仓']);
    // printed under its own title and labels, not as a 调拨单
    expect([inbound.payload.title, inbound.payload.fromLabel, inbound.payload.toLabel]).toEqual(['入库单', '来源', '入库仓库']);
    expect(inbound.payload.totalQuantity).toBe(4);
  });
});
