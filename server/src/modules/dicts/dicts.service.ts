import {
  dictCodeTaken,
  dictHasItems,
  dictInputProblem,
  dictItemInputProblem,
  dictItemNameTaken,
  DictMessages,
  dictNotFoundByCode,
  dictValueTaken,
  type DictItemRecord,
  type DictRecord,
  type DictSelectItem,
  type DictStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import * as repo from './dicts.repo.ts';

/** A dictionary item's name as a subquery for another module's list (dicts.repo.ts dictItemNameSql). */
export const dictItemNameSql = repo.dictItemNameSql;
import type { DictBody, DictItemBody, DictItemSortColumn, DictSortColumn } from './dicts.schema.ts';

// Rules (SPEC §3 Dictionary): a dictionary that still has items is not deleted (refused, not
// cascaded: stored item values would lose their meaning), and its code is fixed once it has items,
// because forms ask for their options by code. An item's value is fixed once created and it stays
// in its dictionary: other records store the value.

const trimmed = (value: string | null | undefined) => value?.trim() ?? '';

/** Body fields that were sent; null counts as not sent. */
function sent<T extends object>(body: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined)) as never;
}

function toDictRecord(row: repo.DictRow & { item_count: number | string | null }): DictRecord {
  return {
    id: row.id,
    dictCode: row.dict_code,
    name: row.name,
    remark: row.remark,
    status: row.status,
    sort: row.sort,
    itemCount: Number(row.item_count ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toItemRecord(row: repo.DictItemRow): DictItemRecord {
  return {
    id: row.id,
    dictCode: row.dict_code,
    name: row.name,
    value: row.value,
    remark: row.remark,
    status: row.status,
    sort: row.sort,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Validates a whole dictionary (defaults filled) and returns the columns to store. */
function dictValues(input: DictBody): repo.DictValues {
  const problem = dictInputProblem(input);
  if (problem) throw badRequest(problem);
  return {
    dict_code: trimmed(input.dictCode),
    name: trimmed(input.name),
    remark: trimmed(input.remark),
    status: (input.status ?? 'enabled') as DictStatus,
    sort: input.sort ?? 0,
  };
}

/** Runs a change; a unique index that trips on a concurrent save becomes the same 409 as the check. */
async function guarded<T>(work: () => Promise<T>, clash: (constraint: string) => string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict(clash(repo.constraintOf(error)));
    throw error;
  }
}

// ---- dictionaries ----

export async function pageDicts(db: Db, filter: { keyword?: string; status?: DictStatus }, params: ListParams<DictSortColumn>) {
  const { records, total } = await repo.pageDicts(db, filter, params);
  return { total, records: records.map(toDictRecord) };
}

export async function getDict(db: Db, id: number): Promise<DictRecord> {
  const row = await repo.findDict(db, id);
  if (!row) throw notFound(DictMessages.dictNotFound);
  return toDictRecord(row);
}

export async function createDict(db: Db, body: DictBody): Promise<number> {
  const values = dictValues(body);
  return guarded(
    () =>
      db.transaction().execute(async (trx) => {
        if (await repo.dictCodeTaken(trx, values.dict_code)) throw conflict(dictCodeTaken(values.dict_code));
        return (await repo.insertDict(trx, values)).id;
      }),
    () => dictCodeTaken(values.dict_code),
  );
}

/** Fields left out keep their value, so a status switch can send just the status. */
export async function updateDict(db: Db, id: number, body: DictBody): Promise<DictRecord> {
  let code = '';
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const current = await repo.findDictForUpdate(trx, id);
        if (!current) throw notFound(DictMessages.dictNotFound);
        const values = dictValues({
          dictCode: current.dict_code,
          name: current.name,
          remark: current.remark,
          status: current.status,
          sort: current.sort,
          ...sent(body),
        });
        code = values.dict_code;
        if (values.dict_code !== current.dict_code) {
          if ((await repo.countItems(trx, id)) > 0) throw conflict(DictMessages.codeLocked);
          if (await repo.dictCodeTaken(trx, values.dict_code, id)) throw conflict(dictCodeTaken(values.dict_code));
        }
        await repo.updateDict(trx, id, values);
      }),
    () => dictCodeTaken(code),
  );
  return getDict(db, id);
}

export async function deleteDict(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // the row lock waits for items being added right now (they hold a share lock on it)
    if (!(await repo.findDictForUpdate(trx, id))) throw notFound(DictMessages.dictNotFound);
    const count = await repo.countItems(trx, id);
    if (count > 0) throw conflict(dictHasItems(count));
    await repo.deleteDict(trx, id);
  });
}

// ---- items ----

export async function listItems(db: Db, filter: repo.ItemFilter): Promise<DictItemRecord[]> {
  return (await repo.listItems(db, filter)).map(toItemRecord);
}

export async function pageItems(db: Db, filter: repo.ItemFilter, params: ListParams<DictItemSortColumn>) {
  const { records, total } = await repo.pageItems(db, filter, params);
  return { total, records: records.map(toItemRecord) };
}

/** For selects: an unknown code is an error (a typo in a form), a disabled dictionary offers nothing. */
export async function selectList(db: Db, code: string): Promise<DictSelectItem[]> {
  const dict = await repo.findDictByCode(db, code);
  if (!dict) throw notFound(dictNotFoundByCode(code));
  if (dict.status !== 'enabled') return [];
  return repo.selectableItems(db, dict.id);
}

export async function getItem(db: Db, id: number): Promise<DictItemRecord> {
  const row = await repo.findItem(db, id);
  if (!row) throw notFound(DictMessages.itemNotFound);
  return toItemRecord(row);
}

async function assertNoClash(trx: Db, dictId: number, item: { name: string; value: string }, exceptId?: number) {
  const clash = await repo.itemClash(trx, dictId, item, exceptId);
  if (clash.value) throw conflict(dictValueTaken(item.value));
  if (clash.name) throw conflict(dictItemNameTaken(item.name));
}

/**
 * The value an item created without one gets: its id, as SPEC §3 names an item by its id (or,
 * should another item already hold that number as its value, `item_<id>`).
 */
async function generatedValue(trx: Db, dictId: number, id: number): Promise<string> {
  for (const value of [String(id), `item_${id}`]) {
    if (!(await repo.itemClash(trx, dictId, { value, name: '' }, id)).value) return value;
  }
  throw conflict(dictValueTaken(`item_${id}`));
}

/** Stands in for the value until the id is known; no value a person can enter looks like it. */
const PENDING_VALUE = '~pending';

export async function createItem(db: Db, body: DictItemBody): Promise<number> {
  const problem = dictItemInputProblem(body);
  if (problem) throw badRequest(problem);
  const code = trimmed(body.dictCode);
  const item = { name: trimmed(body.name), value: trimmed(body.value) };
  const generate = item.value === '';
  return guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const dict = await repo.findDictByCode(trx, code, true);
        if (!dict) throw notFound(dictNotFoundByCode(code));
        await assertNoClash(trx, dict.id, item);
        const { id } = await repo.insertItem(trx, {
          dict_id: dict.id,
          name: item.name,
          value: generate ? PENDING_VALUE : item.value,
          remark: trimmed(body.remark),
          status: (body.status ?? 'enabled') as DictStatus,
          sort: body.sort ?? 0,
        });
        if (generate) await repo.setItemValue(trx, id, await generatedValue(trx, dict.id, id));
        return id;
      }),
    (constraint) => (constraint === 'dict_items_name_key' ? dictItemNameTaken(item.name) : dictValueTaken(item.value)),
  );
}

/** Fields left out keep their value; the value and the dictionary cannot change. */
export async function updateItem(db: Db, id: number, body: DictItemBody): Promise<DictItemRecord> {
  let name = '';
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const current = await repo.findItem(trx, id, true);
        if (!current) throw notFound(DictMessages.itemNotFound);
        const merged = {
          dictCode: current.dict_code,
          name: current.name,
          value: current.value,
          remark: current.remark,
          status: current.status,
          sort: current.sort,
          ...sent(body),
        };
        const problem = dictItemInputProblem(merged);
        if (problem) throw badRequest(problem);
        if (trimmed(merged.dictCode) !== current.dict_code) throw conflict('字典项不能移到其他字典');
        if (trimmed(merged.value) !== current.value) throw conflict('字典项值创建后不能修改');
        name = trimmed(merged.name);
        await assertNoClash(trx, current.dict_id, { name, value: current.value }, id);
        await repo.updateItem(trx, id, { name, remark: trimmed(merged.remark), status: merged.status as DictStatus, sort: merged.sort });
      }),
    () => dictItemNameTaken(name),
  );
  return getItem(db, id);
}

export async function deleteItem(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findItem(trx, id, true))) throw notFound(DictMessages.itemNotFound);
    await repo.deleteItem(trx, id);
  });
}
