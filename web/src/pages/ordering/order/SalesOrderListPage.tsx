import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DatePicker, Input, Modal, Select, Tag } from 'antd';
import { AuditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import {
  displayOrEmpty,
  formatYuan,
  Permissions,
  SALES_ORDER_KIND_COLORS,
  SALES_ORDER_KIND_LABELS,
  SALES_ORDER_STATUS_LABELS,
  SALES_ORDER_STATUSES,
  type SalesOrderRecord,
  type SalesOrderStatus,
} from '@erp/shared';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { ListPage, type ListColumn, type ListToolbarButton } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import { urlDateRange, urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { SalesOrderStatusTag } from '../../../ui/document/SalesOrderStatusTag.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { auditAsOrdered, batchAuditText, OrderRowActions } from './order-list-actions.tsx';
import { SALES_ORDER_PATHS, salesOrderEditPath, salesOrderInfoPath, salesOrderKeys, salesOrdersApi, type SalesOrderFilters } from '../../../api/sales-orders.ts';
import { moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn } from '../../../ui/list-page/columns.tsx';

type ListFilters = Omit<SalesOrderFilters, 'from' | 'to'> & { range?: [Dayjs | null, Dayjs | null] | null };

const URL_FILTERS: ListUrlFilters<ListFilters> = { keyword: urlText, status: urlOneOf(SALES_ORDER_STATUSES), seasonId: urlId, range: urlDateRange() };
const STATUS_OPTIONS = SALES_ORDER_STATUSES.map((s) => ({ value: s, label: SALES_ORDER_STATUS_LABELS[s] }));
const INITIAL: ListFilters = {};
const DEFAULT_SORT = { field: 'id', order: 'desc' } as const;

function toQuery(params: ListParams<ListFilters>): ListParams<SalesOrderFilters> {
  const { range, ...rest } = params;
  const [from, to] = range ?? [];
  return { ...rest, ...(from ? { from: from.format('YYYY-MM-DD') } : {}), ...(to ? { to: to.format('YYYY-MM-DD') } : {}) };
}

/**
 * 订货单: the orders the user may see (HQ all, an agent its own and its shops', a shop its own), Excel,
 * 新建订货单, each row's actions (详情 and what its `actions` allow, 删除 of an own draft) and, for HQ,
 * 批量审核 of the selected submitted orders as ordered behind one confirmation.
 */
export function SalesOrderListPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [selected, setSelected] = useState<SalesOrderRecord[]>([]);
  const mayAudit = usePermission()(Permissions.orderingOrderAudit);
  const fetchPage = useCallback((params: ListParams<ListFilters>, signal?: AbortSignal) => salesOrdersApi.page(toQuery(params), signal), []);
  const searchFields = useMemo(
    () => [
      { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder="单号或收货门店" data-testid="so-filter-keyword" /> },
      { name: 'status', label: '状态', input: <Select<SalesOrderStatus> allowClear placeholder="全部" options={STATUS_OPTIONS} data-testid="so-filter-status" /> },
      { name: 'range', label: '下单日期', wide: true, input: <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="so-filter-range" /> },
    ],
    [],
  );
  const columns = useMemo((): ListColumn<SalesOrderRecord>[] => {
    const open = (row: SalesOrderRecord) => navigate(salesOrderInfoPath(row.id));
    return [
      {
        key: 'orderNo',
        title: '单号',
        dataIndex: 'orderNo',
        sortable: true,
        width: 170,
        fixed: 'left',
        render: (_, row) => (
          <ActionLink onClick={() => open(row)} data-testid={`so-link-${row.orderNo}`}>
            {row.orderNo}
          </ActionLink>
        ),
      },
      // the season and who ordered are one click away (列设置, the order's page): hidden so 状态 and 金额 show at 1440 px
      { key: 'season', title: '订货季', dataIndex: 'seasonName', width: 150, ellipsis: { showTitle: true }, defaultHidden: true },
      {
        key: 'kind',
        title: '类型',
        dataIndex: 'kind',
        width: 90,
        render: (_, row) => <Tag color={SALES_ORDER_KIND_COLORS[row.kind]}>{SALES_ORDER_KIND_LABELS[row.kind]}</Tag>,
        exportValue: (row) => SALES_ORDER_KIND_LABELS[row.kind],
        // the season's name says it; hidden so 金额 fits at 1440 px (列设置 brings it back)
        defaultHidden: true,
      },
      { key: 'buyer', title: '购货方', dataIndex: 'buyerName', width: 130, ellipsis: { showTitle: true } },
      { key: 'shop', title: '收货门店', dataIndex: 'shopName', width: 130, ellipsis: { showTitle: true } },
      { key: 'billed', title: '结算方', dataIndex: 'billedName', width: 130, ellipsis: { showTitle: true } },
      { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (_, row) => <SalesOrderStatusTag status={row.status} />, exportValue: (row) => row.statusLabel },
      { key: 'orderDate', title: '下单日期', dataIndex: 'orderDate', sortable: true, width: 104 },
      { key: 'totalQuantity', title: '订货数量', dataIndex: 'totalQuantity', sortable: true, width: 90, align: 'right', kind: 'quantity' },
      { key: 'approvedQuantity', title: '审核数量', dataIndex: 'approvedQuantity', width: 90, align: 'right', render: displayOrEmpty, defaultHidden: true },
      moneyColumn<SalesOrderRecord>({ title: '金额', dataIndex: 'totalAmountFen', sortable: true, width: 120 }),
      { key: 'createdBy', title: '下单人', dataIndex: 'createdByName', width: 90, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      actionColumn(190, (row) => <OrderRowActions row={row} onOpen={() => open(row)} onEdit={() => navigate(salesOrderEditPath(row.id))} />),
    ];
  }, [navigate]);
  const auditable = selected.filter((o) => o.status === 'submitted' && o.actions.includes('audit'));
  const batchAudit = () =>
    Modal.confirm({
      title: `批量审核 ${auditable.length} 张订货单`,
      content: `按订货数量全部审核通过（不削减）：${auditable.map((o) => o.orderNo).join('、')}，合计 ${auditable.reduce((s, o) => s + o.totalQuantity, 0)} 件 ${formatYuan(auditable.reduce((s, o) => s + o.totalAmountFen, 0))}。需要削减的订单请逐张审核。确定审核？`,
      okText: '确定审核',
      cancelText: '返回',
      okButtonProps: { 'data-testid': 'so-batch-audit-confirm' } as never,
      onOk: async () => {
        const result = await auditAsOrdered(auditable);
        if (result.failed.length === 0) toast().success(batchAuditText(result));
        else toast().warning({ content: batchAuditText(result), duration: 10 });
        setSelected([]);
        void client.invalidateQueries({ queryKey: salesOrderKeys.all });
      },
    });
  const toolbar: ListToolbarButton[] = [
    {
      key: 'add',
      label: '新建订货单',
      type: 'primary',
      icon: <PlusOutlined />,
      permission: 'ordering:order:edit',
      onClick: () => navigate(SALES_ORDER_PATHS.add),
      testId: 'so-add',
    },
    {
      key: 'batch-audit',
      label: auditable.length > 0 ? `批量审核（${auditable.length}）` : '批量审核',
      icon: <AuditOutlined />,
      permission: Permissions.orderingOrderAudit,
      disabled: auditable.length === 0,
      onClick: batchAudit,
      testId: 'so-batch-audit',
    },
  ];
  return (
    <ListPage<SalesOrderRecord, ListFilters>
      listId="sales-orders"
      title="订货单"
      testId="so"
      queryKey={salesOrderKeys.page}
      fetchPage={fetchPage}
      columns={columns}
      rowKey="id"
      initialFilters={INITIAL}
      urlFilters={URL_FILTERS}
      searchFields={searchFields}
      defaultSort={DEFAULT_SORT}
      toolbar={toolbar}
      tableProps={{
        rowSelection: !mayAudit
          ? undefined
          : {
              selectedRowKeys: selected.map((o) => o.id),
              preserveSelectedRowKeys: true,
              onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
              // only submitted orders wait for the audit
              getCheckboxProps: (row) => ({ disabled: row.status !== 'submitted', 'aria-label': `选择订货单 ${row.orderNo}` }) as never,
            },
      }}
    />
  );
}
