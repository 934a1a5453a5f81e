import { describe, expect, it } from 'vitest';
import { ProductMessages, nextEan13 } from '@erp/shared';
import type { ProductDetail, SkuRecord } from '../../../api/products.ts';
import { cellKey } from './sku-grid-rules.ts';
import {
  careProblem,
  careToInput,
  compositionProblem,
  compositionSum,
  compositionText,
  emptyFormValues,
  fieldChecks,
  fieldOfServerMessage,
  FormMessages,
  formValuesOf,
  inputOf,
  priceProblem,
  type ProductFormValues,
} from './product-form-rules.ts';

const E1 = nextEan13('690000', 1);
const E2 = nextEan13('690000', 2);
const E3 = nextEan13('690000', 3);

const sku = (id: number, colourId: number, sizeId: number, barcode: string, status: SkuRecord['status'] = 'active'): SkuRecord => ({
  id,
  productId: 1,
  colourId,
  colourCode: `C${colourId}`,
  colourName: `颜色${colourId}`,
  colourHex: '#000000',
  sizeId,
  sizeName: `尺码${sizeId}`,
  barcode,
  sellerSku: null,
  marketplaceGroup: null,
  status,
});

describe('prices', () => {
  it('names a missing or bad price', () => {
    expect(priceProblem(null, '吊牌价')).toBe('请输入吊牌价');
    expect(priceProblem(100_000_001, '吊牌价')).toBe(ProductMessages.priceInvalid);
    expect(priceProblem(-1, '吊牌价')).toBe(ProductMessages.priceInvalid);
    expect(priceProblem(12.5, '吊牌价')).toBe(ProductMessages.priceInvalid);
    expect(priceProblem(100_000_000, '吊牌价')).toBeNull();
    expect(priceProblem(0, '成本价')).toBeNull();
  });
});

describe('composition and care', () => {
  it('sums each part in tenths and wants exactly 100', () => {
    const wool = {
      part: '面料',
      fibres: [
        { name: '羊毛', percent: 90.1 },
        { name: '羊绒', percent: 9.9 },
      ],
    };
    expect(compositionSum(wool)).toBe(100);
    expect(compositionProblem([wool])).toBeNull();
    const short = { part: '里料', fibres: [{ name: '涤纶', percent: 95 }] };
    expect(compositionSum(short)).toBe(95);
    expect(compositionProblem([wool, short])).toBe(`里料：${ProductMessages.compositionSum}`);
    expect(compositionProblem([{ part: '', fibres: [{ name: '棉', percent: 100.05 }] }])).toBe(FormMessages.percentInvalid);
    expect(compositionProblem([{ part: '', fibres: [{ name: '', percent: 100 }] }])).toBe(FormMessages.fibreRequired);
    expect(compositionProblem([{ part: '', fibres: [] }])).toBe(FormMessages.fibreRequired);
    expect(
      compositionText([
        {
          part: '面料',
          fibres: [
            { name: '羊毛', percent: 90 },
            { name: '羊绒', percent: 10 },
          ],
        },
        { fibres: [{ name: '棉', percent: 100 }] },
      ]),
    ).toBe('面料：羊毛90% 羊绒10%；棉100%');
  });

  it('drops empty care lines and limits the text', () => {
    const rows = [{ symbol: 'hand-wash' as const, text: ' 30℃以下手洗 ' }, { text: '' }, { text: '不可漂白' }];
    expect(careProblem(rows)).toBeNull();
    expect(careToInput(rows)).toEqual([{ symbol: 'hand-wash', text: '30℃以下手洗' }, { text: '不可漂白' }]);
    expect(careProblem([{ symbol: 'no-iron', text: ' ' }])).toBe(FormMessages.careTextRequired);
    expect(careProblem([{ text: '洗'.repeat(33) }])).toBe(FormMessages.careTextTooLong);
  });
});

const detail: ProductDetail = {
  id: 7,
  styleNo: 'YS26W1001',
  name: '女式双面羊毛大衣',
  brandId: 1,
  brandName: '衣尚',
  categoryId: 4,
  categoryName: '大衣',
  year: 2026,
  season: 'winter',
  gender: 'female',
  unit: 'jian',
  retailPriceFen: 189900,
  wholesalePriceFen: 94950,
  costPriceFen: 52000,
  supplierId: 3,
  supplierName: '锦纶',
  status: 'on_sale',
  mainImage: '/files/a.png',
  thumbnailUrl: '/files/a.png-200.jpg',
  skuCount: 3,
  createdAt: '',
  updatedAt: '',
  composition: [{ part: '面料', fibres: [{ name: '羊毛', percent: 100 }] }],
  care: [{ symbol: 'dry-clean', text: '专业干洗' }],
  grade: 'first',
  safetyCategory: '',
  standard: 'FZ/T 81004-2022',
  gallery: [{ url: '/files/b.png', thumbnailUrl: '/files/b.png-200.jpg' }],
  sizeGroupId: 5,
  sizeGroupName: '默认',
  sizeRunId: 4,
  sizeRunName: '标准配码',
  wholeRuns: true,
  minRuns: 2,
  remark: '',
  tags: [{ id: 9, name: '新品', color: 'red', groupId: 1, groupName: '上新', enabled: true }],
  skus: [sku(1, 1, 10, E1), sku(2, 1, 11, E2), sku(3, 2, 13, E3, 'disabled')],
};

describe('form ↔ ProductInput', () => {
  it('reads a product into the form: prices in fen, rows, and the colours and sizes of active SKUs', () => {
    const values = formValuesOf(detail);
    expect(values).toMatchObject({ retailFen: 189900, wholesaleFen: 94950, costFen: 52000, safetyCategory: undefined, gallery: ['/files/b.png'], tagIds: [9] });
    expect(values.colourIds).toEqual([1]);
    expect(values.sizeIds).toEqual([10, 11]);
    expect(values.composition).toEqual([{ part: '面料', fibres: [{ name: '羊毛', percent: 100 }] }]);
  });

  it('writes the body: fen, trimmed text, barcodes only for new cells, tags only on create', () => {
    const values: ProductFormValues = {
      ...formValuesOf(detail),
      styleNo: ' YS26W1001 ',
      remark: ' 备注 ',
      colourIds: [1, 2],
      sizeIds: [11, 10, 99],
      composition: [{ part: ' ', fibres: [{ name: ' 棉 ', percent: 100 }] }],
      care: [{ text: '' }, { symbol: 'no-iron', text: '不可熨烫' }],
      barcodes: { [cellKey(1, 10)]: '1111111111116', [cellKey(2, 10)]: ' ABC-00001 ', [cellKey(2, 11)]: '', [cellKey(2, 13)]: 'ZZZ-00001' },
    };
    const update = inputOf(values, [10, 11, 12, 13], detail.skus, false);
    expect(update).toMatchObject({ styleNo: 'YS26W1001', remark: '备注', retailPriceFen: 189900, wholesalePriceFen: 94950, costPriceFen: 52000, supplierId: 3 });
    expect(update.sizeIds).toEqual([11, 10]);
    expect(update.barcodes).toEqual([{ colourId: 2, sizeId: 10, barcode: 'ABC-00001' }]);
    expect(update.composition).toEqual([{ fibres: [{ name: '棉', percent: 100 }] }]);
    expect(update.care).toEqual([{ symbol: 'no-iron', text: '不可熨烫' }]);
    expect(update).toMatchObject({ sizeRunId: 4, wholeRuns: true, minRuns: 2 });
    expect(update).not.toHaveProperty('tagIds');
    expect(update).not.toHaveProperty('status');

    const create = inputOf({ ...emptyFormValues(2026, 5), styleNo: 'N1', tagIds: [9], retailFen: 100, wholesaleFen: 50, costFen: 25 }, [10], [], true);
    expect(create).toMatchObject({
      sizeRunId: null,
      wholeRuns: false,
      minRuns: 0,
      tagIds: [9],
      status: 'on_sale',
      retailPriceFen: 100,
      wholesalePriceFen: 50,
      costPriceFen: 25,
      year: 2026,
      sizeGroupId: 5,
    });
  });

  it('puts a server message under its field', () => {
    expect(fieldOfServerMessage('款号“YS26W1001”已存在')).toBe('styleNo');
    expect(fieldOfServerMessage(`条码“${E1}”已被其他SKU使用`)).toBe('barcodes');
    expect(fieldOfServerMessage(ProductMessages.sizeNotInGroup)).toBe('sizeIds');
    expect(fieldOfServerMessage('季节不在字典中，请从列表中选择')).toBe('season');
    expect(fieldOfServerMessage('服务器开小差了')).toBeNull();
  });

  it('checks single fields with the messages the server uses', () => {
    expect(fieldChecks.styleNo(' ')).toBe(FormMessages.styleNoRequired);
    expect(fieldChecks.styleNo('-YS1')).toBe(ProductMessages.styleNoInvalid);
    expect(fieldChecks.styleNo(' YS26_W-1 ')).toBeNull();
    expect(fieldChecks.name('衣'.repeat(65))).toBe(ProductMessages.nameTooLong);
    expect(fieldChecks.year(1999)).toBe(ProductMessages.yearInvalid);
    expect(fieldChecks.year(2026)).toBeNull();
    expect(fieldChecks.gallery(Array.from({ length: 10 }, (_, i) => `/files/${i}.png`))).toBe(ProductMessages.galleryTooMany);
    expect(fieldChecks.sizeIds([])).toBe(ProductMessages.sizesRequired);
    expect(fieldChecks.colourIds(Array.from({ length: 31 }, (_, i) => i + 1))).toBe(ProductMessages.tooManyColours);
  });
});
