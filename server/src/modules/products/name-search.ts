import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { containsPattern } from '../../db/paging.ts';

/**
 * `<name> ILIKE %keyword%` (the user's %, _ and \ taken literally) with the character-pair index of
 * migration 0021 in front of it: `name_grams(<name>) @> name_query_grams(keyword)` narrows the
 * products to those holding every pair of the keyword (or its one character) through the GIN index,
 * and the ILIKE decides. The answer is exactly the ILIKE answer; the cost follows the matches, not
 * the catalogue. `column` is a products.name reference such as 'p.name' or 'products.name' (the
 * index is on products.name; other tables' names get the same answer without it).
 */
export function nameContains(column: string, keyword: string): RawBuilder<SqlBool> {
  const name = sql.ref(column);
  return sql<SqlBool>`(name_grams(${name}) @> name_query_grams(${keyword}) and ${name} ilike ${containsPattern(keyword)})`;
}
