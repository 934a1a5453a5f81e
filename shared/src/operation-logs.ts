/**
 * 操作日志: who did what, when and from where. The server records every change call and every
 * sign-in and sign-out; managers search them in 系统设置 › 操作日志.
 */
export const OPERATION_ACTIONS = [
  'create',
  'update',
  'delete',
  'submit',
  'withdraw',
  'audit',
  'reject',
  'cancel',
  'void',
  'close',
  'ship',
  'receive',
  'post',
  'login',
  'login_failed',
  'logout',
  'other',
] as const;
export type OperationAction = (typeof OPERATION_ACTIONS)[number];

export const OPERATION_ACTION_LABELS: Record<OperationAction, string> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  submit: '提交',
  withdraw: '撤回',
  audit: '审核',
  reject: '驳回',
  cancel: '取消',
  void: '作废',
  close: '关闭',
  ship: '发货',
  receive: '收货',
  post: '过账',
  login: '登录',
  login_failed: '登录失败',
  logout: '退出登录',
  other: '其他',
};

export const OPERATION_RESULTS = ['success', 'failure'] as const;
export type OperationResult = (typeof OPERATION_RESULTS)[number];

export const OPERATION_RESULT_LABELS: Record<OperationResult, string> = { success: '成功', failure: '失败' };

/** Chinese names of the route tags (modules); a tag not listed shows as itself. */
export const OPERATION_MODULE_LABELS: Readonly<Record<string, string>> = {
  auth: '登录认证',
  users: '用户',
  wechat: '微信',
  sms: '短信验证码',
  registrations: '注册审核',
  menus: '菜单管理',
  roles: '角色管理',
  dicts: '字典管理',
  'dict-items': '字典项',
  tags: '标签管理',
  system: '系统信息',
  uploads: '上传',
  agents: '代理商',
  shops: '门店',
  suppliers: '供应商',
  'party-accounts': '用户账号',
  'sub-users': '子账号',
  'operation-logs': '操作日志',
  products: '商品',
  'product-master': '商品资料',
  materials: '物料',
  warehouses: '仓库',
  shelves: '货架',
  stock: '库存',
  'stock-docs:inbound': '入库单',
  'stock-docs:outbound': '出库单',
  'stock-docs:transfer': '调拨单',
  'stock-docs:stocktake': '盘点单',
  'stock-docs:exchange': '换货单',
  'stock-docs:overseas': '海外仓单据',
  'stock-docs:opening': '期初库存',
  'purchase-orders': '采购订单',
  'purchase-refunds': '采购退货',
  planning: '企划管理',
  ordering: '订货管理',
  'ordering-cart': '购物车',
  'sales-orders': '订货单',
  'sales-allocation': '配货发货',
  'ordering-reports': '订货报表',
  'ordering-brands': '可订品牌',
  'ordering-reorders': '翻单',
  finance: '财务管理',
  'sales-returns': '售后退货',
  'sales-swaps': '售后换货',
  'agent-plans': '代理规划',
  'aftersales-inventory': '库存上报',
};

export function operationModuleLabel(module: string): string {
  return OPERATION_MODULE_LABELS[module] ?? module;
}

export const OPERATION_LOG_KEYWORD_MAX = 64;

/** The same words on both sides (the server's checks, the page's hints). */
export const OperationLogMessages = {
  badFrom: '开始时间格式不正确',
  badTo: '结束时间格式不正确',
  rangeReversed: '开始时间不能晚于结束时间',
  keywordTooLong: `关键字不能超过${OPERATION_LOG_KEYWORD_MAX}个字符`,
  ipTooLong: 'IP 不能超过64个字符',
  notFound: '操作日志不存在',
} as const;

/** One row of the log, as the list and the detail answer it. */
export interface OperationLogRecord {
  id: number;
  userId: number | null;
  account: string;
  userName: string;
  roleType: string;
  action: OperationAction;
  module: string;
  summary: string;
  method: string;
  /** the route pattern, e.g. /api/admin/api/v1/registrations/:id/approve */
  path: string;
  targetId: string;
  result: OperationResult;
  /** the answer's code: 201 on success */
  code: string;
  /** the answer's message on failure (e.g. 账号或密码错误) */
  message: string;
  ip: string;
  userAgent: string;
  durationMs: number;
  createdAt: string;
}
