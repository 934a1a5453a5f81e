import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, DatePicker } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatYuan, PAGE_SIZES, Permissions, shanghaiToday, StatementMessages, statementPeriodProblem, type AccountEntryRecord, type UserInfo } from '@erp/shared';
import { useCanOpen, useUserInfo } from '../../../api/queries.ts';
import { ApiError } from '../../../api/request.ts';
import { previewPrint } from '../../../print/print-bus.ts';
import { usePermission } from '../../../access/route-meta.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { readListUrl, urlCode, urlDateRange, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { entryDocumentPath as documentPath, entryOriginPath as originPath } from '../entry-links.ts';
import { parsePartyKey, partyKey } from '../../../api/finance.ts';
import { PartyKeySelect } from '../finance-selects.tsx';
import { periodOf, statementKeys, statementsApi, type StatementFilters, type StatementParty } from '../finance-statements-api.ts';
import { loadStatementSheet } from './statement-print.ts';
import { StatementSummary } from './StatementSummary.tsx';
import { statementSheet } from './statement-sheet.ts';
import { AgentBilledNotice, useBilledByAgent } from '../billing.tsx';
import { moneyColumn } from '../../../ui/money/index.ts';

const URL_FILTERS: ListUrlFilters<StatementFilters> = { party: urlCode, range: urlDateRange() };
const DEFAULT_SORT = { field: 'id', order: 'asc' } as const;
const today = () => dayjs(shanghaiToday());
const increaseOf = (row: AccountEntryRecord) => (row.amountFen > 0 ? row.amountFen : null);
const decreaseOf = (row: AccountEntryRecord) => (row.amountFen < 0 ? -row.amountFen : null);
const RANGE_PRESETS = [
  { label: '本月', value: () => [today().startOf('month'), today()] as [dayjs.Dayjs, dayjs.Dayjs] },
  { label: '上月', value: () => [today().subtract(1, 'month').startOf('month'), today().subtract(1, 'month').endOf('month')] as [dayjs.Dayjs, dayjs.Dayjs] },
  { label: '本年', value: () => [today().startOf('year'), today()] as [dayjs.Dayjs, dayjs.Dayjs] },
];

/** The caller's own party (an agent, a shop, a supplier); null for HQ (and until the user is known). */
function ownParty(scope: UserInfo['scope'] | undefined): StatementParty | null {
  if (scope?.kind === 'agent') return { partyType: 'agent', partyId: scope.agentId };
  if (scope?.kind === 'shop') return { partyType: 'shop', partyId: scope.shopId };
  if (scope?.kind === 'supplier') return { partyType: 'supplier', partyId: scope.supplierId };
  return null;
}

/**
 * 对账单 (finance/statement): one party's account over a period — HQ picks the party, a party sees
 * its own; the summary with the confirmation on top, the period's entries below with their running
 * balance and links to the documents the user may open; Excel through the list kit, 打印 (A4) through
 * the print preview with every entry of the period.
 */
export function StatementPage() {
  const billing = useBilledByAgent();
  if (!billing.known) return null;
  return billing.byAgent ? <AgentBilledNotice page="statement" /> : <PartyStatementPage />;
}

function PartyStatementPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const can = usePermission();
  const canOpen = useCanOpen();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const scope = user.data?.scope;
  const own = useMemo(() => ownParty(scope), [scope]);
  const isHq = scope?.kind === 'all';
  const [initial] = useState<StatementFilters>(() => ({ range: [today().startOf('month'), today()] }));
  const filters = useMemo(
    () => readListUrl(location.search, { filters: URL_FILTERS, initialFilters: initial, defaultSort: DEFAULT_SORT, sortFields: [], pageSizes: PAGE_SIZES }).filters,
    [location.search, initial],
  );
  const party = own ?? parsePartyKey(filters.party);
  const period = periodOf(filters.range);
  const problem = period ? statementPeriodProblem(period.from, period.to) : StatementMessages.periodRequired;
  const ready = !!party && !problem;

  const summary = useQuery({
    queryKey: statementKeys.summary(party, period),
    queryFn: ({ signal }) => statementsApi.summary(party!, period!, signal),
    enabled: ready,
  });
  const confirm = useMutation({
    mutationFn: () => statementsApi.confirm(party!, period!),
    onSuccess: () => {
      toast().success(StatementMessages.confirmed);
      void queryClient.invalidateQueries({ queryKey: statementKeys.all });
    },
  });

  const [printing, setPrinting] = useState(false);
  // 打印: the statement and every entry of the period fetched afresh, then the shared print preview (A4 对账单)
  const printStatement = async () => {
    if (!party || !period) return;
    setPrinting(true);
    try {
      previewPrint('statement', await loadStatementSheet(party, period));
    } catch (error) {
      if (!(error instanceof ApiError && error.toasted)) toast().error(error instanceof Error ? error.message : String(error));
    } finally {
      setPrinting(false);
    }
  };

  const searchFields = useMemo<ListSearchField[]>(
    () => [
      ...(isHq
        ? [{ name: 'party', label: '往来单位', input: <PartyKeySelect types={['agent', 'shop', 'supplier']} allowClear placeholder="请选择往来单位" testId="statement-party" /> }]
        : []),
      { name: 'range', label: '对账期间', wide: true, input: <DatePicker.RangePicker presets={RANGE_PRESETS} style={{ width: '100%' }} data-testid="statement-range" /> },
    ],
    [isHq],
  );

  const fetchPage = useCallback(
    async (params: ListParams<StatementFilters>, signal?: AbortSignal) => {
      const p = own ?? parsePartyKey(params.party);
      const range = periodOf(params.range);
      if (!p || !range || statementPeriodProblem(range.from, range.to)) return { records: [] as AccountEntryRecord[], total: 0 };
      return statementsApi.entries(p, range, params, signal);
    },
    [own],
  );

  const link = useCallback(
    (path: string | null, text: string, testId: string) =>
      path && text && canOpen(path) ? (
        <ActionLink onClick={() => navigate(path)} data-testid={testId}>
          {text}
        </ActionLink>
      ) : (
        text || '--'
      ),
    [canOpen, navigate],
  );

  const columns = useMemo<ListColumn<AccountEntryRecord>[]>(
    () => [
      { key: 'businessDay', title: '业务日期', dataIndex: 'businessDay', width: 110 },
      { key: 'entryLabel', title: '类型', dataIndex: 'entryLabel', width: 110 },
      {
        key: 'documentNo',
        title: '单据号',
        dataIndex: 'documentNo',
        width: 170,
        render: (_, row) => link(documentPath(row), row.documentNo, `statement-doc-${row.id}`),
      },
      { key: 'originNo', title: '来源单据', dataIndex: 'originNo', width: 170, render: (_, row) => link(originPath(row), row.originNo, `statement-origin-${row.id}`) },
      // an entry is an increase or a decrease: the other side stays blank
      {
        ...moneyColumn<AccountEntryRecord>({ key: 'increase', title: '增加', fen: increaseOf, width: 130 }),
        render: (_, row) => (row.amountFen > 0 ? formatYuan(row.amountFen) : ''),
      },
      {
        ...moneyColumn<AccountEntryRecord>({ key: 'decrease', title: '减少', fen: decreaseOf, width: 130 }),
        render: (_, row) => (row.amountFen < 0 ? formatYuan(-row.amountFen) : ''),
      },
      moneyColumn<AccountEntryRecord>({ title: '余额', dataIndex: 'runningFen', width: 140 }),
      { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 80, align: 'right', kind: 'quantity', hideable: true },
      { key: 'memo', title: '摘要', dataIndex: 'memo', width: 200, ellipsis: { showTitle: true }, hideable: true },
      { key: 'createdByName', title: '经办人', dataIndex: 'createdByName', width: 100, hideable: true },
    ],
    [link],
  );

  const s = summary.data;
  const title = s ? `对账单（${s.partyName} ${s.from} 至 ${s.to}）` : '对账单';
  return (
    <>
      {!party && isHq ? <Alert type="info" showIcon title="请选择往来单位和对账期间后查询" data-testid="statement-hint" /> : null}
      {party && problem ? <Alert type="warning" showIcon title={problem} data-testid="statement-problem" /> : null}
      {ready && s ? (
        <StatementSummary
          statement={s}
          mayConfirm={can(Permissions.financeStatementConfirm)}
          confirming={confirm.isPending}
          onConfirm={() => confirm.mutateAsync()}
          onDispute={async (note) => {
            await statementsApi.dispute(party!, period!, note);
            toast().success(StatementMessages.disputed);
            void queryClient.invalidateQueries({ queryKey: statementKeys.all });
          }}
        />
      ) : null}
      <ListPage<AccountEntryRecord, StatementFilters>
        listId="finance-statement"
        title={title}
        testId="statement"
        queryKey={[...statementKeys.entries, own ? partyKey(own) : (scope?.kind ?? '')]}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="id"
        initialFilters={initial}
        urlFilters={URL_FILTERS}
        searchFields={searchFields}
        defaultSort={DEFAULT_SORT}
        exportSheet={s ? statementSheet(s) : undefined}
        toolbar={[
          {
            key: 'print',
            label: printing ? '正在准备打印…' : '打印',
            icon: <PrinterOutlined />,
            onClick: () => void printStatement(),
            disabled: !ready || printing,
            testId: 'statement-print',
          },
        ]}
      />
    </>
  );
}
