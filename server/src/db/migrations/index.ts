import type { Migration } from 'kysely';
import * as m0001 from './0001_identity.ts';
import * as m0002 from './0002_sms_and_tickets.ts';
import * as m0003 from './0003_wechat.ts';
import * as m0004 from './0004_shell_pages.ts';

/** Ordered migrations, bundled with the server (no file-system lookup at run time). */
export const migrations: Record<string, Migration> = {
  '0001_identity': m0001,
  '0002_sms_and_tickets': m0002,
  '0003_wechat': m0003,
  '0004_shell_pages': m0004,
};
