import { formatYuan } from '@erp/shared';

/** A limit or what is left of it in fen (授信额度, 可用授信, 订货额度): 不限 when there is none (null), else ¥1,234.50. */
export function formatYuanOrUnlimited(fen: number | null): string {
  return fen === null ? '不限' : formatYuan(fen);
}
