import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Input } from 'antd';
import type { SupplierPayableRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { SupplierSelect } from '../../../ui/SupplierSelect.tsx';
import { payableKeys, payablesApi, type PayableFilters } from '../purchase-refunds-api.ts';
import '../summary/purchase-summary.css';
import { PayableDrawer } from './PayableDrawer.tsx';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { urlId, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { MoneyText, moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL: PayableFilters = {};
const URL_FILTERS: ListUrlFilters<PayableFilters> = { keyword: urlText, supplierId: urlId };
const DEFAULT_SORT = { field: 'payableFen', order: 'desc' } as const;
const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder="供应商编码或名称" data-testid="payable-filter-keyword" /> },
  { name: 'supplierId', label: '供应商', input: <SupplierSelect placeholder="全部" data-testid="payable-filter-supplier" /> },
];

const money = (
  key: 'receivedAmountFen' | 'refundedAmountFen' | 'paidAmountFen' | 'adjustedFen' | 'payableFen',
  title: string,
  hidden = false,
): ListColumn<SupplierPayableRecord> => ({
  ...moneyColumn<SupplierPayableRecord>({ title, dataIndex: key, width: 130, sortable: key !== 'adjustedFen' }),
  render: (v: number, row) => <MoneyText fen={v} data-testid={`payable-${key}-${row.supplierCode}`} />,
  defaultHidden: hidden,
});

/**
 * 应付账款: per supplier what its received goods came to, less refunds, and so what is owed; 明细
 * opens the supplier's orders and ledger entries. Payments are 付款单 of 财务管理.
 */
export function PayablePage() {
  const [open, setOpen] = useState<SupplierPayableRecord | null>(null);
  const fetchPage = useCallback((params: ListParams<PayableFilters>, signal?: AbortSignal) => payablesApi.page(params, signal), []);
  const columns = useMemo<ListColumn<SupplierPayableRecord>[]>(
    () => [
      { key: 'supplierCode', title: '供应商编码', dataIndex: 'supplierCode', width: 130, fixed: 'left', sortable: true },
      {
        key: 'supplierName',
        title: '供应商名称',
        dataIndex: 'supplierName',
        width: 180,
        render: (v: string, row) => (
          <ActionLink onClick={() => setOpen(row)} data-testid={`payable-open-${row.supplierCode}`}>
            {v}
          </ActionLink>
        ),
      },
      money('receivedAmountFen', '入库金额'),
      money('refundedAmountFen', '退货金额'),
      money('paidAmountFen', '已付金额'),
      money('adjustedFen', '调整金额', true),
      money('payableFen', '应付金额'),
      { key: 'orderCount', title: '订单数', dataIndex: 'orderCount', width: 90, align: 'right', sortable: true },
      dateTimeColumn('lastEntryAt', '最近发生', { width: 170 }),
      actionColumn(80, (row) => (
        <Button type="link" size="small" onClick={() => setOpen(row)} data-testid={`payable-detail-${row.supplierCode}`}>
          明细
        </Button>
      )),
    ],
    [],
  );

  return (
    <div className="purchase-summary">
      <Alert type="info" showIcon title="应付金额 = 采购入库金额 − 采购退货金额；付款与核销将随财务模块提供" data-testid="payable-note" />
      <ListPage<SupplierPayableRecord, PayableFilters>
        listId="purchase-payables"
        title="应付账款"
        testId="payable"
        queryKey={payableKeys.page}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="supplierId"
        initialFilters={INITIAL}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
      />
      <PayableDrawer supplier={open} onClose={() => setOpen(null)} />
    </div>
  );
}
