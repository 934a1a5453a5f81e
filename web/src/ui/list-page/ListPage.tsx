import { useMemo, type Key, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Space, Table, Tooltip, type ButtonProps, type TableColumnType, type TableProps } from 'antd';
import { DownloadOutlined, QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@erp/shared';
import { usePermission } from '../../access/route-meta.ts';
import { ColumnSettings } from './ColumnSettings.tsx';
import { ExportProgressOverlay } from './ExportProgressOverlay.tsx';
import type { ExportCell, ExportColumn, ExportKind } from './export-plan.ts';
import { afterTableChange, pageSizesFor, sortFromTable, sortOrderOf, toListParams, type ListSort, type TableSortOrder } from './list-query.ts';
import { SearchForm, type ListSearchField } from './SearchForm.tsx';
import { useColumnSettings } from './use-column-settings.ts';
import { useListExport, type ListExportSheet } from './use-list-export.ts';
import type { ListUrlFilters } from './list-url.ts';
import { useListQuery, type ListFetcher } from './use-list-query.ts';
import { StatusResult } from '../StatusResult.tsx';
import './list-page.css';

/** A list column: antd's column plus the list's own settings. `key` is required and unique. */
export interface ListColumn<Row> extends Omit<TableColumnType<Row>, 'key' | 'title' | 'sorter' | 'sortOrder' | 'hidden'> {
  key: string;
  /** plain text: also the 列设置 label and the Excel header */
  title: string;
  /** server-side sort on this column (`sort=<sortField ?? key>`) */
  sortable?: boolean;
  sortField?: string;
  /** false: always shown and not in 列设置 (e.g. 操作) */
  hideable?: boolean;
  defaultHidden?: boolean;
  /** false: never exported (e.g. 操作) */
  exportable?: boolean;
  /** the Excel cell, e.g. status -> its label; default: the field (dataIndex ?? key); for `money` in fen */
  exportValue?: (row: Row) => ExportCell | undefined;
  /** what the column holds: money (fen, exported as yuan numbers) and quantities become number cells */
  kind?: ExportKind;
  /** what the figure means, behind a ? beside the header (e.g. how 未发 is counted) */
  tooltip?: string;
}

/** A toolbar button; with `permission` it shows only when the route grants that code. */
export interface ListToolbarButton {
  key: string;
  label: ReactNode;
  onClick: () => void;
  icon?: ReactNode;
  type?: ButtonProps['type'];
  danger?: boolean;
  disabled?: boolean;
  permission?: PermissionCode;
  testId?: string;
}

export interface ListPageProps<Row, F extends object> {
  /** unique per list: the column settings' storage key */
  listId: string;
  /** shown above the table and the export's file and sheet name */
  title: string;
  /** key prefix of the list query; invalidate it to refetch after a change */
  queryKey: readonly unknown[];
  fetchPage: ListFetcher<Row, F>;
  columns: readonly ListColumn<Row>[];
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  /** the filters of the first load and of 重置 */
  initialFilters: F;
  /**
   * How each filter lives in the URL (list-url.ts: urlText, urlId, urlOneOf, urlDateRange …), so
   * filters, sort and page survive a tab switch, a reload, Back and a shared link; false: in
   * component state (a list inside a drawer or a second list on one page).
   */
  urlFilters: ListUrlFilters<F> | false;
  /** before every URL parameter when another list shares the page's address (e.g. `summary.`) */
  urlPrefix?: string;
  searchFields?: readonly ListSearchField[];
  /** the server's default sort, shown on its column; a cleared sort returns to it */
  defaultSort?: ListSort;
  toolbar?: readonly ListToolbarButton[];
  /** offer 500 a page as well (SPEC §9 old table) */
  legacyPageSizes?: boolean;
  /** false: no 导出 Excel button */
  exportable?: boolean;
  exportPermission?: PermissionCode;
  /** lines the Excel puts above and below the table (a statement's party, period, 期初 / 期末 and 合计) */
  exportSheet?: ListExportSheet;
  /** testid prefix of the search buttons: `<testId>-search`, `<testId>-reset` */
  testId?: string;
  tableProps?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'pagination' | 'onChange' | 'loading' | 'rowKey'>;
  /** the table's summary rows (e.g. 本页合计), given the shown columns so its cells follow 列设置 */
  summary?: (rows: readonly Row[], shownColumns: readonly ListColumn<Row>[]) => ReactNode;
}

/**
 * A column's width when the page gives none: its minWidth, else room for its title (a 14 px
 * character each, the cell's padding, the sort arrows and the ? of a tooltip). Under the fixed
 * layout a table with ellipsis cells takes, a column without a width gets only what the others
 * leave, which at 1440 px was nothing (商品名称 at 0 px, issue 26); antd's minWidth applies to
 * the auto layout only.
 */
export function listColumnWidth(column: Pick<ListColumn<unknown>, 'title' | 'width' | 'minWidth' | 'sortable' | 'tooltip' | 'ellipsis'>): number | string {
  if (column.width !== undefined) return column.width;
  const forTitle = column.title.length * 14 + 32 + (column.sortable ? 24 : 0) + (column.tooltip ? 18 : 0);
  // a text column cut with an ellipsis (a name, a remark) keeps room for its text
  return Math.max(typeof column.minWidth === 'number' ? column.minWidth : 0, forTitle, column.ellipsis ? 160 : 80);
}

function toTableColumn<Row>(column: ListColumn<Row>, sort: ListSort | null, hasDefaultSort: boolean): TableColumnType<Row> {
  const { sortable, sortField, hideable, defaultHidden, exportable, exportValue, kind, tooltip, ...given } = column;
  const plain = { ...given, width: listColumnWidth(column as ListColumn<unknown>) };
  const rest: TableColumnType<Row> = tooltip
    ? {
        ...plain,
        title: (
          <span>
            {plain.title}
            <Tooltip title={tooltip}>
              <QuestionCircleOutlined style={{ marginInlineStart: 4, color: 'var(--ant-color-text-tertiary)' }} aria-label={`${plain.title}说明`} />
            </Tooltip>
          </span>
        ),
      }
    : plain;
  if (!sortable) return rest;
  const directions: TableSortOrder[] = hasDefaultSort ? ['ascend', 'descend', 'ascend'] : ['ascend', 'descend'];
  return { ...rest, sorter: true, sortOrder: sortOrderOf(sort, sortField ?? column.key), sortDirections: directions };
}

function toExportColumn<Row>(column: ListColumn<Row>): ExportColumn<Row> {
  const dataIndex = column.dataIndex as ExportColumn<Row>['dataIndex'];
  return { key: column.key, title: column.title, dataIndex, exportValue: column.exportValue, kind: column.kind };
}

/**
 * The one list page (search form, toolbar, server-sorted and paged table, column settings and
 * Excel export of the current query). Filters, sort and page live in the URL (urlFilters) or in
 * component state.
 */
export function ListPage<Row extends object, F extends object>(props: ListPageProps<Row, F>) {
  const { listId, title, queryKey, fetchPage, columns, rowKey, initialFilters, searchFields, defaultSort, toolbar = [] } = props;
  const can = usePermission();
  const sortFields = columns.filter((column) => column.sortable).map((column) => column.sortField ?? column.key);
  if (defaultSort) sortFields.push(defaultSort.field);
  const url = props.urlFilters ? { filters: props.urlFilters, sortFields, legacyPageSizes: props.legacyPageSizes, prefix: props.urlPrefix } : null;
  const { state, setState, query, search } = useListQuery({ queryKey, fetchPage, initialFilters, defaultSort, url });
  const settings = useColumnSettings(listId, columns);
  const exporter = useListExport<Row>();

  const visible = useMemo(() => columns.filter((column) => settings.shown.has(column.key)), [columns, settings.shown]);
  const tableColumns = useMemo(() => visible.map((column) => toTableColumn(column, state.sort, !!defaultSort)), [visible, state.sort, defaultSort]);
  const keyOf = (row: Row): unknown => (typeof rowKey === 'function' ? rowKey(row) : row[rowKey]);

  const startExport = () =>
    exporter.start({
      title,
      columns: visible.filter((column) => column.exportable !== false).map(toExportColumn),
      fetchPage: (page, limit, signal) => fetchPage(toListParams(state, { page, limit }), signal),
      keyOf,
      sheet: props.exportSheet,
    });

  const sortFieldOf = (key: string) => columns.find((column) => column.key === key)?.sortField ?? key;
  const onChange: TableProps<Row>['onChange'] = (pager, _filters, sorter) =>
    setState((current) => afterTableChange(current, pager, sortFromTable(sorter, defaultSort ?? null, sortFieldOf)));

  const error = query.error;
  const retry = () => void query.refetch();
  const emptyText = query.isPending ? (
    <div className="erp-list__pending" />
  ) : error ? (
    <StatusResult
      status="error"
      title="数据加载失败"
      subTitle={error.message}
      extra={
        <Button onClick={retry} data-testid="list-retry">
          重试
        </Button>
      }
      className="erp-list__error"
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
  );
  const showExport = props.exportable !== false && (!props.exportPermission || can(props.exportPermission));

  return (
    <div className="erp-list">
      {searchFields?.length ? (
        <Card className="erp-list__search-card">
          <SearchForm fields={searchFields} initialFilters={initialFilters} values={state.filters} onSearch={search} testId={props.testId} />
        </Card>
      ) : null}
      <Card className="erp-list__main">
        <div className="erp-list__toolbar">
          <Space wrap className="erp-list__toolbar-left">
            <span className="erp-list__title">{title}</span>
            {toolbar
              .filter((button) => !button.permission || can(button.permission))
              .map((button) => (
                <Button
                  key={button.key}
                  type={button.type}
                  icon={button.icon}
                  danger={button.danger}
                  disabled={button.disabled}
                  onClick={button.onClick}
                  data-testid={button.testId}
                >
                  {button.label}
                </Button>
              ))}
          </Space>
          <Space wrap>
            {showExport ? (
              <Button icon={<DownloadOutlined />} loading={exporter.exporting} onClick={startExport} data-testid="list-export">
                导出 Excel
              </Button>
            ) : null}
            <Tooltip title="刷新">
              <Button icon={<ReloadOutlined />} onClick={retry} aria-label="刷新" data-testid="list-refresh" />
            </Tooltip>
            <ColumnSettings columns={columns} settings={settings} />
          </Space>
        </div>
        {error && query.data ? (
          <Alert
            type="error"
            showIcon
            title={`数据加载失败：${error.message}`}
            action={
              <Button size="small" onClick={retry}>
                重试
              </Button>
            }
            className="erp-list__alert"
          />
        ) : null}
        <Table<Row>
          size="middle"
          scroll={{ x: 'max-content' }}
          // the sort hint only over the sort arrows: a header-wide tooltip lingers over the toolbar
          showSorterTooltip={{ target: 'sorter-icon' }}
          {...props.tableProps}
          {...(props.summary ? { summary: (rows: readonly Row[]) => props.summary!(rows, visible) } : {})}
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={query.data?.records}
          loading={query.isFetching}
          locale={{ emptyText }}
          onChange={onChange}
          pagination={{
            current: state.page,
            pageSize: state.limit,
            total: query.data?.total ?? 0,
            pageSizeOptions: pageSizesFor(props.legacyPageSizes).map(String),
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (total) => `共 ${total}${query.data?.totalCapped ? '+' : ''} 条`,
          }}
        />
      </Card>
      <ExportProgressOverlay progress={exporter.progress} onCancel={exporter.cancel} />
    </div>
  );
}
