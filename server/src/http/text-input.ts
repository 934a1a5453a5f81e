import { badRequest } from './app-error.ts';

/**
 * An optional free-text field (remark, reason, memo) of a body that services check themselves:
 * absent or null is '', a string is trimmed and held to `max` characters, and anything else (a
 * number, an object) is refused — never silently blanked (issue 26).
 */
export function optionalText(value: unknown, label: string, max: number, tooLong: string = `${label}最多${max}个字`): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') throw badRequest(`${label}须为文字`);
  const text = value.trim();
  if (text.length > max) throw badRequest(tooLong);
  return text;
}
