import { DEFAULT_API_PREFIX, REQUEST_TIMEOUT_MS } from '@erp/shared';
import { clearSession, getSession } from '../auth/session.ts';
import { toast } from './feedback.ts';
import { buildQuery, classifyAnswer, joinUrl, sendsSession, type Failure, type QueryParams, type RawAnswer } from './request-rules.ts';

/** The gateway prefix: VITE_API_PREFIX overrides DEFAULT_API_PREFIX. */
export const API_PREFIX: string = import.meta.env.VITE_API_PREFIX || DEFAULT_API_PREFIX;

/** A rejected call: `code` is the server's code (or a client code such as NETWORK), `msg` is fit to show. */
export class ApiError extends Error {
  readonly code: string;
  readonly msg: string;
  readonly kind: Failure['kind'];
  readonly status: number | null;
  /** whether the request layer showed it as a toast (false when the caller asked for toast: false) */
  readonly toasted: boolean;

  constructor(failure: Failure, status: number | null, toasted = false) {
    super(failure.msg || failure.code);
    this.name = 'ApiError';
    this.code = failure.code;
    this.msg = failure.msg;
    this.kind = failure.kind;
    this.status = status;
    this.toasted = toasted;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: QueryParams;
  /** JSON-encoded unless it is FormData */
  body?: unknown;
  /** false: the caller shows its own message (default true) */
  toast?: boolean;
  /** false: a session-clearing code still clears the session but does not leave the page (default true) */
  redirectOnSessionClear?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** extra request headers, e.g. Idempotency-Key */
  headers?: Record<string, string>;
}

type SessionClearedHandler = () => void;
let onSessionCleared: SessionClearedHandler | null = null;

/** The app registers an in-app way to reach /login; without it the client does a full navigation. */
export function setSessionClearedHandler(handler: SessionClearedHandler | null): void {
  onSessionCleared = handler;
}

const SESSION_TOAST_KEY = 'session-cleared';

function leaveToLogin(): void {
  if (onSessionCleared) onSessionCleared();
  else if (window.location.pathname !== '/login') window.location.assign('/login');
}

async function send(path: string, options: RequestOptions): Promise<RawAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const outer = options.signal;
  const forward = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', forward, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const session = getSession();
  if (session && sendsSession(path)) headers.session = session;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  try {
    const response = await fetch(joinUrl(API_PREFIX, path) + buildQuery(options.params), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  } catch {
    if (timedOut) return { status: null, failure: 'timeout' };
    if (outer?.aborted) return { status: null, failure: 'aborted' };
    return { status: null, failure: 'network' };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}

/** The one request client (SPEC §8/§9): resolves `data` on code 201, rejects with ApiError otherwise. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const answer = await send(path, options);
  const outcome = classifyAnswer(answer);
  if (outcome.kind === 'ok') return outcome.data as T;

  const showToast = options.toast !== false;
  if (outcome.kind === 'session') {
    clearSession();
    if (showToast) toast().error({ content: outcome.msg, key: SESSION_TOAST_KEY });
    if (options.redirectOnSessionClear !== false) leaveToLogin();
  } else if (outcome.kind !== 'aborted' && showToast) {
    toast().error(outcome.msg);
  }
  throw new ApiError(outcome, answer.status, showToast && outcome.kind !== 'aborted');
}

export type CallOptions = Omit<RequestOptions, 'method' | 'params' | 'body'>;

/**
 * An error shows once: a call whose caller shows its failure inline (an Alert in the form or
 * dialog, or under a field) passes this, and the request layer does not toast it as well.
 */
export const INLINE_ERROR: CallOptions = { toast: false };

export const http = {
  get: <T>(path: string, params?: QueryParams, options?: CallOptions) => request<T>(path, { ...options, method: 'GET', params }),
  post: <T>(path: string, body?: unknown, options?: CallOptions) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: CallOptions) => request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, params?: QueryParams, options?: CallOptions) => request<T>(path, { ...options, method: 'DELETE', params }),
  /** multipart POST: each entry becomes a form field, a File becomes a file part with its name */
  upload: <T>(path: string, fields: Record<string, string | Blob>, options?: CallOptions) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return request<T>(path, { ...options, method: 'POST', body: form });
  },
};
