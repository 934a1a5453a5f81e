import type { Db } from '../db/database.ts';
import { createQuota } from '../modules/ordering/quotas.service.ts';

// Demo 订货额度 in the open spot season, set through the service before the demo orders are
// submitted, so their reservations and the audited order's consumption show on the quotas:
// agent01's agent (AG001) by amount, shop01's shop (SH001) by amount and pieces.

export async function seedDemoQuotas(db: Db): Promise<boolean> {
  if (await db.selectFrom('ordering_quotas').select('id').limit(1).executeTakeFirst()) return false;
  const season = await db.selectFrom('ordering_seasons').select('id').where('code', '=', 'FW26-SPOT').executeTakeFirst();
  const admin = await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst();
  const agent = await db.selectFrom('agents').select('id').where('code', '=', 'AG001').executeTakeFirst();
  const shop = await db.selectFrom('shops').select('id').where('code', '=', 'SH001').executeTakeFirst();
  if (!season || !admin || !agent || !shop) return false;
  await createQuota(db, admin.id, { seasonId: season.id, buyerType: 'agent', buyerId: agent.id, limitFen: 10_000_000, limitPieces: null, remark: '秋冬现货额度10万元' });
  await createQuota(db, admin.id, { seasonId: season.id, buyerType: 'shop', buyerId: shop.id, limitFen: 3_000_000, limitPieces: 200, remark: '秋冬现货额度3万元、200件' });
  return true;
}
