import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult, OperationAction } from '@erp/shared';
import { recordOperations, type NewOperationLog } from './operation-logs.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 操作日志: an action overrides the one inferred from the method, path and summary, and makes
     * a GET route that changes something (logout, unbind) logged too; false: never logged.
     */
    operationLog?: OperationAction | false;
  }
  interface FastifyRequest {
    /** What a handler tells the log beyond the route (sign-ins, public calls that change something). */
    operationNote: OperationNote | null;
    /** code and msg of a failed answer, read as it is sent */
    operationAnswer: { code: string; msg: string } | null;
    /** the document number a successful answer names (the log says what was done to which document) */
    operationDocNo: string;
  }
  interface FastifyInstance {
    /** Resolves once every log row started so far is written (tests, shutdown). */
    operationLogsSettled(): Promise<void>;
    /** The modules (route tags) whose calls can be logged, for the page's filter. */
    operationLogModules(): string[];
  }
}

export interface OperationNote {
  action?: OperationAction;
  module?: string;
  summary?: string;
  /** the account tried, when nobody is signed in */
  account?: string;
  user?: { id: number; account: string; name: string; roleType: string };
  /** the call answered 201 yet did not do what was asked (e.g. a WeChat identity bound to nobody) */
  refused?: string;
}

type SignInMethod = 'password' | 'sms' | 'wechat';
const SIGN_IN_SUMMARY: Record<SignInMethod, string> = { password: '账号密码登录', sms: '手机验证码登录', wechat: '微信扫码登录' };

export function noteOperation(request: FastifyRequest, note: OperationNote): void {
  request.operationNote = { ...request.operationNote, ...note };
}

/** Marks the call as a sign-in attempt with the account tried; it is logged as login_failed unless noteSignedIn follows. */
export function noteSignIn(request: FastifyRequest, method: SignInMethod, account: string): void {
  noteOperation(request, { action: 'login', module: 'auth', summary: SIGN_IN_SUMMARY[method], account: account.trim().slice(0, 64) });
}

export function noteSignedIn(request: FastifyRequest, result: Pick<LoginResult, 'userId' | 'account' | 'name' | 'roleType' | 'active'>): void {
  const summary = request.operationNote?.summary ?? '登录';
  noteOperation(request, {
    account: result.account,
    user: { id: result.userId, account: result.account, name: result.name, roleType: result.roleType },
    // 未激活账号登录成功但不发会话，须先设置新密码
    ...(result.active ? {} : { summary: `${summary}（账号未激活，须设置新密码）` }),
  });
}

/**
 * The WeChat login poll is a sign-in only once it is confirmed: signed in when the identity is
 * bound, refused when it is bound to nobody; a refusal thrown on the way (disabled account) too.
 */
export async function noteWechatSignIn<S extends { status: string }>(request: FastifyRequest, state: Promise<S>): Promise<S> {
  try {
    const settled = await state;
    if (settled.status !== 'confirmed') return settled;
    noteSignIn(request, 'wechat', '');
    if ('userId' in settled) noteSignedIn(request, settled as unknown as LoginResult);
    else noteOperation(request, { refused: '该微信未绑定账号' });
    return settled;
  } catch (error) {
    noteSignIn(request, 'wechat', '');
    throw error;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The last word of the path that is not a parameter, e.g. approve of /registrations/:id/approve. */
function lastWord(path: string): string {
  const words = path.split('/').filter((part) => part && !part.startsWith(':') && !part.startsWith('{'));
  return (words.at(-1) ?? '').toLowerCase();
}

// what a user did, by the path's verb: the document actions first (a cancel is no 审核, issue 26)
const PATH_ACTIONS: [RegExp, OperationAction][] = [
  [/^(approve|audit|unaudit|review)/, 'audit'],
  [/^reject/, 'reject'],
  [/^submit/, 'submit'],
  [/^withdraw/, 'withdraw'],
  [/^cancel/, 'cancel'],
  [/^void/, 'void'],
  [/^close/, 'close'],
  [/^ship/, 'ship'],
  [/^receive/, 'receive'],
  [/^(un)?post(ing)?$/, 'post'],
  [/(delete|remove)|^del$/, 'delete'],
  [/^(add|create|insert|new|import|upload|copy|generate)/, 'create'],
  [/^(update|edit|modify|change|set|enable|disable|reset|bind|unbind|move|sort|assign|grant|toggle|save)/, 'update'],
];

// by the summary's leading phrase (what comes before its notes in brackets or after a colon)
const SUMMARY_ACTIONS: [RegExp, OperationAction][] = [
  [/驳回/, 'reject'],
  [/审核|反审/, 'audit'],
  [/提交/, 'submit'],
  [/撤回/, 'withdraw'],
  [/取消/, 'cancel'],
  [/作废/, 'void'],
  [/关闭/, 'close'],
  [/发货/, 'ship'],
  [/收货/, 'receive'],
  [/过账|记账/, 'post'],
  [/新增|创建|添加|加入|导入|上传|生成|登记/, 'create'],
  [/删除|移除|清空/, 'delete'],
  [/修改|编辑|更新|设置|启用|停用|禁用|重置|绑定|解绑|解除|注销|分配|授权|处理/, 'update'],
];

/**
 * A route summary's leading phrase, as a user would say it: `取消订货单` of `取消订货单（须填写原因；…）`,
 * `审核订货单` of `审核订货单：逐行确认或削减数量…`; a short note after a colon stays (`审核通过：生成账号`).
 */
export function leadingPhrase(summary: string): string {
  const phrase = summary.split(/[（(；;]/)[0]!.trim();
  const colon = phrase.search(/[：:]/);
  return colon > 0 && phrase.length - colon - 1 > 8 ? phrase.slice(0, colon).trim() : phrase;
}

/** The verb of the path, then the summary's leading phrase, then the method. */
export function inferAction(method: string, path: string, summary: string): OperationAction {
  const word = lastWord(path);
  for (const [pattern, action] of PATH_ACTIONS) if (pattern.test(word)) return action;
  const phrase = leadingPhrase(summary);
  for (const [pattern, action] of SUMMARY_ACTIONS) if (pattern.test(phrase)) return action;
  switch (method) {
    case 'POST':
      return 'create';
    case 'PUT':
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return 'other';
  }
}

// a document number in a successful answer (its data's orderNo, docNo, returnNo…), read from the
// answer's first characters without parsing it
const ANSWER_DOC_NO = /"[a-zA-Z]*No":"([A-Z]{2,3}\d{8}-\d{4,})"/;

/** The document number a successful answer names, or ''. */
export function docNoOfAnswer(payload: unknown): string {
  if (typeof payload !== 'string') return '';
  return ANSWER_DOC_NO.exec(payload.slice(0, 4096))?.[1] ?? '';
}

function targetIdOf(params: unknown): string {
  const id = params && typeof params === 'object' ? (params as Record<string, unknown>).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 64) : '';
}

/**
 * The row for this call, or null when it is not logged: every non-GET call with a session under
 * the API prefix, GET calls whose route names an action, and whatever a handler noted.
 */
export function entryFor(request: FastifyRequest, reply: FastifyReply, apiPrefix: string): NewOperationLog | null {
  const path = request.routeOptions.url;
  if (!path?.startsWith(`${apiPrefix}/`)) return null;
  const config = request.routeOptions.config;
  if (config.operationLog === false) return null;
  const note = request.operationNote;
  const auth = request.auth;
  if (!note && (!auth || (READS.has(request.method) && !config.operationLog))) return null;

  const schema = request.routeOptions.schema;
  const routeSummary = note?.summary ?? schema?.summary ?? '';
  // what the user did, in the words of the screen, and on which document: 取消订货单 DH20261129-0003
  const summary = `${note?.summary ? routeSummary : leadingPhrase(routeSummary)}${request.operationDocNo ? ` ${request.operationDocNo}` : ''}`.slice(0, 200);
  const failed = reply.statusCode >= 400 || !!note?.refused;
  let action = note?.action ?? (config.operationLog || inferAction(request.method, path, routeSummary));
  if (action === 'login' && failed) action = 'login_failed';
  const answer = request.operationAnswer;
  const user = note?.user ?? (auth ? { id: auth.userId, account: auth.account, name: null, roleType: auth.roleType } : null);
  return {
    userId: user?.id ?? null,
    account: user?.account ?? note?.account ?? '',
    userName: user ? user.name : '',
    roleType: user?.roleType ?? '',
    action,
    module: (note?.module ?? schema?.tags?.[0] ?? '').slice(0, 64),
    summary,
    method: request.method,
    path: path.slice(0, 255),
    targetId: targetIdOf(request.params),
    result: failed ? 'failure' : 'success',
    code: answer?.code ?? (reply.statusCode < 400 ? '201' : String(reply.statusCode)),
    message: (answer?.msg ?? note?.refused ?? '').slice(0, 200),
    ip: request.ip ?? '',
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 255),
    durationMs: Math.max(0, Math.round(reply.elapsedTime)),
  };
}

/** Reads code and msg of a failed JSON answer (small: failures carry no data). */
function answerOf(payload: unknown): { code: string; msg: string } | null {
  if (typeof payload !== 'string' || payload.length > 4096) return null;
  try {
    const body = JSON.parse(payload) as { code?: unknown; msg?: unknown };
    return { code: String(body.code ?? '').slice(0, 16), msg: String(body.msg ?? '') };
  } catch {
    return null;
  }
}

/**
 * 操作日志, generically: the row is written after the answer has gone out, so it never slows
 * or breaks the call; a failed write is logged and forgotten. Request bodies are never read.
 */
export function registerOperationLog(app: FastifyInstance): void {
  app.decorateRequest('operationNote', null);
  app.decorateRequest('operationAnswer', null);
  app.decorateRequest('operationDocNo', '');
  // rows are written in batches (one statement for every call answered meanwhile), one batch at
  // a time: under load the log takes at most one connection from the pool, and its rows' order
  // is the order the calls were answered in (two batches racing on two connections could swap)
  const queue: NewOperationLog[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (writing || queue.length === 0) return;
    const batch = queue.splice(0, 500);
    writing = recordOperations(app.db, batch)
      .catch((err: unknown) => app.log.error({ err, rows: batch.length }, 'operation log write failed'))
      .finally(() => {
        writing = null;
        flush();
      });
  };
  const drained = async () => {
    flush();
    while (writing) await writing;
  };
  // a call's answer can reach its client before the call's onResponse has run (under load, by
  // more than one tick), so settling waits for every call still in flight, not for a tick
  const inFlight = new Map<FastifyRequest, { answered: Promise<void>; settle: () => void }>();
  app.addHook('onRequest', async (request) => {
    let resolveAnswered = () => {};
    const answered = new Promise<void>((resolve) => {
      resolveAnswered = resolve;
    });
    inFlight.set(request, { answered, settle: resolveAnswered });
  });
  const settle = (request: FastifyRequest) => {
    inFlight.get(request)?.settle();
    inFlight.delete(request);
  };
  app.addHook('onRequestAbort', async (request) => settle(request));
  app.decorate('operationLogsSettled', async () => {
    await Promise.all([...inFlight.values()].map((call) => call.answered));
    await drained();
  });

  // routes are registered after this hook, so it sees every one of them
  const modules = new Set<string>(['auth']);
  app.decorate('operationLogModules', () => [...modules].sort());
  app.addHook('onRoute', (route) => {
    const tag = route.schema?.tags?.[0];
    if (!tag || !route.url.startsWith(`${app.config.apiPrefix}/`) || route.config?.operationLog === false) return;
    if (route.config?.operationLog || [route.method].flat().some((method) => !READS.has(method))) modules.add(tag);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url?.startsWith(`${app.config.apiPrefix}/`)) {
      if (reply.statusCode >= 400) request.operationAnswer = answerOf(payload);
      else if (!READS.has(request.method)) request.operationDocNo = docNoOfAnswer(payload);
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    let entry: NewOperationLog | null;
    // the call is answered once its row is queued, whatever happens below
    queueMicrotask(() => settle(request));
    try {
      entry = entryFor(request, reply, app.config.apiPrefix);
    } catch (err) {
      request.log.error({ err }, 'operation log entry failed');
      return;
    }
    if (!entry) return;
    queue.push(entry);
    if (queue.length >= 100) flush();
    else if (!timer) timer = setTimeout(flush, 10).unref();
  });

  app.addHook('onClose', async () => {
    await drained();
  });
}
