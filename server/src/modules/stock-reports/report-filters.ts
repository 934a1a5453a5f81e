import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { isCalendarDay, StockReportMessages } from '@erp/shared';
import { badRequest } from '../../http/app-error.ts';
import { nameContains } from '../products/name-search.ts';

// Filters the stock reports share. The SQL fragments read the product as alias `p` and the SKU as
// `k`; values always travel as parameters.

export interface ProductFilter {
  /** style no. prefix, name contains, or a barcode of one of its SKUs */
  keyword?: string;
  brandId?: number;
  categoryId?: number;
}

const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conditions on `p` (products) for the filter; the category includes its descendants (three levels at most). */
export function productConditions(filter: ProductFilter): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = [];
  if (filter.keyword) {
    const kw = filter.keyword;
    out.push(
      // the barcode's product found once, as an array the primary key can take: each arm then has an
      // index (style-no. prefix, character pairs, id) and a rare keyword is a BitmapOr, not a walk
      sql<SqlBool>`(lower(p.style_no) like ${prefixPattern(kw.toLowerCase())} or ${nameContains('p', kw)}
        or p.id = any(array(select bk.product_id from skus bk where bk.barcode = ${kw})))`,
    );
  }
  if (filter.brandId !== undefined) out.push(sql<SqlBool>`p.brand_id = ${filter.brandId}`);
  if (filter.categoryId !== undefined) {
    const id = filter.categoryId;
    out.push(
      sql<SqlBool>`(p.category_id = ${id} or p.category_id in (select c1.id from product_categories c1 where c1.parent_id = ${id}
        or c1.parent_id in (select c2.id from product_categories c2 where c2.parent_id = ${id})))`,
    );
  }
  return out;
}

// the business day (DESIGN §3)
const BUSINESS_OFFSET = '+08:00';

export interface DayRange {
  /** first moment of dateFrom, or null = from the beginning */
  start: Date | null;
  /** first moment after dateTo, or null = up to now */
  end: Date | null;
}

/** A date range of whole business days (both ends inclusive); each end is optional. */
export function dayRange(dateFrom: string | undefined, dateTo: string | undefined): DayRange {
  const from = dateFrom?.trim() || undefined;
  const to = dateTo?.trim() || undefined;
  if (from !== undefined && !isCalendarDay(from)) throw badRequest(StockReportMessages.dateFromInvalid);
  if (to !== undefined && !isCalendarDay(to)) throw badRequest(StockReportMessages.dateToInvalid);
  if (from && to && from > to) throw badRequest(StockReportMessages.dateOrder);
  const start = from ? new Date(`${from}T00:00:00${BUSINESS_OFFSET}`) : null;
  const end = to ? new Date(new Date(`${to}T00:00:00${BUSINESS_OFFSET}`).getTime() + 86_400_000) : null;
  return { start, end };
}

/** `(<column> >= start and <column> < end)` for the set ends, or true. */
export function withinRange(column: string, range: DayRange): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  if (range.start) parts.push(sql<SqlBool>`${sql.ref(column)} >= ${range.start}`);
  if (range.end) parts.push(sql<SqlBool>`${sql.ref(column)} < ${range.end}`);
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
}
