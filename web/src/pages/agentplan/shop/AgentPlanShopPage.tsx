import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Table, type TableColumnsType } from 'antd';
import { formatYuan, RETURNED_HINT, SALES_ORDER_STATUS_LABELS, type AgentPlanLine, type AgentPlanOrderRecord } from '@erp/shared';
import { useCanOpen, useUserInfo } from '../../../api/queries.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import { salesOrderInfoPath } from '../../../api/sales-orders.ts';
import { SalesOrderStatusTag } from '../../../ui/document/SalesOrderStatusTag.tsx';
import { agentPlanApi, agentPlanKeys, usePlanOptions, type ShopOrderFilters } from '../agent-plans-api.ts';
import { PlanPercent } from '../plan-figures.tsx';
import { PlanSeasonSelect, PlanShopSelect } from '../plan-selects.tsx';
import { usePlanChoice } from '../plan-url.ts';
import '../agent-plans.css';
import { moneyColumn } from '../../../ui/money/index.ts';

const KEYS = ['seasonId', 'shopId'] as const;
const INITIAL: ShopOrderFilters = {};
const DEFAULT_SORT = { field: 'orderDate', order: 'desc' } as const;

/** 门店计划明细 (agentplan/shop): one shop's plan per category against its orders of the season. */
export function AgentPlanShopPage() {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const isShop = useUserInfo().data?.scope.kind === 'shop';
  const options = usePlanOptions();
  const ownShop = isShop ? options.data?.shops[0]?.id : undefined;
  const [chosen, setChosen] = usePlanChoice(KEYS);
  const seasonId = chosen.seasonId;
  const shopId = ownShop ?? chosen.shopId;
  // the newest season is chosen first
  useEffect(() => {
    const first = options.data?.seasons[0]?.id;
    if (!seasonId && first) setChosen({ seasonId: first });
  }, [seasonId, options.data, setChosen]);
  const detail = useQuery({
    queryKey: agentPlanKeys.shop(seasonId, shopId),
    queryFn: ({ signal }) => agentPlanApi.shop(seasonId!, shopId!, signal),
    enabled: !!seasonId && !!shopId,
  });

  const paths = new Map((detail.data?.categories ?? []).map((c) => [c.id, c.path]));
  const lineColumns: TableColumnsType<AgentPlanLine> = [
    { key: 'category', title: '分类', width: 160, render: (_, l) => paths.get(l.categoryId) ?? '' },
    {
      ...moneyColumn<AgentPlanLine>({ title: '目标金额', dataIndex: 'targetFen', width: 130, sorter: true }),
      render: (_, l) => (l.planId === null ? '—' : formatYuan(l.targetFen)),
    },
    moneyColumn<AgentPlanLine>({ title: '已订金额', dataIndex: 'orderedFen', width: 130, sorter: true }),
    { key: 'amountPercent', title: '金额完成率', width: 140, render: (_, l) => <PlanPercent percent={l.amountPercent} testId={`shop-plan-fen-percent-${l.categoryId}`} /> },
    { key: 'targetPieces', title: '目标件数', align: 'right', width: 100, render: (_, l) => (l.planId === null ? '—' : l.targetPieces) },
    { key: 'orderedPieces', title: '已订件数', dataIndex: 'orderedPieces', align: 'right', width: 100, sorter: (a, b) => a.orderedPieces - b.orderedPieces },
    { key: 'piecesPercent', title: '件数完成率', width: 140, render: (_, l) => <PlanPercent percent={l.piecesPercent} /> },
    { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, render: (v: string) => v || '—' },
  ];

  const orderColumns = useMemo<ListColumn<AgentPlanOrderRecord>[]>(
    () => [
      {
        key: 'orderNo',
        title: '订货单号',
        dataIndex: 'orderNo',
        sortable: true,
        width: 170,
        render: (_, r) =>
          canOpen(salesOrderInfoPath(r.id)) ? (
            <ActionLink onClick={() => navigate(salesOrderInfoPath(r.id))} data-testid={`plan-order-${r.id}`}>
              {r.orderNo}
            </ActionLink>
          ) : (
            r.orderNo
          ),
      },
      { key: 'orderDate', title: '下单日期', dataIndex: 'orderDate', sortable: true, width: 120 },
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 100,
        render: (_, r) => <SalesOrderStatusTag status={r.status} />,
        exportValue: (r) => SALES_ORDER_STATUS_LABELS[r.status],
      },
      moneyColumn<AgentPlanOrderRecord>({ title: '计入金额', dataIndex: 'countedFen', width: 130 }),
      { key: 'countedPieces', title: '计入件数', dataIndex: 'countedPieces', width: 100, align: 'right', kind: 'quantity', tooltip: '已扣除已退件数' },
      { key: 'returnedPieces', title: '已退件数', dataIndex: 'returnedPieces', width: 100, align: 'right', kind: 'quantity', tooltip: RETURNED_HINT },
    ],
    [canOpen, navigate],
  );

  const d = detail.data;
  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }} data-testid="plan-shop-detail">
        <div className="agent-plan__filters">
          <span>订货季</span>
          <PlanSeasonSelect value={seasonId} onChange={(v) => setChosen({ seasonId: v })} testId="plan-shop-season" />
          {isShop ? null : (
            <>
              <span>门店</span>
              <PlanShopSelect value={chosen.shopId} onChange={(v) => setChosen({ shopId: v })} testId="plan-shop-shop" />
            </>
          )}
        </div>
        {!seasonId || !shopId ? <Alert type="info" showIcon title={isShop ? '请选择订货季' : '请选择订货季和门店'} data-testid="plan-shop-hint" /> : null}
        {detail.isError ? <Alert type="error" showIcon title={detail.error.message} /> : null}
        {d ? (
          <>
            <Descriptions
              size="small"
              column={4}
              items={[
                { key: 'shop', label: '门店', children: `${d.shopName}（${d.shopCode}）` },
                { key: 'agent', label: '代理商', children: d.agentName || '总部直属' },
                { key: 'fen', label: '金额', children: `${formatYuan(d.totals.orderedFen)} / ${formatYuan(d.totals.targetFen)}` },
                { key: 'pieces', label: '件数', children: `${d.totals.orderedPieces} / ${d.totals.targetPieces} 件` },
              ]}
            />
            <Table<AgentPlanLine> size="small" rowKey="categoryId" columns={lineColumns} dataSource={d.lines} pagination={false} data-testid="plan-shop-lines" />
          </>
        ) : null}
      </Card>
      {seasonId && shopId ? (
        <ListPage<AgentPlanOrderRecord, ShopOrderFilters>
          listId="agentplan-shop-orders"
          title="计入计划的订货单"
          testId="plan-shop-orders"
          queryKey={[...agentPlanKeys.shopOrders, seasonId, shopId]}
          fetchPage={(params, signal) => agentPlanApi.shopOrders({ ...params, seasonId, shopId }, signal)}
          columns={orderColumns}
          rowKey="id"
          initialFilters={INITIAL}
          urlFilters={false}
          defaultSort={DEFAULT_SORT}
        />
      ) : null}
    </>
  );
}
