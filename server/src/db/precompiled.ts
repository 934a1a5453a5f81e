import { sql, type CompiledQuery, type Compilable, type RawBuilder } from 'kysely';
import type { Db } from './database.ts';

// Kysely builds and compiles a query afresh on every call: walking a large tree (a header answer
// of thirty columns and six joins) is a good part of a busy route's own time. A query whose shape
// never changes is built and compiled once here and kept as its SQL text cut at its parameters;
// each call only puts its values in (a raw fragment, which compiles by joining strings).

/** A value the query is built with that stands for a value each call gives. */
interface Marker {
  readonly marker: string;
}

/**
 * The query `build` makes, compiled once: the answer fills each `mark(name)` with `values[name]`
 * and keeps every other parameter as it was when built. Placeholders in the text are numbered
 * `$n` (PostgreSQL's dialect); the built query must have no literal `$` of its own.
 */
export function precompiled<K extends string>(
  db: Db,
  build: (mark: (name: K) => unknown) => Compilable | RawBuilder<unknown>,
): (values: Readonly<Record<K, unknown>>) => RawBuilder<unknown> {
  const markers = new Map<unknown, K>();
  const built = build((name) => {
    const marker: Marker = { marker: name };
    markers.set(marker, name);
    return marker;
  });
  // a query builder compiles on its own, a raw fragment with the database's dialect
  const compiled = (built as { compile(db: Db): CompiledQuery }).compile(db);
  const fragments: string[] = [];
  const slots: number[] = [];
  let last = 0;
  for (const match of compiled.sql.matchAll(/\$(\d+)/g)) {
    fragments.push(compiled.sql.slice(last, match.index));
    slots.push(Number(match[1]) - 1);
    last = match.index + match[0].length;
  }
  fragments.push(compiled.sql.slice(last));
  const strings = Object.assign([...fragments], { raw: fragments }) as unknown as TemplateStringsArray;
  const parameters = compiled.parameters;
  // no marker: the same raw fragment serves every call
  if (![...parameters].some((p) => markers.has(p))) {
    const fixed = sql(strings, ...slots.map((i) => parameters[i]));
    return () => fixed;
  }
  return (values) =>
    sql(
      strings,
      ...slots.map((i) => {
        const name = markers.get(parameters[i]);
        return name === undefined ? parameters[i] : values[name];
      }),
    );
}
