// npm run backup            a dated archive of the embedded database and the uploads, in BACKUP_DIR (./backups)
// npm run restore <file>    brings an archive back into an empty DATA_DIR
// With DATABASE_URL use pg_dump / pg_restore instead (README › Backup and restore).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { createPglite } from '../db/database.ts';
import { backupFileName, restoreBackup, writeBackup } from './backup.ts';
import { BACKUP_ROUTE, SERVER_FILE, type ServerFile } from './backup.routes.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, run by someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server's dump, or null when no server runs on this data directory. */
async function dumpFromServer(dataDir: string): Promise<Buffer | null> {
  const file = join(dataDir, SERVER_FILE);
  if (!existsSync(file)) return null;
  let info: ServerFile;
  try {
    info = JSON.parse(readFileSync(file, 'utf8')) as ServerFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EACCES') throw new Error(`无法读取 ${file}：请以运行服务器的用户运行 npm run backup`);
    throw error;
  }
  if (!alive(info.pid)) return null;
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${info.port}${BACKUP_ROUTE}`, { method: 'POST', headers: { 'x-backup-token': info.token } });
  } catch {
    throw new Error(`服务器进程 ${info.pid} 在运行，但在端口 ${info.port} 上联系不到它。数据库正被它使用，不能直接读取：请稍后重试，或先停止服务器再备份。`);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(`服务器拒绝了备份：${body?.msg ?? res.status}`);
  }
  return Buffer.from(await res.arrayBuffer());
}

/** No server runs: this process may open the data directory itself. */
async function dumpFromDataDir(dataDir: string): Promise<Buffer> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`数据目录 ${dataDir} 里没有数据库：请检查 DATA_DIR`);
  const pglite = await createPglite({ dataDir });
  try {
    await pglite.exec('CHECKPOINT');
    return Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pglite.close();
  }
}

async function backup(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('已设置 DATABASE_URL：请用 pg_dump 备份 PostgreSQL（见 README 的“备份与恢复”）。npm run backup 只备份内置数据库。');
  const dataDir = resolve(config.dataDir);
  const fromServer = await dumpFromServer(dataDir);
  const dump = fromServer ?? (await dumpFromDataDir(dataDir));
  const dir = resolve(process.env.BACKUP_DIR?.trim() || 'backups');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, backupFileName());
  const manifest = await writeBackup({ file, dump, dataDir, uploadDir: config.s3 ? null : resolve(config.uploadDir), source: fromServer ? 'server' : 'data-dir' });
  console.log(`备份完成：${file}`);
  console.log(
    `  数据库（${fromServer ? '由运行中的服务器导出' : '服务器未运行，直接读取数据目录'}），上传文件 ${manifest.uploads} 个${config.s3 ? '（上传文件在 S3 上，不在备份里）' : ''}`,
  );
}

async function restore(file: string | undefined): Promise<void> {
  if (!file) throw new Error('用法：npm run restore <备份文件>，例如 npm run restore backups/erp-backup-20260525-173000.tar.gz');
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('已设置 DATABASE_URL：请用 pg_restore 恢复 PostgreSQL（见 README 的“备份与恢复”）。');
  const manifest = await restoreBackup({ file: resolve(file), dataDir: resolve(config.dataDir), uploadDir: resolve(config.uploadDir) });
  console.log(`恢复完成：${resolve(config.dataDir)}（备份时间 ${new Date(manifest.createdAt).toLocaleString('zh-CN')}，上传文件 ${manifest.uploads} 个）`);
  console.log('  现在可以 npm start。');
}

const [command, arg] = process.argv.slice(2);
try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore(arg);
  else throw new Error('用法：backup-cli backup | restore <备份文件>');
} catch (error) {
  console.error(`\n  ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
