import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { hashPassword } from '../modules/accounts/password.ts';
import { seedDemoProducts } from './demo-products.ts';
import { seedDemoWarehouses } from './demo-warehouses.ts';
import { DEMO_PASSWORD, demoAgents, demoRoles, demoShops, demoSuppliers, demoUsers, demoWechatBindings } from './demo-data.ts';

async function hasUsers(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}

/** Loads the demo business into an empty database, in one transaction. Returns false when users exist. */
export async function seedDemoData(db: Db): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('system_settings').set({ value: '衣尚服饰 ERP 管理系统' }).where('key', '=', 'titleName').execute();
    const agentIds = new Map<string, number>();
    for (const { code, ...rest } of demoAgents) {
      const row = await trx
        .insertInto('agents')
        .values({ code, ...rest })
        .returning('id')
        .executeTakeFirstOrThrow();
      agentIds.set(code, row.id);
    }
    const shopIds = new Map<string, number>();
    for (const { code, agent, ...rest } of demoShops) {
      const agent_id = agent ? agentIds.get(agent)! : null;
      const row = await trx
        .insertInto('shops')
        .values({ code, agent_id, ...rest })
        .returning('id')
        .executeTakeFirstOrThrow();
      shopIds.set(code, row.id);
    }
    const supplierIds = new Map<string, number>();
    for (const { code, ...rest } of demoSuppliers) {
      const row = await trx
        .insertInto('suppliers')
        .values({ code, ...rest })
        .returning('id')
        .executeTakeFirstOrThrow();
      supplierIds.set(code, row.id);
    }
    for (const { menus, ...role } of demoRoles) {
      const row = await trx.insertInto('roles').values(role).returning('id').executeTakeFirstOrThrow();
      const granted = await trx.selectFrom('menus').select('id').where('name', 'in', menus).execute();
      await trx
        .insertInto('role_menus')
        .values(granted.map((m) => ({ role_id: row.id, menu_id: m.id })))
        .execute();
    }
    for (const u of demoUsers) {
      const user = await trx
        .insertInto('users')
        .values({
          account: u.account,
          password_hash: passwordHash,
          name: u.name,
          phone: u.phone,
          role_type: u.role_type,
          active: u.active,
          agent_id: u.agent ? agentIds.get(u.agent)! : null,
          shop_id: u.shop ? shopIds.get(u.shop)! : null,
          supplier_id: u.supplier ? supplierIds.get(u.supplier)! : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = await trx.selectFrom('roles').select('id').where('code', '=', u.role).executeTakeFirstOrThrow();
      await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    }
    for (const { account, openid, nickname } of demoWechatBindings) {
      const user = await trx.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
      await trx.insertInto('wechat_bindings').values({ user_id: user.id, openid, nickname }).execute();
    }
    const admin = await trx.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
    await seedDemoProducts(trx, admin.id);
    await seedDemoWarehouses(trx, shopIds);
  });
  return true;
}

/**
 * Outside demo mode no password is known: the first start creates `admin`, inactive (must set a
 * new password at first sign-in), with ADMIN_PASSWORD or a random password returned to print once.
 */
export async function ensureAdmin(db: Db, adminPassword: string | null): Promise<string | null> {
  if (await hasUsers(db)) return null;
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({ account: 'admin', password_hash: passwordHash, name: '系统管理员', phone: null, role_type: 'manager', active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await trx.selectFrom('roles').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow();
    await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  });
  return adminPassword ? null : password;
}
