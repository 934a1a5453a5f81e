import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Select, Space } from 'antd';
import { FINANCE_PARTY_LABELS, OUTSTANDING_HINT, FINANCE_PARTY_TYPES, Permissions, type FinanceAccountRecord } from '@erp/shared';
import { getUserInfo } from '../../../auth/session.ts';
import { Permission } from '../../../access/Permission.tsx';
import { formatDateTime } from '../../../ui/format-time.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { financeApi, financeKeys, partyKey, type AccountFilters, type AccountTotals } from '../../../api/finance.ts';
import { totalsRow } from '../totals-row.tsx';
import { AccountEntriesDrawer } from './AccountEntriesDrawer.tsx';
import { CreditLimitModal } from './CreditLimitModal.tsx';
import { formatYuanOrUnlimited, moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: AccountFilters = {};
const URL_FILTERS: ListUrlFilters<AccountFilters> = { partyType: urlOneOf(FINANCE_PARTY_TYPES), keyword: urlText, owing: urlOneOf(['true'] as const) };
const DEFAULT_SORT = { field: 'partyCode', order: 'asc' } as const;

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '往来单位', input: <Input allowClear placeholder="编码或名称" data-testid="account-keyword" /> },
  {
    name: 'partyType',
    label: '类型',
    input: <Select allowClear placeholder="全部类型" options={FINANCE_PARTY_TYPES.map((t) => ({ value: t, label: FINANCE_PARTY_LABELS[t] }))} data-testid="account-party-type" />,
  },
  {
    name: 'owing',
    label: '欠款',
    input: <Select allowClear placeholder="全部" options={[{ value: 'true', label: '只看有应收或应付的' }]} data-testid="account-owing" />,
  },
];

/** 往来账户 (finance/account): each party's balance, receivable, prepayment, credit limit and what it may still order. */
export function AccountPage() {
  const client = useQueryClient();
  const [entries, setEntries] = useState<FinanceAccountRecord | null>(null);
  const [credit, setCredit] = useState<FinanceAccountRecord | null>(null);
  const [totals, setTotals] = useState<AccountTotals | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: financeKeys.accounts }), [client]);
  // a shop under an agent keeps no account of its own: say where its money is instead of an empty list
  const party = getUserInfo()?.roleType !== 'manager';
  const own = useQuery({ queryKey: [...financeKeys.accounts, 'own'], queryFn: ({ signal }) => financeApi.accounts({ page: 1, limit: 10 }, signal), enabled: party });
  const billedByAgent = party && getUserInfo()?.roleType === 'shop' && own.data?.total === 0;

  const columns = useMemo<ListColumn<FinanceAccountRecord>[]>(() => {
    const fen = (key: keyof FinanceAccountRecord & string, title: string, options: { billedOnly?: boolean; tooltip?: string } = {}): ListColumn<FinanceAccountRecord> => ({
      ...moneyColumn<FinanceAccountRecord>({ title, dataIndex: key, width: 100, sortable: true }),
      tooltip: options.tooltip,
      // a supplier has no credit: its limit and what it may order show as —
      render: (_, row) => (options.billedOnly && row.partyType === 'supplier' ? '—' : formatYuanOrUnlimited(row[key] as number | null)),
    });
    return [
      { key: 'partyCode', title: '编码', dataIndex: 'partyCode', sortable: true, width: 80 },
      { key: 'partyName', title: '往来单位', dataIndex: 'partyName', sortable: true, width: 170, ellipsis: { showTitle: true } },
      {
        key: 'partyType',
        title: '类型',
        dataIndex: 'partyType',
        width: 64,
        render: (_, row) => FINANCE_PARTY_LABELS[row.partyType],
        exportValue: (row) => FINANCE_PARTY_LABELS[row.partyType],
      },
      fen('balanceFen', '余额'),
      fen('receivableFen', '应收'),
      fen('prepaymentFen', '预付款'),
      fen('payableFen', '应付'),
      fen('creditLimitFen', '授信额度', { billedOnly: true }),
      fen('unshippedFen', '未发货', { billedOnly: true, tooltip: `${OUTSTANDING_HINT}；按订单单价计金额` }),
      fen('availableFen', '可用额度', { billedOnly: true }),
      { key: 'creditMemo', title: '授信备注', dataIndex: 'creditMemo', width: 160, ellipsis: { showTitle: true }, defaultHidden: true },
      {
        key: 'lastEntryAt',
        title: '最近变动',
        dataIndex: 'lastEntryAt',
        sortable: true,
        width: 160,
        defaultHidden: true,
        render: (v: string | null) => (v ? formatDateTime(v) : '—'),
        exportValue: (row) => (row.lastEntryAt ? formatDateTime(row.lastEntryAt) : ''),
      },
      actionColumn(130, (row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEntries(row)} data-testid={`account-entries-${partyKey(row)}`}>
            流水
          </Button>
          {row.partyType !== 'supplier' ? (
            <Permission code={Permissions.financeCreditEdit}>
              <Button type="link" size="small" onClick={() => setCredit(row)} data-testid={`account-credit-${partyKey(row)}`}>
                授信额度
              </Button>
            </Permission>
          ) : null}
        </Space>
      )),
    ];
  }, []);

  return (
    <>
      {billedByAgent ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="本店由所属代理商结算：货款的收付、授信额度和对账单都在代理商的账户中办理。"
          data-testid="account-billed-by-agent"
        />
      ) : null}
      <ListPage<FinanceAccountRecord, AccountFilters>
        listId="finance-accounts"
        title="往来账户"
        testId="accounts"
        queryKey={financeKeys.accounts}
        fetchPage={async (params, signal) => {
          const page = await financeApi.accounts(params, signal);
          setTotals(page.totals ?? null);
          return page;
        }}
        summary={(_, shown) =>
          totalsRow(
            shown,
            totals && {
              receivableFen: formatYuanOrUnlimited(totals.receivableFen),
              prepaymentFen: formatYuanOrUnlimited(totals.prepaymentFen),
              payableFen: formatYuanOrUnlimited(totals.payableFen),
              unshippedFen: formatYuanOrUnlimited(totals.unshippedFen),
            },
            'accounts-total',
          )
        }
        columns={columns}
        rowKey={(row) => partyKey(row)}
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <AccountEntriesDrawer account={entries} onClose={() => setEntries(null)} />
      <CreditLimitModal
        account={credit}
        onClose={() => setCredit(null)}
        onSaved={() => {
          setCredit(null);
          void refresh();
        }}
      />
    </>
  );
}
