import { Suspense } from 'react';
import { Spin } from 'antd';
import { Navigate, Route, Routes } from 'react-router';
import type { MenuLeaf } from '../access/menu-tree.ts';
import { LazyRoute } from './LazyRoute.tsx';
import { lazyPage } from '../ui/lazy-page.ts';
import { pageFor } from './registry.ts';
import { RoutePermissionsContext } from '../access/route-meta.ts';
import type { ShellRoutesProps } from '../shell/keep-alive/KeepAliveOutlet.tsx';
import { STATIC_PAGES, isStaticPath } from '../shell/shell-paths.ts';

// the 404 page (antd's Result with its illustrations) is a chunk of its own, like every page
const NotFoundPage = lazyPage(() => import('../pages/not-found/NotFound.tsx'), 'NotFound');
const loading = <Spin style={{ display: 'block', padding: 48 }} />;

function NotFound() {
  return (
    <Suspense fallback={loading}>
      <LazyRoute page={NotFoundPage} />
    </Suspense>
  );
}

/** Renders a registered page, or the not-found page for an unknown component string. */
function Page({ component, permissions = [] }: { component: string; permissions?: readonly string[] }) {
  const page = pageFor(component);
  if (!page) return <NotFound />;
  return (
    <RoutePermissionsContext value={permissions}>
      <Suspense fallback={loading}>
        <LazyRoute page={page} />
      </Suspense>
    </RoutePermissionsContext>
  );
}

// Descendant routes under "/*": paths are given without the leading slash.
const rel = (path: string) => path.replace(/^\/+/, '');

/** The shell's routes: / -> landing, static children, dir redirects, menu leaves, then not found. */
export function ShellRoutes({ index, landing, location }: ShellRoutesProps) {
  const leaves: MenuLeaf[] = [...index.byPath.values()].filter((leaf) => !isStaticPath(leaf.path));
  const landingInMenu = index.byPath.has(landing) || isStaticPath(landing);
  return (
    <Routes location={location}>
      <Route index element={<Navigate to={landing} replace />} />
      {STATIC_PAGES.map((page) => (
        <Route key={page.path} path={rel(page.path)} element={<Page component={page.component} />} />
      ))}
      {/* The landing page is the workbench even if the menu lacks it, so 首页 never shows 404. */}
      {landingInMenu ? null : <Route path={rel(landing)} element={<Page component="home/index" />} />}
      {index.redirects.map((r) => (
        <Route key={`redirect:${r.path}`} path={rel(r.path)} element={<Navigate to={r.to} replace />} />
      ))}
      {leaves.map((leaf) => (
        <Route key={leaf.path} path={rel(leaf.path)} element={<Page component={leaf.component} permissions={leaf.permissions} />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
