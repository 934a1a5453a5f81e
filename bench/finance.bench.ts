// Finance benchmark (npm run bench -- finance): 对账单 of one month on an account with 100,000
// entries spread over a year, on a real PostgreSQL (a schema of its own, dropped afterwards). The
// app side is the service in-process (statements.service: the party check, the figures, the
// confirmation, then the first page of 20 entries with running balances and document numbers), as
// a route handler calls it; the bare side is the least hand-written SQL for the same answer (the
// figures in one scan of the account's index, the page with its window and document numbers) over
// a pg pool of the same size. Alternating app and bare after warm-up; p50/p99 and ratios.
// DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test. ENTRIES=n (100,000), RUNS=n (200).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Permissions, shanghaiToday } from '@erp/shared';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seedDemoData } from '../server/src/demo/seed.ts';
import type { FinanceContext } from '../server/src/modules/finance/finance-parties.ts';
import { getStatement, pageStatementEntries } from '../server/src/modules/finance/statements.service.ts';
import { fmt, percentile, printTable, ratio } from './bench-kit.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ENTRIES = Number(process.env.ENTRIES || 100_000);
const RUNS = Number(process.env.RUNS || 200);
const WARMUP = 20;
const POOL = 4;
const schema = `bench_${randomBytes(4).toString('hex')}`;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** Month `back` months before this one, first day to last (or today for this month). */
function month(back: number) {
  const today = shanghaiToday();
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - back);
  const from = d.toISOString().slice(0, 10);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  const last = d.toISOString().slice(0, 10);
  return { from, to: [last, today].sort()[0]! };
}

const BARE_FIGURES = `
SELECT coalesce(sum(amount_fen) FILTER (WHERE business_day < $2), 0) AS opening,
       coalesce(sum(amount_fen) FILTER (WHERE business_day BETWEEN $2 AND $3 AND amount_fen > 0), 0) AS increase,
       coalesce(sum(-amount_fen) FILTER (WHERE business_day BETWEEN $2 AND $3 AND amount_fen < 0), 0) AS decrease,
       count(*) FILTER (WHERE business_day BETWEEN $2 AND $3) AS n
FROM account_entries WHERE balance_id = $1 AND business_day <= $3`;
const BARE_PAGE = `
SELECT p.*, coalesce(fa.doc_no, '') AS document_no, coalesce(u.name, '') AS created_by_name
FROM (SELECT e.id, e.business_day, e.entry_type, e.amount_fen, e.document_type, e.doc_id, e.created_by,
             sum(e.amount_fen) OVER (ORDER BY e.business_day, e.id) AS period_fen
      FROM account_entries e WHERE e.balance_id = $1 AND e.business_day BETWEEN $2 AND $3
      ORDER BY e.business_day, e.id LIMIT 20) p
LEFT JOIN finance_adjustments fa ON p.document_type = 'finance_adjustment' AND fa.id = p.doc_id
LEFT JOIN users u ON u.id = p.created_by
ORDER BY p.business_day, p.id`;

async function main() {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const raw = new pg.Pool({ connectionString: DATABASE_URL, max: POOL, options: `-c search_path=${schema}` });
  const handle = await openDatabase({ databaseUrl: DATABASE_URL, schema, poolSize: POOL });
  try {
    const t0 = performance.now();
    await migrateToLatest(handle.db, schema);
    await seedDemoData(handle.db);
    const agent = await raw.query<{ id: string }>(`SELECT id FROM agents WHERE code = 'AG001'`);
    const agentId = Number(agent.rows[0]!.id);
    const adminId = Number((await raw.query<{ id: string }>(`SELECT id FROM users WHERE account = 'admin'`)).rows[0]!.id);
    // the account's balance row, then ENTRIES entries over the last 365 days in ledger order (charges and payments)
    await raw.query(`INSERT INTO account_balances (party_type, party_id, account_kind, allow_negative) VALUES ('agent', $1, 'receivable', true) ON CONFLICT DO NOTHING`, [agentId]);
    const balanceId = Number(
      (await raw.query<{ id: string }>(`SELECT id FROM account_balances WHERE party_type = 'agent' AND party_id = $1 AND account_kind = 'receivable'`, [agentId])).rows[0]!.id,
    );
    await raw.query(
      `INSERT INTO account_entries (balance_id, party_type, party_id, account_kind, amount_fen, entry_type, document_type, doc_id, business_day, created_by)
       SELECT $1, 'agent', $2, 'receivable', CASE WHEN i % 3 = 0 THEN -((i % 97) + 1) * 1000 ELSE ((i % 89) + 1) * 1000 END,
              CASE WHEN i % 3 = 0 THEN 'payment' ELSE 'sales_delivery' END, CASE WHEN i % 3 = 0 THEN 'finance_payment' ELSE 'stock_doc' END, i,
              (now() AT TIME ZONE 'Asia/Shanghai')::date - 365 + (i * 365 / $3)::int, $4
       FROM generate_series(1, $3) AS i`,
      [balanceId, agentId, ENTRIES, adminId],
    );
    await raw.query(`UPDATE account_balances SET balance_fen = (SELECT sum(amount_fen) FROM account_entries WHERE balance_id = $1) WHERE id = $1`, [balanceId]);
    await raw.query('VACUUM ANALYZE account_entries');
    await raw.query('VACUUM ANALYZE account_balances');
    console.log(`schema ${schema}: ${ENTRIES.toLocaleString()} entries on one account in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const ctx: FinanceContext = { userId: adminId, scope: { kind: 'all' }, permissions: new Set([Permissions.financeStatementList]) };
    const party = { partyType: 'agent' as const, partyId: agentId };
    const page = { page: 1, limit: 20, offset: 0, sortColumn: 'id' as const, order: 'asc' as const, loadType: undefined };
    const rows: string[][] = [];
    for (const [label, period] of [
      ['本月 (最近一个月)', month(0)],
      ['6 个月前的一个月', month(6)],
      ['11 个月前的一个月', month(11)],
    ] as const) {
      const app = async () => {
        const s = await getStatement(handle.db, ctx, party, period);
        const p = await pageStatementEntries(handle.db, ctx.scope, party, period, page);
        return [s.entryCount, p.records.length, s.closingFen];
      };
      const bare = async () => {
        const f = await raw.query(BARE_FIGURES, [balanceId, period.from, period.to]);
        const p = await raw.query(BARE_PAGE, [balanceId, period.from, period.to]);
        const r = f.rows[0];
        return [Number(r.n), p.rows.length, Number(r.opening) + Number(r.increase) - Number(r.decrease)];
      };
      const [a, b] = [await app(), await bare()];
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`app and bare differ for ${label}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      const times = { app: [] as number[], bare: [] as number[] };
      for (let i = 0; i < WARMUP + RUNS; i++) {
        for (const side of i % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) {
          const t = performance.now();
          await (side === 'app' ? app() : bare());
          if (i >= WARMUP) times[side].push(performance.now() - t);
        }
      }
      const [ta, tb] = [sorted(times.app), sorted(times.bare)];
      rows.push([
        `${label} ${period.from}..${period.to}, ${a[0]} 笔`,
        `${fmt(percentile(ta, 50))} / ${fmt(percentile(ta, 99))}`,
        `${fmt(percentile(tb, 50))} / ${fmt(percentile(tb, 99))}`,
        `${ratio(percentile(ta, 50), percentile(tb, 50))} · ${ratio(percentile(ta, 99), percentile(tb, 99))}`,
        percentile(ta, 99) < 100 ? 'p99 < 100 ms ✓' : 'p99 < 100 ms ✗',
      ]);
    }
    printTable(
      `对账单: 汇总 + 第一页 20 笔 (${ENTRIES.toLocaleString()} entries over a year on one account; ${RUNS} calls each side, alternating)`,
      ['period', 'app p50 / p99 ms', 'bare p50 / p99 ms', 'app/bare p50 · p99', 'target'],
      rows,
    );
  } finally {
    await handle.close();
    await raw.end();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
