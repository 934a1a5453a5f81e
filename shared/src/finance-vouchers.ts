/**
 * 付款凭证 (issue 26): the bank slip of a 收款单 is bound to the paying party. It is an upload to
 * this category by one of that party's users (or HQ's, when HQ records for the party), used by no
 * other live payment, and served only to those who may see the payment — never publicly.
 */
export const VOUCHER_CATEGORY = 'cashier/voucherImage' as const;

/** Where finance serves a voucher (after the API prefix): `<key>` or its `<key>-200.jpg` thumbnail. */
export const VOUCHER_API_PATH = '/admin/api/v1/finance/vouchers/';

/** The voucher URL's file name (`/files/<key>` → `<key>`), for the voucher route. */
export const voucherFileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

export const VoucherMessages = {
  notVoucher: '付款凭证须为在付款凭证处上传的图片，请重新上传',
  notOwn: '付款凭证须由付款方本单位的账号上传，请重新上传',
  reused: (docNo: string) => `该付款凭证已用于${docNo}，一张凭证只能登记一次`,
  bankRefReused: (docNo: string) => `银行流水号已用于${docNo}，请核对后再登记`,
  notFound: '付款凭证不存在或无权查看',
} as const;
