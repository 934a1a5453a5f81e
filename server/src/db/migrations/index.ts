import type { Migration } from 'kysely';
import * as m0001 from './0001_identity.ts';
import * as m0002 from './0002_sms_and_tickets.ts';
import * as m0003 from './0003_wechat.ts';
import * as m0004 from './0004_shell_pages.ts';
import * as m0005 from './0005_dictionaries.ts';
import * as m0006 from './0006_uploads.ts';
import * as m0007 from './0007_operation_log.ts';
import * as m0008 from './0008_roles_admin.ts';
import * as m0009 from './0009_parties.ts';
import * as m0010 from './0010_tags.ts';
import * as m0011 from './0011_sub_users.ts';
import * as m0012 from './0012_product_master.ts';
import * as m0013 from './0013_materials.ts';
import * as m0014 from './0014_products.ts';
import * as m0015 from './0015_products_screen.ts';
import * as m0016 from './0016_warehouses.ts';
import * as m0017 from './0017_stock_documents.ts';
import * as m0018 from './0018_purchasing.ts';
import * as m0019 from './0019_document_kernel.ts';
import * as m0021 from './0021_lists_at_volume.ts';
import * as m0022 from './0022_cache_versions.ts';
import * as m0023 from './0023_session_cache.ts';
import * as m0024 from './0024_overseas_menu_title.ts';
import * as m0025 from './0025_stock_balance_limit.ts';
import * as m0026 from './0026_pricing_policies.ts';
import * as m0027 from './0027_size_runs.ts';
import * as m0028 from './0028_ordering_seasons.ts';
import * as m0029 from './0029_sales_orders.ts';
import * as m0030 from './0030_ordering_quotas.ts';
import * as m0031 from './0031_sales_allocation.ts';
import * as m0032 from './0032_ordering_cart.ts';
import * as m0033 from './0033_ordering_reports.ts';
import * as m0034 from './0034_buyer_brands.ts';
import * as m0035 from './0035_finance.ts';
import * as m0036 from './0036_finance_statements.ts';
import * as m0037 from './0037_finance_rebates.ts';
import * as m0038 from './0038_sales_returns.ts';
import * as m0039 from './0039_shop_inventory_reports.ts';
import * as m0040 from './0040_agent_plans.ts';
import * as m0041 from './0041_reorders.ts';
import * as m0042 from './0042_delivery_differences.ts';
import * as m0044 from './0044_payment_evidence.ts';
import * as m0043 from './0043_swap_transit.ts';
import * as m0045 from './0045_cache_notify.ts';
import * as m0046 from './0046_login_devices.ts';
import * as m0047 from './0047_delivery_info_menu.ts';
import * as m0048 from './0048_operation_actions.ts';
import * as m0050 from './0050_payment_order.ts';

/** Ordered migrations, bundled with the server (no file-system lookup at run time). */
export const migrations: Record<string, Migration> = {
  '0001_identity': m0001,
  '0002_sms_and_tickets': m0002,
  '0003_wechat': m0003,
  '0004_shell_pages': m0004,
  '0005_dictionaries': m0005,
  '0006_uploads': m0006,
  '0007_operation_log': m0007,
  '0008_roles_admin': m0008,
  '0009_parties': m0009,
  '0010_tags': m0010,
  '0011_sub_users': m0011,
  '0012_product_master': m0012,
  '0013_materials': m0013,
  '0014_products': m0014,
  '0015_products_screen': m0015,
  '0016_warehouses': m0016,
  '0017_stock_documents': m0017,
  '0018_purchasing': m0018,
  '0019_document_kernel': m0019,
  '0021_lists_at_volume': m0021,
  '0022_cache_versions': m0022,
  '0023_session_cache': m0023,
  '0024_overseas_menu_title': m0024,
  '0025_stock_balance_limit': m0025,
  '0026_pricing_policies': m0026,
  '0027_size_runs': m0027,
  '0028_ordering_seasons': m0028,
  '0029_sales_orders': m0029,
  '0030_ordering_quotas': m0030,
  '0031_sales_allocation': m0031,
  '0032_ordering_cart': m0032,
  '0033_ordering_reports': m0033,
  '0034_buyer_brands': m0034,
  '0035_finance': m0035,
  '0036_finance_statements': m0036,
  '0037_finance_rebates': m0037,
  '0038_sales_returns': m0038,
  '0039_shop_inventory_reports': m0039,
  '0040_agent_plans': m0040,
  '0041_reorders': m0041,
  '0042_delivery_differences': m0042,
  '0043_swap_transit': m0043,
  '0044_payment_evidence': m0044,
  '0045_cache_notify': m0045,
  '0046_login_devices': m0046,
  '0047_delivery_info_menu': m0047,
  '0048_operation_actions': m0048,
  '0050_payment_order': m0050,
};
