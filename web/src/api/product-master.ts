import type { PageResult } from '@erp/shared';
import { http } from './request.ts';
import type { ListParams } from './list-params.ts';

/** 商品资料 calls and records (the server's answers, field for field). */
const BASE = '/admin/api/v1';

export interface Brand {
  id: number;
  code: string;
  name: string;
  logoUrl: string;
  sort: number;
  enabled: boolean;
  remark: string;
  createdAt: string;
  updatedAt: string;
}
export type BrandInput = Pick<Brand, 'code' | 'name' | 'logoUrl' | 'sort' | 'enabled' | 'remark'>;
/** an enabled brand, for selects (GET brands/options: any signed-in user) */
export type BrandOption = Pick<Brand, 'id' | 'code' | 'name' | 'logoUrl'>;

export interface Colour {
  id: number;
  code: string;
  name: string;
  hex: string;
  sort: number;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}
export type ColourInput = Pick<Colour, 'code' | 'name' | 'hex' | 'sort' | 'enabled'>;
/** an enabled colour, for selects (GET colours/options: any signed-in user) */
export type ColourOption = Pick<Colour, 'id' | 'code' | 'name' | 'hex'>;

export interface Category {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  level: number;
  sort: number;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  children?: Category[];
}
export type CategoryInput = Pick<Category, 'parentId' | 'code' | 'name' | 'sort' | 'enabled'>;

export interface SizeGroup {
  id: number;
  code: string;
  name: string;
  sort: number;
  enabled: boolean;
  isDefault: boolean;
  sizes: { id: number; name: string; sort: number }[];
  createdAt: string;
  updatedAt: string;
}
export interface SizeGroupInput {
  code: string;
  name: string;
  sort: number;
  enabled: boolean;
  /** every size, in display order */
  sizes: string[];
}

export interface MasterFilters {
  keyword?: string;
  enabled?: 'true' | 'false';
}

export const masterKeys = {
  brands: ['product-master', 'brands'] as const,
  colours: ['product-master', 'colours'] as const,
  categories: ['product-master', 'categories'] as const,
  sizeGroups: ['product-master', 'size-groups'] as const,
};

export const brandApi = {
  page: (params: ListParams<MasterFilters>, signal?: AbortSignal) => http.get<PageResult<Brand>>(`${BASE}/brands/page`, { ...params }, { signal }),
  options: (signal?: AbortSignal) => http.get<BrandOption[]>(`${BASE}/brands/options`, undefined, { signal }),
  create: (input: BrandInput) => http.post<{ id: number }>(`${BASE}/brands`, input),
  /** fields left out keep their value */
  update: (id: number, input: Partial<BrandInput>) => http.put<Brand>(`${BASE}/brands/${id}`, input),
  remove: (id: number) => http.delete<null>(`${BASE}/brands/${id}`),
};

export const colourApi = {
  page: (params: ListParams<MasterFilters>, signal?: AbortSignal) => http.get<PageResult<Colour>>(`${BASE}/colours/page`, { ...params }, { signal }),
  options: (signal?: AbortSignal) => http.get<ColourOption[]>(`${BASE}/colours/options`, undefined, { signal }),
  create: (input: ColourInput) => http.post<{ id: number }>(`${BASE}/colours`, input),
  update: (id: number, input: Partial<ColourInput>) => http.put<Colour>(`${BASE}/colours/${id}`, input),
  remove: (id: number) => http.delete<null>(`${BASE}/colours/${id}`),
};

export const categoryApi = {
  tree: () => http.get<Category[]>(`${BASE}/product-categories/tree`),
  create: (input: CategoryInput) => http.post<{ id: number }>(`${BASE}/product-categories`, input),
  update: (id: number, input: Partial<CategoryInput>) => http.put<Category>(`${BASE}/product-categories/${id}`, input),
  remove: (id: number) => http.delete<null>(`${BASE}/product-categories/${id}`),
};

export const sizeGroupApi = {
  list: () => http.get<SizeGroup[]>(`${BASE}/size-groups`),
  create: (input: SizeGroupInput) => http.post<{ id: number }>(`${BASE}/size-groups`, input),
  update: (id: number, input: Partial<SizeGroupInput>) => http.put<SizeGroup>(`${BASE}/size-groups/${id}`, input),
  setDefault: (id: number) => http.put<SizeGroup>(`${BASE}/size-groups/${id}/default`, {}),
  remove: (id: number) => http.delete<null>(`${BASE}/size-groups/${id}`),
};
