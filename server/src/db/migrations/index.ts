import type { Migration } from 'kysely';
import * as m0001 from './0001_identity.ts';
import * as m0002 from './0002_sms_and_tickets.ts';

/** Ordered migrations, bundled with the server (no file-system lookup at run time). */
export const migrations: Record<string, Migration> = {
  '0001_identity': m0001,
  '0002_sms_and_tickets': m0002,
};
