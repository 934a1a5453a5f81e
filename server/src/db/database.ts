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
  /**
   * Calls `onMessage` with each NOTIFY payload on `channel` (on PostgreSQL over a connection of its
   * own, connected again after a loss); answers the function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, log?: DbErrorLog): Promise<() => Promise<void>>;
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

const answered = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, fields: [], rows: [] });
/** What pipeline.ts sends around statements that leave together (answered here, never sent). */
export const HOLD_WRITES = '-- erp: hold writes';
export const RELEASE_WRITES = '-- erp: release writes';
/**
 * pipeline.ts: the transaction's COMMIT, sent right behind its last statement (one write, no round
 * trip of its own). The COMMIT or ROLLBACK its runner sends afterwards is answered here, and any
 * other statement on the connection before that is refused: it would run outside the transaction.
 */
export const COMMIT_AHEAD = '-- erp: commit ahead';

const isCommit = (text: unknown) => typeof text === 'string' && /^\s*commit\s*;?\s*$/i.test(text);
const isRollback = (text: unknown) => typeof text === 'string' && /^\s*rollback\s*;?\s*$/i.test(text);

/**
 * pg.Client whose COMMIT fails loudly when PostgreSQL rolled the transaction back instead (a
 * statement in it failed and the error was swallowed). A COMMIT lost with its connection already
 * rejects: pg errors every query in flight when the socket ends.
 */
class CommitCheckingClient extends pg.Client {
  /** the COMMIT sent ahead (COMMIT_AHEAD), until the transaction's runner ends it */
  private committedAhead: Promise<pg.QueryResult> | null = null;

  // pg's query() has many overloads; only Kysely's promise form (text, values) is inspected
  // biome-ignore lint/suspicious/noExplicitAny: one override stands for all of pg's query() overloads (promise, callback, submittable), whose return types differ; only `any` is compatible with each
  override query(...args: unknown[]): any {
    const text = args[0];
    if (text === HOLD_WRITES || text === RELEASE_WRITES) {
      // pipeline.ts: never sent (the embedded database's connection has nothing to hold back)
      if (text === HOLD_WRITES) this.stream()?.cork?.();
      else this.stream()?.uncork?.();
      return Promise.resolve(answered('SELECT'));
    }
    if (this.committedAhead) {
      const ahead = this.committedAhead;
      if (isCommit(text) || isRollback(text)) {
        this.committedAhead = null;
        // a ROLLBACK after the COMMIT went (a failed last statement): the transaction is over either way
        return isCommit(text)
          ? ahead
          : ahead.then(
              () => answered('ROLLBACK'),
              () => answered('ROLLBACK'),
            );
      }
      return Promise.reject(new Error('statement after the transaction was committed ahead'));
    }
    if (text === COMMIT_AHEAD) {
      const commit = this.checkedCommit((super.query as (...a: unknown[]) => Promise<pg.QueryResult>)('COMMIT'));
      commit.catch(() => {});
      this.committedAhead = commit;
      return commit;
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    return isCommit(text) && result instanceof Promise ? this.checkedCommit(result) : result;
  }

  private checkedCommit(result: Promise<pg.QueryResult>): Promise<pg.QueryResult> {
    return result.then((res) => {
      if (res.command === 'ROLLBACK') throw new CommitRolledBackError();
      return res;
    });
  }

  protected stream(): { cork?(): void; uncork?(): void } | undefined {
    return (this as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
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

// searches stay unnamed: their best plan depends on the pattern or the set searched for (a trigram
// or word-pair index for a rare word, a scan for a common one), and a generic plan chosen without
// the value sent a two-character product search from 3 ms to 23 ms
const VALUE_DEPENDENT = /\b(i?like|similar to)\b|@>|<@|&&|~~|!~|~\*/i;

function statementName(text: string): string | null {
  if (VALUE_DEPENDENT.test(text)) return null;
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
 * The connections run in pg's pipeline mode: a statement is written as soon as it is issued, not
 * after the previous one's answer, and statements sent together (pipeline.ts) leave in one write —
 * on this kind of machine each write to the database costs about as much as the statement's own
 * work. PostgreSQL still runs them one after another, each with its
 * own Sync (a failed one does not swallow the next's answer) and, in READ COMMITTED, each with its
 * own snapshot taken when its turn comes.
 * BEGIN is one such statement: answered at once here, it travels with the transaction's first
 * statement instead of costing a round trip of its own (a BEGIN cannot fail on a live connection;
 * on a dead one the next statement fails too).
 */
const isBegin = (text: string) => /^\s*begin\s*;?\s*$/i.test(text);

class PreparingClient extends CommitCheckingClient {
  private readonly prepared = new Map<string, string>();
  /** a BEGIN waits in the socket for the transaction's first statement */
  private beginWaiting = false;
  // biome-ignore lint/suspicious/noExplicitAny: see CommitCheckingClient.query
  override query(...args: unknown[]): any {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length === 0 && isBegin(text)) {
      // its answer is not waited for: BEGIN waits in the socket and leaves with the next statement
      const stream = this.stream();
      stream?.cork?.();
      this.beginWaiting = true;
      (super.query(text, values) as Promise<unknown>).catch(() => {});
      // nothing followed within this turn: let it go alone
      process.nextTick(() => this.releaseBegin());
      return Promise.resolve(answered('BEGIN'));
    }
    try {
      return this.send(args);
    } finally {
      this.releaseBegin();
    }
  }

  private send(args: unknown[]): unknown {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return super.query(...args);
    const shared = values.length > 0 ? statementName(text) : null;
    const name = shared && (this.prepared.get(shared) ?? (this.prepared.size < PREPARED_PER_CONNECTION ? shared : null));
    if (!shared || !name) return super.query(text, values);
    this.prepared.set(shared, name);
    return (super.query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: { code?: string }) => {
      if (error?.code === PLAN_CHANGED) this.prepared.set(shared, `${shared}_${this.prepared.size}`);
      throw error;
    });
  }

  private releaseBegin(): void {
    if (!this.beginWaiting) return;
    this.beginWaiting = false;
    this.stream()?.uncork?.();
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
      pipeline: true,
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
    const listen = (channel: string, onMessage: (payload: string) => void, log?: DbErrorLog) =>
      listenOnPostgres(options.databaseUrl!, options.applicationName ?? 'erp-server', channel, onMessage, log);
    return { db, kind: 'postgres', useLog, listen, close: () => db.destroy() };
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
    // PGlite tells its listeners while it answers the COMMIT: before the change's request ends
    listen: async (channel, onMessage) => {
      const stop = await pglite.listen(channel, onMessage);
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

const LISTEN_RETRY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other work). A lost connection
 * is made again after a second; what was announced meanwhile is caught by the caches' periodic read.
 */
async function listenOnPostgres(
  connectionString: string,
  applicationName: string,
  channel: string,
  onMessage: (payload: string) => void,
  log?: DbErrorLog,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: `${applicationName}-listen`, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', (error) => {
      log?.warn({ err: error }, 'database notifications: connection lost, connecting again');
      next.end().catch(() => {});
      if (client === next) client = null;
      if (!stopped) retry ??= setTimeout(again, LISTEN_RETRY_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const again = () => {
    retry = null;
    if (stopped) return;
    connect().catch((error) => {
      log?.warn({ err: error }, 'database notifications: cannot connect, trying again');
      retry ??= setTimeout(again, LISTEN_RETRY_MS);
    });
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
