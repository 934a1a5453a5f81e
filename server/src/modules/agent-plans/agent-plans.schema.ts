import { QUOTA_MOVES, SALES_ORDER_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

// The save body is loose on purpose: the service checks each field with the Chinese message the grid shows.
export const planSaveBody = z.object({
  seasonId: z.unknown().optional().describe('订货季编号'),
  agentId: z.unknown().optional().describe('代理商编号（总部必填；代理商为自己，可省略）'),
  lines: z.unknown().optional().describe('计划行：[{ shopId, categoryId, targetFen 目标金额（分）, targetPieces 目标件数, remark? }]；金额和件数都为0且无备注的行删除该计划'),
});
export type PlanSaveBody = z.infer<typeof planSaveBody>;

const seasonId = queryId('订货季编号必须是正整数');
export const gridQuery = z.object({ seasonId: seasonId.describe('订货季编号'), agentId: queryId('代理商编号必须是正整数').optional().describe('代理商（总部必填）') });
export const shopQuery = z.object({ seasonId: seasonId.describe('订货季编号'), shopId: queryId('门店编号必须是正整数').describe('门店编号') });
export const shopOrdersQuery = z.object({ ...listQueryShape, ...shopQuery.shape });
export const quotaQuery = z.object({
  ...listQueryShape,
  seasonId: seasonId.describe('订货季编号'),
  buyerType: z.enum(['agent', 'shop'], { error: '额度方类型只能是代理商或门店' }).describe('agent 代理商 | shop 门店'),
  buyerId: queryId('代理商或门店编号必须是正整数').describe('代理商或门店编号'),
});

export const SHOP_ORDER_SORTS = { orderDate: 'o.order_date', orderNo: 'o.order_no', id: 'o.id' } as const;
export const QUOTA_ENTRY_SORTS = { createdAt: 'e.created_at', id: 'e.id' } as const;

const int = z.number().int();
const percent = z.number().nullable().describe('完成率（%，保留一位小数），无目标为 null');
export const planTotals = z.object({ targetFen: int, targetPieces: int, orderedFen: int, orderedPieces: int, amountPercent: percent, piecesPercent: percent });
export const planLine = z.object({
  shopId: int,
  categoryId: int,
  planId: int.nullable().describe('null：尚无计划'),
  targetFen: int.describe('目标金额（分）'),
  targetPieces: int,
  orderedFen: int.describe('已订金额（分）：该门店本季已提交、已审核、发货中、已发货、已关闭（按已发）的订货单，含下级分类'),
  orderedPieces: int,
  amountPercent: percent,
  piecesPercent: percent,
  remark: z.string(),
});
export const planCategory = z.object({ id: int, code: z.string(), name: z.string(), path: z.string(), level: int });
export const planGrid = z.object({
  seasonId: int,
  agentId: int,
  agentName: z.string(),
  categories: z.array(planCategory),
  shops: z.array(z.object({ id: int, code: z.string(), name: z.string(), lines: z.array(planLine), totals: planTotals })),
  totals: planTotals,
});
export const shopDetail = z.object({
  seasonId: int,
  shopId: int,
  shopCode: z.string(),
  shopName: z.string(),
  agentName: z.string(),
  categories: z.array(planCategory),
  lines: z.array(planLine),
  totals: planTotals,
});
export const orderRecord = z.object({
  id: int,
  orderNo: z.string(),
  orderDate: z.string(),
  status: z.enum(SALES_ORDER_STATUSES),
  statusLabel: z.string(),
  countedFen: int.describe('计入计划的金额（分）'),
  countedPieces: int.describe('计入计划的件数（已扣除已退）'),
  returnedPieces: int.describe('已退：已完成退货单退回的件数'),
});
export const quotaEntry = z.object({
  id: int,
  orderId: int,
  orderNo: z.string(),
  move: z.enum(QUOTA_MOVES).describe('reserve 预留 | consume 消耗 | release 释放'),
  reservedFen: int,
  reservedPieces: int,
  consumedFen: int,
  consumedPieces: int,
  reservedFenAfter: int.describe('此笔之后的占用金额（分）'),
  reservedPiecesAfter: int,
  consumedFenAfter: int.describe('此笔之后的扣减金额（分）'),
  consumedPiecesAfter: int,
  createdByName: z.string(),
  createdAt: z.string(),
});
const named = z.object({ id: int, code: z.string(), name: z.string() });
export const planOptions = z.object({ seasons: z.array(named), agents: z.array(named), shops: z.array(named.extend({ agentId: int.nullable() })) });
