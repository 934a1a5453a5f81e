import { useQuery } from '@tanstack/react-query';
import { Space, Tooltip } from 'antd';
import { formatYuan, type SalesOrderBilledParty } from '@erp/shared';
import type { BuyerChoice } from '../../../api/ordering.ts';
import { quotaApi, quotaKeys } from '../../../api/quotas.ts';
import { salesOrderKeys, salesOrdersApi } from '../../../api/sales-orders.ts';
import { formatYuanOrUnlimited } from '../../../ui/money/index.ts';
import './order-entry.css';

/**
 * 可用授信 beside 额度剩余 (issue 26), each named: the order's billed party's available credit from
 * finance's 往来账户 (null = 不限; HQ's direct shops are billed to nobody) and the buyer's season
 * quota left — now, and after what is being entered (`using`), live as it is typed. Order entry,
 * 加入购物车, the cart and HQ's audit show it. A figure the caller may not read is not shown.
 */

/** 额度 figures in words (¥ and 件 of the measures that are limited). */
export function quotaWords(fen: number | null, pieces: number | null): string {
  return [fen === null ? null : formatYuan(fen), pieces === null ? null : `${pieces} 件`].filter(Boolean).join(' · ');
}

/** What is left of a quota after `using`, or null for an unlimited measure; below zero is overdrawn. */
export function quotaAfter(left: { leftFen: number | null; leftPieces: number | null }, using: { amountFen: number; pieces: number }) {
  return {
    fen: left.leftFen === null ? null : left.leftFen - using.amountFen,
    pieces: left.leftPieces === null ? null : left.leftPieces - using.pieces,
  };
}

export function CreditNote({ billed, testId = 'so-credit' }: { billed: SalesOrderBilledParty | null | undefined; testId?: string }) {
  const figures = useQuery({
    queryKey: ['finance', 'accounts', billed?.billedType, billed?.billedId, 'ordering'],
    queryFn: ({ signal }) => salesOrdersApi.billedAccount(billed!, signal),
    enabled: !!billed,
    retry: false,
  });
  if (billed === undefined) return null;
  if (billed === null) {
    return (
      <span className="so-funds__item" data-testid={testId}>
        可用授信 <strong>不限</strong>（总部直营，不记应收）
      </span>
    );
  }
  // an agent's shop reads no figure of its agent: it names who is billed
  if (figures.isError) {
    return (
      <span className="so-funds__item" data-testid={testId}>
        结算方 {billed.billedName}
      </span>
    );
  }
  if (!figures.data) return null;
  const available = figures.data.availableFen;
  return (
    <Tooltip title={`结算方 ${billed.billedName} 的授信额度减去应收、未发货订单，加上预付款`}>
      <span className="so-funds__item" data-testid={testId}>
        可用授信 <strong className={available !== null && available < 0 ? 'so-funds__over' : undefined}>{formatYuanOrUnlimited(available)}</strong>
      </span>
    </Tooltip>
  );
}

export function QuotaNote({
  seasonId,
  buyer,
  using,
  usingLabel = '录入后',
  testId = 'so-quota-left',
}: {
  seasonId: number | null;
  buyer: BuyerChoice | null;
  /** what is being entered (the style, the order): 额度剩余 after it shows live */
  using?: { amountFen: number; pieces: number };
  usingLabel?: string;
  testId?: string;
}) {
  const ready = seasonId !== null && buyer !== null;
  const left = useQuery({
    queryKey: quotaKeys.left(seasonId, buyer?.buyerType, buyer?.buyerId),
    queryFn: ({ signal }) => quotaApi.left(seasonId!, buyer!.buyerType, buyer!.buyerId, signal),
    enabled: ready,
    retry: false,
  });
  if (!ready || !left.data) return null;
  const quota = left.data.quota;
  if (!quota) {
    return (
      <span className="so-funds__item" data-testid={testId}>
        额度剩余 <strong>不限</strong>
      </span>
    );
  }
  const after = using ? quotaAfter(quota, using) : null;
  const over = after !== null && ((after.fen !== null && after.fen < 0) || (after.pieces !== null && after.pieces < 0));
  return (
    <span className="so-funds__item" data-testid={testId}>
      额度剩余 <strong>{quotaWords(quota.leftFen, quota.leftPieces)}</strong>
      {after ? (
        <span className={over ? 'so-funds__over' : 'so-funds__after'} data-testid={`${testId}-after`}>
          （{usingLabel} {over ? '超出额度：' : ''}
          {quotaWords(after.fen, after.pieces)}）
        </span>
      ) : null}
    </span>
  );
}

/** 结算方 of an order for this buyer and receiving shop (undefined while unknown). */
export function useBilledParty(buyer: BuyerChoice | null, shopId: number | null, known?: SalesOrderBilledParty | null): SalesOrderBilledParty | null | undefined {
  const read = useQuery({
    queryKey: salesOrderKeys.billed(buyer, shopId),
    queryFn: ({ signal }) => salesOrdersApi.billedParty(buyer, shopId!, signal),
    enabled: known === undefined && shopId !== null && buyer !== null,
    retry: false,
  });
  return known !== undefined ? known : read.data;
}

/** 可用授信 and 额度剩余 side by side for a buyer, a receiving shop and a season. */
export function OrderFundsNote({
  seasonId,
  buyer,
  shopId,
  billed,
  using,
  usingLabel,
}: {
  seasonId: number | null;
  buyer: BuyerChoice | null;
  shopId: number | null;
  /** the billed party when the caller knows it (an order); else it is read for the buyer and shop */
  billed?: SalesOrderBilledParty | null;
  using?: { amountFen: number; pieces: number };
  usingLabel?: string;
}) {
  const party = useBilledParty(buyer, shopId, billed);
  return (
    <Space size={16} wrap className="so-funds" data-testid="so-funds">
      <CreditNote billed={party} />
      <QuotaNote seasonId={seasonId} buyer={buyer} using={using} usingLabel={usingLabel} />
    </Space>
  );
}
