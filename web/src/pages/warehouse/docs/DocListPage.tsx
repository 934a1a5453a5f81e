import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  displayOrEmpty,
  STOCK_DOC_KIND_LABELS,
  STOCK_DOC_MACHINES,
  STOCK_DOC_STATUSES,
  stockDocStatusLabel,
  type PermissionCode,
  type StockDocKind,
  type StockDocRecord,
  type StockDocStatus,
} from '@erp/shared';
import { ListPage, type ListColumn, type ListToolbarButton } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { docPath } from './doc-hooks.ts';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { actionPermission, toDocQuery, type DocListFilters } from './doc-rules.ts';
import { DocStatusTag } from './DocStatusTag.tsx';
import { stockDocKeys, stockDocsApi } from '../../../api/stock-docs.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { urlCode, urlDateRange, urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

export interface DocListPageProps {
  kind: StockDocKind;
  /** default: the kind's label (入库单…) */
  title?: string;
  /** biz type → label (INBOUND_TYPE_LABELS…); omitted: no 类型 filter or column */
  bizTypes?: Readonly<Record<string, string>>;
  /** 新增 goes here (default /erp/warehouse/{kind}/add); null: no 新增 button */
  addPath?: string | null;
  /** default: the kind's add code */
  addPermission?: PermissionCode;
  /** show the destination warehouse (transfer) */
  showToWarehouse?: boolean;
  /** extra columns, placed before 创建人 */
  extraColumns?: readonly ListColumn<StockDocRecord>[];
  /** more toolbar buttons after 新增 (e.g. 采购入库) */
  extraToolbar?: readonly ListToolbarButton[];
}

const INITIAL: DocListFilters = {};
/** The filters in the URL: the API's names, the created-date range as from/to. */
const URL_FILTERS: ListUrlFilters<DocListFilters> = {
  docNo: urlText,
  status: urlOneOf(STOCK_DOC_STATUSES),
  bizType: urlCode,
  warehouseId: urlId,
  range: urlDateRange(),
  incoming: urlOneOf(['true', 'false'] as const),
};
const INCOMING_OPTIONS = [{ value: 'true', label: '发往本方仓库的' }];
const DEFAULT_SORT = { field: 'id', order: 'desc' } as const;

/**
 * The list page of a stock document kind: 单号, status, type, warehouse and date filters; number
 * links to the details; server sort and paging; Excel export of the current query.
 */
export function DocListPage({
  kind,
  title = STOCK_DOC_KIND_LABELS[kind],
  bizTypes,
  addPath,
  addPermission,
  showToWarehouse,
  extraColumns = [],
  extraToolbar = [],
}: DocListPageProps) {
  const navigate = useNavigate();
  const warehouses = useWarehouseOptions();
  const api = useMemo(() => stockDocsApi(kind), [kind]);
  const fetchPage = useCallback((params: ListParams<DocListFilters>, signal?: AbortSignal) => api.page(toDocQuery(params), signal), [api]);
  const queryKey = useMemo(() => stockDocKeys.page(kind), [kind]);
  const statuses = useMemo(
    () => STOCK_DOC_STATUSES.filter((s) => s === 'void' || STOCK_DOC_MACHINES[kind][s]).map((s) => ({ value: s, label: stockDocStatusLabel(kind, s) })),
    [kind],
  );
  const typeLabel = useCallback((row: StockDocRecord) => bizTypes?.[row.bizType] ?? row.bizType, [bizTypes]);

  const searchFields: ListSearchField[] = useMemo(() => {
    const fields: ListSearchField[] = [
      { name: 'docNo', label: '单号', input: <Input allowClear maxLength={64} placeholder="单号或来源单号" data-testid="doc-filter-no" /> },
      { name: 'status', label: '状态', input: <Select<StockDocStatus> allowClear placeholder="全部" options={statuses} data-testid="doc-filter-status" /> },
    ];
    if (bizTypes) {
      // '' labels documents without a type (a plain 调拨): shown, not a filter
      const options = Object.entries(bizTypes)
        .filter(([value]) => value !== '')
        .map(([value, label]) => ({ value, label }));
      fields.push({ name: 'bizType', label: '类型', input: <Select allowClear placeholder="全部" options={options} data-testid="doc-filter-type" /> });
    }
    fields.push(
      {
        name: 'warehouseId',
        label: '仓库',
        input: (
          <Select<number>
            allowClear
            placeholder="全部"
            options={warehouses.options}
            loading={warehouses.isFetching}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="doc-filter-warehouse"
          />
        ),
      },
      { name: 'range', label: '创建日期', wide: true, input: <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="doc-filter-range" /> },
    );
    // a transfer goes from one warehouse to another: a shop may want only what comes to it
    if (showToWarehouse) {
      fields.push({ name: 'incoming', label: '方向', input: <Select allowClear placeholder="全部" options={INCOMING_OPTIONS} data-testid="doc-filter-incoming" /> });
    }
    return fields;
  }, [bizTypes, statuses, warehouses.options, warehouses.isFetching, showToWarehouse]);

  const columns = useMemo(() => {
    const open = (row: StockDocRecord) => navigate(docPath(kind, 'info', row.id));
    const list: ListColumn<StockDocRecord>[] = [
      {
        key: 'docNo',
        title: '单号',
        dataIndex: 'docNo',
        sortable: true,
        width: 170,
        fixed: 'left',
        render: (_, row) => (
          <ActionLink onClick={() => open(row)} data-testid={`doc-link-${row.docNo}`}>
            {row.docNo}
          </ActionLink>
        ),
        exportValue: (row) => row.docNo,
      },
      ...(bizTypes
        ? [{ key: 'bizType', title: '类型', dataIndex: 'bizType', width: 100, render: (_: unknown, row: StockDocRecord) => typeLabel(row), exportValue: typeLabel }]
        : []),
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 100,
        render: (_, row) => <DocStatusTag kind={kind} status={row.status} />,
        exportValue: (row) => row.statusLabel,
      },
      { key: 'warehouse', title: showToWarehouse ? '调出仓库' : '仓库', dataIndex: 'warehouseName', width: 150 },
      ...(showToWarehouse ? [{ key: 'toWarehouse', title: '调入仓库', dataIndex: 'toWarehouseName', width: 150, render: displayOrEmpty }] : []),
      {
        key: 'party',
        title: '门店/供应商',
        width: 150,
        ellipsis: { showTitle: true },
        // a transfer or a stocktake has no shop or supplier
        defaultHidden: showToWarehouse || kind === 'stocktake',
        render: (_, row) => displayOrEmpty(row.shopName || row.supplierName),
        exportValue: (row) => row.shopName || row.supplierName,
      },
      { key: 'lineCount', title: '行数', dataIndex: 'lineCount', width: 70, align: 'right', kind: 'quantity', defaultHidden: true },
      { key: 'totalQuantity', title: '数量', dataIndex: 'totalQuantity', sortable: true, width: 90, align: 'right', kind: 'quantity' },
      {
        key: 'totalActual',
        title: '实际数量',
        dataIndex: 'totalActual',
        width: 90,
        align: 'right',
        render: (_, row) => (row.scanStarted ? row.totalActual : '--'),
        exportValue: (row) => (row.scanStarted ? row.totalActual : null),
        kind: 'quantity',
      },
      { key: 'sourceNo', title: '来源单号', dataIndex: 'sourceNo', width: 150, defaultHidden: true, render: displayOrEmpty },
      ...extraColumns,
      { key: 'createdBy', title: '创建人', dataIndex: 'createdByName', width: 100, render: displayOrEmpty, defaultHidden: true },
      dateTimeColumn('createdAt', '创建时间', { width: 170 }),
      { key: 'postedBy', title: '审核人', dataIndex: 'postedByName', width: 100, render: displayOrEmpty, defaultHidden: true },
      dateTimeColumn('postedAt', '审核时间', { width: 170, defaultHidden: true }),
      { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      actionColumn(90, (row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(row)} data-testid={`doc-detail-${row.docNo}`}>
            详情
          </Button>
        </Space>
      )),
    ];
    return list;
  }, [bizTypes, extraColumns, kind, navigate, showToWarehouse, typeLabel]);

  const target = addPath === undefined ? docPath(kind, 'add') : addPath;
  const toolbar: ListToolbarButton[] = [
    ...(target
      ? [
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: addPermission ?? actionPermission(kind, 'edit'),
            onClick: () => navigate(target),
            testId: 'doc-add',
          } satisfies ListToolbarButton,
        ]
      : []),
    ...extraToolbar,
  ];

  return (
    <ListPage<StockDocRecord, DocListFilters>
      listId={`stock-docs-${kind}`}
      title={title}
      testId="doc"
      queryKey={queryKey}
      fetchPage={fetchPage}
      columns={columns}
      rowKey="id"
      initialFilters={INITIAL}
      urlFilters={URL_FILTERS}
      searchFields={searchFields}
      defaultSort={DEFAULT_SORT}
      toolbar={toolbar}
    />
  );
}
