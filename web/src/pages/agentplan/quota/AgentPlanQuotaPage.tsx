import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Spin, Tag } from 'antd';
import { QUOTA_MOVE_LABELS, type AgentPlanQuotaEntry } from '@erp/shared';
import { useCanOpen } from '../../../api/queries.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { formatDateTime } from '../../../ui/format-time.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlCode, urlId, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { salesOrderInfoPath } from '../../../api/sales-orders.ts';
import { agentPlanApi, agentPlanKeys, usePlanOptions, type QuotaFilters } from '../agent-plans-api.ts';
import { PlanPartySelect, PlanSeasonSelect } from '../plan-selects.tsx';
import { moneyColumn } from '../../../ui/money/index.ts';

const URL_FILTERS: ListUrlFilters<QuotaFilters> = { seasonId: urlId, party: urlCode };
const DEFAULT_SORT = { field: 'id', order: 'desc' } as const;
// the ledger's own words for its moves: 预留 at submission, 消耗 at the audit, 释放 when given back
const MOVE_TAGS = { reserve: ['blue', '预留'], consume: ['green', '消耗'], release: ['default', '释放'] } as const;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'seasonId', label: '订货季', input: <PlanSeasonSelect testId="plan-quota-season" /> },
  { name: 'party', label: '代理商/门店', input: <PlanPartySelect testId="plan-quota-party" /> },
];

/** 订货额度明细 (agentplan/quota): the quota ledger of an agent or a shop for a season, each entry opening its order. */
export function AgentPlanQuotaPage() {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const options = usePlanOptions();
  // opens on the newest season and, for a caller with one party (a shop, an agent without shops), on it
  const initial = useMemo<QuotaFilters>(() => {
    const parties = [...(options.data?.agents ?? []).map((a) => `agent:${a.id}`), ...(options.data?.shops ?? []).map((s) => `shop:${s.id}`)];
    return { seasonId: options.data?.seasons[0]?.id, party: parties.length === 1 ? parties[0] : undefined };
  }, [options.data]);
  const columns = useMemo<ListColumn<AgentPlanQuotaEntry>[]>(() => {
    const money = (key: keyof AgentPlanQuotaEntry & string, title: string, sign: boolean) => moneyColumn<AgentPlanQuotaEntry>({ title, dataIndex: key, width: 120, signed: sign });
    const pieces = (key: keyof AgentPlanQuotaEntry & string, title: string, sign: boolean): ListColumn<AgentPlanQuotaEntry> => ({
      key,
      title,
      dataIndex: key,
      width: 84,
      align: 'right',
      kind: 'quantity',
      render: (v: number) => (sign ? signed(v) : String(v)),
    });
    return [
      { key: 'id', title: '时间', dataIndex: 'createdAt', sortable: true, width: 150, render: formatDateTime, exportValue: (r) => formatDateTime(r.createdAt) },
      {
        key: 'move',
        title: '变动',
        dataIndex: 'move',
        width: 70,
        render: (_, r) => <Tag color={MOVE_TAGS[r.move][0]}>{MOVE_TAGS[r.move][1]}</Tag>,
        exportValue: (r) => `${MOVE_TAGS[r.move][1]}（${QUOTA_MOVE_LABELS[r.move]}）`,
      },
      {
        key: 'orderNo',
        title: '订货单号',
        dataIndex: 'orderNo',
        width: 160,
        render: (_, r) =>
          canOpen(salesOrderInfoPath(r.orderId)) ? (
            <ActionLink onClick={() => navigate(salesOrderInfoPath(r.orderId))} data-testid={`plan-quota-order-${r.id}`}>
              {r.orderNo}
            </ActionLink>
          ) : (
            r.orderNo
          ),
      },
      money('reservedFen', '预留金额', true),
      pieces('reservedPieces', '预留件数', true),
      money('consumedFen', '消耗金额', true),
      pieces('consumedPieces', '消耗件数', true),
      money('reservedFenAfter', '累计预留', false),
      pieces('reservedPiecesAfter', '累计预留件', false),
      money('consumedFenAfter', '累计消耗', false),
      pieces('consumedPiecesAfter', '累计消耗件', false),
      { key: 'createdByName', title: '操作人', dataIndex: 'createdByName', width: 100, defaultHidden: true },
    ];
  }, [canOpen, navigate]);

  if (options.isPending) return <Spin style={{ margin: 48 }} />;
  return (
    <ListPage<AgentPlanQuotaEntry, QuotaFilters>
      listId="agentplan-quota"
      title="订货额度明细"
      testId="plan-quota"
      queryKey={agentPlanKeys.quota}
      fetchPage={agentPlanApi.quota}
      columns={columns}
      rowKey="id"
      initialFilters={initial}
      urlFilters={URL_FILTERS}
      searchFields={SEARCH_FIELDS}
      defaultSort={DEFAULT_SORT}
      tableProps={{ scroll: { x: 'max-content' } }}
    />
  );
}
