import { FinanceMessages, type FinancePartyType } from '@erp/shared';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { PartyScope } from '../../http/request-context.ts';

// Whose account a caller may reach (DESIGN §5): HQ every party's; an agent, a shop or a supplier
// only its own. A shop under an agent has no account of its own (its agent is billed), so it
// reaches nothing. Another party's account answers as a missing one.

export interface FinanceParty {
  partyType: FinancePartyType;
  partyId: number;
}

export interface FinanceContext {
  userId: number;
  scope: PartyScope;
  permissions: ReadonlySet<string>;
}

/** The one party the scope owns, 'all' for HQ, null for an account without a party. */
export function ownParty(scope: PartyScope): FinanceParty | 'all' | null {
  if (scope.kind === 'all') return 'all';
  if (scope.kind === 'agent') return { partyType: 'agent', partyId: scope.agentId };
  if (scope.kind === 'shop') return { partyType: 'shop', partyId: scope.shopId };
  if (scope.kind === 'supplier') return { partyType: 'supplier', partyId: scope.supplierId };
  return null;
}

export function mayReach(scope: PartyScope, party: FinanceParty): boolean {
  const own = ownParty(scope);
  return own === 'all' || (own !== null && own.partyType === party.partyType && own.partyId === party.partyId);
}

/** A row filter for tables with party columns `typeColumn`/`idColumn`. */
export function partyInScope(scope: PartyScope, typeColumn: string, idColumn: string): Expression<SqlBool> {
  const own = ownParty(scope);
  if (own === 'all') return sql<SqlBool>`true`;
  if (own === null) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.ref(typeColumn)} = ${own.partyType} AND ${sql.ref(idColumn)} = ${own.partyId})`;
}

export function hqOnly(scope: PartyScope): void {
  if (scope.kind !== 'all') throw forbidden(FinanceMessages.hqOnly);
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/**
 * A party named in a request, checked: a known type, an existing party, an account of its own (a
 * shop only when billed directly: a franchise shop under HQ). Answers its name.
 * `types` narrows what the route accepts (收款: agents and shops; 付款: suppliers).
 */
export async function checkedParty(db: Db, scope: PartyScope, partyType: unknown, partyId: unknown, types: readonly FinancePartyType[]): Promise<FinanceParty & { name: string }> {
  if (partyType === undefined || partyType === null || partyId === undefined || partyId === null) throw badRequest(FinanceMessages.partyRequired);
  if (typeof partyType !== 'string' || !(types as readonly string[]).includes(partyType)) throw badRequest(FinanceMessages.partyTypeInvalid);
  if (!isId(partyId)) throw badRequest(FinanceMessages.partyNotFound);
  const party = { partyType: partyType as FinancePartyType, partyId };
  if (!mayReach(scope, party)) throw notFound(FinanceMessages.partyNotFound);
  const found = await partyRow(db, party);
  if (!found) throw notFound(FinanceMessages.partyNotFound);
  if (!found.billed) throw badRequest(FinanceMessages.notBilled);
  return { ...party, name: found.name };
}

/** A party's code and name, and whether it keeps an account (suppliers and agents always; shops when billed directly). */
export async function partyRow(db: Db, party: FinanceParty): Promise<{ code: string; name: string; billed: boolean } | undefined> {
  if (party.partyType === 'agent')
    return db
      .selectFrom('agents')
      .select(['code', 'name', sql<boolean>`true`.as('billed')])
      .where('id', '=', party.partyId)
      .executeTakeFirst();
  if (party.partyType === 'supplier')
    return db
      .selectFrom('suppliers')
      .select(['code', 'name', sql<boolean>`true`.as('billed')])
      .where('id', '=', party.partyId)
      .executeTakeFirst();
  return db
    .selectFrom('shops')
    .select(['code', 'name', sql<boolean>`(agent_id IS NULL AND kind = 'franchise')`.as('billed')])
    .where('id', '=', party.partyId)
    .executeTakeFirst();
}

/** The ledger account a party's figures stand on: 应收 for the billed, 应付 for suppliers. */
export const mainAccountKind = (partyType: FinancePartyType) => (partyType === 'supplier' ? ('payable' as const) : ('receivable' as const));

/**
 * A row's party name from its type and id columns (`p.party_type`, `p.party_id`), '' when missing:
 * what every finance list shows and searches (收款单, 付款单, 调整单).
 */
export const partyNameOf = (typeColumn: string, idColumn: string) =>
  sql<string>`coalesce(CASE ${sql.ref(typeColumn)}
    WHEN 'agent' THEN (SELECT x.name FROM agents x WHERE x.id = ${sql.ref(idColumn)})
    WHEN 'shop' THEN (SELECT x.name FROM shops x WHERE x.id = ${sql.ref(idColumn)})
    ELSE (SELECT x.name FROM suppliers x WHERE x.id = ${sql.ref(idColumn)}) END, '')`;
