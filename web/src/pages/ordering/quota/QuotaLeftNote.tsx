import { useQuery } from '@tanstack/react-query';
import { formatYuan } from '@erp/shared';
import { quotaApi, quotaKeys } from '../../../api/quotas.ts';

/**
 * 额度剩余 of a buyer in a season, beside the order's totals (read-only): what the submission will
 * be checked against. Nothing shows when the buyer has no quota there or the caller cannot read it.
 */
export function QuotaLeftNote({ seasonId, buyerType, buyerId }: { seasonId: number | null; buyerType?: 'agent' | 'shop'; buyerId?: number }) {
  const ready = seasonId !== null && buyerType !== undefined && buyerId !== undefined;
  const left = useQuery({
    queryKey: quotaKeys.left(seasonId, buyerType, buyerId),
    queryFn: ({ signal }) => quotaApi.left(seasonId!, buyerType!, buyerId!, signal),
    enabled: ready,
    retry: false,
  });
  const quota = left.data?.quota;
  if (!ready || !quota) return null;
  const parts = [quota.leftFen === null ? null : formatYuan(quota.leftFen), quota.leftPieces === null ? null : `${quota.leftPieces} 件`].filter(Boolean);
  return (
    <span data-testid="so-quota-left" style={{ color: '#8c8c8c' }}>
      额度剩余 {parts.join(' · ')}
    </span>
  );
}
