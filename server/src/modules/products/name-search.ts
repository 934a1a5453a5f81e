import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { containsPattern } from '../../db/paging.ts';

// Keyword search on products by the character pairs of migration 0021: `search_grams @>
// query_grams(keyword)` narrows the products to those holding every pair of the keyword (or its
// one character) in the style no. or the name, through the GIN index; the ILIKE beside it decides.
// The answer is exactly the ILIKE answer; the cost follows the matches, not the catalogue.
// `alias` is the products table's name or alias in the query ('p', 'products').

const pairs = (alias: string, keyword: string) => sql`${sql.ref(`${alias}.search_grams`)} @> query_grams(${keyword})`;

/** The product's name contains `keyword` (`name ILIKE %keyword%`, the user's %, _ and \ taken literally). */
export function nameContains(alias: string, keyword: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${pairs(alias, keyword)} and ${sql.ref(`${alias}.name`)} ilike ${containsPattern(keyword)})`;
}

/** The product's style no. or name contains `keyword` (ILIKE either). */
export function styleOrNameContains(alias: string, keyword: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(keyword);
  return sql<SqlBool>`(${pairs(alias, keyword)} and (${sql.ref(`${alias}.style_no`)} ilike ${pattern} or ${sql.ref(`${alias}.name`)} ilike ${pattern}))`;
}
