/**
 * Answer codes of the wire envelope `{ code, msg, data }` (SPEC §8, DESIGN §3).
 * Success is the string "201". Each session-clearing code has exactly one meaning.
 */
export const SUCCESS_CODE = '201' as const;

export const ResultCode = {
  success: SUCCESS_CODE,
  /** 请求未携带 session：未登录 */
  notSignedIn: '401',
  /** session 不存在或已注销（登出、改密、被踢下线） */
  sessionInvalid: 'A0200',
  /** session 已超时（空闲或绝对超时） */
  sessionExpired: 'A0231',
  /** 账号已停用 */
  accountDisabled: 'S0001',
  /** 账号已删除或不存在 */
  accountGone: 'S0002',
  /** 账号未激活：此 session 只能用于修改密码 */
  accountInactive: 'S0003',
  /** session 与当前账号的授权不符（角色或类型已变更，需重新登录） */
  noAuth: 'noauth',
  /** 账号或密码错误（不区分账号是否存在） */
  loginFailed: 'A0210',
  /** 尝试过于频繁 */
  tooManyAttempts: 'A0211',
  /** 无权限（不清除登录态） */
  forbidden: 'A0301',
  /** 参数错误 */
  badRequest: 'A0400',
  /** 资源不存在 */
  notFound: 'A0404',
  /** 数据冲突（重复、状态不允许） */
  conflict: 'A0409',
  /** 请求体过大 */
  payloadTooLarge: 'A0413',
  /** 请求过于频繁 */
  rateLimited: 'A0429',
  /** 系统异常 */
  serverError: 'B0001',
  /**
   * 数据库暂时不可用（重启、主备切换、连接中断）：HTTP 503，稍后重试即可，不清除登录态。
   * C 开头为依赖的服务出错（阿里巴巴错误码规约 C0300 数据库服务出错）。
   */
  databaseUnavailable: 'C0300',
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes on which the web clears the session and returns to /login (SPEC §8). */
export const SESSION_CLEARING_CODES: readonly string[] = ['401', 'A0231', 'A0200', 'S0003', 'S0002', 'S0001', 'noauth'];

export function isSessionClearingCode(code: unknown): boolean {
  return typeof code === 'string' && SESSION_CLEARING_CODES.includes(code);
}

export const Messages = {
  systemError: '系统异常，请联系管理员',
  loginFailedPrefix: '登录失败!',
  badCredentials: '账号或密码错误',
  logoutOk: '登出成功!',
  logoutFailed: '登出失败!',
  notSignedIn: '请先登录',
  sessionInvalid: '登录状态已失效，请重新登录',
  sessionExpired: '登录已超时，请重新登录',
  accountDisabled: '账号已停用，请联系管理员',
  accountGone: '账号不存在或已删除',
  accountInactive: '账号未激活，请先修改密码',
  noAuth: '账号权限已变更，请重新登录',
  forbidden: '没有权限执行此操作',
  notFound: '请求的资源不存在',
  badPath: '非法的请求路径',
  payloadTooLarge: '请求内容过大',
  headerTooLarge: '请求地址或请求头过长',
  paramTooLong: '请求路径参数过长',
  requestTimeout: '请求超时，请重试',
  badRequest: '请求不正确',
  rateLimited: '请求过于频繁，请稍后再试',
  databaseUnavailable: '数据库暂时不可用，请稍后重试',
  databaseTimeout: '数据库响应超时，请稍后重试',
  uploadOk: '上传成功！',
  uploadFailed: '上传失败！',
  passwordChanged: '修改成功,请输入新密码登录',
} as const;

export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
}
