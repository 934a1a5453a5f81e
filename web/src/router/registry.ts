import { lazyPage, type LazyPage } from './lazy-page.ts';

/** Menu leaf `component` strings -> lazily loaded pages (DESIGN §2). */
const Workbench = lazyPage(() => import('../pages/home/Workbench.tsx'), 'Workbench');
const UserCenter = lazyPage(() => import('../pages/usercenter/UserCenter.tsx'), 'UserCenter');
const RegistrationPage = lazyPage(() => import('../pages/system/registration/RegistrationPage.tsx'), 'RegistrationPage');
const PrintPreviewPage = lazyPage(() => import('../pages/system/print/PrintPreviewPage.tsx'), 'PrintPreviewPage');

export const pageRegistry: Readonly<Record<string, LazyPage>> = {
  'home/index': Workbench,
  'sells/fullstatist/index': Workbench,
  'sells/fullstatist/agent': Workbench,
  'sells/fullstatist/shop': Workbench,
  'usercenter/index': UserCenter,
  'system/registration/index': RegistrationPage,
  'system/print/index': PrintPreviewPage,
};

/** The page for a component string; tolerates surrounding slashes and a missing '/index'. */
export function pageFor(component: string | null | undefined): LazyPage | null {
  const name = (component ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (!name) return null;
  return pageRegistry[name] ?? pageRegistry[`${name}/index`] ?? null;
}
