import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { BootLoading } from '../ui/BootLoading.tsx';
import { LoadErrorBoundary, PlainLoadFailed } from '../ui/LoadErrorBoundary.tsx';
import { LazyRoute } from './LazyRoute.tsx';
import { lazyPage } from '../ui/lazy-page.ts';
import { PUBLIC_PATHS } from '../auth/redirect.ts';
import { RequireSession } from './RequireSession.tsx';

// Every route is a lazy chunk: /login loads only the login page.
const LoginPage = lazyPage(() => import('../pages/login/LoginPage.tsx'), 'LoginPage');
const ResetPasswordPage = lazyPage(() => import('../pages/reset-password/ResetPasswordPage.tsx'), 'ResetPasswordPage');
const RegisterPage = lazyPage(() => import('../pages/register/RegisterPage.tsx'), 'RegisterPage');
const WechatConfirmPage = lazyPage(() => import('../pages/wechat-confirm/WechatConfirmPage.tsx'), 'WechatConfirmPage');
const AuthResultPage = lazyPage(() => import('../pages/authresult/AuthResultPage.tsx'), 'AuthResultPage');
const PublicNotFound = lazyPage(() => import('../pages/not-found/NotFound.tsx'), 'PublicNotFound');
const ShellRoot = lazyPage(() => import('../shell/ShellRoot.tsx'), 'ShellRoot');

/** Public routes with a page of their own; the others show not-found for now. */
const BUILT_PUBLIC_PAGES: readonly string[] = ['/login', '/register', '/resetPassword', '/wechat/confirm', '/authresult'];

/** Top-level routes: public routes, then everything else behind the session guard. */
export function AppRoutes() {
  return (
    <LoadErrorBoundary fallback={(retry) => <PlainLoadFailed retry={retry} />}>
      <Suspense fallback={<BootLoading />}>
        <Routes>
          <Route path="/login" element={<LazyRoute page={LoginPage} />} />
          <Route path="/register" element={<LazyRoute page={RegisterPage} />} />
          <Route path="/resetPassword" element={<LazyRoute page={ResetPasswordPage} />} />
          <Route path="/wechat/confirm" element={<LazyRoute page={WechatConfirmPage} />} />
          <Route path="/authresult" element={<LazyRoute page={AuthResultPage} />} />
          {PUBLIC_PATHS.filter((path) => !BUILT_PUBLIC_PAGES.includes(path)).map((path) => (
            <Route key={path} path={path} element={<LazyRoute page={PublicNotFound} />} />
          ))}
          <Route
            path="*"
            element={
              <RequireSession>
                <LazyRoute page={ShellRoot} />
              </RequireSession>
            }
          />
        </Routes>
      </Suspense>
    </LoadErrorBoundary>
  );
}
