import { INVENTORY_COLUMN_KEYS, INVENTORY_GROUPS, STOCK_DOC_KINDS, STOCK_REPORT_KEYWORD_MAX, StockReportMessages } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

const keyword = z.string().trim().max(STOCK_REPORT_KEYWORD_MAX, StockReportMessages.keywordTooLong).optional();
const day = (message: string) => z.string().trim().max(10, message).optional().describe('YYYY-MM-DD（上海时间的整天，含当天）');

const productFilters = {
  keyword: keyword.describe('款号前缀、品名或条码'),
  brandId: queryId('品牌编号不正确').optional(),
  categoryId: queryId('分类编号不正确').optional().describe('含下级分类'),
};

export const styleGridQuery = z.object({
  ...listQueryShape,
  warehouseId: queryId('仓库编号不正确').optional(),
  shelfId: queryId('货架编号不正确').optional(),
  ...productFilters,
  byWarehouse: z.enum(['true', 'false'], { error: 'byWarehouse 只能是 true 或 false' }).optional().describe('true：每个仓库一张横排表'),
});
export const STYLE_GRID_SORTS = { styleNo: 'style_no', quantity: 'quantity' } as const;
export type StyleGridSort = (typeof STYLE_GRID_SORTS)[keyof typeof STYLE_GRID_SORTS];

export const warehouseSummaryQuery = z.object({
  ...listQueryShape,
  warehouseId: queryId('仓库编号不正确').optional(),
  shelfId: queryId('货架编号不正确').optional(),
  ...productFilters,
});
export const WAREHOUSE_SUMMARY_SORTS = { warehouse: 'warehouse', quantity: 'quantity', value: 'value' } as const;
export type WarehouseSummarySort = (typeof WAREHOUSE_SUMMARY_SORTS)[keyof typeof WAREHOUSE_SUMMARY_SORTS];

export const reportMovesQuery = z.object({
  ...listQueryShape,
  skuId: queryId('商品SKU编号不正确').optional(),
  productId: queryId('款编号不正确').optional(),
  materialId: queryId('物料编号不正确').optional(),
  warehouseId: queryId('仓库编号不正确').optional(),
  dateFrom: day(StockReportMessages.dateFromInvalid),
  dateTo: day(StockReportMessages.dateToInvalid),
  column: z
    .enum(INVENTORY_COLUMN_KEYS as [string, ...string[]], { error: StockReportMessages.columnInvalid })
    .optional()
    .describe('库存报表的栏目：只列计入该栏的流水'),
});
export const REPORT_MOVE_SORTS = { id: 'id' } as const;

export const inTransitQuery = z.object({
  ...listQueryShape,
  warehouseId: queryId('仓库编号不正确').optional().describe('调出或调入仓库'),
  dateFrom: day(StockReportMessages.dateFromInvalid).describe('发货日期起'),
  dateTo: day(StockReportMessages.dateToInvalid).describe('发货日期止'),
  keyword: keyword.describe('调拨单号'),
});
export const IN_TRANSIT_SORTS = { shippedAt: 'shipped_at', quantity: 'quantity', docNo: 'doc_no' } as const;
export type InTransitSort = (typeof IN_TRANSIT_SORTS)[keyof typeof IN_TRANSIT_SORTS];

export const inventoryQuery = z.object({
  ...listQueryShape,
  dateFrom: day(StockReportMessages.dateFromInvalid).describe('期间开始日；空为从头开始（期初为0）'),
  dateTo: day(StockReportMessages.dateToInvalid).describe('期间结束日；空为至今'),
  warehouseId: queryId('仓库编号不正确').optional().describe('空为可见的全部仓库合计'),
  groupBy: z.enum(INVENTORY_GROUPS, { error: 'groupBy 只能是 sku 或 style' }).optional().describe('sku 按SKU（默认） | style 按款'),
  ...productFilters,
});
export const INVENTORY_SORTS = {
  styleNo: 'style_no',
  openingQuantity: 'opening_quantity',
  closingQuantity: 'closing_quantity',
  inQuantity: 'in_quantity',
  outQuantity: 'out_quantity',
} as const;
export type InventorySort = (typeof INVENTORY_SORTS)[keyof typeof INVENTORY_SORTS];

// ---- answers ----

const int = () => z.number().int();
const costField = () => int().optional().describe('仅总部可见');

const totals = z.object({ quantity: int(), valueFen: costField() });

export const styleGridRecord = z.object({
  productId: int(),
  styleNo: z.string(),
  productName: z.string(),
  brandName: z.string(),
  categoryName: z.string(),
  thumbnailUrl: z.string(),
  warehouseId: int().nullable(),
  warehouseName: z.string(),
  sizes: z.array(z.object({ id: int(), name: z.string() })).describe('尺码（按尺码顺序）'),
  rows: z
    .array(
      z.object({
        colourId: int(),
        colourName: z.string(),
        quantities: z.array(int()).describe('与 sizes 一一对应'),
        skuIds: z.array(int().nullable()).describe('各格的SKU编号'),
        total: int(),
      }),
    )
    .describe('有库存的颜色'),
  sizeTotals: z.array(int()),
  total: int(),
  costPriceFen: costField().describe('成本价（分），仅总部可见'),
  valueFen: costField().describe('库存成本金额 = 数量 × 成本价（分），仅总部可见'),
});
export const styleGridPage = z.object({
  records: z.array(styleGridRecord),
  total: int().describe('本页未满时为准确数；满页时为下限（totalCapped=true），准确数见 /style-grid/totals'),
  totalCapped: z.boolean().optional(),
});
export const styleGridTotals = totals.extend({ total: int().describe('横排表数（款，或款×仓库）') });
export const styleGridTotalsQuery = styleGridQuery.omit({ page: true, limit: true, currentpage: true, pagesize: true, sort: true, order: true, loadType: true });

export const warehouseSummaryRecord = z.object({
  warehouseId: int(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  warehouseType: z.string(),
  styleCount: int(),
  skuCount: int(),
  quantity: int(),
  valueFen: costField(),
});
export const warehouseSummaryPage = z.object({
  records: z.array(warehouseSummaryRecord),
  total: int(),
  totals: totals.extend({ styleCount: int(), skuCount: int() }),
});

export const stockMoveDetailRecord = z.object({
  id: int(),
  createdAt: z.string(),
  warehouseId: int(),
  warehouseName: z.string(),
  shelfCode: z.string(),
  skuId: int().nullable(),
  styleNo: z.string(),
  colourName: z.string(),
  sizeName: z.string(),
  barcode: z.string(),
  materialId: int().nullable(),
  materialCode: z.string(),
  materialName: z.string(),
  quantity: int(),
  direction: z.enum(['in', 'out']),
  balanceAfter: int().describe('本仓库（全部货架）该物品在这条流水之后的结存'),
  docType: z.string(),
  docTypeName: z.string(),
  docId: int(),
  docKind: z.enum(STOCK_DOC_KINDS).nullable().describe('库存单据类型，用于跳转单据详情'),
  docNo: z.string(),
  isReversal: z.boolean(),
  createdByName: z.string(),
  unitCostFen: int().nullable().optional().describe('仅总部可见'),
});

export const inTransitRecord = z.object({
  id: int(),
  docNo: z.string(),
  warehouseId: int(),
  warehouseName: z.string(),
  toWarehouseId: int().nullable(),
  toWarehouseName: z.string(),
  shippedAt: z.string().nullable(),
  shippedByName: z.string(),
  daysInTransit: int(),
  quantity: int(),
  lineCount: int(),
  remark: z.string(),
  valueFen: costField(),
});
export const inTransitPage = z.object({
  records: z.array(inTransitRecord),
  total: int(),
  totals: z.object({ quantity: int(), lineCount: int(), valueFen: costField() }),
});

const figures = Object.fromEntries(['openingQuantity', ...INVENTORY_COLUMN_KEYS, 'inQuantity', 'outQuantity', 'closingQuantity'].map((key) => [key, int()])) as Record<
  string,
  z.ZodNumber
>;

export const inventoryRecord = z.object({
  key: z.string(),
  productId: int(),
  styleNo: z.string(),
  productName: z.string(),
  skuId: int().nullable(),
  colourName: z.string(),
  sizeName: z.string(),
  barcode: z.string(),
  ...figures,
});
export const inventoryPage = z.object({ records: z.array(inventoryRecord), total: int(), totals: z.object(figures) });
