/** Shown when the server's system basic info has no title yet. */
export const PRODUCT_TITLE = '服装批发零售后台管理系统';
