// Backup archives of the embedded database: one .tar.gz holding erp-backup.json (what it is),
// database.tar.gz (PGlite's own dump of its data directory) and uploads/<key> (UPLOAD_DIR). PGlite
// dumps every file of DATA_DIR, so uploads in the default DATA_DIR/uploads travel inside
// database.tar.gz and are not added twice; an UPLOAD_DIR elsewhere goes under uploads/.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createPglite } from '../db/database.ts';
import { SERVER_FILE } from './backup.routes.ts';
import { createTarGz, readTarGz } from './tar.ts';

export const BACKUP_FORMAT = 'erp-backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  /** 'server': dumped by the running server; 'data-dir': read from the data directory while no server ran */
  source: 'server' | 'data-dir';
  uploads: number;
  /** true: the uploads lie inside DATA_DIR and so inside database.tar.gz */
  uploadsInDatabase: boolean;
}

const within = (path: string, dir: string) => resolve(path) === resolve(dir) || resolve(path).startsWith(resolve(dir) + sep);

/** erp-backup-20260525-173000.tar.gz (local time): sorts by date, never collides within a second. */
export function backupFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `erp-backup-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.tar.gz`;
}

/** Missing, or a directory with nothing in it. */
export function isEmptyDir(path: string): boolean {
  return !existsSync(path) || (statSync(path).isDirectory() && readdirSync(path).length === 0);
}

function listFiles(root: string, dir = root): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(root, path);
    return entry.isFile() ? [relative(root, path).split(sep).join('/')] : [];
  });
}

export interface WriteBackupOptions {
  file: string;
  /** PGlite.dumpDataDir('gzip') */
  dump: Buffer;
  /** UPLOAD_DIR, or null when uploads live on S3 (not part of the archive) */
  uploadDir: string | null;
  /** DATA_DIR, the directory PGlite dumped */
  dataDir: string;
  source: BackupManifest['source'];
}

export async function writeBackup({ file, dump, uploadDir, dataDir, source }: WriteBackupOptions): Promise<BackupManifest> {
  const uploads = uploadDir ? listFiles(uploadDir) : [];
  const uploadsInDatabase = !!uploadDir && within(uploadDir, dataDir);
  const manifest: BackupManifest = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), source, uploads: uploads.length, uploadsInDatabase };
  const tar = createTarGz(file);
  await tar.add('erp-backup.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  await tar.add('database.tar.gz', dump);
  for (const name of uploadsInDatabase ? [] : uploads) {
    const path = join(uploadDir!, name);
    const stat = statSync(path);
    await tar.addFile(`uploads/${name}`, path, stat.size, stat.mtime);
  }
  await tar.close();
  return manifest;
}

/** A path from the archive, kept inside `root`: never absolute, never climbing out with '..'. */
function inside(root: string, name: string): string {
  const clean = normalize(name);
  if (isAbsolute(clean) || clean.split(/[\\/]/).includes('..')) throw new Error(`备份文件中有不安全的路径：${name}`);
  return join(root, clean);
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  uploadDir: string;
}

/**
 * Restores an archive into an empty data directory (and an empty UPLOAD_DIR when that lies
 * elsewhere). Refuses anything non-empty: a restore never overwrites data.
 */
export async function restoreBackup({ file, dataDir, uploadDir }: RestoreOptions): Promise<BackupManifest> {
  if (!existsSync(file)) throw new Error(`找不到备份文件：${file}`);
  const data = resolve(dataDir);
  const uploads = resolve(uploadDir);
  if (!isEmptyDir(data)) {
    throw new Error(`数据目录 ${data} 不是空的：恢复只写入空目录，不会覆盖现有数据。请先停止服务器，把该目录移走或改名（例如 mv data data.old），再运行恢复。`);
  }
  if (!within(uploads, data) && !isEmptyDir(uploads)) {
    throw new Error(`上传文件目录 ${uploads} 不是空的：恢复只写入空目录。请先把它移走或改名，再运行恢复。`);
  }

  let manifest: BackupManifest | null = null;
  let dump: Buffer | null = null;
  const chunks: Buffer[] = [];
  for await (const entry of readTarGz(file)) {
    if (!manifest) {
      if (entry.name !== 'erp-backup.json') throw new Error('这不是本系统的备份文件（缺少 erp-backup.json）');
      for await (const chunk of entry.body) chunks.push(chunk);
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
      if (parsed.format !== BACKUP_FORMAT || parsed.version !== 1) throw new Error('这不是本系统的备份文件，或来自不支持的版本');
      manifest = parsed;
    } else if (entry.name === 'database.tar.gz') {
      const parts: Buffer[] = [];
      for await (const chunk of entry.body) parts.push(chunk);
      dump = Buffer.concat(parts);
    } else if (entry.name.startsWith('uploads/')) {
      const target = inside(uploads, entry.name.slice('uploads/'.length));
      mkdirSync(resolve(target, '..'), { recursive: true });
      await pipeline(Readable.from(entry.body), createWriteStream(target));
    }
  }
  if (!manifest || !dump) throw new Error('备份文件不完整：缺少数据库部分');

  mkdirSync(data, { recursive: true });
  const pglite = await createPglite({ dataDir: data, loadDataDir: new Blob([new Uint8Array(dump)]) });
  try {
    // the restored database opens and answers: a damaged dump fails here, not at the next start
    await pglite.query('select count(*) from users');
  } finally {
    await pglite.close();
  }
  // the dumped server's address and token: stale here; the next server writes its own
  rmSync(join(data, SERVER_FILE), { force: true });
  return manifest;
}
