import type {
  BuyerType,
  CatalogueBuyer,
  CataloguePage,
  CatalogueSeason,
  CatalogueStyleDetail,
  PageResult,
  SeasonInput,
  SeasonKind,
  SeasonRecord,
  SeasonStatus,
  SeasonStyleFilter,
  SeasonStyleRecord,
  SeasonStylesAdded,
} from '@erp/shared';
import { http } from './request.ts';
import type { CallOptions } from './request.ts';
import type { SearchOption } from './search-option.ts';
import type { ListParams } from './list-params.ts';

/** 订货 calls: 订货季 (HQ) and the buyer's catalogue. */
const BASE = '/admin/api/v1/ordering';

export interface SeasonFilters {
  keyword?: string;
  kind?: SeasonKind;
  status?: SeasonStatus;
}

export interface SeasonStyleFilters {
  keyword?: string;
}

/** The catalogue's filters; the buyer is chosen beside them (agents and HQ). */
export interface CatalogueFilters {
  seasonId?: number;
  brandId?: number;
  categoryId?: number;
  season?: string;
  year?: number;
  tagId?: number;
  keyword?: string;
}

export interface BuyerChoice {
  buyerType: BuyerType;
  buyerId: number;
}

export const orderingKeys = {
  seasons: ['ordering', 'seasons'] as const,
  seasonStyles: (seasonId: number) => ['ordering', 'seasons', seasonId, 'styles'] as const,
  productOptions: (keyword: string) => ['ordering', 'options', 'products', keyword] as const,
  buyers: (keyword: string) => ['ordering', 'catalogue', 'buyers', keyword] as const,
  openSeasons: ['ordering', 'catalogue', 'seasons'] as const,
  /** the brands the buyer may order (可订品牌) for the catalogue's filter */
  brands: (buyer: BuyerChoice | null) => ['ordering', 'catalogue', 'brands', buyer] as const,
  catalogue: ['ordering', 'catalogue', 'page'] as const,
  style: (productId: number, buyer: BuyerChoice | null, seasonId: number) => ['ordering', 'catalogue', 'style', productId, buyer, seasonId] as const,
};

const buyerParams = (buyer: BuyerChoice | null) => (buyer ? { buyerType: buyer.buyerType, buyerId: buyer.buyerId } : {});

export const orderingApi = {
  seasons: (params: ListParams<SeasonFilters>, signal?: AbortSignal) => http.get<PageResult<SeasonRecord>>(`${BASE}/seasons/page`, { ...params }, { signal }),
  createSeason: (input: SeasonInput, options?: CallOptions) => http.post<{ id: number }>(`${BASE}/seasons`, input, options),
  /** fields left out keep their value */
  updateSeason: (id: number, input: Partial<SeasonInput>, options?: CallOptions) => http.put<SeasonRecord>(`${BASE}/seasons/${id}`, input, options),
  seasonStyles: (seasonId: number, params: ListParams<SeasonStyleFilters>, signal?: AbortSignal) =>
    http.get<PageResult<SeasonStyleRecord>>(`${BASE}/seasons/${seasonId}/styles/page`, { ...params }, { signal }),
  addStyles: (seasonId: number, productIds: number[]) => http.post<SeasonStylesAdded>(`${BASE}/seasons/${seasonId}/styles`, { productIds }),
  addStylesByFilter: (seasonId: number, filter: SeasonStyleFilter) => http.post<SeasonStylesAdded>(`${BASE}/seasons/${seasonId}/styles/by-filter`, filter),
  removeStyles: (seasonId: number, productIds: number[]) => http.post<{ removed: number }>(`${BASE}/seasons/${seasonId}/styles/remove`, { productIds }),
  productOptions: (keyword: string, signal?: AbortSignal) => http.get<SearchOption[]>(`${BASE}/options/products`, keyword ? { keyword } : undefined, { signal, toast: false }),
  buyers: (keyword: string, signal?: AbortSignal) =>
    http.get<{ chooses: boolean; buyers: CatalogueBuyer[] }>(`${BASE}/catalogue/buyers`, keyword ? { keyword } : undefined, { signal }),
  openSeasons: (signal?: AbortSignal) => http.get<CatalogueSeason[]>(`${BASE}/catalogue/seasons`, undefined, { signal }),
  /** the enabled brands the buyer may order (every one when HQ limited none) */
  brands: (buyer: BuyerChoice | null, signal?: AbortSignal) => http.get<{ id: number; code: string; name: string }[]>(`${BASE}/catalogue/brands`, buyerParams(buyer), { signal }),
  catalogue: (buyer: BuyerChoice | null, params: ListParams<CatalogueFilters>, signal?: AbortSignal) =>
    http.get<CataloguePage>(`${BASE}/catalogue/page`, { ...params, ...buyerParams(buyer) }, { signal }),
  style: (productId: number, buyer: BuyerChoice | null, seasonId: number, signal?: AbortSignal) =>
    http.get<CatalogueStyleDetail>(`${BASE}/catalogue/styles/${productId}`, { ...buyerParams(buyer), seasonId }, { signal }),
};
