import { PARTY_KIND_LABELS, PartyMessages, partyNotFound, type PartyKind } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../http/app-error.ts';
import { disablePartyAccounts, type PartyLinks } from '../accounts/accounts.service.ts';
import { findPartyState, insertApplicantParty, setPartyEnabled } from './party-state.repo.ts';
import { isHq, LINK_COLUMN, type PartyScope } from './party-scope.ts';

/**
 * 停用 / 启用 a party, HQ only (a party that disabled itself would lock itself out). Disabling
 * disables every account of the party in the same transaction; their sessions then end at the
 * next call with S0001. Enabling leaves the accounts as they are: some may have been disabled on
 * their own before, so each is enabled again in 账号 on purpose, never silently. Disabling an
 * agent leaves its shops alone: they are parties of their own (HQ may move them to another agent).
 */
export async function changePartyStatus(db: Db, scope: PartyScope, kind: PartyKind, id: number, enabled: boolean): Promise<number> {
  if (!isHq(scope)) throw forbidden(`只有总部可以${enabled ? '启用' : '停用'}${PARTY_KIND_LABELS[kind]}`);
  return db.transaction().execute(async (trx) => {
    const party = await findPartyState(trx, scope, kind, id, true);
    if (!party) throw notFound(partyNotFound(kind));
    if (party.enabled === enabled) throw conflict(enabled ? PartyMessages.alreadyEnabled : PartyMessages.alreadyDisabled);
    await setPartyEnabled(trx, kind, id, enabled);
    return enabled ? 0 : disablePartyAccounts(trx, kind, id);
  });
}

export type { PartyState } from './party-state.repo.ts';

/** The party when it is in the caller's scope; `lock` takes its row lock for a change. */
export { findPartyState };

export const trimmed = (value: string | null | undefined) => value?.trim() ?? '';

/** Only HQ adds parties: an agent's shops, like agents and suppliers, are created by HQ. */
export function assertHqCreates(scope: PartyScope, kind: PartyKind) {
  if (!isHq(scope)) throw forbidden(`只有总部可以新增${PARTY_KIND_LABELS[kind]}`);
}

/**
 * 审核通过 of a registration: the applicant's party (an agent, a franchise shop of no agent, or a
 * supplier), inside the caller's transaction. Answers the link its first account carries.
 */
export async function createApplicantParty(trx: Db, kind: PartyKind, values: { code: string; name: string; contactName: string; phone: string }): Promise<PartyLinks> {
  const { code, name, contactName, phone } = values;
  const id = await insertApplicantParty(trx, kind, { code, name, contact_name: contactName, phone });
  return { [LINK_COLUMN[kind]]: id };
}
