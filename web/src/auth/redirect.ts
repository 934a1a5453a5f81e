/** Route guard rules (SPEC §2 public routes, §4 Session). */

/** Navigation state after a sign-in: the shell then honours ?redirect= only for screens the user has. */
export interface FromLoginState {
  fromLogin: true;
}

/** Routes the guard lets through without a session. */
export const PUBLIC_PATHS = ['/login', '/register', '/resetPassword', '/orderblank', '/authresult', '/wechat/confirm'] as const;

export function isPublicPath(pathname: string): boolean {
  const bare = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PUBLIC_PATHS as readonly string[]).includes(bare);
}

/** Where the guard sends a visitor without a session; the wanted path rides along as ?redirect=. */
export function loginPathFor(pathname: string, search = ''): string {
  const wanted = `${pathname}${search}`;
  if (pathname === '/' || isPublicPath(pathname)) return '/login';
  return `/login?redirect=${encodeURIComponent(wanted)}`;
}

/** A redirect target is honoured only as an in-app, non-public path (no other origin). */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  const pathname = raw.split(/[?#]/, 1)[0];
  if (pathname === '/' || isPublicPath(pathname)) return null;
  return raw;
}
