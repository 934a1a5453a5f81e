import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

/** Row types of the product area (materials 0013, master data 0012, products 0014); part of Database in schema.ts. */

export interface MaterialsTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** an item value of the `unit` dictionary */
  unit: string;
  specification: Generated<string>;
  /** an item value of the `material_category` dictionary (0013) */
  category: string;
  image_url: Generated<string>;
  supplier_id: number | null;
  cost_price_fen: number | null;
  remark: Generated<string>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

// ---- 商品资料 (0012): brands, categories, size groups and sizes, colours ----

export interface BrandsTable {
  id: Generated<number>;
  code: string;
  name: string;
  logo_url: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  remark: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ProductCategoriesTable {
  id: Generated<number>;
  /** null: a top-level category */
  parent_id: number | null;
  code: string;
  name: string;
  /** 1..3 */
  level: number;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SizeGroupsTable {
  id: Generated<number>;
  code: string;
  name: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  /** exactly one group is the default */
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SizesTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  sort: Generated<number>;
  created_at: CreatedAt;
}

// ---- 配码 (0027): size runs of a group and their pieces per size ----

export interface SizeRunsTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  /** at most one per group, and enabled */
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SizeRunCountsTable {
  run_id: number;
  size_id: number;
  /** 1..999 (a size the run holds none of has no row) */
  count: number;
}

export interface ColoursTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** #RRGGBB (upper case) or '' */
  hex: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

// ---- 商品 (0014): products (款) and their SKUs ----

export interface ProductsTable {
  id: Generated<number>;
  style_no: string;
  name: string;
  brand_id: number;
  category_id: number;
  year: number;
  /** item values of the season, gender and unit dictionaries */
  season: string;
  gender: string;
  unit: string;
  retail_price_fen: number;
  wholesale_price_fen: number;
  cost_price_fen: number;
  supplier_id: number | null;
  status: Generated<'on_sale' | 'off_sale'>;
  /** jsonb: [{ part?, fibres: [{ name, percent }] }] */
  composition: ColumnType<unknown, string | undefined, string>;
  /** jsonb: [{ symbol?, text }] */
  care: ColumnType<unknown, string | undefined, string>;
  grade: Generated<string>;
  safety_category: Generated<string>;
  standard: Generated<string>;
  main_image: Generated<string>;
  /** jsonb: image urls */
  gallery: ColumnType<unknown, string | undefined, string>;
  size_group_id: number;
  remark: Generated<string>;
  /** 0027: the run the style is ordered in by default (a run of its size group), 整手订货, 起订手数 (0: none) */
  size_run_id: Generated<number | null>;
  whole_runs: Generated<boolean>;
  min_runs: Generated<number>;
  /** the style no.'s and the name's characters and character pairs, kept by the database (0021: keyword search) */
  search_grams: GeneratedAlways<string[]>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SkusTable {
  id: Generated<number>;
  product_id: number;
  colour_id: number;
  size_id: number;
  barcode: string;
  seller_sku: string | null;
  marketplace_group: string | null;
  status: Generated<'active' | 'disabled'>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
