import { useCallback, useMemo } from 'react';
import { Input } from 'antd';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, FINANCE_PARTY_LABELS, formatYuan, type AgeingRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { TOTAL_ROW_KEY, withTotalsRow } from '../../../ui/report/report-grid.ts';
import '../finance.css';
import { statementKeys, statementsApi, type AgeingFilters } from '../finance-statements-api.ts';
import { moneyColumn } from '../../../ui/money/index.ts';

/** A party's row, or the 合计 row of the whole search (on top of each page, last in the Excel). */
type Row = AgeingRecord & { isTotal?: boolean };

const URL_FILTERS: ListUrlFilters<AgeingFilters> = { keyword: urlText };
const INITIAL: AgeingFilters = {};
/** nothing owed in a bucket shows -- rather than ¥0.00 */
const owed = (fen: number) => (fen ? formatYuan(fen) : '--');
const SEARCH: ListSearchField[] = [{ name: 'keyword', label: '往来单位', input: <Input allowClear placeholder="编码或名称" data-testid="ageing-keyword" /> }];

/**
 * 应收账龄 (finance/ageing, HQ): every billed party that owes, what it owes split by the age of the
 * charges still unpaid (payments settle the oldest first), sortable by any bucket; Excel by the kit.
 */
export function AgeingPage() {
  const fetchPage = useCallback(async (params: ListParams<AgeingFilters>, signal?: AbortSignal) => {
    const page = await statementsApi.ageing(params, signal);
    const total: Row = { partyType: 'agent', partyId: 0, partyCode: '合计', partyName: '', oldestDay: null, ...page.totals, isTotal: true };
    return withTotalsRow<Row>(page, total, params);
  }, []);
  const columns = useMemo<ListColumn<Row>[]>(
    () => [
      { key: 'partyCode', title: '编码', dataIndex: 'partyCode', width: 110, sortable: true, fixed: 'left', render: (v: string, row) => (row.isTotal ? <strong>{v}</strong> : v) },
      { key: 'partyName', title: '往来单位', dataIndex: 'partyName', width: 220, sortable: true, ellipsis: { showTitle: true } },
      {
        key: 'partyType',
        title: '类型',
        dataIndex: 'partyType',
        width: 80,
        render: (v: AgeingRecord['partyType'], row) => (row.isTotal ? '' : FINANCE_PARTY_LABELS[v]),
        exportValue: (row) => (row.isTotal ? '' : FINANCE_PARTY_LABELS[row.partyType]),
      },
      ...AGEING_BUCKETS.map((b): ListColumn<Row> => ({ ...moneyColumn<Row>({ title: AGEING_BUCKET_LABELS[b], dataIndex: b, width: 130, sortable: true }), render: owed })),
      { ...moneyColumn<Row>({ title: '应收合计', dataIndex: 'totalFen', width: 140, sortable: true }), render: owed },
      { key: 'oldestDay', title: '最早未付日期', dataIndex: 'oldestDay', width: 130, sortable: true, render: (v: string | null) => v ?? '--' },
    ],
    [],
  );
  return (
    <ListPage<Row, AgeingFilters>
      listId="finance-ageing"
      title="应收账龄"
      testId="ageing"
      queryKey={statementKeys.ageing}
      fetchPage={fetchPage}
      columns={columns}
      rowKey={(row) => (row.isTotal ? TOTAL_ROW_KEY : `${row.partyType}:${row.partyId}`)}
      tableProps={{ rowClassName: (row) => (row.isTotal ? 'finance-total-row' : '') }}
      initialFilters={INITIAL}
      urlFilters={URL_FILTERS}
      searchFields={SEARCH}
      defaultSort={{ field: 'totalFen', order: 'desc' }}
    />
  );
}
