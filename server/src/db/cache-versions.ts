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
  ) {}

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
}
