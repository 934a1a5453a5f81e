import type { ProductCompositionPart } from './products.ts';

// The product Excel format: one row per SKU; rows sharing a 款号 make one product. The same
// columns serve the import template, the import itself and the SKU export (so an exported file
// can be edited and imported again under new style numbers).

export const PRODUCT_IMPORT_COLUMNS = [
  { key: 'styleNo', title: '款号', required: true, note: '1-32位字母、数字、下划线或短横线；同一款号的多行为同一商品的多个SKU' },
  { key: 'name', title: '商品名称', required: true, note: '同一款号各行须一致' },
  { key: 'brand', title: '品牌', required: true, note: '品牌编码或名称' },
  { key: 'category', title: '商品分类', required: true, note: '分类编码，或名称（重名时用“女装/连衣裙”形式的完整路径）' },
  { key: 'year', title: '年份', required: true, note: '如 2026' },
  { key: 'season', title: '季节', required: true, note: '字典“季节”的名称或值' },
  { key: 'gender', title: '性别', required: true, note: '字典“性别”的名称或值' },
  { key: 'unit', title: '单位', required: true, note: '字典“单位”的名称或值' },
  { key: 'retailPrice', title: '吊牌价（元）', required: true, note: '最多两位小数' },
  { key: 'wholesalePrice', title: '批发价（元）', required: true, note: '最多两位小数' },
  { key: 'costPrice', title: '成本价（元）', required: true, note: '最多两位小数' },
  { key: 'supplier', title: '供应商', required: false, note: '供应商编码或名称，可空' },
  { key: 'sizeGroup', title: '尺码组', required: true, note: '尺码组编码或名称' },
  { key: 'colour', title: '颜色', required: true, note: '颜色编码或名称' },
  { key: 'size', title: '尺码', required: true, note: '须属于该尺码组' },
  { key: 'barcode', title: '条码', required: false, note: '空则按条码前缀自动生成；13位数字须为有效 EAN-13' },
  { key: 'marketplaceGroup', title: '平台分组', required: false, note: '如 tmall；填平台商家编码时必填' },
  { key: 'sellerSku', title: '平台商家编码', required: false, note: '在平台分组内唯一' },
  { key: 'grade', title: '等级', required: false, note: '字典“等级”的名称或值' },
  { key: 'safetyCategory', title: '安全类别', required: false, note: '字典“安全类别”的名称或值' },
  { key: 'standard', title: '执行标准', required: false, note: '如 FZ/T 73020-2019' },
  { key: 'composition', title: '成分', required: false, note: '如“面料:羊毛80%,锦纶20%;里料:聚酯纤维100%”，整件可省略部位' },
  { key: 'remark', title: '备注', required: false, note: '' },
] as const;

export type ProductImportKey = (typeof PRODUCT_IMPORT_COLUMNS)[number]['key'];

/** One spreadsheet row as text cells, with its row number in the sheet (for the error list). */
export type ProductImportRow = { row: number } & Partial<Record<ProductImportKey, string>>;

/** A bad row: its sheet row number, its 款号 and why. */
export interface ProductImportError {
  row: number;
  styleNo: string;
  reason: string;
}

export const ProductImportLimits = {
  /** rows (SKUs) per import */
  rowsMax: 5000,
  cellMax: 500,
} as const;

export const ProductImportMessages = {
  empty: '文件中没有商品数据',
  tooManyRows: `一次最多导入${ProductImportLimits.rowsMax}行`,
  headerMissing: (titles: string[]) => `模板列缺失：${titles.join('、')}，请下载最新模板`,
  failed: (count: number) => `导入失败：共${count}处错误，未导入任何商品`,
  done: (products: number, skus: number) => `成功导入${products}个商品（${skus}个SKU）`,
  cellTooLong: `单元格内容不能超过${ProductImportLimits.cellMax}个字符`,
} as const;

/** Why a row is refused, beyond the product rules of products.ts (the same words in the check list and the 422). */
export const ProductImportRowMessages = {
  required: (title: string) => `请填写“${title}”`,
  inconsistent: (firstRow: number, title: string) => `与第${firstRow}行同款号的“${title}”不一致`,
  notFound: (label: string, text: string) => `${label}“${text}”不存在或已停用`,
  sizeGroupNotFound: (text: string) => `尺码组“${text}”不存在`,
  categoryAmbiguous: (text: string, paths: readonly string[]) => `商品分类“${text}”有多个（${paths.join('、')}），请填写分类编码或完整路径，如“${paths[0] ?? ''}”`,
  nameAmbiguous: (label: string, text: string) => `${label}名称“${text}”有多个，请填写${label}编码`,
  dictInvalid: (label: string, text: string) => `${label}“${text}”不在字典中`,
  priceInvalid: (title: string) => `“${title}”须为0至1000000之间的金额，最多两位小数`,
  compositionInvalid: '成分格式不正确，应如“面料:羊毛80%,锦纶20%;里料:聚酯纤维100%”，整件可省略部位',
  sizeNotInGroup: (size: string, group: string) => `尺码“${size}”不属于尺码组“${group}”`,
  skuDuplicate: (colour: string, size: string, row: number) => `颜色“${colour}”、尺码“${size}”与第${row}行重复`,
  barcodeDuplicate: (barcode: string, row: number) => `条码“${barcode}”与第${row}行重复`,
  sellerSkuDuplicate: (group: string, sellerSku: string, row: number) => `平台分组“${group}”中的商家编码“${sellerSku}”与第${row}行重复`,
} as const;

const PRICE_TEXT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;
const GROUPED_PRICE_TEXT = /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/;

/**
 * A price cell in yuan ("299", "299.5", "1,299.00", "¥299") to integer fen; null when it is not
 * a non-negative amount with at most two decimals. The upper bound is the product rule's.
 */
export function yuanTextToFen(text: string): number | null {
  let value = text.trim().replace(/^[¥￥]\s*/, '');
  if (GROUPED_PRICE_TEXT.test(value)) value = value.replaceAll(',', '');
  const match = PRICE_TEXT.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Integer fen to the yuan text of the sheet: 29900 → "299.00". */
export function fenToYuanText(fen: number): string {
  const abs = Math.abs(Math.trunc(fen));
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parts as the sheet writes them: "面料:羊毛80%,锦纶20%;里料:聚酯纤维100%"; a whole-garment part has no name. */
export function compositionToText(parts: readonly ProductCompositionPart[]): string {
  return parts
    .map((p) => {
      const fibres = p.fibres.map((f) => `${f.name}${f.percent}%`).join(',');
      return p.part ? `${p.part}:${fibres}` : fibres;
    })
    .join(';');
}

const FIBRE_TEXT = /^(.*[^\d\s.])\s*(\d{1,3}(?:\.\d+)?)\s*[%％]$/;

/**
 * The composition cell back to parts; also takes full-width ；：，、 and ％. Blank is no
 * composition ([]); null when the text is not parts of "name + percent%" (the percent sums are
 * the product rule's, checked with the rest of the product).
 */
export function parseCompositionText(text: string): ProductCompositionPart[] | null {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const parts: ProductCompositionPart[] = [];
  for (const segment of trimmed.split(/[;；]/)) {
    if (!segment.trim()) continue;
    const colon = segment.search(/[:：]/);
    const part = colon >= 0 ? segment.slice(0, colon).trim() : undefined;
    if (part === '') return null;
    const fibres: ProductCompositionPart['fibres'] = [];
    for (const item of segment.slice(colon + 1).split(/[,，、]/)) {
      const match = FIBRE_TEXT.exec(item.trim());
      if (!match) return null;
      fibres.push({ name: match[1]!.trim(), percent: Number(match[2]) });
    }
    parts.push(part === undefined ? { fibres } : { part, fibres });
  }
  return parts.length > 0 ? parts : null;
}
