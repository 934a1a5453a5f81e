import type { Db } from '../db/database.ts';
import { createAgent, getAgent, updateAgent } from '../modules/parties/agents.service.ts';
import { createPolicy, createSpecial } from '../modules/planning/planning.service.ts';
import type { SpecialBody } from '../modules/planning/planning.schema.ts';

// Demo 企划: agent levels (AG001 一级; a second agent, 二级), a policy for each level and each shop
// kind, and specials of every target type — one each for an agent, a shop and a season, plus a
// style's 一口价 that starts next week — all through the services, so the rules are checked as the
// screens check them. Loaded by `npm start` in demo mode after the demo purchasing.

const SECOND_AGENT = {
  code: 'AG002',
  name: '温州衣尚商贸有限公司',
  contactName: '周建明',
  phone: '0577-88112233',
  province: '浙江省',
  city: '温州市',
  address: '鹿城区五马街 66 号',
  level: 'level2',
};

/** A day `days` from today in Asia/Shanghai, yyyy-mm-dd. */
const dayFromToday = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Returns false when policies exist already (seeded before, or real work done). */
export async function seedDemoPricing(db: Db): Promise<boolean> {
  if (await db.selectFrom('discount_policies').select('id').limit(1).executeTakeFirst()) return false;
  const [admin, ag001, sh001, fixedStyle] = await Promise.all([
    db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst(),
    db.selectFrom('agents').select('id').where('code', '=', 'AG001').executeTakeFirst(),
    db.selectFrom('shops').select('id').where('code', '=', 'SH001').executeTakeFirst(),
    db.selectFrom('products').select('id').where('style_no', '=', 'YS26M3102').executeTakeFirst(),
  ]);
  if (!admin || !ag001 || !sh001) return false;
  const hq = { kind: 'all' } as const;

  const agent01 = await getAgent(db, hq, ag001.id);
  await updateAgent(db, hq, ag001.id, { ...agent01, level: 'level1' });
  const ag002 = (await db.selectFrom('agents').select('id').where('code', '=', SECOND_AGENT.code).executeTakeFirst())?.id ?? (await createAgent(db, hq, SECOND_AGENT));

  const policies = [
    { targetType: 'agent_level', targetValue: 'level1', rateBp: 8_500, returnRateBp: 1_000, swapRateBp: 1_500, remark: '一级代理：批发价八五折，季末可退10%、可换15%' },
    { targetType: 'agent_level', targetValue: 'level2', rateBp: 9_000, returnRateBp: 800, swapRateBp: 1_000, remark: '二级代理：批发价九折' },
    {
      targetType: 'shop_kind',
      targetValue: 'franchise',
      rateBp: 9_200,
      returnRateBp: 3_000,
      swapRateBp: 3_000,
      returnWindowDays: 60,
      remark: '加盟店直接向总部订货，收货后60天内可退30%、可换30%',
    },
    { targetType: 'shop_kind', targetValue: 'direct', rateBp: 10_000, returnRateBp: 0, swapRateBp: 0, remark: '直营店内部调拨，按批发价记账、不收款' },
  ];
  for (const policy of policies) await createPolicy(db, admin.id, policy);

  const base = { mode: 'rate', validFrom: dayFromToday(-10), validTo: dayFromToday(50), remark: '' };
  const specials: SpecialBody[] = [
    { ...base, name: '陈立华 年度订货特惠', targetType: 'agent', agentId: ag001.id, rateBp: 9_500, remark: '代理商及其下属门店订货再享九五折' },
    { ...base, name: '湖滨银泰店 周年庆特价', targetType: 'shop', shopId: sh001.id, rateBp: 9_000, validTo: dayFromToday(20) },
    { ...base, name: '冬装季初特价', targetType: 'condition', season: 'winter', rateBp: 8_800, remark: '冬季款式政策后再打八八折' },
    { ...base, name: '二级代理 新客特价', targetType: 'agent', agentId: ag002, rateBp: 9_800, validFrom: dayFromToday(-60), validTo: dayFromToday(-1) },
  ];
  if (fixedStyle) {
    specials.push({
      ...base,
      name: '基础款一口价',
      targetType: 'condition',
      productId: fixedStyle.id,
      mode: 'fixed',
      fixedPriceFen: 15_900,
      validFrom: dayFromToday(7),
      validTo: dayFromToday(37),
    });
  }
  for (const special of specials) await createSpecial(db, admin.id, special);
  return true;
}
