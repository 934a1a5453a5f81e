import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error.ts';

/**
 * Control characters never reach a handler (PostgreSQL refuses NUL in text, and none of them
 * belongs in a name, a code or a filter): C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F).
 * Tab, line feed and carriage return are kept in bodies, where multi-line text (remarks,
 * addresses) lives; query strings and path parameters are single-line and refuse them too.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const CONTROL_IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f]/;

export const CONTROL_CHAR_MESSAGE = '不能含有控制字符';

/**
 * Invisible format characters make two names that look alike differ (杭州店 and 杭州\u200b店), or
 * turn text around on screen: zero-width spaces and joiners, word joiners, the byte-order mark and
 * the bidi controls (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069). No name, code, remark
 * or filter needs one; they are refused everywhere (issue 26).
 */
export const INVISIBLE = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
export const INVISIBLE_CHAR_MESSAGE = '不能含有不可见字符（零宽字符或文字方向控制符）';

/**
 * The first string (value or key) in `value` holding a character of `pattern`, as a field path
 * (`lines.0.remark`), or null. Walked with a stack, not recursion: a deeply nested body cannot
 * overflow it.
 */
export function controlCharField(value: unknown, pattern: RegExp): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (pattern.test(item)) return path;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], path ? `${path}.${i}` : String(i)]);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (pattern.test(key)) return at;
        stack.push([child, at]);
      }
    }
  }
  return null;
}

/** Refuses (422 A0400, before validation) a body, query or path parameter holding a control or invisible character. */
export function registerControlCharGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = controlCharField(request.params, CONTROL_IN_LINE) ?? controlCharField(request.query, CONTROL_IN_LINE) ?? controlCharField(request.body, CONTROL_IN_BODY);
    if (field !== null) throw badRequest(field ? `${field}：${CONTROL_CHAR_MESSAGE}` : `请求内容${CONTROL_CHAR_MESSAGE}`);
    const hidden = controlCharField(request.params, INVISIBLE) ?? controlCharField(request.query, INVISIBLE) ?? controlCharField(request.body, INVISIBLE);
    if (hidden !== null) throw badRequest(hidden ? `${hidden}：${INVISIBLE_CHAR_MESSAGE}` : `请求内容${INVISIBLE_CHAR_MESSAGE}`);
  });
}
