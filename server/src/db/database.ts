import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// bigint ids and integer fen stay far below 2^53, so numbers are safe and simpler than strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// calendar dates stay 'yyyy-mm-dd' text: no time zone shifts
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

/** PGlite loads extensions when the instance is created: pg_trgm backs the product name search (0014). */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ dataDir: 'memory://', ...options, extensions: { pg_trgm } });
}

/** Opens a PGlite data directory; a new one starts from the template when there is one. */
async function openPglite(dataDir: string, templateFile?: string | null): Promise<PGlite> {
  const fresh = !dataDir.includes('://') && !existsSync(join(dataDir, 'PG_VERSION'));
  if (fresh && templateFile && existsSync(templateFile)) {
    return createPglite({ dataDir, loadDataDir: new Blob([readFileSync(templateFile)]) });
  }
  return createPglite({ dataDir });
}

/** Where pool and connection errors go: pino's signature, so `app.log` fits. */
export interface DbErrorLog {
  warn(object: object, message: string): void;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'embedded' | 'postgres';
  /** Embedded only: PGlite's dump of its data directory (gzip tar), taken between two statements. */
  dump?: () => Promise<Blob>;
  /** Routes pool and connection errors to this log (the app's, once it exists). */
  useLog(log: DbErrorLog): void;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A real PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string | null;
  /** PGlite data directory (or memory:// for tests). */
  dataDir?: string;
  /**
   * A dump of a new, migrated PGlite (server/dist/pglite-template.tar.gz, written by the build):
   * an empty dataDir is filled from it instead of running initdb, which takes seconds.
   */
  templateFile?: string | null;
  /** An already created PGlite instance (tests load a migrated template into one). */
  pglite?: PGlite;
  /** Put every table into this schema (tests on a shared PostgreSQL). */
  schema?: string;
  poolSize?: number;
  /** application_name of the connections, so an operator (or a test) can tell this process's backends. */
  applicationName?: string;
  /** How long a request waits for a connection (a new one, or a free one of a busy pool) before failing. */
  connectTimeoutMs?: number;
  /** PostgreSQL statement_timeout of every connection; 0 or absent: none. Migrations lift it. */
  statementTimeoutMs?: number;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
// a transaction left open by a stuck process would hold its row locks forever
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** COMMIT of a transaction that already failed is answered ROLLBACK, not an error: never report that as success. */
export class CommitRolledBackError extends Error {
  readonly code = 'COMMIT_ROLLED_BACK';
  constructor() {
    super('COMMIT was answered ROLLBACK: the transaction had failed and nothing of it was written');
    this.name = 'CommitRolledBackError';
  }
}

/**
 * pg.Client whose COMMIT fails loudly when PostgreSQL rolled the transaction back instead (a
 * statement in it failed and the error was swallowed). A COMMIT lost with its connection already
 * rejects: pg errors every query in flight when the socket ends.
 */
class CommitCheckingClient extends pg.Client {
  // pg's query() has many overloads; only Kysely's promise form (text, values) is inspected
  // biome-ignore lint/suspicious/noExplicitAny: one override stands for all of pg's query() overloads (promise, callback, submittable), whose return types differ; only `any` is compatible with each
  override query(...args: unknown[]): any {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (typeof args[0] === 'string' && /^\s*commit\s*;?\s*$/i.test(args[0]) && result instanceof Promise) {
      return result.then((res: pg.QueryResult) => {
        if (res.command === 'ROLLBACK') throw new CommitRolledBackError();
        return res;
      });
    }
    return result;
  }
}

/**
 * Statements the server sends again and again are prepared once per connection (named), so
 * PostgreSQL parses them once and, after a few executions, may keep a generic plan instead of
 * planning each call: planning a document with its lines costs several times its execution.
 * A text is named from its second sighting; a connection keeps at most PREPARED_PER_CONNECTION of
 * them (shapes that vary, such as IN lists of every length, must not grow a backend without
 * bound). Statements without parameters (BEGIN, COMMIT, DDL) stay unnamed.
 */
export const PREPARED_PER_CONNECTION = 300;
const SIGHTINGS_KEPT = 5000;
const sightings = new Map<string, string | null>();

function statementName(text: string): string | null {
  const known = sightings.get(text);
  if (known !== undefined) {
    if (known !== null) return known;
    const name = `s${createHash('sha1').update(text).digest('base64url')}`;
    sightings.set(text, name);
    return name;
  }
  if (sightings.size >= SIGHTINGS_KEPT) sightings.clear();
  sightings.set(text, null);
  return null;
}

// a table changed under a prepared statement (a migration run by a newer process) makes its
// cached plan fail with 0A000 on every later call: the connection prepares that text afresh
const PLAN_CHANGED = '0A000';

/**
 * BEGIN travels with the transaction's first statement. A transaction costs a round trip more
 * than its statements (BEGIN's answer carries nothing); so BEGIN is held back and sent, in the
 * extended protocol, ahead of the first statement's own messages, under that statement's Sync: one
 * write, one answer. PostgreSQL runs BEGIN first; its CommandComplete is skipped here. BEGIN goes
 * out on its own when the first statement has no parameters or is a named statement this
 * connection has not parsed yet (a failed Parse must not leave the name marked as parsed).
 */
class BeginThenQuery extends pg.Query {
  private begun = false;
  // pg's Query has these (not in its type declarations)
  prepare(connection: { parse(q: object): void; bind(q: object): void; execute(q: object): void }): void {
    connection.parse({ text: 'BEGIN', name: '' });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '' });
    (pg.Query.prototype as unknown as { prepare(c: unknown): void }).prepare.call(this, connection);
  }
  handleCommandComplete(message: unknown, connection: unknown): void {
    if (!this.begun) {
      this.begun = true;
      return;
    }
    (pg.Query.prototype as unknown as { handleCommandComplete(m: unknown, c: unknown): void }).handleCommandComplete.call(this, message, connection);
  }
}

const isBegin = (text: string) => /^\s*begin\s*;?\s*$/i.test(text);
const endsTransaction = (text: string) => /^\s*(commit|rollback)\s*;?\s*$/i.test(text);
const answered = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, fields: [], rows: [] });

class PreparingClient extends CommitCheckingClient {
  private readonly prepared = new Map<string, string>();
  /** a BEGIN held back for the transaction's first statement */
  beginHeld = false;
  // biome-ignore lint/suspicious/noExplicitAny: see CommitCheckingClient.query
  override query(...args: unknown[]): any {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return this.sendHeldBegin(() => super.query(...args));
    if (values.length === 0 && isBegin(text) && !this.beginHeld) {
      this.beginHeld = true;
      return Promise.resolve(answered('BEGIN'));
    }
    if (this.beginHeld && values.length === 0 && endsTransaction(text)) {
      // nothing was sent: there is no transaction to end
      this.beginHeld = false;
      return Promise.resolve(answered(text.trim().replace(/;$/, '').toUpperCase()));
    }
    const shared = values.length > 0 ? statementName(text) : null;
    const name = shared && (this.prepared.get(shared) ?? (this.prepared.size < PREPARED_PER_CONNECTION ? shared : null));
    if (shared && name) this.prepared.set(shared, name);
    const config = name ? { name, text, values } : { text, values };
    const parsed = !name || (this.connection as unknown as { parsedStatements: Record<string, string> }).parsedStatements[name] !== undefined;
    if (this.beginHeld && values.length > 0 && parsed) {
      this.beginHeld = false;
      return this.named(
        shared,
        new Promise((resolve, reject) =>
          super.query(new BeginThenQuery(config, undefined, (error: Error | undefined, result: unknown) => (error ? reject(error) : resolve(result as pg.QueryResult)))),
        ),
      );
    }
    // unnamed statements keep pg's (text, values) form: CommitCheckingClient reads COMMIT's answer there
    return this.sendHeldBegin(() => this.named(shared, (name ? super.query(config) : super.query(text, values)) as Promise<pg.QueryResult>));
  }

  /** Sends a held-back BEGIN on its own, then the statement. */
  private sendHeldBegin<T>(send: () => T): T | Promise<Awaited<T>> {
    if (!this.beginHeld) return send();
    this.beginHeld = false;
    return (super.query('BEGIN') as Promise<unknown>).then(() => send() as Awaited<T>);
  }

  // a table changed under a prepared statement (0A000): the connection prepares the text afresh
  private named(shared: string | null, result: Promise<pg.QueryResult>): Promise<pg.QueryResult> {
    if (!shared) return result;
    return result.catch((error: { code?: string }) => {
      if (error?.code === PLAN_CHANGED) this.prepared.set(shared, `${shared}_${this.prepared.size}`);
      throw error;
    });
  }
}

/**
 * A connection that dies (server restart, failover, a proxy dropping it) emits 'error', idle in
 * the pool or checked out by a request, and an idle one makes the pool emit 'error' too. Either
 * without a listener kills the process. Log it: the broken connection is already out of use (pg
 * marks it not queryable, the pool discards it), and the pool opens new ones on demand.
 */
function watchPool(pool: pg.Pool, report: (error: Error) => void): void {
  pool.on('connect', (client) => {
    client.on('error', report);
  });
  // a connection goes back to the pool outside any transaction: a BEGIN still held was never sent
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    if (client instanceof PreparingClient) client.beginHeld = false;
  });
  // an idle connection's error reaches the listener above first: logged once, not twice
  pool.on('error', () => {});
}

/** Before the app's logger exists (start-up, migrations): one JSON line on stderr, like pino's. */
const stderrLog: DbErrorLog = {
  warn: (object, message) => console.warn(JSON.stringify({ level: 40, time: Date.now(), ...object, msg: message })),
};

function errorReporter(): { report: (error: Error) => void; useLog: (log: DbErrorLog) => void } {
  let log = stderrLog;
  return {
    report: (error) => {
      const { code, message } = error as Error & { code?: string };
      log.warn({ db: { code, message } }, 'database connection lost');
    },
    useLog: (next) => {
      log = next;
    },
  };
}

/** One code path for both databases: a pg.Pool handed to Kysely's PostgresDialect. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { report, useLog } = errorReporter();
  if (options.databaseUrl) {
    const statementTimeout = options.statementTimeoutMs ?? 0;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      Client: PreparingClient,
      max: options.poolSize ?? 10,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
      application_name: options.applicationName ?? 'erp-server',
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      // find connections a proxy or a dead peer dropped while idle
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    watchPool(pool, report);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', useLog, close: () => db.destroy() };
  }
  const pglite = options.pglite ?? (await openPglite(options.dataDir ?? 'memory://', options.templateFile));
  const pool = new pg.Pool({ ...createPgConfig(pglite), Client: CommitCheckingClient });
  watchPool(pool, report);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'embedded',
    dump: async () => {
      // a checkpoint first: the restored copy then starts without replaying the WAL
      await pglite.exec('CHECKPOINT');
      return pglite.dumpDataDir('gzip');
    },
    useLog,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
