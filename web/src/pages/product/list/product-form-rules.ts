import { PRODUCT_CARE_SYMBOLS, ProductLimits, ProductMessages, SizeRunMessages, type ProductCareInstruction, type ProductCompositionPart, type ProductStatus } from '@erp/shared';
import type { ProductDetail, ProductInput, SkuRecord } from '../../../api/products.ts';
import { cellKey } from './sku-grid-rules.ts';

// The product form's rules, mirroring the server's checks (products.validate.ts) with the same
// messages: prices in fen (typed in yuan through YuanInput), composition sums, care lines, the
// barcode typed in each new cell of the SKU grid, and the form ↔ ProductInput / ProductDetail maps.

export type CareSymbol = (typeof PRODUCT_CARE_SYMBOLS)[number];

/** Chinese names of the care symbols (the same titles the wash label draws). */
export const CARE_SYMBOL_LABELS: Readonly<Record<CareSymbol, string>> = {
  'wash-30': '30°C水洗',
  'wash-40': '40°C水洗',
  'hand-wash': '手洗',
  'no-wash': '不可水洗',
  'no-bleach': '不可漂白',
  'tumble-dry-low': '低温翻转干燥',
  'no-tumble-dry': '不可翻转干燥',
  'line-dry': '悬挂晾干',
  'flat-dry': '平摊晾干',
  'iron-low': '低温熨烫',
  'iron-medium': '中温熨烫',
  'no-iron': '不可熨烫',
  'dry-clean': '常规干洗',
  'no-dry-clean': '不可干洗',
};

/** Longest part or fibre name the server takes. */
export const COMPOSITION_NAME_MAX = 16;

export const FormMessages = {
  styleNoRequired: '请输入款号',
  brandRequired: '请选择品牌',
  categoryRequired: '请选择商品分类',
  yearRequired: '请输入年份',
  seasonRequired: '请选择季节',
  genderRequired: '请选择性别',
  unitRequired: '请选择单位',
  sizeGroupRequired: '请选择尺码组',
  priceRequired: (label: string) => `请输入${label}`,
  standardTooLong: `执行标准不能超过${ProductLimits.textMax}个字符`,
  remarkTooLong: `备注不能超过${ProductLimits.remarkMax}个字符`,
  fibreRequired: '请填写纤维名称和百分比',
  partsTooMany: `成分最多${ProductLimits.compositionPartsMax}个部位`,
  fibresTooMany: `每个部位最多${ProductLimits.fibresMax}种纤维`,
  nameTooLong: `部位和纤维名称不能超过${COMPOSITION_NAME_MAX}个字符`,
  percentInvalid: '百分比须大于0且不超过100，最多一位小数',
  careTextRequired: '请填写洗涤说明文字',
  careTextTooLong: `洗涤说明文字不能超过${ProductLimits.careTextMax}个字符`,
  careTooMany: `洗涤说明最多${ProductLimits.careMax}条`,
  unsaved: '有未保存的修改，关闭后将丢失。确定关闭吗？',
} as const;

// ---------- money ----------

/** The message for one price field (fen, as YuanInput holds it), or null: required, 0 to the product price limit. */
export function priceProblem(fen: number | null | undefined, label: string): string | null {
  if (fen === null || fen === undefined) return FormMessages.priceRequired(label);
  return Number.isSafeInteger(fen) && fen >= 0 && fen <= ProductLimits.priceMaxFen ? null : ProductMessages.priceInvalid;
}

// ---------- composition ----------

export interface FibreRow {
  name: string;
  percent: number | null;
}
export interface CompositionRow {
  /** 面料, 里料…; empty = the whole garment */
  part: string;
  fibres: FibreRow[];
}

/** The sum of a part's percentages, in tenths exactly (one decimal allowed). */
export function compositionSum(part: CompositionRow): number {
  const tenths = part.fibres.reduce((total, f) => total + (typeof f.percent === 'number' && Number.isFinite(f.percent) ? Math.round(f.percent * 10) : 0), 0);
  return tenths / 10;
}

/** The first problem of one part, or null. */
export function compositionPartProblem(part: CompositionRow): string | null {
  if (part.part.trim().length > COMPOSITION_NAME_MAX) return FormMessages.nameTooLong;
  if (part.fibres.length === 0) return FormMessages.fibreRequired;
  if (part.fibres.length > ProductLimits.fibresMax) return FormMessages.fibresTooMany;
  for (const f of part.fibres) {
    const name = f.name.trim();
    if (!name || f.percent === null || f.percent === undefined) return FormMessages.fibreRequired;
    if (name.length > COMPOSITION_NAME_MAX) return FormMessages.nameTooLong;
    if (!(f.percent > 0 && f.percent <= 100) || Math.round(f.percent * 10) !== f.percent * 10) return FormMessages.percentInvalid;
  }
  return compositionSum(part) === 100 ? null : ProductMessages.compositionSum;
}

export function compositionProblem(parts: readonly CompositionRow[]): string | null {
  if (parts.length > ProductLimits.compositionPartsMax) return FormMessages.partsTooMany;
  for (const part of parts) {
    const problem = compositionPartProblem(part);
    if (problem) return part.part.trim() ? `${part.part.trim()}：${problem}` : problem;
  }
  return null;
}

export function compositionToInput(parts: readonly CompositionRow[]): ProductCompositionPart[] {
  return parts.map((p) => ({
    ...(p.part.trim() ? { part: p.part.trim() } : {}),
    fibres: p.fibres.map((f) => ({ name: f.name.trim(), percent: f.percent ?? 0 })),
  }));
}

export function compositionRowsOf(parts: readonly ProductCompositionPart[]): CompositionRow[] {
  return parts.map((p) => ({ part: p.part ?? '', fibres: p.fibres.map((f) => ({ name: f.name, percent: f.percent })) }));
}

/** 面料：羊毛90% 羊绒10%；里料：… (as the hang tag reads). */
export function compositionText(parts: readonly ProductCompositionPart[]): string {
  return parts
    .map((p) => {
      const fibres = p.fibres.map((f) => `${f.name}${f.percent}%`).join(' ');
      return p.part ? `${p.part}：${fibres}` : fibres;
    })
    .join('；');
}

// ---------- care ----------

export interface CareRow {
  symbol?: CareSymbol;
  text: string;
}

const blankCare = (c: CareRow) => !c.symbol && !c.text.trim();

export function careRowProblem(row: CareRow): string | null {
  if (blankCare(row)) return null;
  const text = row.text.trim();
  if (!text) return FormMessages.careTextRequired;
  if (text.length > ProductLimits.careTextMax) return FormMessages.careTextTooLong;
  if (row.symbol !== undefined && !(PRODUCT_CARE_SYMBOLS as readonly string[]).includes(row.symbol)) return ProductMessages.careInvalid;
  return null;
}

export function careProblem(rows: readonly CareRow[]): string | null {
  const used = rows.filter((r) => !blankCare(r));
  if (used.length > ProductLimits.careMax) return FormMessages.careTooMany;
  for (const row of used) {
    const problem = careRowProblem(row);
    if (problem) return problem;
  }
  return null;
}

/** Rows with neither a symbol nor text are dropped. */
export function careToInput(rows: readonly CareRow[]): ProductCareInstruction[] {
  return rows.filter((r) => !blankCare(r)).map((r) => ({ ...(r.symbol ? { symbol: r.symbol } : {}), text: r.text.trim() }));
}

export function careText(care: readonly ProductCareInstruction[]): string {
  return care.map((c) => c.text).join('；');
}

// ---------- single fields ----------

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const idList = (value: unknown) => (Array.isArray(value) ? value : []);

/** One check per form field, each answering the message to show or null (same rules as the server). */
export const fieldChecks = {
  styleNo: (value: unknown) => {
    const styleNo = textOf(value);
    if (!styleNo) return FormMessages.styleNoRequired;
    return ProductLimits.styleNoPattern.test(styleNo) ? null : ProductMessages.styleNoInvalid;
  },
  name: (value: unknown) => {
    const name = textOf(value);
    if (!name) return ProductMessages.nameRequired;
    return name.length > ProductLimits.nameMax ? ProductMessages.nameTooLong : null;
  },
  year: (value: unknown) => {
    if (value === null || value === undefined || value === '') return FormMessages.yearRequired;
    return typeof value === 'number' && Number.isInteger(value) && value >= ProductLimits.yearMin && value <= ProductLimits.yearMax ? null : ProductMessages.yearInvalid;
  },
  standard: (value: unknown) => (textOf(value).length > ProductLimits.textMax ? FormMessages.standardTooLong : null),
  remark: (value: unknown) => (textOf(value).length > ProductLimits.remarkMax ? FormMessages.remarkTooLong : null),
  gallery: (value: unknown) => (idList(value).length > ProductLimits.galleryMax ? ProductMessages.galleryTooMany : null),
  sizeIds: (value: unknown) => {
    const ids = idList(value);
    if (ids.length === 0) return ProductMessages.sizesRequired;
    return ids.length > ProductLimits.sizesMax ? ProductMessages.tooManySizes : null;
  },
  colourIds: (value: unknown) => {
    const ids = idList(value);
    if (ids.length === 0) return ProductMessages.coloursRequired;
    return ids.length > ProductLimits.coloursMax ? ProductMessages.tooManyColours : null;
  },
} as const;

// ---------- the whole form ----------

export interface ProductFormValues {
  styleNo: string;
  name: string;
  brandId?: number;
  categoryId?: number;
  year?: number | null;
  season?: string;
  gender?: string;
  unit?: string;
  supplierId?: number | null;
  status: ProductStatus;
  /** prices in fen (YuanInput shows and takes yuan) */
  retailFen?: number | null;
  wholesaleFen?: number | null;
  costFen?: number | null;
  grade?: string;
  safetyCategory?: string;
  standard: string;
  composition: CompositionRow[];
  care: CareRow[];
  mainImage: string;
  gallery: string[];
  remark: string;
  tagIds: number[];
  sizeGroupId?: number;
  sizeIds: number[];
  colourIds: number[];
  /** cellKey → the barcode typed for a new SKU ('' or absent: numbered automatically) */
  barcodes: Record<string, string>;
  /** 配码 rules: default run (null: none), 整手订货, 起订手数 as typed (null: 0) */
  sizeRunId: number | null;
  wholeRuns: boolean;
  minRuns: number | null;
}

export function emptyFormValues(year: number, sizeGroupId?: number): ProductFormValues {
  return {
    styleNo: '',
    name: '',
    year,
    status: 'on_sale',
    standard: '',
    composition: [],
    care: [],
    mainImage: '',
    gallery: [],
    remark: '',
    tagIds: [],
    sizeGroupId,
    sizeIds: [],
    colourIds: [],
    barcodes: {},
    supplierId: null,
    sizeRunId: null,
    wholeRuns: false,
    minRuns: 0,
  };
}

const distinct = (ids: number[]) => [...new Set(ids)];
const orUndefined = (value: string) => value || undefined;

/** The form of a saved product: colours and sizes are those of its active SKUs. */
export function formValuesOf(detail: ProductDetail): ProductFormValues {
  const active = detail.skus.filter((s) => s.status === 'active');
  return {
    styleNo: detail.styleNo,
    name: detail.name,
    brandId: detail.brandId,
    categoryId: detail.categoryId,
    year: detail.year,
    season: orUndefined(detail.season),
    gender: orUndefined(detail.gender),
    unit: orUndefined(detail.unit),
    supplierId: detail.supplierId,
    status: detail.status,
    retailFen: detail.retailPriceFen,
    wholesaleFen: detail.wholesalePriceFen ?? null,
    costFen: detail.costPriceFen ?? null,
    grade: orUndefined(detail.grade),
    safetyCategory: orUndefined(detail.safetyCategory),
    standard: detail.standard,
    composition: compositionRowsOf(detail.composition),
    care: detail.care.map((c) => ({ ...(c.symbol ? { symbol: c.symbol } : {}), text: c.text })),
    mainImage: detail.mainImage,
    gallery: detail.gallery.map((g) => g.url),
    remark: detail.remark,
    tagIds: detail.tags.map((t) => t.id),
    sizeGroupId: detail.sizeGroupId,
    sizeIds: distinct(active.map((s) => s.sizeId)),
    colourIds: distinct(active.map((s) => s.colourId)),
    barcodes: {},
    sizeRunId: detail.sizeRunId,
    wholeRuns: detail.wholeRuns,
    minRuns: detail.minRuns,
  };
}

/**
 * The body to send. Sizes outside the chosen group are left out; typed barcodes go only for new
 * cells of the grid; tags and status only on create (they have their own calls afterwards).
 */
export function inputOf(values: ProductFormValues, groupSizeIds: readonly number[], existing: readonly SkuRecord[], creating: boolean): ProductInput {
  const sizeIds = values.sizeIds.filter((id) => groupSizeIds.includes(id));
  const have = new Set(existing.map((s) => cellKey(s.colourId, s.sizeId)));
  const barcodes: NonNullable<ProductInput['barcodes']> = [];
  for (const colourId of values.colourIds) {
    for (const sizeId of sizeIds) {
      const key = cellKey(colourId, sizeId);
      const code = (values.barcodes[key] ?? '').trim();
      if (code && !have.has(key)) barcodes.push({ colourId, sizeId, barcode: code });
    }
  }
  return {
    styleNo: values.styleNo.trim(),
    name: values.name.trim(),
    brandId: values.brandId ?? 0,
    categoryId: values.categoryId ?? 0,
    year: values.year ?? 0,
    season: values.season ?? '',
    gender: values.gender ?? '',
    unit: values.unit ?? '',
    retailPriceFen: values.retailFen ?? -1,
    wholesalePriceFen: values.wholesaleFen ?? -1,
    costPriceFen: values.costFen ?? -1,
    supplierId: values.supplierId ?? null,
    ...(creating ? { status: values.status, tagIds: values.tagIds } : {}),
    composition: compositionToInput(values.composition),
    care: careToInput(values.care),
    grade: values.grade ?? '',
    safetyCategory: values.safetyCategory ?? '',
    standard: values.standard.trim(),
    mainImage: values.mainImage ?? '',
    gallery: values.gallery ?? [],
    sizeGroupId: values.sizeGroupId ?? 0,
    colourIds: values.colourIds,
    sizeIds,
    barcodes,
    remark: values.remark.trim(),
    sizeRunId: values.sizeRunId ?? null,
    wholeRuns: values.wholeRuns,
    minRuns: values.minRuns ?? 0,
  };
}

/** Which form field a server message belongs to (shown under that field), or null for the form. */
export function fieldOfServerMessage(message: string): keyof ProductFormValues | null {
  const exact: Record<string, keyof ProductFormValues> = {
    [ProductMessages.styleNoInvalid]: 'styleNo',
    [ProductMessages.nameRequired]: 'name',
    [ProductMessages.nameTooLong]: 'name',
    [ProductMessages.yearInvalid]: 'year',
    [ProductMessages.brandNotFound]: 'brandId',
    [ProductMessages.categoryNotFound]: 'categoryId',
    [ProductMessages.supplierNotFound]: 'supplierId',
    [ProductMessages.sizeGroupNotFound]: 'sizeGroupId',
    [ProductMessages.colourNotFound]: 'colourIds',
    [ProductMessages.coloursRequired]: 'colourIds',
    [ProductMessages.tooManyColours]: 'colourIds',
    [ProductMessages.sizeNotInGroup]: 'sizeIds',
    [ProductMessages.sizesRequired]: 'sizeIds',
    [ProductMessages.tooManySizes]: 'sizeIds',
    [ProductMessages.compositionInvalid]: 'composition',
    [ProductMessages.compositionSum]: 'composition',
    [ProductMessages.careInvalid]: 'care',
    [ProductMessages.galleryTooMany]: 'gallery',
    [ProductMessages.barcodeInvalid]: 'barcodes',
    [ProductMessages.barcodeForUnknownSku]: 'barcodes',
    [ProductMessages.barcodeExhausted]: 'barcodes',
    [ProductMessages.priceInvalid]: 'retailFen',
    [FormMessages.standardTooLong]: 'standard',
    [FormMessages.remarkTooLong]: 'remark',
    [SizeRunMessages.runOfOtherGroup]: 'sizeRunId',
    [SizeRunMessages.runDisabled]: 'sizeRunId',
    [SizeRunMessages.runNotFound]: 'sizeRunId',
    [SizeRunMessages.rulesNeedRun]: 'sizeRunId',
    [SizeRunMessages.minRunsInvalid]: 'minRuns',
  };
  if (exact[message]) return exact[message];
  if (/^款号“.*”已存在$/.test(message)) return 'styleNo';
  if (/^条码“.*”(已被其他SKU使用|重复|的校验位不正确)/.test(message)) return 'barcodes';
  if (/^配码“.*”含该款没有的尺码/.test(message)) return 'sizeRunId';
  if (message.startsWith('季节')) return 'season';
  if (message.startsWith('性别')) return 'gender';
  if (message.startsWith('单位')) return 'unit';
  if (message.startsWith('等级')) return 'grade';
  if (message.startsWith('安全类别')) return 'safetyCategory';
  return null;
}
