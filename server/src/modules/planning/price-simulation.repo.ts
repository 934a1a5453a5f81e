import { sql, type SqlBool } from 'kysely';
import { AGENT_LEVEL_DICT, type PolicyTargetType } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/paging.ts';

// What pricing reads: the buyer, the style's attributes, and the rules that may apply on a day.
// Reads only; the rules' tables are this module's, the rest are read as every report reads them.

const OPTION_LIMIT = 50;

export function findAgentBuyer(db: Db, id: number) {
  return db
    .selectFrom('agents')
    .select([
      'agents.id',
      'agents.code',
      'agents.name',
      'agents.level',
      sql<
        string | null
      >`(SELECT i.name FROM dict_items i JOIN dicts d ON d.id = i.dict_id WHERE d.dict_code = ${AGENT_LEVEL_DICT} AND lower(i.value) = lower(agents.level) LIMIT 1)`.as(
        'level_name',
      ),
    ])
    .where('agents.id', '=', id)
    .executeTakeFirst();
}

export function findShopBuyer(db: Db, id: number) {
  return db
    .selectFrom('shops')
    .leftJoin('agents', 'agents.id', 'shops.agent_id')
    .select(['shops.id', 'shops.code', 'shops.name', 'shops.kind', 'shops.agent_id', 'agents.name as agent_name'])
    .where('shops.id', '=', id)
    .executeTakeFirst();
}

/** A style with what conditions match on: its category's parents (up to the 3 levels) and its tags. */
export async function findStyle(db: Db, id: number) {
  const row = await db
    .selectFrom('products')
    .leftJoin('product_categories as c1', 'c1.id', 'products.category_id')
    .leftJoin('product_categories as c2', 'c2.id', 'c1.parent_id')
    .select([
      'products.id',
      'products.style_no',
      'products.name',
      'products.brand_id',
      'products.category_id',
      'products.season',
      'products.wholesale_price_fen',
      'c1.parent_id as parent_id',
      'c2.parent_id as grandparent_id',
    ])
    .where('products.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const tags = await db.selectFrom('tag_links').select('tag_id').where('target_type', '=', 'product').where('target_id', '=', id).execute();
  const categoryIds = [row.category_id, row.parent_id, row.grandparent_id].filter((value): value is number => value !== null);
  return { ...row, categoryIds, tagIds: tags.map((t) => t.tag_id) };
}

/**
 * Many styles at once, for a catalogue page: two statements whatever the number of styles (the
 * styles with their category's parents, then all their tags), never one per style.
 */
export async function findStyles(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const [rows, tags] = await Promise.all([
    db
      .selectFrom('products')
      .leftJoin('product_categories as c1', 'c1.id', 'products.category_id')
      .leftJoin('product_categories as c2', 'c2.id', 'c1.parent_id')
      .select([
        'products.id',
        'products.brand_id',
        'products.category_id',
        'products.season',
        'products.wholesale_price_fen',
        'c1.parent_id as parent_id',
        'c2.parent_id as grandparent_id',
      ])
      .where('products.id', 'in', ids)
      .execute(),
    db.selectFrom('tag_links').select(['target_id', 'tag_id']).where('target_type', '=', 'product').where('target_id', 'in', ids).execute(),
  ]);
  const tagsOf = new Map<number, number[]>();
  for (const tag of tags) tagsOf.set(tag.target_id, [...(tagsOf.get(tag.target_id) ?? []), tag.tag_id]);
  return rows.map((row) => ({
    ...row,
    categoryIds: [row.category_id, row.parent_id, row.grandparent_id].filter((value): value is number => value !== null),
    tagIds: tagsOf.get(row.id) ?? [],
  }));
}

/** The policy rows of one target kind (a handful: one per level or per shop kind). */
export function policiesOf(db: Db, targetType: PolicyTargetType) {
  return db.selectFrom('discount_policies').select(['id', 'target_type', 'target_value', 'rate_bp', 'enabled']).where('target_type', '=', targetType).execute();
}

/**
 * Enabled specials in force on `day` that could concern the buyer: the conditions, the buyer's
 * agent's and the shop's own. The pure function decides the rest (conditions, the choice).
 */
export function specialsInForce(db: Db, day: string, buyer: { agentId: number | null; shopId: number | null }) {
  return db
    .selectFrom('special_discounts')
    .selectAll()
    .where('enabled', '=', true)
    .where('valid_from', '<=', day)
    .where('valid_to', '>=', day)
    .where((eb) => {
      const targets = [eb('target_type', '=', 'condition')];
      if (buyer.agentId !== null) targets.push(eb('agent_id', '=', buyer.agentId));
      if (buyer.shopId !== null) targets.push(eb('shop_id', '=', buyer.shopId));
      return eb.or(targets);
    })
    .execute();
}

// ---- pickers of the planning screens (HQ: every row; enabled ones first) ----

type OptionTable = 'agents' | 'shops';

export function partyOptions(db: Db, table: OptionTable, keyword: string | undefined) {
  let query = db.selectFrom(table).select(['id', 'code', 'name']);
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) => eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  }
  return query.orderBy('enabled', 'desc').orderBy('code').limit(OPTION_LIMIT).execute();
}

export function productOptions(db: Db, keyword: string | undefined) {
  let query = db.selectFrom('products').select(['id', 'style_no as code', 'name']);
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) => eb.or([eb('style_no', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  }
  return query.orderBy(sql<SqlBool>`status = 'on_sale'`, 'desc').orderBy('style_no').limit(OPTION_LIMIT).execute();
}

/** The enabled policy of one target (an agent level, a shop kind), with its after-sales terms. */
export function afterSalesPolicyOf(db: Db, targetType: PolicyTargetType, targetValue: string) {
  return db
    .selectFrom('discount_policies')
    .select(['id', 'target_type', 'target_value', 'return_rate_bp', 'swap_rate_bp', 'return_window_days'])
    .where('target_type', '=', targetType)
    .where(sql<string>`lower(target_value)`, '=', targetValue.toLowerCase())
    .where('enabled', '=', true)
    .executeTakeFirst();
}
