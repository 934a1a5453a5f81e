import { lazyPage, type LazyPage } from '../ui/lazy-page.ts';

/** Menu leaf `component` strings -> lazily loaded pages (DESIGN §2). */
const Workbench = lazyPage(() => import('../pages/home/Workbench.tsx'), 'Workbench');
const UserCenter = lazyPage(() => import('../pages/usercenter/UserCenter.tsx'), 'UserCenter');
const RegistrationPage = lazyPage(() => import('../pages/system/registration/RegistrationPage.tsx'), 'RegistrationPage');
const PrintPreviewPage = lazyPage(() => import('../pages/system/print/PrintPreviewPage.tsx'), 'PrintPreviewPage');
const OperationLogPage = lazyPage(() => import('../pages/system/log/OperationLogPage.tsx'), 'OperationLogPage');
const DictPage = lazyPage(() => import('../pages/system/dict/DictPage.tsx'), 'DictPage');
const SystemInfoPage = lazyPage(() => import('../pages/system/info/SystemInfoPage.tsx'), 'SystemInfoPage');
const MenuPage = lazyPage(() => import('../pages/system/menu/MenuPage.tsx'), 'MenuPage');
const RolePage = lazyPage(() => import('../pages/system/role/RolePage.tsx'), 'RolePage');
const TagPage = lazyPage(() => import('../pages/system/tag/TagPage.tsx'), 'TagPage');
const AgentPage = lazyPage(() => import('../pages/users/agent/AgentPage.tsx'), 'AgentPage');
const ShopPage = lazyPage(() => import('../pages/users/shop/ShopPage.tsx'), 'ShopPage');
const SupplierPage = lazyPage(() => import('../pages/users/supplier/SupplierPage.tsx'), 'SupplierPage');
const SubUserPage = lazyPage(() => import('../pages/system/subuser/SubUserPage.tsx'), 'SubUserPage');
const BrandPage = lazyPage(() => import('../pages/product/brand/BrandPage.tsx'), 'BrandPage');
const CategoryPage = lazyPage(() => import('../pages/product/category/CategoryPage.tsx'), 'CategoryPage');
const SizeGroupPage = lazyPage(() => import('../pages/product/size/SizeGroupPage.tsx'), 'SizeGroupPage');
const ColourPage = lazyPage(() => import('../pages/product/colour/ColourPage.tsx'), 'ColourPage');
const MaterialPage = lazyPage(() => import('../pages/product/material/MaterialPage.tsx'), 'MaterialPage');

export const pageRegistry: Readonly<Record<string, LazyPage>> = {
  'home/index': Workbench,
  'sells/fullstatist/index': Workbench,
  'sells/fullstatist/agent': Workbench,
  'sells/fullstatist/shop': Workbench,
  'usercenter/index': UserCenter,
  'system/registration/index': RegistrationPage,
  'system/print/index': PrintPreviewPage,
  'system/log/index': OperationLogPage,
  'system/dict/index': DictPage,
  'system/info/index': SystemInfoPage,
  'system/menu/index': MenuPage,
  'system/role/index': RolePage,
  'system/tag/index': TagPage,
  'users/agent/index': AgentPage,
  'users/shop/index': ShopPage,
  'users/supplier/index': SupplierPage,
  'system/subuser/index': SubUserPage,
  'product/brand/index': BrandPage,
  'product/category/index': CategoryPage,
  'product/size/index': SizeGroupPage,
  'product/colour/index': ColourPage,
  'product/material/index': MaterialPage,
  'product/list/index': lazyPage(() => import('../pages/product/list/ProductPage.tsx'), 'ProductPage'),
  'warehouse/base/index': lazyPage(() => import('../pages/warehouse/base/WarehouseBasePage.tsx'), 'WarehouseBasePage'),
  'warehouse/shelf/index': lazyPage(() => import('../pages/warehouse/shelf/ShelfPage.tsx'), 'ShelfPage'),
  'warehouse/inbound/index': lazyPage(() => import('../pages/warehouse/inbound/InboundPages.tsx'), 'InboundListPage'),
  'warehouse/inbound/add': lazyPage(() => import('../pages/warehouse/inbound/InboundPages.tsx'), 'InboundAddPage'),
  'warehouse/inbound/info': lazyPage(() => import('../pages/warehouse/inbound/InboundPages.tsx'), 'InboundInfoPage'),
  'warehouse/inbound/scan': lazyPage(() => import('../pages/warehouse/inbound/InboundPages.tsx'), 'InboundScanPage'),
  'warehouse/outbound/index': lazyPage(() => import('../pages/warehouse/outbound/OutboundPages.tsx'), 'OutboundListPage'),
  'warehouse/outbound/add': lazyPage(() => import('../pages/warehouse/outbound/OutboundPages.tsx'), 'OutboundAddPage'),
  'warehouse/outbound/edit': lazyPage(() => import('../pages/warehouse/outbound/OutboundPages.tsx'), 'OutboundEditPage'),
  'warehouse/outbound/info': lazyPage(() => import('../pages/warehouse/outbound/OutboundPages.tsx'), 'OutboundInfoPage'),
  'warehouse/outbound/scan': lazyPage(() => import('../pages/warehouse/outbound/OutboundPages.tsx'), 'OutboundScanPage'),
  'warehouse/outbound/difference': lazyPage(() => import('../pages/warehouse/outbound/OutboundDifferencePage.tsx'), 'OutboundDifferencePage'),
  'warehouse/transfer/index': lazyPage(() => import('../pages/warehouse/transfer/TransferPages.tsx'), 'TransferListPage'),
  'warehouse/transfer/add': lazyPage(() => import('../pages/warehouse/transfer/TransferPages.tsx'), 'TransferAddPage'),
  'warehouse/transfer/info': lazyPage(() => import('../pages/warehouse/transfer/TransferPages.tsx'), 'TransferInfoPage'),
  'warehouse/stocktake/index': lazyPage(() => import('../pages/warehouse/stocktake/StocktakePages.tsx'), 'StocktakeListPage'),
  'warehouse/stocktake/add': lazyPage(() => import('../pages/warehouse/stocktake/StocktakePages.tsx'), 'StocktakeAddPage'),
  'warehouse/stocktake/info': lazyPage(() => import('../pages/warehouse/stocktake/StocktakePages.tsx'), 'StocktakeInfoPage'),
  'warehouse/exchange/index': lazyPage(() => import('../pages/warehouse/exchange/ExchangePages.tsx'), 'ExchangeListPage'),
  'warehouse/exchange/add': lazyPage(() => import('../pages/warehouse/exchange/ExchangePages.tsx'), 'ExchangeAddPage'),
  'warehouse/exchange/info': lazyPage(() => import('../pages/warehouse/exchange/ExchangePages.tsx'), 'ExchangeInfoPage'),
  'warehouse/overseas/index': lazyPage(() => import('../pages/warehouse/overseas/OverseasPages.tsx'), 'OverseasListPage'),
  'warehouse/overseas/add': lazyPage(() => import('../pages/warehouse/overseas/OverseasPages.tsx'), 'OverseasAddPage'),
  'warehouse/overseas/info': lazyPage(() => import('../pages/warehouse/overseas/OverseasPages.tsx'), 'OverseasInfoPage'),
  'warehouse/opening/index': lazyPage(() => import('../pages/warehouse/opening/OpeningPage.tsx'), 'OpeningPage'),
  'warehouse/stock/index': lazyPage(() => import('../pages/warehouse/stock/StockPage.tsx'), 'StockPage'),
  'warehouse/statistics/transit': lazyPage(() => import('../pages/warehouse/statistics/InTransitPage.tsx'), 'InTransitPage'),
  'warehouse/statistics/inventory': lazyPage(() => import('../pages/warehouse/statistics/InventoryReportPage.tsx'), 'InventoryReportPage'),
  'purchase/order/index': lazyPage(() => import('../pages/purchase/order/PurchaseOrderListPage.tsx'), 'PurchaseOrderListPage'),
  'purchase/order/add': lazyPage(() => import('../pages/purchase/order/PurchaseOrderAddPage.tsx'), 'PurchaseOrderAddPage'),
  'purchase/order/info': lazyPage(() => import('../pages/purchase/order/PurchaseOrderInfoPage.tsx'), 'PurchaseOrderInfoPage'),
  'warehouse/inbound/purchase': lazyPage(() => import('../pages/purchase/order/InboundPurchasePage.tsx'), 'InboundPurchasePage'),
  'purchase/refund/index': lazyPage(() => import('../pages/purchase/refund/PurchaseRefundListPage.tsx'), 'PurchaseRefundListPage'),
  'purchase/refund/add': lazyPage(() => import('../pages/purchase/refund/PurchaseRefundAddPage.tsx'), 'PurchaseRefundAddPage'),
  'purchase/refund/info': lazyPage(() => import('../pages/purchase/refund/PurchaseRefundInfoPage.tsx'), 'PurchaseRefundInfoPage'),
  'purchase/payable/index': lazyPage(() => import('../pages/purchase/payable/PayablePage.tsx'), 'PayablePage'),
  'purchase/summary/index': lazyPage(() => import('../pages/purchase/summary/PurchaseSummaryPage.tsx'), 'PurchaseSummaryPage'),
  'planning/policy/index': lazyPage(() => import('../pages/planning/policy/PolicyPage.tsx'), 'PolicyPage'),
  'planning/special/agent': lazyPage(() => import('../pages/planning/special/SpecialPages.tsx'), 'SpecialAgentPage'),
  'planning/special/shop': lazyPage(() => import('../pages/planning/special/SpecialPages.tsx'), 'SpecialShopPage'),
  'planning/special/condition': lazyPage(() => import('../pages/planning/special/SpecialPages.tsx'), 'SpecialConditionPage'),
  'planning/simulation/index': lazyPage(() => import('../pages/planning/simulation/PriceSimulationPage.tsx'), 'PriceSimulationPage'),
  'ordering/season/index': lazyPage(() => import('../pages/ordering/season/SeasonPage.tsx'), 'SeasonPage'),
  'ordering/purchase/index': lazyPage(() => import('../pages/ordering/purchase/CataloguePage.tsx'), 'CataloguePage'),
  'ordering/cart/index': lazyPage(() => import('../pages/ordering/cart/CartPage.tsx'), 'CartPage'),
  'ordering/quota/index': lazyPage(() => import('../pages/ordering/quota/QuotaPage.tsx'), 'QuotaPage'),
  'ordering/brand/index': lazyPage(() => import('../pages/ordering/brand/BuyerBrandPage.tsx'), 'BuyerBrandPage'),
  'ordering/allocation/index': lazyPage(() => import('../pages/ordering/allocation/AllocationPage.tsx'), 'AllocationPage'),
  'ordering/order/index': lazyPage(() => import('../pages/ordering/order/SalesOrderListPage.tsx'), 'SalesOrderListPage'),
  'ordering/order/add': lazyPage(() => import('../pages/ordering/order/SalesOrderAddPage.tsx'), 'SalesOrderAddPage'),
  'ordering/order/info': lazyPage(() => import('../pages/ordering/order/SalesOrderInfoPage.tsx'), 'SalesOrderInfoPage'),
  'finance/account/index': lazyPage(() => import('../pages/finance/account/AccountPage.tsx'), 'AccountPage'),
  'finance/payment/index': lazyPage(() => import('../pages/finance/payment/PaymentPage.tsx'), 'PaymentPage'),
  'finance/supplier-payment/index': lazyPage(() => import('../pages/finance/supplier-payment/SupplierPaymentPage.tsx'), 'SupplierPaymentPage'),
  'finance/adjustment/index': lazyPage(() => import('../pages/finance/adjustment/AdjustmentPage.tsx'), 'AdjustmentPage'),
  'ordering/shipping/index': lazyPage(() => import('../pages/ordering/shipping/ShippingDetailsPage.tsx'), 'ShippingDetailsPage'),
  'ordering/summary/index': lazyPage(() => import('../pages/ordering/summary/OrderSummaryPage.tsx'), 'OrderSummaryPage'),
  'ordering/bill/index': lazyPage(() => import('../pages/ordering/bill/OrderBillPage.tsx'), 'OrderBillPage'),
  'ordering/reorder/index': lazyPage(() => import('../pages/ordering/reorder/ReorderSummaryPage.tsx'), 'ReorderSummaryPage'),
  'ordering/reorder/info': lazyPage(() => import('../pages/ordering/reorder/ReorderInfoPage.tsx'), 'ReorderInfoPage'),
  'ordering/unshipped/index': lazyPage(() => import('../pages/ordering/unshipped/UnshippedPage.tsx'), 'UnshippedPage'),
  'finance/statement/index': lazyPage(() => import('../pages/finance/statement/StatementPage.tsx'), 'StatementPage'),
  'finance/ageing/index': lazyPage(() => import('../pages/finance/ageing/AgeingPage.tsx'), 'AgeingPage'),
  'finance/rebate/index': lazyPage(() => import('../pages/finance/rebate/RebatePage.tsx'), 'RebatePage'),
  'agentplan/order/index': lazyPage(() => import('../pages/agentplan/order/AgentPlanOrderPage.tsx'), 'AgentPlanOrderPage'),
  'agentplan/shop/index': lazyPage(() => import('../pages/agentplan/shop/AgentPlanShopPage.tsx'), 'AgentPlanShopPage'),
  'agentplan/quota/index': lazyPage(() => import('../pages/agentplan/quota/AgentPlanQuotaPage.tsx'), 'AgentPlanQuotaPage'),
  'aftersales/return/index': lazyPage(() => import('../pages/aftersales/return/ReturnListPage.tsx'), 'ReturnListPage'),
  'aftersales/return/add': lazyPage(() => import('../pages/aftersales/return/ReturnFormPage.tsx'), 'ReturnAddPage'),
  'aftersales/return/info': lazyPage(() => import('../pages/aftersales/return/ReturnInfoPage.tsx'), 'ReturnInfoPage'),
  'aftersales/swap/index': lazyPage(() => import('../pages/aftersales/return/ReturnListPage.tsx'), 'SwapListPage'),
  'aftersales/swap/add': lazyPage(() => import('../pages/aftersales/return/ReturnFormPage.tsx'), 'SwapAddPage'),
  'aftersales/swap/info': lazyPage(() => import('../pages/aftersales/return/ReturnInfoPage.tsx'), 'SwapInfoPage'),
  'aftersales/inventory/index': lazyPage(() => import('../pages/aftersales/inventory/InventoryPage.tsx'), 'InventoryPage'),
};

/** The page for a component string; tolerates surrounding slashes and a missing '/index'. */
export function pageFor(component: string | null | undefined): LazyPage | null {
  const name = (component ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (!name) return null;
  return pageRegistry[name] ?? pageRegistry[`${name}/index`] ?? null;
}
