import type { BuyerType } from './planning.ts';

/**
 * 可订品牌 (issue 17, "brands a buyer may order"; SPEC §2 order-goods "brand add"): HQ names the
 * brands each buyer — the order's buyer, an agent or a shop — may order. A buyer without any row
 * may order every brand; a buyer with rows sees and orders only those brands (catalogue, style
 * detail, order lines, cart).
 */

/** Brands HQ may add to one buyer in one call. */
export const BUYER_BRANDS_BATCH_MAX = 50;

export const BuyerBrandMessages = {
  buyerRequired: '请选择订货方（代理商或门店）',
  buyerNotFound: '订货方不存在',
  brandsRequired: '请选择品牌',
  brandsTooMany: `一次最多选择${BUYER_BRANDS_BATCH_MAX}个品牌`,
  brandNotFound: '品牌不存在',
  notFound: '该可订品牌不存在',
  removed: '可订品牌已删除',
} as const;

/** 品牌“衣尚童装”已停用，不能设为可订品牌 */
export const buyerBrandDisabled = (name: string) => `品牌“${name}”已停用，不能设为可订品牌`;

/** 已添加 2 个可订品牌（1 个已存在） */
export function buyerBrandsAddedText(result: BuyerBrandsAdded): string {
  return `已添加 ${result.added} 个可订品牌${result.already ? `（${result.already} 个已存在）` : ''}`;
}

export interface BuyerBrandRecord {
  id: number;
  buyerType: BuyerType;
  buyerId: number;
  buyerCode: string;
  buyerName: string;
  brandId: number;
  brandCode: string;
  brandName: string;
  /** a brand switched off later stays listed (and still limits the buyer) */
  brandEnabled: boolean;
  createdByName: string;
  createdAt: string;
}

/** 新增: one buyer and one or many brands (duplicates and brands it already has are ignored). */
export interface BuyerBrandsInput {
  buyerType: BuyerType;
  buyerId: number;
  brandIds: number[];
}

export interface BuyerBrandsAdded {
  added: number;
  /** brands the buyer had already (or named twice) */
  already: number;
}
