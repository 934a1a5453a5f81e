import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../http/app-error.ts';

/** Outside the API prefix: not a business call, never behind the gateway. */
export const BACKUP_ROUTE = '/internal/backup';
/** Written into DATA_DIR while the server runs, readable only by its user: how `npm run backup` finds and proves itself to it. */
export const SERVER_FILE = '.server.json';

export interface ServerFile {
  pid: number;
  port: number;
  token: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /internal/backup: the running server dumps its embedded database (under PGlite's query lock,
 * so between two statements, never in the middle of one; a transaction still open is left out at
 * restore, as after a crash). Only from this machine (the socket's address, and no proxy's forwarding headers)
 * and only with the token of DATA_DIR/.server.json, a file only the server's user can read.
 */
export function registerBackupRoute(app: FastifyInstance, { token, dump }: { token: string; dump: () => Promise<Blob> }): void {
  app.post(BACKUP_ROUTE, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    // a reverse proxy on this machine connects from loopback too: a forwarded request is not local
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (proxied || !LOOPBACK.has(request.socket.remoteAddress ?? '')) throw forbidden('备份只能在服务器本机上运行 npm run backup');
    if (!sameToken(request.headers['x-backup-token'], token)) throw forbidden('备份口令不对：请在服务器本机、以运行服务器的用户运行 npm run backup');
    const blob = await dump();
    request.log.warn({ bytes: blob.size }, 'database backup taken');
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .send(Buffer.from(await blob.arrayBuffer()));
  });
}

/** A new token per start. */
export const newBackupToken = (): string => randomBytes(24).toString('hex');

/** Once listening: the file with mode 600; returns what removes it at shutdown. */
export function writeServerFile(dataDir: string, port: number, token: string): () => void {
  const file = join(dataDir, SERVER_FILE);
  const info: ServerFile = { pid: process.pid, port, token };
  writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}
