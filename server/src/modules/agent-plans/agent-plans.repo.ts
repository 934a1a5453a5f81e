import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PartyScope } from '../../http/request-context.ts';

// 代理规划: the plan rows (this module's one table), plus what it reads of seasons, agents and shops
// to name them and to keep each caller in its scope (reads only).

export async function seasonExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('ordering_seasons').select('id').where('id', '=', id).executeTakeFirst());
}

/** The seasons open today (Asia/Shanghai) first, the pages pick the first; then the newest. */
export function seasons(db: Db) {
  return db
    .selectFrom('ordering_seasons')
    .select(['id', 'code', 'name'])
    .orderBy(sql`(now() AT TIME ZONE 'Asia/Shanghai')::date BETWEEN opens_on AND closes_on`, 'desc')
    .orderBy('opens_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** HQ every agent; an agent itself; anyone else none. */
export function agentsInScope(db: Db, scope: PartyScope) {
  let query = db.selectFrom('agents').select(['id', 'code', 'name']).orderBy('code');
  if (scope.kind === 'agent') query = query.where('id', '=', scope.agentId);
  else if (scope.kind !== 'all') return Promise.resolve([]);
  return query.execute();
}

/** HQ every shop; an agent its shops; a shop itself. */
export function shopsInScope(db: Db, scope: PartyScope) {
  let query = db.selectFrom('shops').select(['id', 'code', 'name', 'agent_id']).orderBy('code');
  if (scope.kind === 'agent') query = query.where('agent_id', '=', scope.agentId);
  else if (scope.kind === 'shop') query = query.where('id', '=', scope.shopId);
  else if (scope.kind !== 'all') return Promise.resolve([]);
  return query.execute();
}

export function findAgent(db: Db, id: number) {
  return db.selectFrom('agents').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
}

export function shopsOfAgent(db: Db, agentId: number) {
  return db.selectFrom('shops').select(['id', 'code', 'name', 'agent_id']).where('agent_id', '=', agentId).orderBy('code').execute();
}

export function findShop(db: Db, id: number) {
  return db
    .selectFrom('shops as s')
    .leftJoin('agents as a', 'a.id', 's.agent_id')
    .select(['s.id', 's.code', 's.name', 's.agent_id', 'a.name as agent_name'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export function plansOf(db: Db, seasonId: number, shopIds: readonly number[]) {
  if (shopIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('agent_plans')
    .select(['id', 'shop_id', 'category_id', 'target_fen', 'target_pieces', 'remark'])
    .where('season_id', '=', seasonId)
    .where('shop_id', 'in', [...shopIds])
    .orderBy('id')
    .execute();
}
export type PlanRow = Awaited<ReturnType<typeof plansOf>>[number];

export interface PlanValues {
  season_id: number;
  agent_id: number;
  shop_id: number;
  category_id: number;
  target_fen: number;
  target_pieces: number;
  remark: string;
}

/** Insert or overwrite the row of (season, shop, category). */
export async function upsertPlan(db: Db, values: PlanValues, userId: number): Promise<void> {
  await db
    .insertInto('agent_plans')
    .values({ ...values, created_by: userId, updated_by: userId })
    .onConflict((oc) =>
      oc.columns(['season_id', 'shop_id', 'category_id']).doUpdateSet({
        agent_id: values.agent_id,
        target_fen: values.target_fen,
        target_pieces: values.target_pieces,
        remark: values.remark,
        updated_by: userId,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function deletePlan(db: Db, seasonId: number, shopId: number, categoryId: number): Promise<void> {
  await db.deleteFrom('agent_plans').where('season_id', '=', seasonId).where('shop_id', '=', shopId).where('category_id', '=', categoryId).execute();
}

/** How many plan rows name the category (product-master may ask before deleting one). */
export async function countPlansOfCategory(db: Db, categoryId: number): Promise<number> {
  const row = await db.selectFrom('agent_plans').select(sql<string>`count(*)`.as('n')).where('category_id', '=', categoryId).executeTakeFirstOrThrow();
  return Number(row.n);
}
