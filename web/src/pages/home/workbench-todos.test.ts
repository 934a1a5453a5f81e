import { describe, expect, it } from 'vitest';
import { WORKBENCH_TODO_KEYS, type WorkbenchSearchHit, type WorkbenchTodo } from '@erp/shared';
import { countText, hasSearchLists, searchHint, hasTodoLists, hitLabel, hitPath, searchInputError, searchOutcome, TODO_VIEWS, todoHref, visibleTodos } from './workbench-todos.ts';

const todo = (key: WorkbenchTodo['key'], count = 3, capped = false): WorkbenchTodo => ({ key, count, capped });
const menuOf =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('todoHref', () => {
  it("opens each to-do's list with the list's own filter keys and values in the query string", () => {
    expect(Object.fromEntries(WORKBENCH_TODO_KEYS.map((key) => [key, todoHref(TODO_VIEWS[key], '2027-01-15')]))).toEqual({
      purchaseOrderAudit: '/erp/purchase/order?status=submitted',
      purchaseOrderReceive: '/erp/purchase/order?status=audited',
      purchaseOrderPartlyReceived: '/erp/purchase/order?status=partly_received',
      purchaseOrderConfirm: '/erp/purchase/order?status=audited&confirmed=no',
      purchaseOrderConfirmPartly: '/erp/purchase/order?status=partly_received&confirmed=no',
      transferInTransit: '/erp/warehouse/transfer?status=shipped',
      transferReceive: '/erp/warehouse/transfer?status=shipped&incoming=true',
      outboundScan: '/erp/warehouse/outbound?status=submitted',
      stocktakeCounting: '/erp/warehouse/stocktake?status=counting',
      registrationPending: '/erp/system/registration?status=pending',
      salesOrderAudit: '/erp/ordering/order?status=submitted',
      salesOrderAllocate: '/erp/ordering/allocation',
      paymentAudit: '/erp/finance/payment?status=submitted',
      returnAudit: '/erp/aftersales/return?status=submitted',
      swapAudit: '/erp/aftersales/swap?status=submitted',
      returnReceive: '/erp/aftersales/return?status=shipped',
      returnShip: '/erp/aftersales/return?status=audited',
      salesOrderDraft: '/erp/ordering/order?status=draft',
      salesOrderRejected: '/erp/ordering/order?status=rejected',
      deliveryReceive: '/erp/warehouse/transfer?status=shipped&incoming=true&bizType=delivery',
      statementConfirm: '/erp/finance/statement?from=2026-12-01&to=2026-12-31',
      paymentRejected: '/erp/finance/payment?status=rejected',
    });
    expect(todoHref(TODO_VIEWS.statementConfirm, '2026-03-31')).toBe('/erp/finance/statement?from=2026-02-01&to=2026-02-28');
  });

  it('encodes values and leaves a filterless list bare', () => {
    expect(todoHref({ listPath: '/x', filters: { keyword: 'a&b c' } })).toBe('/x?keyword=a%26b+c');
    expect(todoHref({ listPath: '/x', filters: {} })).toBe('/x');
  });
});

describe('visibleTodos', () => {
  it("shows the server's to-dos in its order, with titles, counts and links", () => {
    const shown = visibleTodos([todo('purchaseOrderAudit', 2), todo('transferInTransit', 0), todo('registrationPending', 999, true)], () => true);
    expect(shown.map((t) => [t.title, countText(t), todoHref(t)])).toEqual([
      ['待审核采购订单', '2', '/erp/purchase/order?status=submitted'],
      ['在途调拨单', '0', '/erp/warehouse/transfer?status=shipped'],
      ['待审核注册', '999+', '/erp/system/registration?status=pending'],
    ]);
  });

  it("drops a to-do whose list is not in the user's menu, and keys it does not know", () => {
    const shown = visibleTodos(
      [todo('transferReceive'), todo('stocktakeCounting'), todo('purchaseOrderConfirm'), { key: 'later' as never, count: 1, capped: false }],
      menuOf('/erp/warehouse/transfer'),
    );
    expect(shown.map((t) => t.key)).toEqual(['transferReceive']);
  });

  it('asks for to-dos and offers the search only to a menu with one of their lists', () => {
    expect(hasTodoLists(menuOf('/erp/system/print'))).toBe(false);
    expect(hasTodoLists(menuOf('/erp/system/registration'))).toBe(true);
    expect(hasSearchLists(menuOf('/erp/system/registration', '/erp/system/print'))).toBe(false);
    expect(hasSearchLists(menuOf('/erp/product/list'))).toBe(true);
    expect(hasSearchLists(menuOf('/erp/warehouse/opening'))).toBe(true);
  });

  it('tells each user only the numbers it can find', () => {
    expect(searchHint(menuOf('/erp/purchase/order', '/erp/purchase/refund', '/erp/product/list'))).toBe('单号：采购订单 CG、采购退货 CT；或 SKU 条码');
    expect(searchHint(menuOf('/erp/warehouse/transfer', '/erp/warehouse/stocktake'))).toBe('单号：调拨 DB、盘点 PD');
    expect(searchHint(menuOf('/erp/product/list'))).toBe('输入 SKU 条码');
  });
});

describe('search', () => {
  const order: WorkbenchSearchHit = { type: 'purchase_order', id: 7, no: 'CG20261127-0003', status: 'audited', statusLabel: '已审核' };
  const transfer: WorkbenchSearchHit = { type: 'stock_doc', kind: 'transfer', id: 9, no: 'DB20261127-0002', status: 'shipped', statusLabel: '已发货（在途）' };
  const sku: WorkbenchSearchHit = { type: 'sku', id: 3, productId: 1, no: '6901234567892', styleNo: 'YS26W1001', name: '羊毛大衣', colourName: '驼色', sizeName: 'M' };

  it('leads each hit to its detail page, and a SKU to the product list filtered to its barcode', () => {
    expect(hitPath(order)).toBe('/erp/purchase/order/info?id=7');
    expect(hitPath({ type: 'purchase_refund', id: 4, no: 'CT20261127-0001', status: 'done', statusLabel: '已完成' })).toBe('/erp/purchase/refund/info?id=4');
    expect(hitPath(transfer)).toBe('/erp/warehouse/transfer/info?id=9');
    expect(hitPath({ ...transfer, kind: 'opening' })).toBe('/erp/warehouse/opening?id=9');
    expect(hitPath(sku)).toBe('/erp/product/list?barcode=6901234567892');
  });

  it('leads TH, HD, SK, FK, TZ, FL and SB numbers to their pages (a list without a detail page filtered to the number)', () => {
    const doc = { no: 'X', statusLabel: '' };
    expect(
      [
        { type: 'sales_return', kind: 'return', id: 5, status: 'submitted', ...doc, no: 'TH20261129-0001' },
        { type: 'sales_return', kind: 'swap', id: 6, status: 'draft', ...doc, no: 'HD20261129-0001' },
        { type: 'payment', direction: 'in', id: 7, status: 'posted', ...doc, no: 'SK20261129-0001' },
        { type: 'payment', direction: 'out', id: 8, status: 'posted', ...doc, no: 'FK20261129-0001' },
        { type: 'adjustment', id: 9, status: 'posted', ...doc, no: 'TZ20261129-0001' },
        { type: 'rebate', id: 10, status: 'posted', ...doc, no: 'FL20261129-0001' },
        { type: 'shop_inventory', id: 11, status: 'submitted', ...doc, no: 'SB20261129-0001' },
      ].map((hit) => [hitPath(hit as WorkbenchSearchHit), hitLabel(hit as WorkbenchSearchHit)]),
    ).toEqual([
      ['/erp/aftersales/return/info?id=5', '退货单 TH20261129-0001（）'],
      ['/erp/aftersales/swap/info?id=6', '换货单 HD20261129-0001（）'],
      ['/erp/finance/payment?keyword=SK20261129-0001', '收款单 SK20261129-0001（）'],
      ['/erp/finance/supplier-payment?keyword=FK20261129-0001', '付款单 FK20261129-0001（）'],
      ['/erp/finance/adjustment?keyword=TZ20261129-0001', '调整单 TZ20261129-0001（）'],
      ['/erp/finance/rebate?keyword=FL20261129-0001', '返利单 FL20261129-0001（）'],
      ['/erp/aftersales/inventory?keyword=SB20261129-0001', '库存上报 SB20261129-0001（）'],
    ]);
    expect(searchHint(menuOf('/erp/aftersales/return', '/erp/aftersales/swap', '/erp/aftersales/inventory', '/erp/finance/payment', '/erp/finance/rebate'))).toBe(
      '单号：退货单 TH、换货单 HD、库存上报 SB、收款单 SK、返利 FL',
    );
  });

  it('opens a single hit, lists several, and says 未找到 when none can be opened', () => {
    const all = () => true;
    expect(searchOutcome({ q: 'DB20261127-0002', hits: [transfer] }, all)).toEqual({ kind: 'open', path: '/erp/warehouse/transfer/info?id=9' });
    expect(searchOutcome({ q: 'x', hits: [order, sku] }, all)).toMatchObject({
      kind: 'choose',
      hits: [{ path: '/erp/purchase/order/info?id=7' }, { path: '/erp/product/list?barcode=6901234567892' }],
    });
    expect(searchOutcome({ q: 'CG20991231-0001', hits: [] }, all)).toEqual({ kind: 'none', message: '未找到单号或条码为“CG20991231-0001”的单据或商品' });
    // a hit whose page is not in the menu is not offered
    expect(searchOutcome({ q: 'DB20261127-0002', hits: [transfer] }, menuOf('/erp/product/list'))).toMatchObject({ kind: 'none' });
    expect(searchOutcome({ q: 'x', hits: [transfer, sku] }, menuOf('/erp/product/list'))).toEqual({ kind: 'open', path: '/erp/product/list?barcode=6901234567892' });
  });

  it('refuses an empty or overlong entry before asking', () => {
    expect(searchInputError('  ')).toBe('请输入单号或条码');
    expect(searchInputError('A'.repeat(65))).toBe('单号或条码不能超过64个字符');
    expect(searchInputError(' CG20261127-0001 ')).toBeNull();
  });
});
