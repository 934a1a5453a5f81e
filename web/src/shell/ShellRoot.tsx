import '../ui/dayjs-locale.ts';
import { useEffect } from 'react';
import { Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { landingRouteFor } from '@erp/shared';
import { useMenuIndex } from '../api/queries.ts';
import { clearSession, getUserInfo } from '../auth/session.ts';
import { loginPathFor, type FromLoginState } from '../auth/redirect.ts';
import { isShellPath } from './shell-paths.ts';
import { ShellLayout } from './ShellLayout.tsx';
// The one import up a floor (floor-plan.test.ts EXCEPTIONS): the 框架 chunk carries the routes of the pages.
import { ShellRoutes } from '../router/ShellRoutes.tsx';

/** The menu could not be loaded: drop the session and show /login (SPEC §4 Route loading). */
function SessionLost() {
  const location = useLocation();
  useEffect(() => clearSession(), []);
  return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
}

/** Guarded entry: loads the menu once per login, then renders the shell built from it, its pages through the router's routes. */
export function ShellRoot() {
  const location = useLocation();
  const menu = useMenuIndex();
  const landing = landingRouteFor(getUserInfo()?.roleType);

  if (menu.isError) return <SessionLost />;
  if (!menu.data) {
    return (
      <div style={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" description="正在加载菜单…" />
      </div>
    );
  }
  // Right after login, ?redirect= is honoured only when the user has that screen.
  const fromLogin = (location.state as FromLoginState | null)?.fromLogin === true;
  if (fromLogin && !isShellPath(menu.data, landing, location.pathname)) return <Navigate to={landing} replace />;
  return <ShellLayout index={menu.data} landing={landing} routes={ShellRoutes} />;
}
