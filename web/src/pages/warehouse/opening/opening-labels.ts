// Wording of the opening actions (a posted opening is locked for good).
export const OPENING_ACTION_LABELS = { post: '审核锁定' } as const;
export const OPENING_ACTION_CONFIRMS = {
  post: '审核后期初库存立即入账并锁定：不能修改、不能作废，该仓库也不能再导入期初。确定审核锁定？',
  void: '作废后该仓库可以重新导入期初。确定作废？',
} as const;
