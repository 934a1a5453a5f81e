import {
  barcodeProblem,
  barcodeTaken,
  PRODUCT_IMPORT_COLUMNS,
  ProductImportLimits,
  ProductImportMessages,
  ProductImportRowMessages as M,
  ProductLimits,
  ProductMessages,
  sellerSkuTaken,
  styleNoTaken,
  type ProductImportError,
  type ProductImportRow,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { ProductValues } from './products.repo.ts';
import { checkFields, referenceProblem } from './products.validate.ts';
import { PRODUCT_KEYS, productFields, TITLES, type Cells } from './products-import.fields.ts';
import { loadImportRefs, type ImportRefs } from './products-import.refs.ts';
import { barcodesTakenMany, sellerSkusTaken, styleNosTaken } from './products-import.repo.ts';

// The import check: rows sharing a 款号 (whatever its case) are one product whose product cells
// come from its first row; every row is a SKU. All problems are collected (a product problem on
// the product's first row, a SKU problem on its own row); the database is asked in batches.

export interface PreparedSku {
  row: number;
  colourId: number;
  sizeId: number;
  /** null: an automatic barcode */
  barcode: string | null;
  sellerSku: string | null;
  marketplaceGroup: string | null;
}

export interface PreparedProduct {
  firstRow: number;
  values: ProductValues;
  skus: PreparedSku[];
}

export interface ImportCheckResult {
  products: number;
  skus: number;
  errors: ProductImportError[];
  /** complete only when there are no errors */
  prepared: PreparedProduct[];
}

interface Line {
  row: number;
  cells: Cells;
}

const KEYS = PRODUCT_IMPORT_COLUMNS.map((c) => c.key);

class Problems {
  readonly list: ProductImportError[] = [];
  private readonly seen = new Set<string>();
  add(line: Line, reason: string) {
    const key = `${line.row}\u0000${reason}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ row: line.row, styleNo: line.cells.styleNo, reason });
  }
}

/** Trimmed cells; a row with a cell over the limit is refused whole. */
function linesOf(rows: readonly ProductImportRow[], problems: Problems): Map<string, Line[]> {
  const groups = new Map<string, Line[]>();
  for (const raw of rows) {
    const cells = Object.fromEntries(KEYS.map((k) => [k, (raw[k] ?? '').trim()])) as Cells;
    const line = { row: raw.row, cells };
    if (KEYS.some((k) => (raw[k] ?? '').length > ProductImportLimits.cellMax)) {
      problems.add(line, ProductImportMessages.cellTooLong);
      continue;
    }
    if (!cells.styleNo) {
      problems.add(line, M.required(TITLES.styleNo));
      continue;
    }
    const key = cells.styleNo.toLowerCase();
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return groups;
}

/** What the whole file has used so far: barcodes and seller SKUs, each with the row that used it first. */
interface FileState {
  barcodes: Map<string, number>;
  sellerSkus: Map<string, number>;
}

function skuOf(line: Line, refs: ImportRefs, groupId: number | undefined, groupName: string, seen: Map<string, number>, file: FileState, problems: Problems): PreparedSku | null {
  const c = line.cells;
  const before = problems.list.length;
  let colourId: number | undefined;
  if (!c.colour) problems.add(line, M.required(TITLES.colour));
  else {
    const found = refs.colour(c.colour);
    if (found && 'item' in found && found.item.enabled) colourId = found.item.id;
    else problems.add(line, M.notFound('颜色', c.colour));
  }
  let sizeId: number | undefined;
  if (!c.size) problems.add(line, M.required(TITLES.size));
  else if (groupId !== undefined) {
    sizeId = refs.size(groupId, c.size)?.id;
    if (sizeId === undefined) problems.add(line, M.sizeNotInGroup(c.size, groupName));
  }
  if (colourId !== undefined && sizeId !== undefined) {
    const combo = `${colourId}:${sizeId}`;
    const first = seen.get(combo);
    if (first !== undefined) problems.add(line, M.skuDuplicate(c.colour, c.size, first));
    else seen.set(combo, line.row);
  }
  if (c.barcode) {
    const problem = barcodeProblem(c.barcode);
    const first = file.barcodes.get(c.barcode);
    if (problem) problems.add(line, problem);
    else if (first !== undefined) problems.add(line, M.barcodeDuplicate(c.barcode, first));
    else file.barcodes.set(c.barcode, line.row);
  }
  // the rules of PUT /skus/{id}
  const sellerSku = c.sellerSku || null;
  const group = c.marketplaceGroup || null;
  if (sellerSku && sellerSku.length > ProductLimits.sellerSkuMax) problems.add(line, ProductMessages.sellerSkuTooLong);
  else if (group && group.length > ProductLimits.marketplaceGroupMax) problems.add(line, ProductMessages.marketplaceGroupTooLong);
  else if (sellerSku && !group) problems.add(line, ProductMessages.sellerSkuNeedsGroup);
  else if (sellerSku && group) {
    const key = `${group}\u0000${sellerSku}`;
    const first = file.sellerSkus.get(key);
    if (first !== undefined) problems.add(line, M.sellerSkuDuplicate(group, sellerSku, first));
    else file.sellerSkus.set(key, line.row);
  }
  if (problems.list.length > before || colourId === undefined || sizeId === undefined) return null;
  return { row: line.row, colourId, sizeId, barcode: c.barcode || null, sellerSku, marketplaceGroup: group };
}

/** One style no.: its product cells, then each SKU row. */
function checkProduct(lines: Line[], refs: ImportRefs, file: FileState, problems: Problems): PreparedProduct | null {
  const first = lines[0]!;
  for (const line of lines.slice(1)) {
    for (const key of PRODUCT_KEYS) {
      if (line.cells[key] && line.cells[key] !== first.cells[key]) problems.add(line, M.inconsistent(first.row, TITLES[key]));
    }
  }
  const before = problems.list.length;
  const resolved = productFields(first.cells, refs);
  if ('problems' in resolved) for (const reason of resolved.problems) problems.add(first, reason);
  const fields = 'fields' in resolved ? resolved.fields : null;
  const seen = new Map<string, number>();
  const skus = lines.map((line) => skuOf(line, refs, fields?.sizeGroup.id ?? undefined, fields?.sizeGroup.name ?? '', seen, file, problems)).filter((s) => s !== null);
  if (!fields) return null;
  const skuProblems = problems.list.length > before;
  const colourIds = [...new Set(skus.map((s) => s.colourId))];
  const sizeIds = [...new Set(skus.map((s) => s.sizeId))];
  const checked = checkFields({ ...fields.body, colourIds, sizeIds });
  if ('problem' in checked) {
    // no colour or size left: the rows already say why
    const noGrid = checked.problem === ProductMessages.coloursRequired || checked.problem === ProductMessages.sizesRequired;
    if (!(noGrid && skuProblems)) problems.add(first, checked.problem);
    return null;
  }
  const refProblem = referenceProblem(checked.checked, refs.dicts.sets, {
    brand: true,
    category: true,
    supplier: true,
    group: fields.sizeGroup,
    colours: colourIds.map((id) => refs.coloursById.get(id)!),
    sizes: sizeIds.map((id) => refs.sizesById.get(id)!),
  });
  if (refProblem) {
    problems.add(first, refProblem);
    return null;
  }
  return { firstRow: first.row, values: checked.checked.values, skus };
}

/** Every problem of the rows (sorted by row), and the products ready to insert when there is none. */
export async function checkImportRows(db: Db, rows: readonly ProductImportRow[]): Promise<ImportCheckResult> {
  const problems = new Problems();
  const groups = linesOf(rows, problems);
  const refs = await loadImportRefs(db);
  const file: FileState = { barcodes: new Map(), sellerSkus: new Map() };
  const prepared: PreparedProduct[] = [];
  let skuCount = 0;
  for (const lines of groups.values()) {
    skuCount += lines.length;
    const product = checkProduct(lines, refs, file, problems);
    if (product) prepared.push(product);
  }

  // what the database already holds
  const firstLines = [...groups.values()].map((lines) => lines[0]!);
  const [styles, barcodes, sellerSkus] = await Promise.all([
    styleNosTaken(db, [...groups.keys()]),
    barcodesTakenMany(db, [...file.barcodes.keys()]),
    sellerSkusTaken(db, [...new Set([...file.sellerSkus.keys()].map((k) => k.split('\u0000')[1]!))]),
  ]);
  for (const line of firstLines) if (styles.has(line.cells.styleNo.toLowerCase())) problems.add(line, styleNoTaken(line.cells.styleNo));
  for (const lines of groups.values()) {
    for (const line of lines) {
      const { barcode, marketplaceGroup, sellerSku } = line.cells;
      if (barcode && barcodes.has(barcode) && file.barcodes.get(barcode) === line.row) problems.add(line, barcodeTaken(barcode));
      const key = `${marketplaceGroup}\u0000${sellerSku}`;
      if (sellerSku && sellerSkus.has(key) && file.sellerSkus.get(key) === line.row) problems.add(line, sellerSkuTaken(marketplaceGroup, sellerSku));
    }
  }

  const errors = problems.list.sort((a, b) => a.row - b.row);
  return { products: groups.size, skus: skuCount, errors, prepared: errors.length === 0 ? prepared : [] };
}
