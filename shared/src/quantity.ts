import { STOCK_QUANTITY_MAX } from './stock.ts';

/**
 * Quantities as typed (issue 16): one rule for every quantity input on both sides. What was typed
 * is kept as it is; a bad value is named in Chinese and blocks the save, never capped, clamped,
 * rounded or replaced.
 */

/** Full-width digits and signs, as a Chinese input method may type them. */
const FULL_WIDTH = /[０-９．－＋]/g;
const narrow = (s: string) => s.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/**
 * Reads a typed quantity: null when empty, the number when the text is a plain decimal number
 * (also -1 or 1.5, which the rule then refuses), NaN when it is not one ('abc', '1e3', '1,000').
 */
export function readQuantity(text: string): number | null {
  const t = narrow(text.trim());
  if (t === '') return null;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

export interface QuantityRule {
  /** the least allowed (default 0) */
  min?: number;
  /** the most allowed (default STOCK_QUANTITY_MAX) */
  max?: number;
  /** what the message calls the field (default 数量) */
  label?: string;
  /** a tighter limit of this line, e.g. { name: '可收', value: 10 } → 超出可收数量10 */
  cap?: { name: string; value: number } | null;
  /** empty is a problem (default: empty means "none" and is fine) */
  required?: boolean;
}

export const QuantityMessages = {
  required: (label: string) => `请输入${label}`,
  invalid: (label: string, min: number, max: number) => `${label}须为${min}-${max}的整数`,
  over: (name: string, value: number) => `超出${name}数量${value}`,
};

/** What is wrong with a typed quantity (text or number), in Chinese; null when it is fine. */
export function quantityProblem(raw: string | number | null | undefined, rule: QuantityRule = {}): string | null {
  const { min = 0, max = STOCK_QUANTITY_MAX, label = '数量', cap = null, required = false } = rule;
  const value = typeof raw === 'string' ? readQuantity(raw) : (raw ?? null);
  if (value === null) return required ? QuantityMessages.required(label) : null;
  if (!Number.isInteger(value) || value < min) return QuantityMessages.invalid(label, min, max);
  if (cap && value > cap.value) return QuantityMessages.over(cap.name, cap.value);
  if (value > max) return QuantityMessages.invalid(label, min, max);
  return null;
}

/** Is it a quantity the rule takes (an empty one counts as fine unless required)? */
export const quantityOk = (raw: string | number | null | undefined, rule?: QuantityRule) => quantityProblem(raw, rule) === null;
