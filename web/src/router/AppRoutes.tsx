import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { BootLoading } from '../ui/BootLoading.tsx';
import { lazyPage } from './lazy-page.ts';
import { PUBLIC_PATHS } from './redirect.ts';
import { RequireSession } from './RequireSession.tsx';

// Every route is a lazy chunk: /login loads only the login page.
const LoginPage = lazyPage(() => import('../pages/login/LoginPage.tsx'), 'LoginPage');
const PublicNotFound = lazyPage(() => import('../pages/not-found/NotFound.tsx'), 'PublicNotFound');
const ShellRoot = lazyPage(() => import('../shell/ShellRoot.tsx'), 'ShellRoot');

/** Top-level routes: public routes, then everything else behind the session guard. */
export function AppRoutes() {
  return (
    <Suspense fallback={<BootLoading />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        {PUBLIC_PATHS.filter((path) => path !== '/login').map((path) => (
          <Route key={path} path={path} element={<PublicNotFound />} />
        ))}
        <Route
          path="*"
          element={
            <RequireSession>
              <ShellRoot />
            </RequireSession>
          }
        />
      </Routes>
    </Suspense>
  );
}
