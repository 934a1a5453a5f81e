/**
 * Which field a server message belongs under: the first field whose prefix the message starts
 * with (e.g. { code: '货架编码' } puts "货架编码已存在" under `code`); null keeps it a toast only.
 */
export function fieldOfServerMessage<K extends string>(msg: string, prefixes: Readonly<Partial<Record<K, string>>>): K | null {
  for (const [field, prefix] of Object.entries(prefixes) as [K, string | undefined][]) {
    if (prefix && msg.startsWith(prefix)) return field;
  }
  return null;
}
