import type { Db } from '../db/database.ts';
import { createRule } from '../modules/finance/rebates.service.ts';

// Demo 返利规则 for the open spot season, set through the service: every agent level, by 订货发货额
// (shipped amount), three tiers. Nothing is posted: 财务 › 返利 › 计算 shows what agent01's agent
// has earned from the demo deliveries, and 入账 is left to whoever tries the demo.

export async function seedDemoRebates(db: Db): Promise<boolean> {
  if (await db.selectFrom('finance_rebate_rules').select('id').limit(1).executeTakeFirst()) return false;
  const season = await db.selectFrom('ordering_seasons').select('id').where('code', '=', 'FW26-SPOT').executeTakeFirst();
  const admin = await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst();
  if (!season || !admin) return false;
  await createRule(
    db,
    { userId: admin.id, scope: { kind: 'all' }, permissions: new Set() },
    {
      seasonId: season.id,
      agentLevel: '',
      basis: 'ordered',
      remark: '秋冬现货：发货满1000元返1%，满5000元返2%，满20000元返3%',
      tiers: [
        { thresholdFen: 100_000, rateBp: 100 },
        { thresholdFen: 500_000, rateBp: 200 },
        { thresholdFen: 2_000_000, rateBp: 300 },
      ],
    },
  );
  return true;
}
