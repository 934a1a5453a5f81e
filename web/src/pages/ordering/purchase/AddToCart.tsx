import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Space } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { CartMessages, type CartAnswer } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import type { RunValues } from '../../../ui/document/size-run-rules.ts';
import { CART_PATH, cartApi, cartKeys, useCart } from '../cart/cart-api.ts';
import { coloursInput, differs, savedValues } from '../cart/cart-rules.ts';
import type { BuyerChoice } from '../../../api/ordering.ts';
import { styleEntryProblem, styleTotals } from '../order/order-entry-rules.ts';
import { OrderStyleEntry } from '../order/OrderStyleEntry.tsx';
import { salesOrderKeys, salesOrdersApi } from '../../../api/sales-orders.ts';
import { OrderFundsNote } from '../order/OrderFundsNote.tsx';

/** What the cart already holds of this style for this season, buyer and shop (the grid starts from it). */
function heldOf(cart: CartAnswer | undefined, productId: number, seasonId: number, buyer: BuyerChoice, shopId: number): Record<number, number> {
  const order = cart?.orders.find((o) => o.seasonId === seasonId && o.buyerType === buyer.buyerType && o.buyerId === buyer.buyerId && o.shopId === shopId);
  const style = order?.styles.find((s) => s.productId === productId);
  return style ? savedValues(style) : {};
}

/**
 * What the quota will carry once this style is in the cart: every cart line of the buyer in the
 * season (all receiving shops) with this style of this shop as typed instead of as held.
 */
export function cartUsingWith(
  cart: CartAnswer | undefined,
  key: { productId: number; seasonId: number; buyer: BuyerChoice; shopId: number | null },
  typed: { pieces: number; amountFen: number },
): { pieces: number; amountFen: number } {
  let pieces = typed.pieces;
  let amountFen = typed.amountFen;
  for (const order of cart?.orders ?? []) {
    if (order.seasonId !== key.seasonId || order.buyerType !== key.buyer.buyerType || order.buyerId !== key.buyer.buyerId) continue;
    for (const style of order.styles) {
      if (style.productId === key.productId && order.shopId === key.shopId) continue;
      pieces += style.pieces;
      amountFen += style.amountFen;
    }
  }
  return { pieces, amountFen };
}

/**
 * 加入购物车 from a style of the catalogue: the order's own size grid (by cell or by 配码, stock or
 * 可预订 per cell, the buyer's price), the quota left beside it, and a button that puts the grid's
 * colours into the cart for the chosen receiving shop. The grid starts from what the cart holds.
 */
export function AddToCart({ productId, seasonId, buyer, shopId }: { productId: number; seasonId: number; buyer: BuyerChoice; shopId: number | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const entry = useQuery({
    queryKey: salesOrderKeys.entry(productId, seasonId, buyer),
    queryFn: ({ signal }) => salesOrdersApi.entryStyle(productId, seasonId, buyer, signal),
    retry: false,
  });
  const cart = useCart();
  const [typed, setTyped] = useState<RunValues | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (entry.isError) return <Alert type="warning" showIcon title={entry.error instanceof Error ? entry.error.message : '该款式暂时不能订货'} />;
  if (!entry.data || (cart.isLoading && !cart.data)) return <Skeleton active />;
  const style = entry.data;
  const held = shopId === null ? {} : heldOf(cart.data, productId, seasonId, buyer, shopId);
  const values = typed ?? held;
  const inCart = Object.keys(held).length > 0;
  const totals = styleTotals(style, values);
  const changed = differs(style, values, held);
  const blocked = shopId === null ? '请先选择收货门店' : (styleEntryProblem(style, values) ?? (!changed ? null : !inCart && totals.pieces === 0 ? '请至少填写一件' : null));

  const save = async () => {
    if (shopId === null || blocked || !changed) return;
    setSaving(true);
    setFailure(null);
    try {
      const answer = await cartApi.putStyle(productId, { seasonId, ...buyer, shopId }, coloursInput(style, values), INLINE_ERROR);
      client.setQueryData(cartKeys.cart, answer);
      setTyped(null);
      toast().success(inCart ? CartMessages.saved : CartMessages.added);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '加入购物车失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="add-to-cart">
      <OrderStyleEntry style={style} values={values} onChange={setTyped} />
      <Space wrap>
        <OrderFundsNote
          seasonId={seasonId}
          buyer={buyer}
          shopId={shopId}
          using={cartUsingWith(cart.data, { productId, seasonId, buyer, shopId }, totals)}
          usingLabel="加入购物车后"
        />
        <Button type="primary" icon={<ShoppingCartOutlined />} disabled={!!blocked || !changed} loading={saving} onClick={() => void save()} data-testid="add-to-cart-save">
          {inCart ? '更新购物车' : '加入购物车'}
        </Button>
        {inCart ? (
          <Button onClick={() => navigate(CART_PATH)} data-testid="add-to-cart-open">
            去购物车结算
          </Button>
        ) : null}
        {blocked && (changed || shopId === null) ? <span className="cart-order__reason">{blocked}</span> : null}
      </Space>
      {failure ? <Alert type="error" showIcon title={failure} data-testid="add-to-cart-error" /> : null}
    </Space>
  );
}
