import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { loginWithPassword } from '../modules/auth/auth.service.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { ensureAdmin, seedDemoData } from './seed.ts';

const client = { ip: '127.0.0.1', userAgent: 'test' };
const sessionConfig = { sessionIdleMinutes: 120, sessionAbsoluteHours: 24 };

describe('first start outside demo mode', () => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, dispose } = await openTestDatabase({ demo: false }));
  });
  afterAll(() => dispose?.());

  it('creates admin, inactive, with a random password printed once', async () => {
    const password = await ensureAdmin(handle.db, null);
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const admin = await handle.db.selectFrom('users').selectAll().where('account', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin.active).toBe(false);
    expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // the known demo password does not open it, the printed one does (and must be changed first)
    await expect(loginWithPassword(handle.db, { account: 'admin', password: 'Erp12345' }, client, sessionConfig)).rejects.toThrow('账号或密码错误');
    const result = await loginWithPassword(handle.db, { account: 'admin', password: password! }, client, sessionConfig);
    expect(result).toMatchObject({ active: false, session: '' });
  });

  it('does nothing once users exist, and demo data is not loaded over them', async () => {
    expect(await ensureAdmin(handle.db, 'Another-Pass-1')).toBeNull();
    expect(await seedDemoData(handle.db)).toBe(false);
    const users = await handle.db.selectFrom('users').select('account').execute();
    expect(users.map((u) => u.account)).toEqual(['admin']);
  });
});
