/**
 * Permission codes (DESIGN §5): defined once here, granted through the menu tree, checked by
 * the server on the matching route (route config `permission`) and, for buttons, delivered
 * to the web in route meta.permissions (SPEC §6). A page (menu) may carry a code too: it is
 * granted with the page and guards the page's own read calls. Each module adds its codes
 * here as it lands, e.g. `warehouse:inbound:audit`.
 */
export const Permissions = {
  /** 注册审核 page: read the applications */
  registrationList: 'system:registration:list',
  /** 注册审核 buttons 通过 / 驳回 */
  registrationAudit: 'system:registration:audit',

  /** 字典管理 page (read dictionaries and items) and its buttons */
  dictList: 'system:dict:list',
  dictAdd: 'system:dict:add',
  dictEdit: 'system:dict:edit',
  dictDelete: 'system:dict:delete',

  /** 系统信息 page: edit titleName, logo, ICP numbers */
  systemInfoEdit: 'system:info:edit',

  /** 操作日志 page */
  operationLogList: 'system:log:list',

  /** 菜单管理 page and its buttons */
  menuList: 'system:menu:list',
  menuAdd: 'system:menu:add',
  menuEdit: 'system:menu:edit',
  menuDelete: 'system:menu:delete',

  /** 角色管理 page and its buttons; 权限分配 (ruleAuth) and role members */
  roleList: 'system:role:list',
  roleAdd: 'system:role:add',
  roleEdit: 'system:role:edit',
  roleDelete: 'system:role:delete',
  roleGrant: 'system:role:grant',
  roleUsers: 'system:role:users',

  /** 代理商 page (users/agent) and its buttons */
  agentList: 'users:agent:list',
  agentAdd: 'users:agent:add',
  agentEdit: 'users:agent:edit',
  agentDisable: 'users:agent:disable',
  /** 门店 page (users/shop) and its buttons; shop edit is 编辑 */
  shopList: 'users:shop:list',
  shopAdd: 'users:shop:add',
  shopEdit: 'users:shop:edit',
  shopDisable: 'users:shop:disable',
  /** 供应商 page (users/supplier) and its buttons */
  supplierList: 'users:supplier:list',
  supplierAdd: 'users:supplier:add',
  supplierEdit: 'users:supplier:edit',
  supplierDisable: 'users:supplier:disable',
  /** a party's sign-in accounts: create, reset password, disable/enable */
  partyAccounts: 'users:account:manage',

  /** 标签 page (tag groups and tags) and its buttons */
  tagList: 'system:tag:list',
  tagAdd: 'system:tag:add',
  tagEdit: 'system:tag:edit',
  tagDelete: 'system:tag:delete',

  /** 子账号 page (subUser) and its buttons */
  subUserList: 'system:subuser:list',
  subUserAdd: 'system:subuser:add',
  subUserEdit: 'system:subuser:edit',
  subUserDisable: 'system:subuser:disable',

  /** 商品资料: brands, categories, size groups, colours (one page each) */
  brandList: 'product:brand:list',
  brandEdit: 'product:brand:edit',
  categoryList: 'product:category:list',
  categoryEdit: 'product:category:edit',
  sizeGroupList: 'product:size:list',
  sizeGroupEdit: 'product:size:edit',
  /** 配码 of a size group (on the 尺码组 page): new, edit, enable/disable, delete, set default */
  sizeRunEdit: 'product:sizerun:edit',
  colourList: 'product:colour:list',
  colourEdit: 'product:colour:edit',
  /** 商品 (styles and SKUs) */
  productList: 'product:product:list',
  productAdd: 'product:product:add',
  productEdit: 'product:product:edit',
  productStatus: 'product:product:status',
  productImport: 'product:product:import',
  /** 物料 */
  materialList: 'product:material:list',
  materialAdd: 'product:material:add',
  materialEdit: 'product:material:edit',
  materialDelete: 'product:material:delete',

  /** 仓库资料 (warehouse base, address, details) page and its 编辑 button (new, edit, enable/disable) */
  warehouseList: 'warehouse:base:list',
  warehouseEdit: 'warehouse:base:edit',
  /** 货架 page (shelves and shelf inventory) and its 编辑 button */
  shelfList: 'warehouse:shelf:list',
  shelfEdit: 'warehouse:shelf:edit',
  /** 库存查询: balances and an item's movements */
  stockList: 'warehouse:stock:list',
  /** 入库单: list/info pages; 新增/编辑/扫描 (also submit); 审核入库 (post); 作废 */
  inboundList: 'warehouse:inbound:list',
  inboundAdd: 'warehouse:inbound:add',
  inboundAudit: 'warehouse:inbound:audit',
  inboundVoid: 'warehouse:inbound:void',
  /** 出库单; 差异出库 = posting when scanned differs from expected */
  outboundList: 'warehouse:outbound:list',
  outboundAdd: 'warehouse:outbound:add',
  outboundAudit: 'warehouse:outbound:audit',
  outboundDifference: 'warehouse:outbound:difference',
  outboundVoid: 'warehouse:outbound:void',
  /** 调拨单: 发货 (into transit) and 收货 (out of transit) */
  transferList: 'warehouse:transfer:list',
  transferAdd: 'warehouse:transfer:add',
  transferShip: 'warehouse:transfer:ship',
  transferReceive: 'warehouse:transfer:receive',
  transferVoid: 'warehouse:transfer:void',
  /** 盘点单: 新增/开始盘点/扫描; 审核过账 */
  stocktakeList: 'warehouse:stocktake:list',
  stocktakeAdd: 'warehouse:stocktake:add',
  stocktakeAudit: 'warehouse:stocktake:audit',
  stocktakeVoid: 'warehouse:stocktake:void',
  /** 换货单 */
  exchangeList: 'warehouse:exchange:list',
  exchangeAdd: 'warehouse:exchange:add',
  exchangeAudit: 'warehouse:exchange:audit',
  exchangeVoid: 'warehouse:exchange:void',
  /** 海外仓单据 (receipts and imported snapshots) */
  overseasList: 'warehouse:overseas:list',
  overseasAdd: 'warehouse:overseas:add',
  overseasAudit: 'warehouse:overseas:audit',
  overseasVoid: 'warehouse:overseas:void',
  /** 期初库存: import, then 审核锁定 */
  openingList: 'warehouse:opening:list',
  openingAdd: 'warehouse:opening:add',
  openingAudit: 'warehouse:opening:audit',
  /** 在途统计 and 库存报表 */
  stockStats: 'warehouse:stats:list',
  /** 采购订单: 新增/编辑/提交/撤回/删除; 审核; 收货 (makes purchase inbounds); 关闭; 确认交期 (suppliers) */
  purchaseOrderList: 'purchase:order:list',
  purchaseOrderAdd: 'purchase:order:add',
  purchaseOrderAudit: 'purchase:order:audit',
  purchaseOrderReceive: 'purchase:order:receive',
  purchaseOrderClose: 'purchase:order:close',
  purchaseOrderConfirm: 'purchase:order:confirm',
  /** 采购退货: 新增/编辑/删除; 审核 (makes the outbound); 作废 */
  purchaseRefundList: 'purchase:refund:list',
  purchaseRefundAdd: 'purchase:refund:add',
  purchaseRefundAudit: 'purchase:refund:audit',
  purchaseRefundVoid: 'purchase:refund:void',
  /** 应付账款 and 采购汇总 */
  purchasePayableList: 'purchase:payable:list',
  purchaseSummaryList: 'purchase:summary:list',
  /** 企划: 政策明细 (policies per agent level and shop kind) and its 新增/编辑/启停 */
  planningPolicyList: 'planning:policy:list',
  planningPolicyEdit: 'planning:policy:edit',
  /** 企划: 特价 (agent, shop, condition pages) and their 新增/编辑/启停/删除 */
  planningSpecialList: 'planning:special:list',
  planningSpecialEdit: 'planning:special:edit',
  /** 企划: 价格模拟 (a style's price breakdown for one buyer) */
  planningPriceSimulate: 'planning:price:simulate',
  /** 订货管理: 订货季 (seasons and their styles) and its 新增/编辑/启停/款式 */
  orderingSeasonList: 'ordering:season:list',
  orderingSeasonEdit: 'ordering:season:edit',
  /** 订货: the buyer's catalogue (agents and shops for themselves; HQ choosing a buyer) */
  orderingCatalogueView: 'ordering:catalogue:view',
  /** 订货单: list and detail (HQ all; an agent its own and its shops'; a shop its own) */
  orderingOrderList: 'ordering:order:list',
  /** 订货单: 新增/编辑草稿/提交/撤回/取消 (buyers and HQ) */
  orderingOrderEdit: 'ordering:order:edit',
  /** 订货单: 审核 (cutting lines) and 驳回, HQ only */
  orderingOrderAudit: 'ordering:order:audit',
  /** 订货额度: HQ all buyers' quotas and their entries; an agent or a shop its own, with what is left */
  orderingQuotaList: 'ordering:quota:list',
  /** 订货额度: 新增/编辑 (the limits), HQ only */
  orderingQuotaEdit: 'ordering:quota:edit',
  /** 配货发货: audited orders waiting for goods, what is allocated, the 配货出库 made (HQ only) */
  orderingAllocationList: 'ordering:allocation:list',
  /** 配货发货: 配货 (allocating stock to audited orders) and 释放 (giving it back) */
  orderingAllocationAllocate: 'ordering:allocation:allocate',
  /** 配货发货: 生成出库 (one 配货出库 per order from what is allocated) */
  orderingAllocationDeliver: 'ordering:allocation:deliver',
  /** 发货明细: every order line past draft with what is approved, allocated, shipped, received and outstanding (HQ all; an agent its own and its shops'; a shop its own) */
  orderingReportShipping: 'ordering:report:shipping',
  /** 订货汇总: by style (尺码横排), by buyer and by season, in the same scope */
  orderingReportSummary: 'ordering:report:summary',
  /** 订货对账单: one buyer's orders in a period with approved and shipped amounts */
  orderingReportBill: 'ordering:report:bill',
  /** 可订品牌: HQ all buyers' brand limits; an agent its own and its shops'; a shop its own (read only) */
  orderingBrandList: 'ordering:brand:list',
  /** 可订品牌: 新增/删除 (which brands a buyer may order), HQ only */
  orderingBrandEdit: 'ordering:brand:edit',
  /** 翻单汇总 and 翻单明细: styles received, by what was shipped and received (HQ all; an agent its own and its shops'; a shop its own) */
  orderingReorderList: 'ordering:reorder:list',
  /** 翻单: a re-order draft of a style already received (buyers and HQ); submitted and audited like every order */
  orderingReorderEdit: 'ordering:reorder:edit',
  /** 未发货: every open order line not yet shipped, by buyer and style, with its age */
  orderingUnshippedList: 'ordering:unshipped:list',
  /** 往来账户: HQ every account; an agent, a directly billed shop or a supplier its own (figures and entries) */
  financeAccountList: 'finance:account:list',
  /** 往来账户: 设置授信额度, HQ only */
  financeCreditEdit: 'finance:credit:edit',
  /** 超额度放行: an order may be submitted or audited beyond the available credit, with a reason (logged) */
  financeCreditOverride: 'finance:credit:override',
  /** 收款单: HQ all; an agent or a billed shop its own */
  financePaymentList: 'finance:payment:list',
  /** 收款单: 登记 and 撤销 (the party for itself; HQ for any party, posted at once) */
  financePaymentEdit: 'finance:payment:edit',
  /** 收款单: 审核/驳回/冲销, HQ finance */
  financePaymentAudit: 'finance:payment:audit',
  /** 付款单 (to suppliers), HQ only */
  financeSupplierPaymentList: 'finance:supplier-payment:list',
  financeSupplierPaymentEdit: 'finance:supplier-payment:edit',
  /** 调整单: list; 新增/冲销 is its own permission (a reason is required) */
  financeAdjustmentList: 'finance:adjustment:list',
  financeAdjustmentEdit: 'finance:adjustment:edit',
  /** 对账单: HQ any party's; an agent, a directly billed shop or a supplier its own */
  financeStatementList: 'finance:statement:list',
  /** 对账单: 确认 (the party itself, for its own statement; never HQ for a party) */
  financeStatementConfirm: 'finance:statement:confirm',
  /** 应收账龄: HQ only */
  financeAgeingList: 'finance:ageing:list',
  /** 返利: HQ every agent's rebates and the rules; an agent its own rebates */
  financeRebateList: 'finance:rebate:list',
  /** 返利: 规则/计算/入账/冲销, HQ only */
  financeRebateEdit: 'finance:rebate:edit',
  /** 退货单: HQ all; an agent its shops'; a shop its own */
  aftersalesReturnList: 'aftersales:return:list',
  /** 退货单: 新增/编辑/提交/撤回/删除/发货 (the shop's side; HQ may act for a shop) */
  aftersalesReturnEdit: 'aftersales:return:edit',
  /** 退货单: 审核/驳回/作废, HQ */
  aftersalesReturnAudit: 'aftersales:return:audit',
  /** 退货单: 收货 (good or defective, differences), HQ warehouse */
  aftersalesReturnReceive: 'aftersales:return:receive',
  /** 换货单, as 退货单 */
  aftersalesSwapList: 'aftersales:swap:list',
  aftersalesSwapEdit: 'aftersales:swap:edit',
  aftersalesSwapAudit: 'aftersales:swap:audit',
  /** 换货单: 确认换货 (both legs move), HQ warehouse */
  aftersalesSwapReceive: 'aftersales:swap:receive',
  /** 订货计划 and 门店计划明细: HQ every agent's; an agent its own shops'; a shop its own plan */
  agentPlanList: 'agentplan:plan:list',
  /** 订货计划: edit the targets (HQ, or an agent for its own shops) */
  agentPlanEdit: 'agentplan:plan:edit',
  /** 订货额度明细: the quota ledger of a party and season, in the caller's scope */
  agentPlanQuotaList: 'agentplan:quota:list',
  /** 库存上报: HQ all reports; an agent its shops' warehouses'; a shop its own warehouse's */
  aftersalesInventoryList: 'aftersales:inventory:list',
  /** 库存上报: 新增/编辑/扫描/提交 (for a warehouse in the caller's scope) */
  aftersalesInventoryEdit: 'aftersales:inventory:edit',
  /** 库存上报: 审核/驳回 (HQ); an auditor also sees the book stock and the differences */
  aftersalesInventoryAudit: 'aftersales:inventory:audit',
  /** 库存上报: 过账差异 (makes and posts a 盘点单 from an audited report) */
  aftersalesInventoryPost: 'aftersales:inventory:post',
} as const;

export type PermissionCode = (typeof Permissions)[keyof typeof Permissions];

/** SPEC §6: an element is kept only if the current route's meta permissions include the code. */
export function hasPermission(granted: readonly string[] | null | undefined, code: string): boolean {
  return !!granted && granted.includes(code);
}
