import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import type { PurchaseOrderRecord, PurchaseOrderStatus } from '@erp/shared';
import { ListPage } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import { purchaseOrderInfoPath, PURCHASE_ORDER_PATHS, purchaseOrderKeys, purchaseOrdersApi } from '../../../api/purchase-orders.ts';
import { useCanOpen } from './purchase-access.ts';
import { ORDER_URL_FILTERS, orderColumns, toOrderQuery, useOrderSearchFields, type OrderListFilters } from './PurchaseOrderListPage.tsx';
import { PurchaseReceiveModal } from './PurchaseReceiveModal.tsx';

// 采购入库 (warehouse/inbound/purchase): the warehouse receives audited purchase orders.

const INITIAL: OrderListFilters = {};
const DEFAULT_SORT = { field: 'expectedDate', order: 'asc' } as const;
const RECEIVABLE: readonly PurchaseOrderStatus[] = ['audited', 'partly_received'];

/** Receivable orders (audited, partly received) with search; 收货 opens the receive form of the chosen one. */
export function InboundPurchasePage() {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const [receiving, setReceiving] = useState<PurchaseOrderRecord | null>(null);
  const searchFields = useOrderSearchFields(RECEIVABLE);
  const fetchPage = useCallback((params: ListParams<OrderListFilters>, signal?: AbortSignal) => purchaseOrdersApi.receivablePage(toOrderQuery(params), signal), []);
  const canOpenOrder = canOpen(PURCHASE_ORDER_PATHS.info);

  const columns = useMemo(
    () =>
      orderColumns(
        (row) => (canOpenOrder ? navigate(purchaseOrderInfoPath(row.id)) : setReceiving(row)),
        (row) => (
          <Button type="link" size="small" onClick={() => setReceiving(row)} data-testid={`po-receive-${row.orderNo}`}>
            收货
          </Button>
        ),
        90,
      ),
    [canOpenOrder, navigate],
  );

  return (
    <>
      <ListPage<PurchaseOrderRecord, OrderListFilters>
        listId="inbound-purchase-orders"
        title="采购入库（待收货的采购订单）"
        testId="po"
        queryKey={purchaseOrderKeys.receivable}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL}
        urlFilters={ORDER_URL_FILTERS}
        searchFields={searchFields}
        defaultSort={DEFAULT_SORT}
      />
      {receiving ? <PurchaseReceiveModal orderId={receiving.id} open onClose={() => setReceiving(null)} /> : null}
    </>
  );
}
