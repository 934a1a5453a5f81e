import { parseCompositionText, PRODUCT_IMPORT_COLUMNS, ProductImportRowMessages as M, ProductLimits, ProductMessages, yuanTextToFen, type ProductImportKey } from '@erp/shared';
import type { ProductBody } from './products.schema.ts';
import type { Found, ImportRefs, Named } from './products-import.refs.ts';
import type { ProductDictCode } from './products-import.repo.ts';

// One product's cells (the first row of its style no.) to a product body, or the reasons it
// cannot be one; each reason is a whole message for that row.

export type Cells = Record<ProductImportKey, string>;

export const TITLES = Object.fromEntries(PRODUCT_IMPORT_COLUMNS.map((c) => [c.key, c.title])) as Record<ProductImportKey, string>;

/** Cells that describe the product (款): every row of a style no. repeats them or leaves them blank. */
export const PRODUCT_KEYS = [
  'name',
  'brand',
  'category',
  'year',
  'season',
  'gender',
  'unit',
  'retailPrice',
  'wholesalePrice',
  'costPrice',
  'supplier',
  'sizeGroup',
  'grade',
  'safetyCategory',
  'standard',
  'composition',
  'remark',
] as const satisfies readonly ProductImportKey[];

const REQUIRED = new Set<ProductImportKey>(PRODUCT_IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.key));

const DICT_LABELS: Record<ProductDictCode, string> = { season: '季节', gender: '性别', unit: '单位', grade: '等级', safety_category: '安全类别' };

export interface ProductFields {
  body: Omit<ProductBody, 'colourIds' | 'sizeIds'>;
  sizeGroup: Named;
}

/** The product's fields from its first row, or every reason they are not usable. */
export function productFields(cells: Cells, refs: ImportRefs): { fields: ProductFields } | { problems: string[] } {
  const problems: string[] = [];
  for (const key of PRODUCT_KEYS) if (REQUIRED.has(key) && !cells[key]) problems.push(M.required(TITLES[key]));
  const has = (key: ProductImportKey) => cells[key] !== '';

  const named = <T extends Named>(key: ProductImportKey, label: string, found: Found<T>, ambiguous: (items: T[]) => string): T | undefined => {
    if (!has(key)) return undefined;
    if (found && 'item' in found && found.item.enabled) return found.item;
    problems.push(found && 'ambiguous' in found ? ambiguous(found.ambiguous) : M.notFound(label, cells[key]));
    return undefined;
  };
  const brand = named('brand', '品牌', has('brand') ? refs.brand(cells.brand) : null, () => M.nameAmbiguous('品牌', cells.brand));
  const category = named('category', '商品分类', has('category') ? refs.category(cells.category) : null, (items) =>
    M.categoryAmbiguous(
      cells.category,
      items.map((c) => c.path),
    ),
  );
  const supplier = named('supplier', '供应商', has('supplier') ? refs.supplier(cells.supplier) : null, () => M.nameAmbiguous('供应商', cells.supplier));

  // a size group is usable while it exists (the product rule), enabled or not
  let sizeGroup: Named | undefined;
  if (has('sizeGroup')) {
    const found = refs.sizeGroup(cells.sizeGroup);
    if (found && 'item' in found) sizeGroup = found.item;
    else problems.push(M.sizeGroupNotFound(cells.sizeGroup));
  }

  let year = 0;
  if (has('year')) {
    year = /^\d{1,4}$/.test(cells.year) ? Number(cells.year) : Number.NaN;
    if (!(year >= ProductLimits.yearMin && year <= ProductLimits.yearMax)) problems.push(ProductMessages.yearInvalid);
  }

  const dict = (key: ProductImportKey, code: ProductDictCode): string => {
    if (!has(key)) return '';
    const value = refs.dicts.resolve(code, cells[key]);
    if (value === undefined) problems.push(M.dictInvalid(DICT_LABELS[code], cells[key]));
    return value ?? '';
  };
  const season = dict('season', 'season');
  const gender = dict('gender', 'gender');
  const unit = dict('unit', 'unit');
  const grade = dict('grade', 'grade');
  const safetyCategory = dict('safetyCategory', 'safety_category');

  const price = (key: 'retailPrice' | 'wholesalePrice' | 'costPrice'): number => {
    if (!has(key)) return 0;
    const fen = yuanTextToFen(cells[key]);
    if (fen === null || fen > ProductLimits.priceMaxFen) {
      problems.push(M.priceInvalid(TITLES[key]));
      return 0;
    }
    return fen;
  };
  const retailPriceFen = price('retailPrice');
  const wholesalePriceFen = price('wholesalePrice');
  const costPriceFen = price('costPrice');

  const composition = parseCompositionText(cells.composition);
  if (composition === null) problems.push(M.compositionInvalid);

  if (problems.length > 0 || !brand || !category || !sizeGroup || composition === null) return { problems };
  return {
    fields: {
      body: {
        styleNo: cells.styleNo,
        name: cells.name,
        brandId: brand.id,
        categoryId: category.id,
        year,
        season,
        gender,
        unit,
        retailPriceFen,
        wholesalePriceFen,
        costPriceFen,
        supplierId: supplier?.id ?? null,
        composition,
        grade,
        safetyCategory,
        standard: cells.standard,
        sizeGroupId: sizeGroup.id,
        remark: cells.remark,
      },
      sizeGroup,
    },
  };
}
