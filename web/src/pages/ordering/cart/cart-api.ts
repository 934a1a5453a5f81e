import { useQuery } from '@tanstack/react-query';
import type { CartAnswer, CartCheckoutAnswer, CartCheckoutInput, CartColourInput, CartParty } from '@erp/shared';
import { http, type CallOptions } from '../../../api/request.ts';
import { newIdempotencyKey } from '../../../api/stock-docs.ts';

/** 购物车 calls. Nothing here carries a price: the server prices the cart every time it is read. */
const BASE = '/admin/api/v1/ordering/cart';

export const CART_PATH = '/erp/ordering/cart';

export const cartKeys = { cart: ['ordering', 'cart'] as const };

/** A future order of the cart as the calls name it (season, buyer, receiving shop). */
export type CartOrderRef = { seasonId: number; buyerType: 'agent' | 'shop'; buyerId: number; shopId: number };

export const cartApi = {
  get: (signal?: AbortSignal) => http.get<CartAnswer>(BASE, undefined, { signal }),
  /** the listed colours of the style replace what the cart held of them (0 in a cell removes it) */
  putStyle: (productId: number, party: CartParty, colours: CartColourInput[], options?: CallOptions) =>
    http.put<CartAnswer>(`${BASE}/styles/${productId}`, { ...party, colours }, options),
  removeGroup: (ref: CartOrderRef, productId: number, colourId?: number, options?: CallOptions) =>
    http.delete<CartAnswer>(`${BASE}/groups`, { ...ref, productId, ...(colourId === undefined ? {} : { colourId }) }, options),
  /** 清空: one future order (season, buyer and shop) */
  clear: (ref: CartOrderRef, options?: CallOptions) => http.delete<CartAnswer>(BASE, { ...ref }, options),
  /** one key per click: a double click or a retry makes one order */
  checkout: (input: CartCheckoutInput, options?: CallOptions) =>
    http.post<CartCheckoutAnswer>(`${BASE}/checkout`, input, { ...options, headers: { ...options?.headers, 'Idempotency-Key': newIdempotencyKey() } }),
};

/** The signed-in user's cart; `enabled` false where the user has no cart (no 购物车 in the menu). */
export function useCart(enabled = true) {
  return useQuery({ queryKey: cartKeys.cart, queryFn: ({ signal }) => cartApi.get(signal), enabled });
}
