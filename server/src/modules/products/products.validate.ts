import {
  barcodeProblem,
  dictValueInvalid,
  PRODUCT_CARE_SYMBOLS,
  ProductLimits,
  ProductMessages,
  type ProductCareInstruction,
  type ProductCompositionPart,
  type ProductStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import * as repo from './products.repo.ts';
import type { ProductBody } from './products.schema.ts';

// A product body checked field by field, then against the database. Each check answers the first
// problem as a Chinese message (or null), so one product (422) and a batch (every row's reason)
// share them.

export interface CheckedProduct {
  values: repo.ProductValues;
  colourIds: number[];
  sizeIds: number[];
  /** "colourId:sizeId" → the barcode the user gave */
  barcodes: Map<string, string>;
  tagIds: number[];
}

export const comboKey = (colourId: number, sizeId: number) => `${colourId}:${sizeId}`;

const isPrice = (n: number) => Number.isInteger(n) && n >= 0 && n <= ProductLimits.priceMaxFen;
const trimmed = (value: string | null | undefined) => value?.trim() ?? '';
const isImageUrl = (url: string) => url.length > 0 && url.length <= ProductLimits.imageUrlMax && !/\s/.test(url);

function compositionProblem(parts: ProductCompositionPart[]): string | null {
  if (parts.length > ProductLimits.compositionPartsMax) return ProductMessages.compositionInvalid;
  for (const part of parts) {
    if (part.part !== undefined && (part.part.trim().length === 0 || part.part.trim().length > 16)) return ProductMessages.compositionInvalid;
    if (part.fibres.length === 0 || part.fibres.length > ProductLimits.fibresMax) return ProductMessages.compositionInvalid;
    for (const f of part.fibres) {
      const name = f.name.trim();
      if (!name || name.length > 16 || !(f.percent > 0 && f.percent <= 100) || Math.round(f.percent * 10) !== f.percent * 10) {
        return ProductMessages.compositionInvalid;
      }
    }
    const sum = part.fibres.reduce((total, f) => total + Math.round(f.percent * 10), 0);
    if (sum !== 1000) return ProductMessages.compositionSum;
  }
  return null;
}

function careProblem(care: ProductCareInstruction[]): string | null {
  if (care.length > ProductLimits.careMax) return ProductMessages.careInvalid;
  for (const c of care) {
    const text = c.text.trim();
    if (!text || text.length > ProductLimits.careTextMax) return ProductMessages.careInvalid;
    if (c.symbol !== undefined && !(PRODUCT_CARE_SYMBOLS as readonly string[]).includes(c.symbol)) return ProductMessages.careInvalid;
  }
  return null;
}

/** The checks that need no database. Returns the first problem or the cleaned values. */
export function checkFields(body: ProductBody): { problem: string } | { checked: CheckedProduct } {
  const fail = (problem: string) => ({ problem });
  const styleNo = trimmed(body.styleNo);
  if (!ProductLimits.styleNoPattern.test(styleNo)) return fail(ProductMessages.styleNoInvalid);
  const name = trimmed(body.name);
  if (!name) return fail(ProductMessages.nameRequired);
  if (name.length > ProductLimits.nameMax) return fail(ProductMessages.nameTooLong);
  if (!Number.isInteger(body.year) || body.year < ProductLimits.yearMin || body.year > ProductLimits.yearMax) return fail(ProductMessages.yearInvalid);
  if (![body.retailPriceFen, body.wholesalePriceFen, body.costPriceFen].every(isPrice)) return fail(ProductMessages.priceInvalid);
  const composition = (body.composition ?? []).map((p) => ({
    ...(p.part?.trim() ? { part: p.part.trim() } : {}),
    fibres: p.fibres.map((f) => ({ name: f.name.trim(), percent: f.percent })),
  }));
  const compositionIssue = compositionProblem(body.composition ?? []);
  if (compositionIssue) return fail(compositionIssue);
  const careIssue = careProblem(body.care ?? []);
  if (careIssue) return fail(careIssue);
  const care = (body.care ?? []).map((c) => ({ ...(c.symbol ? { symbol: c.symbol } : {}), text: c.text.trim() }));
  const standard = trimmed(body.standard);
  if (standard.length > ProductLimits.textMax) return fail(`执行标准不能超过${ProductLimits.textMax}个字符`);
  const remark = trimmed(body.remark);
  if (remark.length > ProductLimits.remarkMax) return fail(`备注不能超过${ProductLimits.remarkMax}个字符`);
  const mainImage = trimmed(body.mainImage);
  if (mainImage && !isImageUrl(mainImage)) return fail(ProductMessages.imageInvalid);
  const gallery = (body.gallery ?? []).map((u) => u.trim());
  if (gallery.length > ProductLimits.galleryMax) return fail(ProductMessages.galleryTooMany);
  if (!gallery.every(isImageUrl)) return fail(ProductMessages.imageInvalid);
  const colourIds = [...new Set(body.colourIds)];
  const sizeIds = [...new Set(body.sizeIds)];
  if (colourIds.length === 0) return fail(ProductMessages.coloursRequired);
  if (sizeIds.length === 0) return fail(ProductMessages.sizesRequired);
  if (colourIds.length > ProductLimits.coloursMax) return fail(ProductMessages.tooManyColours);
  if (sizeIds.length > ProductLimits.sizesMax) return fail(ProductMessages.tooManySizes);
  const barcodes = new Map<string, string>();
  const seen = new Set<string>();
  for (const b of body.barcodes ?? []) {
    const code = b.barcode.trim();
    const problem = barcodeProblem(code);
    if (problem) return fail(problem);
    if (!colourIds.includes(b.colourId) || !sizeIds.includes(b.sizeId)) return fail(ProductMessages.barcodeForUnknownSku);
    if (seen.has(code)) return fail(`条码“${code}”重复`);
    seen.add(code);
    barcodes.set(comboKey(b.colourId, b.sizeId), code);
  }
  const status: ProductStatus = body.status ?? 'on_sale';
  return {
    checked: {
      values: {
        style_no: styleNo,
        name,
        brand_id: body.brandId,
        category_id: body.categoryId,
        year: body.year,
        season: trimmed(body.season),
        gender: trimmed(body.gender),
        unit: trimmed(body.unit),
        retail_price_fen: body.retailPriceFen,
        wholesale_price_fen: body.wholesalePriceFen,
        cost_price_fen: body.costPriceFen,
        supplier_id: body.supplierId ?? null,
        status,
        composition: JSON.stringify(composition),
        care: JSON.stringify(care),
        grade: trimmed(body.grade),
        safety_category: trimmed(body.safetyCategory),
        standard,
        main_image: mainImage,
        gallery: JSON.stringify(gallery),
        size_group_id: body.sizeGroupId,
        remark,
      },
      colourIds,
      sizeIds,
      barcodes,
      tagIds: body.tagIds ?? [],
    },
  };
}

/** Dictionary values, loaded once per request or batch. */
export interface DictSets {
  season: Set<string>;
  gender: Set<string>;
  unit: Set<string>;
  grade: Set<string>;
  safety_category: Set<string>;
}

export async function loadDicts(db: Db): Promise<DictSets> {
  const [season, gender, unit, grade, safety_category] = await Promise.all(['season', 'gender', 'unit', 'grade', 'safety_category'].map((code) => repo.dictValues(db, code)));
  return { season: season!, gender: gender!, unit: unit!, grade: grade!, safety_category: safety_category! };
}

/** What checkReferences looks up for one product (the import looks the same up in its maps). */
export interface ReferenceRows {
  /** the brand, category and supplier exist and are enabled (no supplier: true) */
  brand: boolean;
  category: boolean;
  supplier: boolean;
  group: { id: number } | undefined;
  colours: readonly { id: number; enabled: boolean }[];
  sizes: readonly { id: number; group_id: number }[];
}

/** The reference rules on what was looked up: the first problem, or null. */
export function referenceProblem(p: CheckedProduct, dicts: DictSets, refs: ReferenceRows, keptColourIds: ReadonlySet<number> = new Set()): string | null {
  const v = p.values;
  if (!dicts.season.has(v.season)) return dictValueInvalid('季节');
  if (!dicts.gender.has(v.gender)) return dictValueInvalid('性别');
  if (!dicts.unit.has(v.unit)) return dictValueInvalid('单位');
  if (v.grade && !dicts.grade.has(v.grade)) return dictValueInvalid('等级');
  if (v.safety_category && !dicts.safety_category.has(v.safety_category)) return dictValueInvalid('安全类别');
  if (!refs.brand) return ProductMessages.brandNotFound;
  if (!refs.category) return ProductMessages.categoryNotFound;
  if (!refs.supplier) return ProductMessages.supplierNotFound;
  if (!refs.group) return ProductMessages.sizeGroupNotFound;
  const colourOk = p.colourIds.every((id) => refs.colours.some((c) => c.id === id && (c.enabled || keptColourIds.has(id))));
  if (!colourOk) return ProductMessages.colourNotFound;
  if (!p.sizeIds.every((id) => refs.sizes.some((s) => s.id === id && s.group_id === v.size_group_id))) return ProductMessages.sizeNotInGroup;
  return null;
}

/**
 * The checks against the database: dictionary values, brand, category, supplier, size group,
 * colours (new ones enabled) and sizes (of the group). `keptColourIds` are colours the product
 * already has SKUs in: they may stay even when disabled since.
 */
export async function checkReferences(db: Db, p: CheckedProduct, dicts: DictSets, keptColourIds: ReadonlySet<number> = new Set()): Promise<string | null> {
  const v = p.values;
  const [brand, category, supplier, group, colours, sizes] = await Promise.all([
    repo.brandUsable(db, v.brand_id),
    repo.categoryUsable(db, v.category_id),
    v.supplier_id === null ? Promise.resolve({ id: 0 }) : repo.supplierUsable(db, v.supplier_id),
    repo.sizeGroup(db, v.size_group_id),
    repo.coloursByIds(db, p.colourIds),
    repo.sizesByIds(db, p.sizeIds),
  ]);
  return referenceProblem(p, dicts, { brand: !!brand, category: !!category, supplier: !!supplier, group, colours, sizes }, keptColourIds);
}
