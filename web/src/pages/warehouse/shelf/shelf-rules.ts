import {
  shelfBatchCodes,
  ShelfMessages,
  shelfCodeProblem,
  SHELF_NAME_MAX,
  SHELF_SORT_MAX,
  type ShelfBatchInput,
  type ShelfInput,
  type ShelfRecord,
  type StockBalanceRecord,
  type WarehouseOption,
} from '@erp/shared';

/** Pure rules of the 货架 page: the warehouse picked first, the shelf form, the batch preview. */

/** The first warehouse that can hold shelves (the in-transit warehouse is virtual). */
export function defaultWarehouseId(options: readonly WarehouseOption[]): number | null {
  return options.find((option) => option.type !== 'transit')?.id ?? null;
}

export interface ShelfFormValues {
  code: string;
  name: string;
  sort?: number | null;
}

export function shelfFormValuesOf(record: ShelfRecord | null): ShelfFormValues {
  return record ? { code: record.code, name: record.name, sort: record.sort } : { code: '', name: '', sort: null };
}

/** The body to send: trimmed; an empty sort is left to the server (0). */
export function shelfInputOf(values: ShelfFormValues): ShelfInput {
  const input: ShelfInput = { code: values.code.trim(), name: (values.name ?? '').trim() };
  if (values.sort !== null && values.sort !== undefined) input.sort = values.sort;
  return input;
}

export const shelfFieldProblems = {
  code: shelfCodeProblem,
  name: (value: unknown) => (typeof value === 'string' && value.trim().length > SHELF_NAME_MAX ? ShelfMessages.nameTooLong : null),
  sort: (value: unknown) =>
    value === null || value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= SHELF_SORT_MAX) ? null : ShelfMessages.sortInvalid,
};

/** What the batch form holds (InputNumber gives null when emptied). */
export interface ShelfBatchFormValues {
  prefix?: string;
  rowFrom?: number | null;
  rowTo?: number | null;
  levelFrom?: number | null;
  levelTo?: number | null;
}

export function shelfBatchInputOf(values: ShelfBatchFormValues): ShelfBatchInput {
  return {
    prefix: (values.prefix ?? '').trim(),
    rowFrom: values.rowFrom ?? 0,
    rowTo: values.rowTo ?? 0,
    levelFrom: values.levelFrom ?? null,
    levelTo: values.levelTo ?? null,
  };
}

export type BatchPreview = { kind: 'empty' } | { kind: 'problem'; problem: string } | { kind: 'codes'; count: number; shown: string[]; last: string | null };

/**
 * The preview under the batch form: nothing until a prefix and an end row are in, then the
 * shared checker's first problem or the codes (the first `limit`, and the last one when cut).
 */
export function batchPreview(values: ShelfBatchFormValues, limit = 48): BatchPreview {
  if (!(values.prefix ?? '').trim() && (values.rowTo ?? null) === null) return { kind: 'empty' };
  const batch = shelfBatchCodes(shelfBatchInputOf(values));
  if (batch.problem !== null) return { kind: 'problem', problem: batch.problem };
  const { codes } = batch;
  return { kind: 'codes', count: codes.length, shown: codes.slice(0, limit), last: codes.length > limit ? codes.at(-1)! : null };
}

/** A stock line's item: a SKU (style no., colour, size) or a material (code and name). */
export function stockItemOf(line: StockBalanceRecord): { no: string; name: string } {
  return line.itemType === 'material' ? { no: line.materialCode, name: line.materialName } : { no: line.styleNo, name: line.productName };
}
