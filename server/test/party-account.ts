import type { TestApp } from './test-app.ts';

/**
 * A second party account in the test database only (the demo has one account per kind): a copy of
 * `from` — its password and roles — under a new name, linked to another agent or shop; answers its
 * session.
 */
export async function cloneAccount(t: TestApp, from: string, account: string, link: { agent_id?: number; shop_id?: number }): Promise<string> {
  const src = await t.db.selectFrom('users').selectAll().where('account', '=', from).executeTakeFirstOrThrow();
  const { id: _, created_at: _c, updated_at: _u, ...rest } = src;
  const user = await t.db
    .insertInto('users')
    .values({ ...rest, account, phone: null, ...link })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles = await t.db.selectFrom('user_roles').select('role_id').where('user_id', '=', src.id).execute();
  await t.db
    .insertInto('user_roles')
    .values(roles.map((r) => ({ user_id: user.id, role_id: r.role_id })))
    .execute();
  return t.login(account);
}
