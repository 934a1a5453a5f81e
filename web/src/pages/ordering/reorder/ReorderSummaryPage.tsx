import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Input, Select, Space, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Permissions, RETURNED_HINT, type ReorderSummaryRecord } from '@erp/shared';
import { getUserInfo } from '../../../auth/session.ts';
import { usePermission } from '../../../access/route-meta.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlCode, urlId, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { TOTAL_ROW_KEY, withTotalsRow } from '../../../ui/report/report-grid.ts';
import { useBrandOptions } from '../../../api/product-form-options.ts';
import { salesOrderInfoPath } from '../../../api/sales-orders.ts';
import { Clip, ReportBuyerSelect, ReportSeasonSelect } from '../reports/report-filters.tsx';
import { ReorderDialog, type ReorderTarget } from './ReorderDialog.tsx';
import { reorderInfoPath, reorderKeys, reordersApi, type ReorderFilters } from './reorders-api.ts';
import '../reports/ordering-reports.css';
import { moneyColumn } from '../../../ui/money/index.ts';

type Row = ReorderSummaryRecord & { isTotal?: boolean };

const INITIAL: ReorderFilters = {};
const URL_FILTERS: ListUrlFilters<ReorderFilters> = { seasonId: urlId, buyer: urlCode, brandId: urlId, keyword: urlText };
const DEFAULT_SORT = { field: 'shipped', order: 'desc' } as const;
const isHq = () => !['agent', 'shop'].includes(getUserInfo()?.roleType ?? '');

function BrandSelect(props: { value?: number; onChange?: (id: number | undefined) => void }) {
  const brands = useBrandOptions();
  return (
    <Select<number>
      allowClear
      placeholder="全部品牌"
      value={props.value}
      onChange={props.onChange}
      loading={brands.isFetching}
      options={(brands.data ?? []).map((b) => ({ value: b.id, label: `${b.name}（${b.code}）` }))}
      data-testid="reorder-brand"
    />
  );
}

function searchFields(): ListSearchField[] {
  return [
    { name: 'seasonId', label: '订货季', input: <ReportSeasonSelect testId="reorder-season" /> },
    ...(getUserInfo()?.roleType === 'shop' ? [] : [{ name: 'buyer', label: '购货方', input: <ReportBuyerSelect testId="reorder-buyer" /> }]),
    // brands are HQ's product master: a buyer filters by style no. instead
    ...(isHq() ? [{ name: 'brandId', label: '品牌', input: <BrandSelect /> }] : []),
    { name: 'keyword', label: '款号/品名', input: <Input allowClear maxLength={64} placeholder="款号或品名" data-testid="reorder-keyword" /> },
  ];
}

const FIGURES: { key: keyof ReorderSummaryRecord & string; title: string; sortable?: boolean; money?: boolean; hidden?: boolean; tooltip?: string }[] = [
  { key: 'ordered', title: '订货', sortable: true },
  { key: 'shipped', title: '已发', sortable: true },
  { key: 'shippedAmountFen', title: '已发金额', sortable: true, money: true, hidden: true },
  { key: 'returned', title: '已退', tooltip: RETURNED_HINT },
  { key: 'netShipped', title: '净发', tooltip: RETURNED_HINT },
  { key: 'netShippedAmountFen', title: '净发金额', money: true, tooltip: RETURNED_HINT },
  { key: 'received', title: '已收', sortable: true },
  { key: 'receivedAmountFen', title: '已收金额', money: true, hidden: true },
  { key: 'reorderCount', title: '翻单次数', sortable: true },
  { key: 'reorderedPieces', title: '翻单件数', hidden: true },
];

/** 翻单汇总 (ordering/reorder): styles received per buyer and season, by what was shipped and received; 翻单 opens the grid. */
export function ReorderSummaryPage() {
  const navigate = useNavigate();
  const can = usePermission();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<ReorderTarget | null>(null);
  const [note, setNote] = useState('');

  const fetchPage = useCallback(async (params: ListParams<ReorderFilters>, signal?: AbortSignal) => {
    const page = await reordersApi.summary(params, signal);
    setNote(page.salesNote);
    const totals = { ...page.records[0]!, key: TOTAL_ROW_KEY, styleNo: '合计', ...page.totals, isTotal: true } as Row;
    return page.records.length ? withTotalsRow<Row>(page, totals, params) : page;
  }, []);

  const columns = useMemo<ListColumn<Row>[]>(() => {
    const blank = (row: Row, text: React.ReactNode) => (row.isTotal ? '' : text);
    return [
      {
        key: 'styleNo',
        title: '款号',
        dataIndex: 'styleNo',
        sortable: true,
        width: 120,
        fixed: 'left',
        render: (_, row) =>
          row.isTotal ? (
            '合计'
          ) : (
            <ActionLink onClick={() => navigate(reorderInfoPath(row))} data-testid={`reorder-style-${row.styleNo}`}>
              {row.styleNo}
            </ActionLink>
          ),
        exportValue: (row) => row.styleNo,
      },
      { key: 'styleName', title: '品名', dataIndex: 'styleName', width: 110, render: (v: string, row) => blank(row, <Clip text={v} width={106} />) },
      { key: 'brand', title: '品牌', dataIndex: 'brandName', width: 90, defaultHidden: true, render: (v: string, row) => blank(row, v) },
      { key: 'season', title: '订货季', dataIndex: 'seasonName', width: 130, render: (v: string, row) => blank(row, <Clip text={v} width={126} />) },
      { key: 'buyerName', title: '购货方', dataIndex: 'buyerName', sortable: true, width: 120, render: (v: string, row) => blank(row, <Clip text={v} width={116} />) },
      ...FIGURES.map(
        (f): ListColumn<Row> =>
          f.money
            ? { ...moneyColumn<Row>({ title: f.title, dataIndex: f.key, sortable: f.sortable, width: 110 }), defaultHidden: f.hidden, tooltip: f.tooltip }
            : {
                key: f.key,
                title: f.title,
                dataIndex: f.key,
                sortable: f.sortable,
                width: 76,
                align: 'right',
                kind: 'quantity',
                defaultHidden: f.hidden,
                tooltip: f.tooltip,
                exportValue: (row) => row[f.key] as number,
              },
      ),
      { key: 'lastShippedDay', title: '最近发货', dataIndex: 'lastShippedDay', width: 104, render: (v: string | null, row) => blank(row, v ?? '--') },
      {
        key: 'actions',
        title: '操作',
        width: 130,
        fixed: 'right',
        exportable: false,
        render: (_, row) =>
          row.isTotal ? null : (
            <Space size={4}>
              {can(Permissions.orderingReorderEdit) ? (
                <Tooltip title={row.reorderable ? '' : row.seasonOpen ? '还没有收货，不能翻单' : '订货季不在开放期内'}>
                  <Button
                    size="small"
                    type="link"
                    disabled={!row.reorderable}
                    onClick={() => setTarget({ ...row, shopId: row.shopId, shopName: row.shopName })}
                    data-testid={`reorder-btn-${row.styleNo}`}
                  >
                    翻单
                  </Button>
                </Tooltip>
              ) : null}
              <Button size="small" type="link" onClick={() => navigate(reorderInfoPath(row))} data-testid={`reorder-more-${row.styleNo}`}>
                查看更多
              </Button>
            </Space>
          ),
      },
    ];
  }, [can, navigate]);

  return (
    <div>
      {note ? <Alert type="info" showIcon title={note} style={{ marginBottom: 12 }} data-testid="reorder-sales-note" /> : null}
      <ListPage<Row, ReorderFilters>
        listId="ordering-reorders"
        title="翻单汇总"
        testId="reorder"
        queryKey={reorderKeys.summary}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(row) => (row.isTotal ? TOTAL_ROW_KEY : row.key)}
        initialFilters={INITIAL}
        urlFilters={URL_FILTERS}
        searchFields={searchFields()}
        defaultSort={DEFAULT_SORT}
        tableProps={{ rowClassName: (row) => (row.isTotal ? 'order-report-total-row' : '') }}
      />
      {target ? (
        <ReorderDialog
          target={target}
          onClose={() => setTarget(null)}
          onSaved={(order) => {
            setTarget(null);
            void queryClient.invalidateQueries({ queryKey: reorderKeys.all });
            toast().success(`翻单 ${order.orderNo} 已保存为草稿，请提交`);
            navigate(salesOrderInfoPath(order.id));
          }}
        />
      ) : null}
    </div>
  );
}
