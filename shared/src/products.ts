import { compareSizes } from './format.ts';
import type { RoleType } from './roles.ts';

// 商品 (款) and SKU rules shared by the server and the product screens: barcodes, the SKU grid,
// field limits and the messages both sides show.

export const PRODUCT_STATUSES = ['on_sale', 'off_sale'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Readonly<Record<ProductStatus, string>> = { on_sale: '在售', off_sale: '停售' };

/**
 * Which product fields a role sees (the server answers null for the others; the screens hide them):
 * the cost price only HQ; the wholesale price everyone but suppliers (what HQ sells at is not the
 * maker's business); which supplier makes a style HQ and the supplier itself, not agents and shops.
 * A supplier moreover reads only its own styles (applied by the server).
 */
export function productFieldsOf(roleType: RoleType | undefined): { cost: boolean; wholesale: boolean; supplier: boolean } {
  return { cost: roleType === 'manager', wholesale: roleType !== 'supplier', supplier: roleType === 'manager' || roleType === 'supplier' };
}

export const SKU_STATUSES = ['active', 'disabled'] as const;
export type SkuStatus = (typeof SKU_STATUSES)[number];
export const SKU_STATUS_LABELS: Readonly<Record<SkuStatus, string>> = { active: '启用', disabled: '停用' };

/** Care symbols the wash label draws (same list as web/src/print/print-types.ts CARE_SYMBOLS). */
export const PRODUCT_CARE_SYMBOLS = [
  'wash-30',
  'wash-40',
  'hand-wash',
  'no-wash',
  'no-bleach',
  'tumble-dry-low',
  'no-tumble-dry',
  'line-dry',
  'flat-dry',
  'iron-low',
  'iron-medium',
  'no-iron',
  'dry-clean',
  'no-dry-clean',
] as const;

export const ProductLimits = {
  styleNoPattern: /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/,
  nameMax: 64,
  yearMin: 2000,
  yearMax: 2100,
  priceMaxFen: 100_000_000,
  textMax: 64,
  remarkMax: 500,
  imageUrlMax: 500,
  galleryMax: 9,
  compositionPartsMax: 6,
  fibresMax: 8,
  careMax: 12,
  careTextMax: 32,
  coloursMax: 30,
  sizesMax: 30,
  batchMax: 1000,
  sellerSkuMax: 64,
  marketplaceGroupMax: 32,
  searchMax: 20,
} as const;

/** Non-EAN barcodes (Code 128 safe): 8–32 letters, digits or dashes. 13 digits must be a valid EAN-13. */
export const CODE128_BARCODE_PATTERN = /^[A-Za-z0-9-]{8,32}$/;
/** The EAN-13 prefix setting: digits only, 3–11 long; the running number fills up to 12 digits. */
export const BARCODE_PREFIX_PATTERN = /^\d{3,11}$/;

export const ProductMessages = {
  styleNoInvalid: '款号须为1-32位字母、数字、下划线或短横线，以字母或数字开头',
  nameRequired: '请输入商品名称',
  nameTooLong: `商品名称不能超过${ProductLimits.nameMax}个字符`,
  yearInvalid: `年份须为${ProductLimits.yearMin}-${ProductLimits.yearMax}的整数`,
  priceInvalid: '价格须为0至1000000元之间的金额（单位分，整数）',
  brandNotFound: '品牌不存在或已停用',
  categoryNotFound: '商品分类不存在或已停用',
  supplierNotFound: '供应商不存在或已停用',
  sizeGroupNotFound: '尺码组不存在',
  colourNotFound: '颜色不存在或已停用',
  sizeNotInGroup: '所选尺码不属于该商品的尺码组',
  coloursRequired: '请至少选择一个颜色',
  sizesRequired: '请至少选择一个尺码',
  tooManyColours: `颜色最多${ProductLimits.coloursMax}个`,
  tooManySizes: `尺码最多${ProductLimits.sizesMax}个`,
  compositionInvalid: '成分格式不正确：每个部位须列出纤维名称和百分比',
  compositionSum: '每个部位的成分百分比之和须为100',
  careInvalid: '洗涤说明格式不正确',
  galleryTooMany: `商品图片最多${ProductLimits.galleryMax}张`,
  imageInvalid: '图片地址不正确',
  barcodeInvalid: '条码须为13位 EAN-13 条码，或8-32位字母、数字、短横线',
  barcodePrefixInvalid: '条码前缀须为3-11位数字',
  barcodeExhausted: '条码流水号已用完，请在系统设置中更换条码前缀',
  barcodeForUnknownSku: '指定条码的颜色、尺码不在所选颜色和尺码中',
  sellerSkuTooLong: `平台商家编码不能超过${ProductLimits.sellerSkuMax}个字符`,
  marketplaceGroupTooLong: `平台分组不能超过${ProductLimits.marketplaceGroupMax}个字符`,
  sellerSkuNeedsGroup: '填写平台商家编码时须同时填写平台分组',
  productNotFound: '商品不存在',
  skuNotFound: 'SKU不存在',
  barcodeNotFound: '未找到该条码对应的商品',
  statusInvalid: '状态只能是在售或停售',
  idsRequired: '请选择商品',
  batchEmpty: '没有要导入的商品',
  batchTooMany: `一次最多导入${ProductLimits.batchMax}个商品`,
  created: '新增成功',
  updated: '修改成功',
  tagsSaved: '标签已保存',
} as const;

export const styleNoTaken = (styleNo: string) => `款号“${styleNo}”已存在`;
export const barcodeTaken = (barcode: string) => `条码“${barcode}”已被其他SKU使用`;
export const sellerSkuTaken = (group: string, sellerSku: string) => `平台分组“${group}”中已有商家编码“${sellerSku}”`;
export const barcodeCheckDigitWrong = (barcode: string, expected: number) => `条码“${barcode}”的校验位不正确，应为${expected}`;
export const dictValueInvalid = (label: string) => `${label}不在字典中，请从列表中选择`;
export const productStatusChanged = (count: number, status: ProductStatus) => `已将${count}个商品设为${PRODUCT_STATUS_LABELS[status]}`;
export const batchRowError = (row: number, reason: string) => `第${row}行：${reason}`;

/** The EAN-13 check digit of 12 digits: weights 1,3,1,3… from the left, then (10 − sum mod 10) mod 10. */
export function ean13CheckDigit(digits12: string): number {
  if (!/^\d{12}$/.test(digits12)) throw new Error('EAN-13 needs exactly 12 digits before the check digit');
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(digits12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** How many running numbers a prefix leaves: 10^(12 − prefix length). */
export function barcodeCapacity(prefix: string): number {
  return 10 ** (12 - prefix.length);
}

/**
 * The n-th EAN-13 of a prefix: prefix + n zero-padded to 12 digits + check digit. Throws when
 * the prefix is not 3–11 digits or n does not fit (callers turn that into barcodeExhausted).
 */
export function nextEan13(prefix: string, n: number): string {
  if (!BARCODE_PREFIX_PATTERN.test(prefix)) throw new Error(ProductMessages.barcodePrefixInvalid);
  if (!Number.isInteger(n) || n < 0 || n >= barcodeCapacity(prefix)) throw new Error(ProductMessages.barcodeExhausted);
  const body = prefix + String(n).padStart(12 - prefix.length, '0');
  return body + String(ean13CheckDigit(body));
}

/** null when the barcode is acceptable, else the message to show. */
export function barcodeProblem(code: string): string | null {
  if (/^\d{13}$/.test(code)) return isValidEan13(code) ? null : barcodeCheckDigitWrong(code, ean13CheckDigit(code.slice(0, 12)));
  return CODE128_BARCODE_PATTERN.test(code) ? null : ProductMessages.barcodeInvalid;
}

export interface GridColour {
  id: number;
  sort?: number;
  name?: string;
}
export interface GridSize {
  id: number;
  name: string;
  sort?: number;
}

/** Size order: the size group's sort, then F, S, M, L, XL… and numeric sizes numerically. */
export function compareSizeRows(a: GridSize, b: GridSize): number {
  return (a.sort ?? 0) - (b.sort ?? 0) || compareSizes(a.name, b.name) || a.id - b.id;
}

/** The SKU grid: every colour (in the order given) × every size in size order. */
export function skuGrid<C extends GridColour, S extends GridSize>(colours: readonly C[], sizes: readonly S[]): { colour: C; size: S }[] {
  const ordered = [...sizes].sort(compareSizeRows);
  return colours.flatMap((colour) => ordered.map((size) => ({ colour, size })));
}

/** 组成: one part (面料, 里料…) or the whole garment, as the hang tag prints it. */
export interface ProductCompositionPart {
  part?: string;
  fibres: { name: string; percent: number }[];
}
export interface ProductCareInstruction {
  symbol?: (typeof PRODUCT_CARE_SYMBOLS)[number];
  text: string;
}
