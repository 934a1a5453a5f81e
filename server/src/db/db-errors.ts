// Errors that say "the database is not there right now" rather than "this request is wrong": the
// server is restarting, failing over, refusing connections or cut off. The HTTP answer is 503, not
// 500: the caller may retry. Its transaction rolled back with the connection, or (a COMMIT whose
// answer was lost) committed whole; posting twice posts once, so the retry is safe either way.

/** Socket-level failures of the connection to PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE: 57P01 admin_shutdown (pg_terminate_backend, fast shutdown), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, in recovery), 57P05 idle_session_timeout; class 08
 * connection_exception; class 53 insufficient_resources (too many connections, disk full).
 */
const UNAVAILABLE_SQLSTATE = /^(57P0[1235]|08[0-9A-Z]{3}|53[0-9A-Z]{3})$/;

/** Messages of node-postgres (pg, pg-pool) and Kysely when a connection is lost or cannot be had. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // …unexpectedly / …due to connection timeout
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/, // a client whose socket died, or closed while shutting down
  /^Cannot use a pool after calling end on the pool$/,
  /^driver has already been destroyed$/,
];

/** 57014 query_canceled: statement_timeout struck (or a cancel request); the database is slow, not wrong. */
const STATEMENT_TIMEOUT = '57014';

export type DatabaseTrouble = 'unavailable' | 'timeout';

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * What kind of database trouble `error` is, or null when it is something else. Causes are not
 * followed: a failed fetch() to S3 or an SMS carrier carries its ECONNREFUSED as the cause, and
 * is not the database's fault.
 */
export function databaseTrouble(error: unknown, depth = 0): DatabaseTrouble | null {
  if (!error || typeof error !== 'object' || depth > 2) return null;
  const code = codeOf(error);
  if (code === STATEMENT_TIMEOUT) return 'timeout';
  if (code && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return 'unavailable';
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unavailable';
  // Node reports a refused connection to each address of a host inside one AggregateError
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const trouble = databaseTrouble(inner, depth + 1);
      if (trouble) return trouble;
    }
  }
  return null;
}

/** A unique index or constraint refused the write (23505): the caller answers what was taken. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
