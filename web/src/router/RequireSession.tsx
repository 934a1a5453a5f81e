import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getSession } from '../auth/session.ts';
import { loginPathFor } from '../auth/redirect.ts';

/** Route guard (SPEC §4): no stored session -> /login?redirect=<wanted path>. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!getSession()) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return children;
}
