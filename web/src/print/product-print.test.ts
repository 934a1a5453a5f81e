import { describe, expect, it } from 'vitest';
import type { ProductDetail, SkuRecord } from '../api/products.ts';
import { clampCopies, hangtagItems, inChosenOrder, labelItems, nothingToPrint } from './product-print.ts';

const GRADES = [
  { label: '合格品', value: 'qualified' },
  { label: '一等品', value: 'first' },
];
const SAFETY = [
  { label: 'GB 18401-2010 B类', value: 'B' },
  { label: 'GB 18401-2010 C类', value: 'C' },
];

function sku(id: number, colourName: string, sizeName: string, barcode: string, status: SkuRecord['status'] = 'active'): SkuRecord {
  return {
    id,
    productId: 1,
    colourId: id,
    colourCode: colourName,
    colourName,
    colourHex: '#000000',
    sizeId: id,
    sizeName,
    barcode,
    sellerSku: null,
    marketplaceGroup: null,
    status,
  };
}

function product(over: Partial<ProductDetail>): ProductDetail {
  return {
    id: 1,
    styleNo: 'YS26W1001',
    name: '女式双面羊毛大衣',
    brandId: 1,
    brandName: '衣尚',
    categoryId: 1,
    categoryName: '大衣',
    year: 2026,
    season: 'winter',
    gender: 'female',
    unit: 'jian',
    retailPriceFen: 189900,
    wholesalePriceFen: 94900,
    costPriceFen: 52000,
    supplierId: null,
    supplierName: null,
    status: 'on_sale',
    mainImage: '',
    thumbnailUrl: '',
    skuCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    composition: [
      {
        part: '面料',
        fibres: [
          { name: '羊毛', percent: 90 },
          { name: '羊绒', percent: 10 },
        ],
      },
    ],
    care: [],
    grade: 'first',
    safetyCategory: 'C',
    standard: 'FZ/T 81004-2022',
    gallery: [],
    sizeGroupId: 1,
    sizeGroupName: '常规尺码',
    sizeRunId: null,
    sizeRunName: null,
    wholeRuns: false,
    minRuns: 0,
    remark: '',
    tags: [],
    skus: [sku(11, '驼色', 'S', '6900000000011'), sku(12, '驼色', 'M', '6900000000028', 'disabled'), sku(13, '黑色', 'S', '6900000000035')],
    ...over,
  };
}

describe('labelItems', () => {
  it('makes one label per active SKU in grid order, with names, fen price and copies', () => {
    const items = labelItems([product({})], { copies: 3, includeDisabled: false });
    expect(items).toEqual([
      { brand: '衣尚', styleNo: 'YS26W1001', name: '女式双面羊毛大衣', colour: '驼色', size: 'S', barcode: '6900000000011', retailPriceFen: 189900, copies: 3 },
      { brand: '衣尚', styleNo: 'YS26W1001', name: '女式双面羊毛大衣', colour: '黑色', size: 'S', barcode: '6900000000035', retailPriceFen: 189900, copies: 3 },
    ]);
  });

  it('includes stopped SKUs when asked, keeping their place in the grid', () => {
    const items = labelItems([product({})], { copies: 1, includeDisabled: true });
    expect(items.map((item) => `${item.colour}/${item.size}`)).toEqual(['驼色/S', '驼色/M', '黑色/S']);
  });

  it('keeps copies within 1..99', () => {
    expect(labelItems([product({})], { copies: 0, includeDisabled: false })[0].copies).toBe(1);
    expect(labelItems([product({})], { copies: 250, includeDisabled: false })[0].copies).toBe(99);
    expect(clampCopies('7')).toBe(7);
    expect(clampCopies(2.8)).toBe(2);
    expect(clampCopies('abc')).toBe(1);
    expect(clampCopies(null)).toBe(1);
  });
});

describe('hangtagItems', () => {
  it('prints grade and safety category by their dictionary labels, with composition and standard', () => {
    const [first, ...rest] = hangtagItems([product({})], { copies: 2, includeDisabled: false }, { grade: GRADES, safetyCategory: SAFETY });
    expect(rest).toHaveLength(1);
    expect(first).toEqual({
      brand: '衣尚',
      styleNo: 'YS26W1001',
      name: '女式双面羊毛大衣',
      colour: '驼色',
      size: 'S',
      retailPriceFen: 189900,
      grade: '一等品',
      safetyCategory: 'GB 18401-2010 C类',
      standard: 'FZ/T 81004-2022',
      composition: [
        {
          part: '面料',
          fibres: [
            { name: '羊毛', percent: 90 },
            { name: '羊绒', percent: 10 },
          ],
        },
      ],
      barcode: '6900000000011',
      copies: 2,
    });
  });

  it('leaves out an empty part name and shows an unknown dictionary value as stored', () => {
    const whole = product({ grade: 'gone', safetyCategory: '', composition: [{ fibres: [{ name: '棉', percent: 100 }] }] });
    const [item] = hangtagItems([whole], { copies: 1, includeDisabled: false }, { grade: GRADES, safetyCategory: SAFETY });
    expect(item.grade).toBe('gone');
    expect(item.safetyCategory).toBe('');
    expect(item.composition).toEqual([{ fibres: [{ name: '棉', percent: 100 }] }]);
  });
});

describe('product order and empty selections', () => {
  it('follows the chosen order of ids and skips unknown ones', () => {
    const a = product({ id: 1, styleNo: 'A' });
    const b = product({ id: 2, styleNo: 'B' });
    expect(inChosenOrder([a, b], [2, 9, 1]).map((p) => p.styleNo)).toEqual(['B', 'A']);
    const items = labelItems(inChosenOrder([a, b], [2, 1]), { copies: 1, includeDisabled: false });
    expect(items.map((item) => item.styleNo)).toEqual(['B', 'B', 'A', 'A']);
  });

  it('says why nothing prints when every SKU is stopped', () => {
    const stopped = product({ skus: [sku(1, '黑色', 'M', '6900000000011', 'disabled')] });
    expect(nothingToPrint([stopped], false)).toContain('没有启用的SKU');
    expect(nothingToPrint([stopped], true)).toBeNull();
    expect(nothingToPrint([product({ skus: [] })], true)).toBe('所选商品没有SKU');
  });
});
