import type { HangtagItem, LabelItem } from './print-types.ts';
import { dictLabel, type DictOption } from '../api/use-dict.ts';
import type { ProductDetail, SkuRecord } from '../api/products.ts';

/** 打印条码 / 打印吊牌 of the selected products: copies per SKU and whether stopped SKUs print too. */
export interface ProductPrintOptions {
  copies: number;
  includeDisabled: boolean;
}

export const PRINT_COPIES_MIN = 1;
export const PRINT_COPIES_MAX = 99;
/** POST products/details takes at most this many ids per call. */
export const PRINT_PRODUCTS_MAX = 200;

/** Copies as typed -> a whole number within 1..99 (empty or nonsense -> 1). */
export function clampCopies(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return PRINT_COPIES_MIN;
  return Math.min(PRINT_COPIES_MAX, Math.max(PRINT_COPIES_MIN, Math.trunc(n)));
}

/** The products in the order they were chosen (the server may answer in another order); unknown ids are skipped. */
export function inChosenOrder(products: readonly ProductDetail[], ids: readonly number[]): ProductDetail[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return ids.flatMap((id) => {
    const product = byId.get(id);
    return product ? [product] : [];
  });
}

/** The SKUs to print of one product, in grid order (colour, then size: the server's order). */
export function printableSkus(product: ProductDetail, includeDisabled: boolean): SkuRecord[] {
  return product.skus.filter((sku) => includeDisabled || sku.status === 'active');
}

/** One 条码标签 per SKU: the brand, style, colour and size names, the barcode and the tag price in fen. */
export function labelItems(products: readonly ProductDetail[], options: ProductPrintOptions): LabelItem[] {
  const copies = clampCopies(options.copies);
  return products.flatMap((product) =>
    printableSkus(product, options.includeDisabled).map((sku) => ({
      brand: product.brandName,
      styleNo: product.styleNo,
      name: product.name,
      colour: sku.colourName,
      size: sku.sizeName,
      barcode: sku.barcode,
      retailPriceFen: product.retailPriceFen,
      copies,
    })),
  );
}

/** The dictionaries a hang tag prints by label rather than by stored value. */
export interface HangtagDicts {
  grade: readonly DictOption[];
  safetyCategory: readonly DictOption[];
}

/** One 吊牌 per SKU with the GB 5296.4 data: 等级 and 安全类别 as their dictionary labels. */
export function hangtagItems(products: readonly ProductDetail[], options: ProductPrintOptions, dicts: HangtagDicts): HangtagItem[] {
  const copies = clampCopies(options.copies);
  return products.flatMap((product) => {
    const grade = dictLabel(dicts.grade, product.grade);
    const safetyCategory = dictLabel(dicts.safetyCategory, product.safetyCategory);
    const composition = product.composition.map((part) => ({
      ...(part.part ? { part: part.part } : {}),
      fibres: part.fibres.map((fibre) => ({ name: fibre.name, percent: fibre.percent })),
    }));
    return printableSkus(product, options.includeDisabled).map((sku) => ({
      brand: product.brandName,
      styleNo: product.styleNo,
      name: product.name,
      colour: sku.colourName,
      size: sku.sizeName,
      retailPriceFen: product.retailPriceFen,
      grade,
      safetyCategory,
      standard: product.standard,
      composition,
      barcode: sku.barcode,
      copies,
    }));
  });
}

/** Why nothing can print, or null: no SKU left after leaving out the stopped ones. */
export function nothingToPrint(products: readonly ProductDetail[], includeDisabled: boolean): string | null {
  const count = products.reduce((sum, product) => sum + printableSkus(product, includeDisabled).length, 0);
  if (count > 0) return null;
  return includeDisabled ? '所选商品没有SKU' : '所选商品没有启用的SKU（可勾选“包含停用SKU”）';
}
