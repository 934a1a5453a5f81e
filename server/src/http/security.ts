import type { FastifyInstance } from 'fastify';

/**
 * Path tricks that must never reach a handler: `;` suffixes (`;.ico`, `..;/`), dot segments,
 * encoded dots/slashes/backslashes/NUL, backslashes and doubled slashes.
 */
const SUSPICIOUS_PATH = /;|%2e|%2f|%5c|%00|\\|\/\/|(^|\/)\.{1,2}(\/|$)/i;

export const BAD_PATH_ROUTE = '/__bad_path__';

export function isSuspiciousPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return SUSPICIOUS_PATH.test(path);
}

/** Fastify's rewriteUrl runs before routing: a suspicious path is routed to a refusal. */
export function rewriteSuspiciousUrl(url: string | undefined): string {
  if (!url) return '/';
  return isSuspiciousPath(url) ? BAD_PATH_ROUTE : url;
}

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    // antd injects its CSS-in-JS as <style> elements
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });
}
