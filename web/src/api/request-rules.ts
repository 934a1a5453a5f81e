import { Messages, SUCCESS_CODE, isSessionClearingCode } from '@erp/shared';

/** What the client does with one answer (SPEC §8). */
export type Outcome =
  | { kind: 'ok'; data: unknown }
  /** another code: toast msg, reject */
  | { kind: 'business'; code: string; msg: string }
  /** session-clearing code: toast msg, clear session, go to /login, reject */
  | { kind: 'session'; code: string; msg: string }
  /** HTTP or network failure without an envelope: toast 系统异常，请联系管理员, reject */
  | { kind: 'system'; code: string; msg: string }
  /** cancelled by the caller: reject quietly */
  | { kind: 'aborted'; code: string; msg: string };

export type Failure = Exclude<Outcome, { kind: 'ok' }>;

/** Client-side codes for failures that carry no envelope. */
export const ClientCodes = {
  network: 'NETWORK',
  timeout: 'TIMEOUT',
  aborted: 'ABORTED',
  badBody: 'BAD_BODY',
} as const;

export interface RawAnswer {
  /** HTTP status, or null when no response arrived */
  status: number | null;
  /** parsed JSON body, undefined when absent or not JSON */
  body?: unknown;
  /** why no response arrived */
  failure?: 'network' | 'timeout' | 'aborted';
}

function isEnvelope(body: unknown): body is { code: string; msg?: unknown; data?: unknown } {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string';
}

/** Classifies one answer. The envelope's code wins over the HTTP status whenever there is one. */
export function classifyAnswer(answer: RawAnswer): Outcome {
  if (answer.failure === 'aborted') return { kind: 'aborted', code: ClientCodes.aborted, msg: '' };
  const { body } = answer;
  if (isEnvelope(body)) {
    if (body.code === SUCCESS_CODE) return { kind: 'ok', data: body.data };
    const msg = typeof body.msg === 'string' && body.msg.trim() !== '' ? body.msg : Messages.systemError;
    return { kind: isSessionClearingCode(body.code) ? 'session' : 'business', code: body.code, msg };
  }
  let code: string;
  if (answer.failure === 'timeout') code = ClientCodes.timeout;
  else if (answer.status === null) code = ClientCodes.network;
  else if (answer.status >= 200 && answer.status < 300) code = ClientCodes.badBody;
  else code = `HTTP_${answer.status}`;
  return { kind: 'system', code, msg: Messages.systemError };
}

/** Calls that must not carry the session header (SPEC §7, DESIGN §3). */
const NO_SESSION_EXACT = ['/auth/login', '/admin/api/v1/users/updatePassword', '/user/register'];
const NO_SESSION_PREFIXES = ['/auth/sms_code/', '/admin/api/v1/sms/'];

export function sendsSession(path: string): boolean {
  const bare = path.split(/[?#]/, 1)[0].replace(/\/+$/, '');
  if (NO_SESSION_EXACT.includes(bare)) return false;
  return !NO_SESSION_PREFIXES.some((prefix) => bare.startsWith(prefix));
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** `?a=1&b=x` from params; null, undefined and '' are left out, arrays repeat the key. */
export function buildQuery(params?: QueryParams): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as QueryValue[]) {
      if (item === null || item === undefined || item === '') continue;
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Joins the gateway prefix and a call path without doubled or missing slashes. */
export function joinUrl(prefix: string, path: string): string {
  const left = prefix.replace(/\/+$/, '');
  const right = path.startsWith('/') ? path : `/${path}`;
  return `${left}${right}`;
}
