import type { ColumnType, Generated } from 'kysely';

/** Row types, one block per area, gathered into the Database interface Kysely checks queries against. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

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
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AgentsTable extends PartyColumns {
  province: Generated<string>;
  city: Generated<string>;
}

export interface ShopsTable extends PartyColumns {
  kind: 'direct' | 'franchise';
  agent_id: number | null;
  province: Generated<string>;
  city: Generated<string>;
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

export interface Database {
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
  auth_throttles: AuthThrottlesTable;
  sms_codes: SmsCodesTable;
  password_tickets: PasswordTicketsTable;
  registrations: RegistrationsTable;
  wechat_bindings: WechatBindingsTable;
  wechat_tickets: WechatTicketsTable;
}
