import type { OperationAction } from '@erp/shared';
import type { ColumnType, Generated } from 'kysely';
import type {
  MaterialsTable,
  BrandsTable,
  ProductCategoriesTable,
  SizeGroupsTable,
  SizesTable,
  SizeRunsTable,
  SizeRunCountsTable,
  ColoursTable,
  ProductsTable,
  SkusTable,
} from './schema-products.ts';

export type { MaterialsTable, BrandsTable, ProductCategoriesTable, SizeGroupsTable, SizesTable, SizeRunsTable, SizeRunCountsTable, ColoursTable, ProductsTable, SkusTable };
import type { WarehousesTable, ShelvesTable, StockMovesTable, StockBalancesTable, StockFreezesTable, IdempotencyKeysTable } from './schema-stock.ts';

export type { WarehousesTable, ShelvesTable, StockMovesTable, StockBalancesTable, StockFreezesTable, IdempotencyKeysTable };
import type { StockDocsTable, StockDocLinesTable, StockDocScansTable } from './schema-stock-docs.ts';
export type { StockDocsTable, StockDocLinesTable, StockDocScansTable };
import type { AccountBalancesTable, AccountEntriesTable, DocNumberDaysTable, DocumentEventsTable } from './schema-kernel.ts';
export type { AccountBalancesTable, AccountEntriesTable, DocNumberDaysTable, DocumentEventsTable };
import type { PurchaseOrdersTable, PurchaseOrderLinesTable, PurchaseRefundsTable, PurchaseRefundLinesTable } from './schema-purchasing.ts';
export type { PurchaseOrdersTable, PurchaseOrderLinesTable, PurchaseRefundsTable, PurchaseRefundLinesTable };
import type { DiscountPoliciesTable, SpecialDiscountsTable } from './schema-planning.ts';
export type { DiscountPoliciesTable, SpecialDiscountsTable };
import type {
  OrderingBuyerBrandsTable,
  OrderingCartLinesTable,
  OrderingQuotaEntriesTable,
  OrderingQuotasTable,
  OrderingSeasonsTable,
  OrderingSeasonStylesTable,
  SalesAllocationBalancesTable,
  SalesAllocationsTable,
  SalesOrderLinesTable,
  SalesOrdersTable,
  OrderingDatabase,
} from './schema-ordering.ts';
import type { FinanceDatabase } from './schema-finance.ts';
import type { AfterSalesDatabase } from './schema-aftersales.ts';
import type { AgentPlansDatabase } from './schema-agent-plans.ts';
import type { ShopInventoryDatabase } from './schema-shop-inventory.ts';
import type { TagGroupsTable, TagLinksTable, TagsTable, TagsDatabase } from './schema-tags.ts';
export type { TagGroupsTable, TagLinksTable, TagsTable };
export type {
  OrderingBuyerBrandsTable,
  OrderingCartLinesTable,
  OrderingQuotaEntriesTable,
  OrderingQuotasTable,
  OrderingSeasonsTable,
  OrderingSeasonStylesTable,
  SalesAllocationBalancesTable,
  SalesAllocationsTable,
  SalesOrderLinesTable,
  SalesOrdersTable,
};

/** Row types, one block per area, gathered into the Database interface Kysely checks queries against. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface SystemSettingsTable {
  key: string;
  value: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface PartyColumns {
  id: Generated<number>;
  code: string;
  name: string;
  contact_name: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  /** 0009 */
  remark: Generated<string>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AgentsTable extends PartyColumns {
  province: Generated<string>;
  city: Generated<string>;
  /** an item value of the `agent_level` dictionary, '' when none is assigned (0026) */
  level: Generated<string>;
}

export interface ShopsTable extends PartyColumns {
  kind: 'direct' | 'franchise';
  agent_id: number | null;
  province: Generated<string>;
  city: Generated<string>;
  /** an item value of the `region` dictionary, '' when not assigned (0009) */
  region: Generated<string>;
  manager_name: Generated<string>;
  /** square metres */
  area_sqm: number | null;
  /** DATE, read as YYYY-MM-DD text (to_char) to keep the calendar day */
  opened_on: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export type SuppliersTable = PartyColumns;

export interface UsersTable {
  id: Generated<number>;
  account: string;
  password_hash: string;
  name: Generated<string>;
  phone: string | null;
  image: Generated<string>;
  role_type: 'manager' | 'agent' | 'shop' | 'supplier';
  active: Generated<boolean>;
  enabled: Generated<boolean>;
  deleted_at: Date | null;
  parent_id: number | null;
  agent_id: number | null;
  shop_id: number | null;
  supplier_id: number | null;
  last_login_at: Date | null;
  previous_login_at: Date | null;
  password_changed_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  remark: Generated<string>;
  enabled: Generated<boolean>;
  /** shipped with the system (admin, agent, shop, supplier): never deleted, code fixed */
  builtin: Generated<boolean>;
  /** 0011: the sub-user whose private role this is (never listed in 角色管理); null for shared roles */
  owner_user_id: Generated<number | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export type MenuType = 'dir' | 'menu' | 'button' | 'link';

export interface MenusTable {
  id: Generated<number>;
  parent_id: number | null;
  type: MenuType;
  name: string;
  path: Generated<string>;
  redirect: Generated<string>;
  component: Generated<string>;
  title: string;
  icon: Generated<string>;
  sort: Generated<number>;
  permission: Generated<string>;
  keep_alive: Generated<boolean>;
  hidden: Generated<boolean>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RoleMenusTable {
  role_id: number;
  menu_id: number;
}

export interface LoginDevicesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  role_type: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface AuthThrottlesTable {
  key: string;
  failures: number;
  last_failure_at: Timestamp;
  locked_until: Date | null;
}

/** Change counters of caches every server process keeps (0022): 'access' = menus, roles, grants, members. */
export interface CacheVersionsTable {
  name: string;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: 'login' | 'reset' | 'register' | 'phone';
  code_hash: string;
  delivered: boolean;
  expires_at: Date;
  wrong_tries: Generated<number>;
  consumed_at: Date | null;
  ip: Generated<string>;
  created_at: CreatedAt;
}

export interface PasswordTicketsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: 'activate' | 'reset';
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface RegistrationsTable {
  id: Generated<number>;
  account: string;
  password_hash: string;
  phone: string;
  applicant_type: 'agent' | 'shop' | 'supplier';
  business_name: string;
  contact_name: Generated<string>;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reject_reason: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  user_id: number | null;
  ip: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface WechatBindingsTable {
  id: Generated<number>;
  user_id: number;
  openid: string;
  unionid: Generated<string>;
  nickname: Generated<string>;
  created_at: CreatedAt;
}

export interface WechatTicketsTable {
  id: Generated<number>;
  sign_hash: string;
  purpose: 'login' | 'bind';
  user_id: number | null;
  status: Generated<'pending' | 'confirmed' | 'consumed'>;
  openid: Generated<string>;
  nickname: Generated<string>;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface DictsTable {
  id: Generated<number>;
  dict_code: string;
  name: string;
  remark: Generated<string>;
  status: Generated<'enabled' | 'disabled'>;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DictItemsTable {
  id: Generated<number>;
  dict_id: number;
  name: string;
  value: string;
  remark: Generated<string>;
  status: Generated<'enabled' | 'disabled'>;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UploadsTable {
  id: Generated<number>;
  /** the upload's path category (UPLOAD_PATH_CATEGORIES) */
  category: string;
  kind: 'image' | 'video';
  original_name: Generated<string>;
  /** bytes as stored (images after re-encoding) */
  size: number;
  content_type: string;
  storage_key: string;
  width: number | null;
  height: number | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface OperationLogsTable {
  id: Generated<number>;
  user_id: number | null;
  account: Generated<string>;
  user_name: Generated<string>;
  role_type: Generated<string>;
  action: OperationAction;
  module: Generated<string>;
  summary: Generated<string>;
  method: string;
  path: string;
  target_id: Generated<string>;
  result: 'success' | 'failure';
  code: Generated<string>;
  message: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  duration_ms: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface Database extends OrderingDatabase, FinanceDatabase, TagsDatabase, AfterSalesDatabase, AgentPlansDatabase, ShopInventoryDatabase {
  purchase_orders: PurchaseOrdersTable;
  discount_policies: DiscountPoliciesTable;
  special_discounts: SpecialDiscountsTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  purchase_refunds: PurchaseRefundsTable;
  purchase_refund_lines: PurchaseRefundLinesTable;
  doc_number_days: DocNumberDaysTable;
  document_events: DocumentEventsTable;
  account_balances: AccountBalancesTable;
  account_entries: AccountEntriesTable;
  system_settings: SystemSettingsTable;
  agents: AgentsTable;
  shops: ShopsTable;
  suppliers: SuppliersTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  menus: MenusTable;
  role_menus: RoleMenusTable;
  sessions: SessionsTable;
  login_devices: LoginDevicesTable;
  auth_throttles: AuthThrottlesTable;
  cache_versions: CacheVersionsTable;
  sms_codes: SmsCodesTable;
  password_tickets: PasswordTicketsTable;
  registrations: RegistrationsTable;
  wechat_bindings: WechatBindingsTable;
  wechat_tickets: WechatTicketsTable;
  dicts: DictsTable;
  dict_items: DictItemsTable;
  uploads: UploadsTable;
  operation_logs: OperationLogsTable;
  brands: BrandsTable;
  product_categories: ProductCategoriesTable;
  size_groups: SizeGroupsTable;
  sizes: SizesTable;
  size_runs: SizeRunsTable;
  size_run_counts: SizeRunCountsTable;
  colours: ColoursTable;
  materials: MaterialsTable;
  products: ProductsTable;
  skus: SkusTable;
  warehouses: WarehousesTable;
  shelves: ShelvesTable;
  stock_moves: StockMovesTable;
  stock_balances: StockBalancesTable;
  stock_freezes: StockFreezesTable;
  idempotency_keys: IdempotencyKeysTable;
  stock_docs: StockDocsTable;
  stock_doc_lines: StockDocLinesTable;
  stock_doc_scans: StockDocScansTable;
}
