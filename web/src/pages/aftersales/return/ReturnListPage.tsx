import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { displayOrEmpty, Permissions, RETURN_KIND_LABELS, RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnKind, type ReturnRecord, type ReturnStatus } from '@erp/shared';
import { ListPage, type ListColumn, type ListToolbarButton } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlDateRange, urlId, urlOneOf, urlText, type DayRange, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { returnKeys, returnPath, returnsApi, useReturnSeasons, useReturnShops, type ReturnFilters } from '../returns-api.ts';
import { ReturnActions } from './ReturnActions.tsx';
import { ReturnStatusTag } from './ReturnStatusTag.tsx';
import { moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

interface ListFilters {
  keyword?: string;
  status?: ReturnStatus;
  shopId?: number;
  seasonId?: number;
  range?: DayRange | null;
}

const URL_FILTERS: ListUrlFilters<ListFilters> = { keyword: urlText, status: urlOneOf(RETURN_STATUSES), shopId: urlId, seasonId: urlId, range: urlDateRange() };
const DEFAULT_SORT = { field: 'id', order: 'desc' } as const;
const STATUS_OPTIONS = RETURN_STATUSES.map((value) => ({ value, label: RETURN_STATUS_LABELS[value] }));

function toQuery({ range, ...rest }: ListParams<ListFilters>): ListParams<ReturnFilters> {
  const [from, to] = range ?? [];
  return { ...rest, ...(from ? { from: from.format('YYYY-MM-DD') } : {}), ...(to ? { to: to.format('YYYY-MM-DD') } : {}) };
}

/**
 * 退货单 / 换货单 list: keyword, status, shop, season and created-day filters; server sort and
 * paging; the settled amount on the account; row actions by status and codes; Excel export.
 */
function ReturnList({ kind }: { kind: ReturnKind }) {
  const navigate = useNavigate();
  const shops = useReturnShops(kind);
  const seasons = useReturnSeasons(kind);
  const label = RETURN_KIND_LABELS[kind];
  const fetchPage = useCallback((params: ListParams<ListFilters>, signal?: AbortSignal) => returnsApi(kind).page(toQuery(params), signal), [kind]);

  const searchFields = useMemo<ListSearchField[]>(
    () => [
      { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder="单号、门店编码或名称" data-testid="return-filter-keyword" /> },
      { name: 'status', label: '状态', input: <Select allowClear placeholder="全部" options={STATUS_OPTIONS} data-testid="return-filter-status" /> },
      {
        name: 'shopId',
        label: '门店',
        input: (
          <Select<number>
            allowClear
            placeholder="全部"
            showSearch={{ optionFilterProp: 'label' }}
            options={(shops.data ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))}
          />
        ),
      },
      { name: 'seasonId', label: '订货季', input: <Select<number> allowClear placeholder="全部" options={(seasons.data ?? []).map((s) => ({ value: s.id, label: s.name }))} /> },
      { name: 'range', label: '创建日期', wide: true, input: <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} /> },
    ],
    [shops.data, seasons.data],
  );

  const columns = useMemo<ListColumn<ReturnRecord>[]>(
    () => [
      {
        key: 'returnNo',
        title: '单号',
        dataIndex: 'returnNo',
        sortable: true,
        width: 170,
        fixed: 'left',
        render: (_, row) => (
          <Link to={returnPath(kind, 'info', row.id)} data-testid={`return-link-${row.returnNo}`}>
            {row.returnNo}
          </Link>
        ),
      },
      { key: 'shop', title: '门店', dataIndex: 'shopName', width: 180, ellipsis: { showTitle: true } },
      { key: 'season', title: '订货季', dataIndex: 'seasonName', width: 140, ellipsis: { showTitle: true } },
      { key: 'status', title: '状态', dataIndex: 'status', width: 100, render: (_, row) => <ReturnStatusTag status={row.status} />, exportValue: (row) => row.statusLabel },
      { key: 'totalQuantity', title: kind === 'return' ? '退货数量' : '退回数量', dataIndex: 'totalQuantity', sortable: true, width: 96, align: 'right', kind: 'quantity' },
      moneyColumn<ReturnRecord>({ title: '退回金额', dataIndex: 'totalAmountFen', sortable: true, width: 110 }),
      ...(kind === 'swap' ? [moneyColumn<ReturnRecord>({ title: '换出金额', dataIndex: 'outAmountFen', width: 110 })] : []),
      { key: 'received', title: '实收', dataIndex: 'receivedQuantity', width: 70, align: 'right', kind: 'quantity' },
      moneyColumn<ReturnRecord>({ key: 'settled', title: '记账金额', fen: (row) => (row.settledFen === 0 ? null : row.settledFen), width: 110 }),
      { key: 'billed', title: '结算方', dataIndex: 'billedName', width: 160, ellipsis: { showTitle: true }, defaultHidden: true },
      { key: 'doc', title: '库存单据', dataIndex: 'stockDocNo', width: 170, render: displayOrEmpty, defaultHidden: true },
      { key: 'reason', title: '原因', dataIndex: 'reason', width: 160, ellipsis: { showTitle: true }, defaultHidden: true },
      { key: 'createdBy', title: '创建人', dataIndex: 'createdByName', width: 100, render: displayOrEmpty, defaultHidden: true },
      dateTimeColumn('createdAt', '创建时间', { width: 170 }),
      actionColumn(220, (row) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => navigate(returnPath(kind, 'info', row.id))} data-testid={`return-detail-${row.returnNo}`}>
            详情
          </Button>
          <ReturnActions kind={kind} doc={row} compact />
        </Space>
      )),
    ],
    [kind, navigate],
  );

  const toolbar: ListToolbarButton[] = [
    {
      key: 'add',
      label: `新建${label}`,
      type: 'primary',
      icon: <PlusOutlined />,
      permission: kind === 'return' ? Permissions.aftersalesReturnEdit : Permissions.aftersalesSwapEdit,
      onClick: () => navigate(returnPath(kind, 'add')),
      testId: 'return-add',
    },
  ];

  return (
    <ListPage<ReturnRecord, ListFilters>
      listId={`sales-${kind}s`}
      title={label}
      testId="return"
      queryKey={returnKeys.page(kind)}
      fetchPage={fetchPage}
      columns={columns}
      rowKey="id"
      initialFilters={{}}
      urlFilters={URL_FILTERS}
      searchFields={searchFields}
      defaultSort={DEFAULT_SORT}
      toolbar={toolbar}
    />
  );
}

export const ReturnListPage = () => <ReturnList kind="return" />;
export const SwapListPage = () => <ReturnList kind="swap" />;
