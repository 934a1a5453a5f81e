import { useNavigate } from 'react-router';
import { Badge, Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { CART_PATH, useCart } from '../cart/cart-api.ts';

/** 购物车 in the catalogue's header: the style × colour groups the cart holds, and the way to it. */
export function CartLink() {
  const navigate = useNavigate();
  const cart = useCart();
  const groups = cart.data?.groupCount ?? 0;
  return (
    <Badge count={groups} overflowCount={99} size="small" title={`购物车中有 ${groups} 个款色`}>
      <Button
        icon={<ShoppingCartOutlined aria-hidden />}
        onClick={() => navigate(CART_PATH)}
        aria-label={`购物车：${groups} 个款色，${cart.data?.pieces ?? 0} 件`}
        data-testid="catalogue-cart"
      >
        购物车{cart.data && cart.data.pieces > 0 ? `（${cart.data.pieces} 件）` : ''}
      </Button>
    </Badge>
  );
}
