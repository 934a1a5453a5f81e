import type { Db } from '../db/database.ts';
import { savePlan } from '../modules/agent-plans/agent-plans.service.ts';

// A demo 订货计划: agent01 (AG001) plans the open spot season for its two shops on each top-level
// category, saved through the service as agent01 would on the page; the demo orders show as progress.

const TARGETS: Record<string, [fen: number, pieces: number]> = { SH001: [6_000_000, 300], SH002: [4_000_000, 200] };

export async function seedDemoAgentPlans(db: Db): Promise<boolean> {
  if (await db.selectFrom('agent_plans').select('id').limit(1).executeTakeFirst()) return false;
  const season = await db.selectFrom('ordering_seasons').select('id').where('code', '=', 'FW26-SPOT').executeTakeFirst();
  const user = await db.selectFrom('users').select(['id', 'agent_id']).where('account', '=', 'agent01').executeTakeFirst();
  const shops = await db.selectFrom('shops').select(['id', 'code']).where('code', 'in', Object.keys(TARGETS)).execute();
  const tops = await db.selectFrom('product_categories').select('id').where('parent_id', 'is', null).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
  if (!season || !user?.agent_id || shops.length === 0 || tops.length === 0) return false;
  // the first category carries half of each shop's target, the others share the rest
  const lines = shops.flatMap((shop) =>
    tops.map((c, i) => {
      const [fen, pieces] = TARGETS[shop.code]!;
      const share = i === 0 ? 0.5 : 0.5 / Math.max(1, tops.length - 1);
      return { shopId: shop.id, categoryId: c.id, targetFen: Math.round((fen * share) / 100) * 100, targetPieces: Math.round(pieces * share), remark: i === 0 ? '主推品类' : '' };
    }),
  );
  await savePlan(db, { kind: 'agent', agentId: user.agent_id }, user.id, { seasonId: season.id, lines });
  return true;
}
