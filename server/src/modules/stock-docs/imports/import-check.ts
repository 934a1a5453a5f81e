import {
  importQuantity,
  importUnitCostFen,
  STOCK_IMPORT_ROWS_MAX,
  StockImportMessages,
  type StockImportCheckAnswer,
  type StockImportLine,
  type StockImportRowError,
  type StockImportRowInput,
} from '@erp/shared';
import type { Db } from '../../../db/database.ts';
import { badRequest } from '../../../http/app-error.ts';

// Import check shared by 海外仓 and 期初: resolves barcodes (and shelf codes) and checks every row,
// collecting all problems instead of stopping at the first. Writes nothing.

export interface ImportCheckOptions {
  /** smallest quantity a row may carry (snapshot counts may be 0) */
  minQuantity: number;
  /** 期初: unit cost required, shelf code optional (a shelf of `warehouseId`) */
  withCost?: boolean;
  warehouseId?: number;
}

const cellText = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

export async function checkImportRows(db: Db, rows: readonly StockImportRowInput[], options: ImportCheckOptions): Promise<StockImportCheckAnswer> {
  if (rows.length === 0) throw badRequest(StockImportMessages.noRows);
  if (rows.length > STOCK_IMPORT_ROWS_MAX) throw badRequest(StockImportMessages.tooManyRows);
  const barcodes = [...new Set(rows.map((r) => cellText(r.barcode)).filter(Boolean))];
  const skus = new Map(
    (barcodes.length
      ? await db
          .selectFrom('skus')
          .innerJoin('products as p', 'p.id', 'skus.product_id')
          .innerJoin('colours as c', 'c.id', 'skus.colour_id')
          .innerJoin('sizes as z', 'z.id', 'skus.size_id')
          .select(['skus.id', 'skus.barcode', 'p.style_no', 'p.name as product_name', 'c.name as colour_name', 'z.name as size_name'])
          .where('skus.barcode', 'in', barcodes)
          .execute()
      : []
    ).map((s) => [s.barcode, s]),
  );
  const shelfCodes = [...new Set(rows.map((r) => cellText(r.shelfCode)).filter(Boolean))];
  const shelves = new Map(
    options.withCost && options.warehouseId && shelfCodes.length
      ? (await db.selectFrom('shelves').select(['id', 'code']).where('warehouse_id', '=', options.warehouseId).where('code', 'in', shelfCodes).execute()).map((s) => [s.code, s.id])
      : [],
  );

  const errors: StockImportRowError[] = [];
  const lines: StockImportLine[] = [];
  const firstRow = new Map<string, number>();
  rows.forEach((input, i) => {
    const row = input.row && Number.isSafeInteger(input.row) && input.row > 0 ? input.row : i + 1;
    const barcode = cellText(input.barcode);
    const reasons: string[] = [];
    const sku = barcode ? skus.get(barcode) : undefined;
    if (!barcode) reasons.push(StockImportMessages.barcodeRequired);
    else if (!sku) reasons.push(StockImportMessages.barcodeUnknown(barcode));
    const shelfCode = cellText(input.shelfCode);
    const shelfId = shelfCode ? (shelves.get(shelfCode) ?? null) : null;
    if (shelfCode && shelfId === null) reasons.push(StockImportMessages.shelfUnknown(shelfCode));
    // one line per barcode and shelf, as the document allows
    if (barcode) {
      const key = `${barcode}\u0000${shelfCode}`;
      const first = firstRow.get(key);
      if (first !== undefined) reasons.push(StockImportMessages.duplicate(barcode, first));
      else firstRow.set(key, row);
    }
    const quantity = importQuantity(input.quantity, options.minQuantity);
    if (quantity === null) reasons.push(StockImportMessages.quantityInvalid(options.minQuantity));
    const unitCostFen = options.withCost ? importUnitCostFen(input.unitCost) : null;
    if (options.withCost && unitCostFen === null) reasons.push(StockImportMessages.unitCostInvalid);
    if (reasons.length) {
      errors.push({ row, barcode, reason: reasons.join('；') });
      return;
    }
    lines.push({
      row,
      skuId: sku!.id,
      barcode,
      styleNo: sku!.style_no,
      productName: sku!.product_name,
      colourName: sku!.colour_name,
      sizeName: sku!.size_name,
      quantity: quantity!,
      unitCostFen,
      shelfId,
      shelfCode,
    });
  });
  return { lines: errors.length ? [] : lines, errors };
}
