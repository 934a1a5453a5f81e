import { lazyPage, type LazyPage } from './lazy-page.ts';

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
};

/** The page for a component string; tolerates surrounding slashes and a missing '/index'. */
export function pageFor(component: string | null | undefined): LazyPage | null {
  const name = (component ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (!name) return null;
  return pageRegistry[name] ?? pageRegistry[`${name}/index`] ?? null;
}
