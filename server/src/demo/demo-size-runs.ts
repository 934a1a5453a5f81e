import type { Db } from '../db/database.ts';
import { createRun, setDefault } from '../modules/product-master/size-runs.service.ts';

// Demo 配码: a standard run for each demo size group (its default) and a few more of 常规尺码,
// made through the size-run service as the 尺码组 page makes them.

const demoRuns: { group: string; name: string; counts: Record<string, number>; isDefault?: boolean }[] = [
  { group: 'DEFAULT', name: '标准配码', counts: { S: 1, M: 2, L: 2, XL: 1 }, isDefault: true },
  { group: 'DEFAULT', name: '小码配码', counts: { S: 1, M: 2, L: 1 } },
  { group: 'DEFAULT', name: '男装配码', counts: { M: 1, L: 2, XL: 2, XXL: 1 } },
  { group: 'WAIST', name: '标准配码', counts: { 27: 1, 28: 2, 29: 2, 30: 2, 31: 1 }, isDefault: true },
  { group: 'KIDS', name: '标准配码', counts: { 100: 1, 110: 2, 120: 2, 130: 1 }, isDefault: true },
];

/** Makes the demo runs; answers their ids by "group code/run name". */
export async function seedDemoSizeRuns(trx: Db): Promise<Map<string, number>> {
  const groups = await trx.selectFrom('size_groups').select(['id', 'code']).execute();
  const ids = new Map<string, number>();
  for (const [sort, run] of demoRuns.entries()) {
    const groupId = groups.find((g) => g.code === run.group)!.id;
    const id = await createRun(trx, { groupId, name: run.name, sort: sort + 1, counts: run.counts });
    if (run.isDefault) await setDefault(trx, id);
    ids.set(`${run.group}/${run.name}`, id);
  }
  return ids;
}
