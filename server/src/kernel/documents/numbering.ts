import type { Db } from '../../db/database.ts';
import { nextNumber } from './documents.repo.ts';

/**
 * The next number of a prefix's daily series, e.g. RK20261125-0001 (China business day). Never
 * serialises creation: numbers come from a sequence; a creation that rolls back leaves a gap.
 */
export const nextDocNo = (trx: Db, prefix: string): Promise<string> => nextNumber(trx, prefix);
