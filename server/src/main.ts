import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { MigrationFailedError, migrateToLatest } from './db/migrate.ts';
import { DEMO_PASSWORD, demoUsers } from './demo/demo-data.ts';
import { ensureAdmin, seedDemoData } from './demo/seed.ts';
import { seedDemoStock } from './demo/demo-stock.ts';
import { seedDemoPurchasing } from './demo/demo-purchasing.ts';
import { seedDemoPricing } from './demo/demo-pricing.ts';
import { seedDemoSeasons } from './demo/demo-seasons.ts';
import { seedDemoQuotas } from './demo/demo-quotas.ts';
import { seedDemoBuyerBrands } from './demo/demo-buyer-brands.ts';
import { seedDemoAgentPlans } from './demo/demo-agent-plans.ts';
import { seedDemoRebates } from './demo/demo-rebates.ts';
import { seedDemoSalesOrders } from './demo/demo-sales-orders.ts';
import { seedDemoDeliveries } from './demo/demo-deliveries.ts';
import { seedDemoInventoryReport, seedDemoReturns } from './demo/demo-returns.ts';
import { seedDemoImages } from './demo/demo-images.ts';
import { seedDemoFinance } from './demo/demo-finance.ts';
import { createStorage } from './modules/uploads/storage.ts';
import { installProcessGuards } from './process-guards.ts';
import { newBackupToken, registerBackupRoute, writeServerFile } from './backup/backup.routes.ts';

const guards = installProcessGuards();

// Both server/src/main.ts (tsx) and server/dist/main.js (bundle) sit two levels below the repo root.
const here = dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, { webDir: process.env.WEB_DIR || resolve(here, '../../web/dist') });

const started = Date.now();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
// application_name lets an operator tell this server's backends in pg_stat_activity
const dbOptions = { connectTimeoutMs: config.dbConnectTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs, applicationName: 'erp-server' };
// a new embedded database starts from the build's migrated template (server/dist) instead of initdb
const templateFile = resolve(here, '../dist/pglite-template.tar.gz');
const handle = await openDatabase({ ...dbOptions, databaseUrl: config.databaseUrl, dataDir: resolve(config.dataDir), templateFile });
const opened = Date.now();
let applied: string[];
try {
  applied = await migrateToLatest(handle.db);
} catch (error) {
  if (!(error instanceof MigrationFailedError)) throw error;
  // Chinese for the shop owner, English for the operator's log search; exit non-zero so a supervisor notices
  console.error(`\n  ${error.message.replace('\n', '\n  ')}\n`);
  await handle.close().catch(() => {});
  process.exit(1);
}
const migrated = Date.now();
// heavy reports may read from a replica; everything else, and every write, uses the primary
const reportHandle = config.reportDatabaseUrl ? await openDatabase({ ...dbOptions, databaseUrl: config.reportDatabaseUrl, applicationName: 'erp-server-reports' }) : null;
const app = await buildApp({ config, db: handle.db, reportDb: reportHandle?.db, logger: { level: config.logLevel }, listen: handle.listen });
guards.useLog(app.log);
handle.useLog(app.log);
reportHandle?.useLog(app.log);
if (applied.length > 0) app.log.info({ applied }, 'migrations applied');

let generatedAdminPassword: string | null = null;
let seeded = false;
if (config.demoData) {
  seeded = await seedDemoData(handle.db);
  // stock arrives through posted documents, after the demo business exists
  if (seeded) await seedDemoStock(handle.db);
  if (seeded) await seedDemoPurchasing(handle.db);
  if (seeded) await seedDemoPricing(handle.db);
  if (seeded) await seedDemoSeasons(handle.db);
  // quotas before the orders are submitted, so the orders reserve and consume them
  if (seeded) await seedDemoQuotas(handle.db);
  // 可订品牌: AG002 and SH003 limited; agent01, shop01 and their shops order every brand
  if (seeded) await seedDemoBuyerBrands(handle.db);
  // 订货计划 of agent01's shops; the demo orders below show as its progress
  if (seeded) await seedDemoAgentPlans(handle.db);
  if (seeded) await seedDemoSalesOrders(handle.db);
  // 配货发货 after the orders: allocated, shipped, received, in transit
  if (seeded) await seedDemoDeliveries(handle.db);
  // 售后: shop01 asks to return one piece (待审核)
  if (seeded) await seedDemoReturns(handle.db);
  // 库存上报: shop01's count, one piece short, waiting for HQ
  if (seeded) await seedDemoInventoryReport(handle.db);
  // a 返利 rule for the spot season (computed from the deliveries above; not posted)
  if (seeded) await seedDemoRebates(handle.db);
  // a generated picture per demo style, stored like an upload
  if (seeded) await seedDemoImages(handle.db, createStorage(config));
  // 财务 after the charges: payments (one waiting for audit), a credit limit, an adjustment, a supplier payment
  if (seeded) await seedDemoFinance(handle.db, createStorage(config));
} else generatedAdminPassword = await ensureAdmin(handle.db, config.adminPassword);
const phases = { openMs: opened - started, migrateMs: migrated - opened, seedMs: Date.now() - migrated, demoSeeded: seeded };

// npm run backup asks the running server for a consistent dump (a second process must not open the data directory)
const backupToken = handle.dump ? newBackupToken() : null;
if (handle.dump && backupToken) registerBackupRoute(app, { token: backupToken, dump: handle.dump });
let removeServerFile = () => {};

let closing = false;
async function shutdown(signal: string, exitCode = 0) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  removeServerFile();
  try {
    await app.close();
  } finally {
    // closing a pool whose database is gone must not keep the process from ending
    await reportHandle?.close().catch(() => {});
    await handle.close().catch(() => {});
    process.exit(exitCode);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (backupToken) removeServerFile = writeServerFile(resolve(config.dataDir), config.port, backupToken);
guards.serving((exitCode) => void shutdown('uncaughtException', exitCode));
app.log.info({ startup: { ...phases, totalMs: Date.now() - started } }, 'ready');
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const lines = [
  '',
  `  服装批发零售管理系统已启动: http://${shownHost}:${config.port}  (${Date.now() - started} ms)`,
  `  数据库: ${handle.kind === 'embedded' ? `内置 PostgreSQL (PGlite) ${resolve(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (config.demoData) {
  lines.push(`  演示账号${seeded ? '（已载入演示数据）' : ''}，密码均为 ${DEMO_PASSWORD}:`);
  for (const u of demoUsers) lines.push(`    ${u.account.padEnd(11)} ${u.role_type.padEnd(9)} ${u.name}${u.active ? '' : '（未激活，首次登录须设置新密码）'}`);
}
if (generatedAdminPassword) {
  lines.push(`  已创建管理员 admin，初始密码（仅显示这一次）: ${generatedAdminPassword}`, '  首次登录须设置新密码。');
}
// the banner comes last: with the default LOG_LEVEL=warn nothing follows it on a quiet start
console.log(lines.join('\n') + '\n');
