import type { Db } from './database.ts';

/**
 * A change counter shared by every server process on one database (cache_versions, 0022): triggers
 * bump it in the transaction of each change, so a process compares the number its cached entries
 * were built at with the current one, read at most once per `checkEveryMs` (one read at a time).
 * A change made through another process is therefore seen here within about that long.
 */
export class SharedVersion {
  private known: { version: number; at: number } | null = null;
  private reading: Promise<number> | null = null;

  constructor(
    private readonly name: string,
    private readonly checkEveryMs: number,
    /** called when the number moved: entries of the old one are never used again */
    private readonly onChange: () => void = () => {},
  ) {
    const named = living.get(name) ?? new Set<SharedVersion>();
    named.add(this);
    living.set(name, named);
  }

  async current(db: Db): Promise<number> {
    if (this.known && Date.now() - this.known.at < this.checkEveryMs) return this.known.version;
    this.reading ??= db
      .selectFrom('cache_versions')
      .select('version')
      .where('name', '=', this.name)
      .executeTakeFirst()
      .then((row) => {
        const version = row?.version ?? 0;
        if (this.known && this.known.version !== version) this.onChange();
        this.known = { version, at: Date.now() };
        return version;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /** After a change made here: read the number again at the next use. */
  forget(): void {
    this.known = null;
  }

  /** Dropped with its cache (an app closed): no longer told of moves. */
  close(): void {
    living.get(this.name)?.delete(this);
  }
}

// the counters of this process by name, told when the database announces a move (0045)
const living = new Map<string, Set<SharedVersion>>();

/**
 * The database announced that a counter moved (NOTIFY erp_cache_versions at the change's commit):
 * every cache of that name here reads it again on its next use, and drops its entries when it moved.
 */
export function cacheVersionMoved(name: string): void {
  for (const version of living.get(name) ?? []) version.forget();
}

export const CACHE_VERSIONS_CHANNEL = 'erp_cache_versions';
