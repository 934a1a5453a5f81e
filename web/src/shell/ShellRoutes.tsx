import { Suspense } from 'react';
import { Spin } from 'antd';
import { Navigate, Route, Routes } from 'react-router';
import type { MenuIndex, MenuLeaf } from '../router/menu-tree.ts';
import { pageFor } from '../router/registry.ts';
import { RoutePermissionsContext } from '../router/route-meta.ts';
import { NotFound } from '../pages/not-found/NotFound.tsx';
import { STATIC_PAGES, isStaticPath } from './shell-paths.ts';

/** Renders a registered page, or the not-found page for an unknown component string. */
function Page({ component, permissions = [] }: { component: string; permissions?: readonly string[] }) {
  const Component = pageFor(component);
  if (!Component) return <NotFound />;
  return (
    <RoutePermissionsContext value={permissions}>
      <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
        <Component />
      </Suspense>
    </RoutePermissionsContext>
  );
}

// Descendant routes under "/*": paths are given without the leading slash.
const rel = (path: string) => path.replace(/^\/+/, '');

/** The shell's routes: / -> landing, static children, dir redirects, menu leaves, then not found. */
export function ShellRoutes({ index, landing }: { index: MenuIndex; landing: string }) {
  const leaves: MenuLeaf[] = [...index.byPath.values()].filter((leaf) => !isStaticPath(leaf.path));
  const landingInMenu = index.byPath.has(landing) || isStaticPath(landing);
  return (
    <Routes>
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
        <Route
          key={leaf.path}
          path={rel(leaf.path)}
          element={<Page component={leaf.component} permissions={leaf.permissions} />}
        />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
