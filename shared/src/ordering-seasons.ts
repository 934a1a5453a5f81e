/**
 * 订货季 (ordering seasons) and the buyer's catalogue (issue 17, "Catalogue, cart, orders"): a
 * season offers styles between two Asia/Shanghai days, both inclusive; 现货 (spot) sells from
 * stock, 期货 (pre-order) before the goods exist. The rules and messages the server enforces and
 * the forms apply before sending; whether a code is free or a style exists only the server can tell.
 */
import type { PriceStep } from './ordering-pricing.ts';
import type { BuyerType } from './planning.ts';
import { DAY_INVALID_MESSAGE, isCalendarDay } from './validators.ts';

export const SEASON_KINDS = ['spot', 'preorder'] as const;
export type SeasonKind = (typeof SEASON_KINDS)[number];
export const SEASON_KIND_LABELS: Record<SeasonKind, string> = { spot: '现货', preorder: '期货' };

/** Where a season stands on a day: not yet open, open, closed, or switched off. */
export const SEASON_STATUSES = ['upcoming', 'open', 'ended', 'disabled'] as const;
export type SeasonStatus = (typeof SEASON_STATUSES)[number];
export const SEASON_STATUS_LABELS: Record<SeasonStatus, string> = { upcoming: '未开始', open: '进行中', ended: '已结束', disabled: '已停用' };

export const SEASON_CODE_MAX = 32;
export const SEASON_NAME_MAX = 40;
export const SEASON_REMARK_MAX = 200;
/** Styles added or removed by id in one call (a picker's page at most). */
export const SEASON_STYLES_BATCH_MAX = 500;
/** Styles one filter may add at once: a season is a range, not the whole product master. */
export const SEASON_STYLES_FILTER_MAX = 2_000;
/** Letters, digits, - and _: a code people type and print. */
const SEASON_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

export const OrderingMessages = {
  codeRequired: '请输入订货季编码',
  codeInvalid: `订货季编码只能包含字母、数字、-和_，最多${SEASON_CODE_MAX}个字符`,
  nameRequired: '请输入订货季名称',
  nameTooLong: `订货季名称不能超过${SEASON_NAME_MAX}个字符`,
  kindInvalid: '订货类型只能是现货或期货',
  opensOnRequired: '请选择开始日期',
  closesOnRequired: '请选择结束日期',
  dayInvalid: DAY_INVALID_MESSAGE,
  rangeInvalid: '开始日期不能晚于结束日期',
  remarkTooLong: `备注不能超过${SEASON_REMARK_MAX}个字符`,
  enabledInvalid: '启用状态不正确',
  seasonNotFound: '订货季不存在',
  kindFixed: '订货季已有款式，不能修改订货类型',
  stylesRequired: '请选择款式',
  stylesTooMany: `一次最多选择${SEASON_STYLES_BATCH_MAX}个款式`,
  stylesUnknown: '所选款式不存在',
  filterRequired: '请至少设置品牌、商品分类、季节、标签中的一项',
  filterTooMany: `符合条件的款式超过${SEASON_STYLES_FILTER_MAX}个，请缩小范围`,
  brandNotFound: '品牌不存在',
  categoryNotFound: '商品分类不存在',
  tagNotFound: '标签不存在或不适用于商品',
  buyerRequired: '请选择购货方',
  buyerNotFound: '购货方不存在或已停用',
  styleNotInCatalogue: '该款式不在当前开放的订货季中',
  created: '新增成功',
  updated: '修改成功',
  enabled: '已启用',
  disabled: '已停用',
} as const;

/** 款式 YS1、YS2 已下架，不能加入订货季 (the first five named) */
export const stylesOffSale = (styleNos: readonly string[]) =>
  `款式 ${styleNos.slice(0, 5).join('、')}${styleNos.length > 5 ? ` 等${styleNos.length}个` : ''} 已下架，不能加入订货季`;
export const seasonCodeTaken = (code: string) => `订货季编码“${code}”已存在`;
/** 已加入 3 个款式（2 个已在订货季中，1 个已下架未加入） */
export function stylesAddedText(result: SeasonStylesAdded): string {
  const notes = [result.already ? `${result.already} 个已在订货季中` : '', result.offSale ? `${result.offSale} 个已下架未加入` : ''].filter(Boolean);
  return `已加入 ${result.added} 个款式${notes.length ? `（${notes.join('，')}）` : ''}`;
}

export interface SeasonInput {
  code: string;
  name: string;
  kind: SeasonKind;
  /** yyyy-mm-dd, Asia/Shanghai, inclusive */
  opensOn: string;
  closesOn: string;
  remark?: string | null;
  enabled?: boolean | null;
}

export interface SeasonRecord {
  id: number;
  code: string;
  name: string;
  kind: SeasonKind;
  opensOn: string;
  closesOn: string;
  status: SeasonStatus;
  styleCount: number;
  remark: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SeasonStyleRecord {
  productId: number;
  styleNo: string;
  name: string;
  brandName: string;
  categoryName: string;
  year: number;
  /** the product's season (dictionary value) and its name */
  season: string;
  seasonName: string;
  mainImage: string;
  wholesalePriceFen: number;
  /** on_sale | off_sale: an off-sale style stays listed here but leaves the catalogue */
  status: string;
  addedAt: string;
}

/** Add by filter: at least one field; categories match with their children. */
export interface SeasonStyleFilter {
  brandId?: number | null;
  categoryId?: number | null;
  season?: string | null;
  tagId?: number | null;
}

export interface SeasonStylesAdded {
  added: number;
  /** already in the season */
  already: number;
  /** matched but off sale (never added) */
  offSale: number;
}

/** A buyer the caller may order for: an agent itself, one of its shops, a shop itself (HQ: any). */
export interface CatalogueBuyer {
  type: BuyerType;
  id: number;
  code: string;
  name: string;
  /** 代理商 · 一级代理 / 加盟店 · 隶属 … */
  description: string;
}

/** A season open today, as the catalogue's filter offers it. */
export interface CatalogueSeason {
  id: number;
  code: string;
  name: string;
  kind: SeasonKind;
  opensOn: string;
  closesOn: string;
}

export interface CatalogueSku {
  skuId: number;
  colourId: number;
  colourCode: string;
  colourName: string;
  colourHex: string;
  sizeId: number;
  sizeName: string;
  sizeSort: number;
  barcode: string;
  /** HQ stock ready to sell (spot seasons); null for a pre-order season */
  available: number | null;
  /** 预计到货: what HQ's audited purchase orders still expect (pre-order seasons); null for a spot season */
  expected: number | null;
}

export interface CatalogueStyle {
  seasonId: number;
  seasonName: string;
  seasonKind: SeasonKind;
  productId: number;
  styleNo: string;
  name: string;
  brandName: string;
  categoryName: string;
  year: number;
  season: string;
  seasonLabel: string;
  mainImage: string;
  wholesalePriceFen: number;
  /** the buyer's price, priced by the server from the rules in force today */
  unitPriceFen: number;
  /** the sum of the SKUs' available stock (spot); null for pre-order */
  totalAvailable: number | null;
  skus: CatalogueSku[];
}

export interface CatalogueStyleDetail extends CatalogueStyle {
  gallery: string[];
  steps: PriceStep[];
  remark: string;
}

export interface CataloguePage {
  buyer: CatalogueBuyer;
  day: string;
  records: CatalogueStyle[];
  total: number;
}

type Loose<T> = { [K in keyof T]?: unknown };
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const absent = (value: unknown) => value === null || value === undefined;

export function seasonCodeProblem(code: unknown): string | null {
  const value = text(code);
  if (!value) return OrderingMessages.codeRequired;
  return value.length <= SEASON_CODE_MAX && SEASON_CODE_PATTERN.test(value) ? null : OrderingMessages.codeInvalid;
}

function dayRangeProblem(from: unknown, to: unknown): string | null {
  if (absent(from) || from === '') return OrderingMessages.opensOnRequired;
  if (!isCalendarDay(from)) return OrderingMessages.dayInvalid;
  if (absent(to) || to === '') return OrderingMessages.closesOnRequired;
  if (!isCalendarDay(to)) return OrderingMessages.dayInvalid;
  return from > to ? OrderingMessages.rangeInvalid : null;
}

/** The first problem of a season, in form order. */
export function seasonInputProblem(input: Loose<SeasonInput>): string | null {
  const name = text(input.name);
  if (!absent(input.remark) && typeof input.remark !== 'string') return OrderingMessages.remarkTooLong;
  return (
    seasonCodeProblem(input.code) ??
    (name === '' ? OrderingMessages.nameRequired : name.length > SEASON_NAME_MAX ? OrderingMessages.nameTooLong : null) ??
    ((SEASON_KINDS as readonly unknown[]).includes(input.kind) ? null : OrderingMessages.kindInvalid) ??
    dayRangeProblem(input.opensOn, input.closesOn) ??
    (text(input.remark).length > SEASON_REMARK_MAX ? OrderingMessages.remarkTooLong : null) ??
    (absent(input.enabled) || typeof input.enabled === 'boolean' ? null : OrderingMessages.enabledInvalid)
  );
}

/**
 * Where a season stands on `day` (yyyy-mm-dd, Asia/Shanghai): both ends are inclusive, so a season
 * closing today is still open all of today; a disabled season is 已停用 whatever its dates.
 */
export function seasonStatusOn(season: { enabled: boolean; opensOn: string; closesOn: string }, day: string): SeasonStatus {
  if (!season.enabled) return 'disabled';
  if (day < season.opensOn) return 'upcoming';
  return day > season.closesOn ? 'ended' : 'open';
}

/** Does the filter set anything to match on? */
export function seasonStyleFilterSet(filter: SeasonStyleFilter): boolean {
  return !absent(filter.brandId) || !absent(filter.categoryId) || text(filter.season) !== '' || !absent(filter.tagId);
}
