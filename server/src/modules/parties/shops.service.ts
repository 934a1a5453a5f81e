import { partyCodeTaken, PartyMessages, partyNotFound, shopInputProblem, type ShopKind, type ShopRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { isHq, statusOf, type PartyScope } from './party-scope.ts';
import { uniqueCode } from './party-records.service.ts';
import { assertHqCreates, trimmed } from './party-status.service.ts';
import * as repo from './shops.repo.ts';
import type { ShopBody, ShopSortColumn } from './shops.schema.ts';

// 门店 and 门店编辑. HQ creates shops and alone sets their code, kind (直营/加盟) and agent; an
// agent edits the other fields of its own shops. Franchise shops belong to an enabled agent,
// direct shops to none. (The shop's own warehouse joins this record once warehouses exist.)

function toShopRecord(row: repo.ShopRow): ShopRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    agentId: row.agent_id,
    agentName: row.agent_name ?? '',
    region: row.region,
    contactName: row.contact_name,
    phone: row.phone,
    managerName: row.manager_name,
    province: row.province,
    city: row.city,
    address: row.address,
    areaSqm: row.area_sqm,
    openedOn: row.opened_on_text,
    remark: row.remark,
    status: statusOf(row.enabled),
    accountCount: Number(row.account_count ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function shopValues(body: ShopBody): repo.ShopValues {
  const problem = shopInputProblem(body);
  if (problem) throw badRequest(problem);
  const openedOn = trimmed(body.openedOn);
  return {
    code: trimmed(body.code),
    name: trimmed(body.name),
    kind: body.kind as ShopKind,
    agent_id: body.kind === 'franchise' ? (body.agentId ?? null) : null,
    region: trimmed(body.region),
    contact_name: trimmed(body.contactName),
    phone: trimmed(body.phone),
    manager_name: trimmed(body.managerName),
    province: trimmed(body.province),
    city: trimmed(body.city),
    address: trimmed(body.address),
    area_sqm: body.areaSqm ?? null,
    opened_on: openedOn || null,
    remark: trimmed(body.remark),
  };
}

async function assertAgentUsable(trx: Db, agentId: number | null) {
  if (agentId === null) return;
  const agent = await repo.findAgentForShop(trx, agentId);
  if (!agent) throw badRequest(PartyMessages.agentNotFound);
  if (!agent.enabled) throw conflict(PartyMessages.agentDisabled);
}

export async function pageShops(db: Db, scope: PartyScope, filter: repo.ShopFilter, params: ListParams<ShopSortColumn>) {
  const { records, total } = await repo.pageShops(db, scope, filter, params);
  return { total, records: records.map(toShopRecord) };
}

export async function getShop(db: Db, scope: PartyScope, id: number): Promise<ShopRecord> {
  const row = await repo.findShop(db, scope, id);
  if (!row) throw notFound(partyNotFound('shop'));
  return toShopRecord(row);
}

export async function createShop(db: Db, scope: PartyScope, body: ShopBody): Promise<number> {
  assertHqCreates(scope, 'shop');
  const values = shopValues(body);
  return uniqueCode(
    () => values.code,
    () =>
      db.transaction().execute(async (trx) => {
        await assertAgentUsable(trx, values.agent_id);
        if (await repo.codeTaken(trx, values.code)) throw conflict(partyCodeTaken(values.code));
        return repo.insertShop(trx, values);
      }),
  );
}

/**
 * The form's values replace the record; code, kind and agentId left out keep theirs. A caller
 * outside HQ sending other values for those three is refused, not silently ignored.
 */
export async function updateShop(db: Db, scope: PartyScope, id: number, body: ShopBody): Promise<ShopRecord> {
  let code = '';
  await uniqueCode(
    () => code,
    () =>
      db.transaction().execute(async (trx) => {
        const current = await repo.lockShop(trx, scope, id);
        if (!current) throw notFound(partyNotFound('shop'));
        const merged: ShopBody = {
          ...body,
          code: body.code ?? current.code,
          kind: body.kind ?? current.kind,
          agentId: body.agentId === undefined ? current.agent_id : body.agentId,
        };
        const hqFieldsChanged = trimmed(merged.code) !== current.code || merged.kind !== current.kind || (merged.kind === 'franchise' && merged.agentId !== current.agent_id);
        if (hqFieldsChanged && !isHq(scope)) throw forbidden(PartyMessages.hqOnlyFields);
        const values = shopValues(merged);
        code = values.code;
        if (values.agent_id !== current.agent_id) await assertAgentUsable(trx, values.agent_id);
        if (await repo.codeTaken(trx, values.code, id)) throw conflict(partyCodeTaken(values.code));
        await repo.updateShop(trx, id, values);
      }),
  );
  return getShop(db, scope, id);
}
