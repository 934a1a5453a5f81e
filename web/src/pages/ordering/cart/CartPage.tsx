import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Space, Spin } from 'antd';
import { ShoppingOutlined } from '@ant-design/icons';
import type { CartAnswer, CartOrder } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { salesOrderInfoPath, salesOrderKeys } from '../../../api/sales-orders.ts';
import { quotaKeys } from '../../../api/quotas.ts';
import { cartApi, cartKeys, useCart } from './cart-api.ts';
import { orderKeyOf } from './cart-rules.ts';
import { CartOrderCard } from './CartOrderCard.tsx';
import '../ordering.css';
import { MoneyText } from '../../../ui/money/index.ts';

const CATALOGUE_PATH = '/erp/ordering/purchase';

/** 购物车 (ordering/cart): the order bill before submission — one card per season, buyer and receiving shop. */
export function CartPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const cart = useCart();
  const setCart = (answer: CartAnswer) => client.setQueryData(cartKeys.cart, answer);

  const checkout = async (order: CartOrder, submit: boolean, remark: string) => {
    const made = await cartApi.checkout({ seasonId: order.seasonId, buyerType: order.buyerType, buyerId: order.buyerId, shopId: order.shopId, remark, submit }, INLINE_ERROR);
    toast().success(submit ? `订货单 ${made.orderNo} 已提交` : `已保存为草稿 ${made.orderNo}`);
    void client.invalidateQueries({ queryKey: cartKeys.cart });
    void client.invalidateQueries({ queryKey: salesOrderKeys.all });
    void client.invalidateQueries({ queryKey: quotaKeys.list });
    navigate(salesOrderInfoPath(made.orderId));
  };

  if (cart.isError) return <Alert type="error" showIcon title="购物车加载失败，请稍后重试" />;
  if (!cart.data) return <Spin style={{ margin: 48 }} />;
  const data = cart.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12} className="cart" data-testid="cart">
      <Card size="small">
        <Space wrap size={[24, 8]} className="cart__summary">
          <strong>购物车</strong>
          <span data-testid="cart-summary">
            {data.orders.length} 张订单 · {data.groupCount} 个款色 · {data.pieces} 件 · <MoneyText fen={data.amountFen} />
          </span>
          <span className="cart-order__muted">价格按今天（{data.day}）的政策和特价计算，提交时再次核对</span>
          <Button icon={<ShoppingOutlined />} onClick={() => navigate(CATALOGUE_PATH)} data-testid="cart-to-catalogue">
            继续订货
          </Button>
        </Space>
      </Card>
      {data.orders.length === 0 ? (
        <Card size="small">
          <Empty description="购物车是空的：在「订货」中打开款式，按尺码填写数量后加入购物车" data-testid="cart-empty" />
        </Card>
      ) : (
        <Spin spinning={cart.isFetching && !cart.isLoading}>
          <Space orientation="vertical" style={{ width: '100%' }} size={12}>
            {data.orders.map((order) => (
              <CartOrderCard key={orderKeyOf(order)} order={order} onCart={setCart} onCheckout={checkout} />
            ))}
          </Space>
        </Spin>
      )}
    </Space>
  );
}
