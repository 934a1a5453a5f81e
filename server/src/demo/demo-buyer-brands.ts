import type { Db } from '../db/database.ts';
import { addBuyerBrands } from '../modules/ordering/buyer-brands.service.ts';

// Demo 可订品牌, set through the service: the second agent (AG002, 温州) orders children's wear only
// (衣尚童装) and HQ's flagship shop (SH003) the main brand only (衣尚). Every demo style is 衣尚, so HQ
// ordering for AG002 finds none of them; agent01, shop01 and their shops have no rows and may order
// every brand (the demo orders and the browser journeys use them).

export async function seedDemoBuyerBrands(db: Db): Promise<boolean> {
  if (await db.selectFrom('ordering_buyer_brands').select('id').limit(1).executeTakeFirst()) return false;
  const [admin, agent, shop, main, kids] = await Promise.all([
    db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst(),
    db.selectFrom('agents').select('id').where('code', '=', 'AG002').executeTakeFirst(),
    db.selectFrom('shops').select('id').where('code', '=', 'SH003').executeTakeFirst(),
    db.selectFrom('brands').select('id').where('code', '=', 'YS').where('enabled', '=', true).executeTakeFirst(),
    db.selectFrom('brands').select('id').where('code', '=', 'YSK').where('enabled', '=', true).executeTakeFirst(),
  ]);
  if (!admin || !agent || !shop || !main || !kids) return false;
  await addBuyerBrands(db, admin.id, { buyerType: 'agent', buyerId: agent.id, brandIds: [kids.id] });
  await addBuyerBrands(db, admin.id, { buyerType: 'shop', buyerId: shop.id, brandIds: [main.id] });
  return true;
}
