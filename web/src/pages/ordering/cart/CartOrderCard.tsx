import { useState } from 'react';
import { Alert, Button, Card, Input, Popconfirm, Space } from 'antd';
import { formatYuan, SALES_ORDER_REMARK_MAX, SEASON_KIND_LABELS, type CartAnswer, type CartOrder } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import type { RunValues } from '../../../ui/document/size-run-rules.ts';
import { cartApi } from './cart-api.ts';
import { SubmitConfirm } from '../order/order-actions.tsx';
import { CreditNote, useBilledParty } from '../order/OrderFundsNote.tsx';
import { afterFigures, coloursInput, differs, draftBlock, orderKeyOf, orderRef, overdrawn, quotaFigures, savedValues, submitBlock } from './cart-rules.ts';
import { CartStyleBlock } from './CartStyleBlock.tsx';

export interface CartOrderCardProps {
  order: CartOrder;
  /** the cart as the server answered a change */
  onCart: (cart: CartAnswer) => void;
  /** 保存为草稿 (submit false) or 提交订单: the page checks out and opens the new order */
  onCheckout: (order: CartOrder, submit: boolean, remark: string) => Promise<void>;
}

/**
 * 订货单 before it exists: one season, buyer and receiving shop of the cart. Its styles on the size
 * grid (edited in place), the totals, the quota left before and after the cart (red when it would
 * be overdrawn), 清空, 保存为草稿 and 提交订单 — each disabled with the reason when it cannot run.
 */
export function CartOrderCard({ order, onCart, onCheckout }: CartOrderCardProps) {
  const key = orderKeyOf(order);
  const ref = orderRef(order);
  // edits not saved yet, per style; a style without an entry shows what the cart holds
  const [edits, setEdits] = useState<Record<number, RunValues>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [remark, setRemark] = useState('');

  const shown = (productId: number): RunValues => edits[productId] ?? savedValues(order.styles.find((s) => s.productId === productId)!);
  const editing = order.styles.some((s) => edits[s.productId] && differs(s, edits[s.productId]!, savedValues(s)));
  const forget = (productId: number) =>
    setEdits((all) => {
      const { [productId]: _, ...rest } = all;
      return rest;
    });

  const run = async (what: string, work: () => Promise<CartAnswer | null>, after?: () => void) => {
    setBusy(what);
    setFailure(null);
    try {
      const answer = await work();
      after?.();
      if (answer) onCart(answer);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '操作失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  };

  const party = { seasonId: order.seasonId, buyerType: order.buyerType, buyerId: order.buyerId, shopId: order.shopId };
  const draftReason = draftBlock(order, editing);
  const submitReason = submitBlock(order, editing);
  const quota = order.quota;
  const billed = useBilledParty({ buyerType: order.buyerType, buyerId: order.buyerId }, order.shopId);

  return (
    <Card
      size="small"
      className="cart-order"
      data-testid={`cart-order-${key}`}
      title={
        <Space wrap size={[16, 4]}>
          <strong>{order.seasonName}</strong>
          <span>{SEASON_KIND_LABELS[order.seasonKind]}</span>
          <span>购货方：{order.buyerName}</span>
          <span>收货门店：{order.shopName}</span>
        </Space>
      }
      extra={
        <Popconfirm
          title="清空这张订单的购物车？"
          description={`${order.shopName}：${order.pieces} 件，${formatYuan(order.amountFen)}`}
          okText="清空"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            run(
              'clear',
              () => cartApi.clear(ref, INLINE_ERROR),
              () => setEdits({}),
            )
          }
        >
          <Button size="small" danger disabled={busy !== null} data-testid={`cart-clear-${key}`}>
            清空购物车
          </Button>
        </Popconfirm>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        {order.problem ? <Alert type="error" showIcon title={order.problem} data-testid={`cart-problem-${key}`} /> : null}
        {order.styles.map((style) => (
          <CartStyleBlock
            key={style.productId}
            style={style}
            values={shown(style.productId)}
            editing={!!edits[style.productId] && differs(style, edits[style.productId]!, savedValues(style))}
            busy={busy !== null}
            onChange={(next) => setEdits((all) => ({ ...all, [style.productId]: next }))}
            onUndo={() => forget(style.productId)}
            onSave={() =>
              run(
                `save-${style.productId}`,
                () => cartApi.putStyle(style.productId, party, coloursInput(style, shown(style.productId)), INLINE_ERROR),
                () => forget(style.productId),
              )
            }
            onRemoveStyle={() =>
              run(
                `remove-${style.productId}`,
                () => cartApi.removeGroup(ref, style.productId, undefined, INLINE_ERROR),
                () => forget(style.productId),
              )
            }
            onRemoveColour={(colourId) =>
              run(
                `remove-${style.productId}`,
                () => cartApi.removeGroup(ref, style.productId, colourId, INLINE_ERROR),
                () => forget(style.productId),
              )
            }
          />
        ))}
        <div className="cart-order__footer">
          <Space wrap size={[24, 8]}>
            <span data-testid={`cart-total-${key}`}>
              合计 <strong>{order.pieces}</strong> 件 · <strong className="cart-order__amount">{formatYuan(order.amountFen)}</strong>
            </span>
            <CreditNote billed={billed} testId={`cart-credit-${key}`} />
            {quota ? (
              <>
                <span data-testid={`cart-quota-before-${key}`}>额度剩余 {quotaFigures(quota.leftFen, quota.leftPieces)}</span>
                <span data-testid={`cart-quota-after-${key}`} className={overdrawn(quota) ? 'cart-order__overdrawn' : undefined}>
                  购物车下单后 {afterFigures(quota)}
                </span>
              </>
            ) : (
              <span className="cart-order__muted" data-testid={`cart-quota-before-${key}`}>
                本订货季不限额度
              </span>
            )}
          </Space>
          <div className="cart-order__remark">
            <Input.TextArea
              rows={1}
              maxLength={SALES_ORDER_REMARK_MAX}
              placeholder="订单备注（选填）"
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
              data-testid={`cart-remark-${key}`}
            />
          </div>
          <Space wrap>
            <Button
              disabled={!!draftReason || (busy !== null && busy !== 'draft')}
              loading={busy === 'draft'}
              onClick={() => run('draft', () => onCheckout(order, false, remark).then(() => null))}
              data-testid={`cart-draft-${key}`}
            >
              保存为草稿
            </Button>
            <SubmitConfirm disabled={!!submitReason || busy !== null} onConfirm={() => void run('submit', () => onCheckout(order, true, remark).then(() => null))}>
              <Button type="primary" disabled={!!submitReason || (busy !== null && busy !== 'submit')} loading={busy === 'submit'} data-testid={`cart-submit-${key}`}>
                提交订单
              </Button>
            </SubmitConfirm>
            {submitReason ? (
              <span className="cart-order__reason" data-testid={`cart-block-${key}`}>
                {submitReason}
              </span>
            ) : null}
          </Space>
          {failure ? <Alert type="error" showIcon title={failure} data-testid={`cart-error-${key}`} /> : null}
        </div>
      </Space>
    </Card>
  );
}
