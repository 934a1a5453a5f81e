import { SharedVersion } from '../../db/cache-versions.ts';
import type { Db } from '../../db/database.ts';
import * as repo from './sessions.repo.ts';

export type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.findSessionByHash>>>;

// a safety net only: entries are read again this often even when the counter did not move
const ENTRY_MS = 30_000;
const ENTRIES_KEPT = 10_000;

/**
 * The sessions this process has checked, kept so a request does not read its session row every
 * time (a round trip of every call). What ends or changes a session bumps the shared 'sessions'
 * counter (0023); the database announces each move to every process at commit (0045,
 * cacheVersionMoved), so a logout, a disabled account, a password change or a role change is
 * enforced on the next request in every process. The counter is also read at most once per
 * `checkEveryMs`, the safety net while a process's listening connection is down. The answer is only ever trusted when it lets the caller in:
 * a cached row that would refuse is read again before anything is refused or revoked.
 * `checkEveryMs` 0 turns the cache off (every request reads its row).
 */
export class SessionCache {
  private readonly entries = new Map<string, { row: SessionRow; at: number; version: number }>();
  private readonly shared: SharedVersion;

  constructor(private readonly checkEveryMs: number) {
    this.shared = new SharedVersion('sessions', checkEveryMs, () => this.entries.clear());
  }

  /** The app closed: its counter is no longer told of moves. */
  close(): void {
    this.shared.close();
  }

  /** The session of a token hash; `cached` tells whether it came from this process's memory. */
  async find(db: Db, tokenHash: string): Promise<{ row: SessionRow | undefined; cached: boolean }> {
    if (this.checkEveryMs <= 0) return { row: await repo.findSessionByHash(db, tokenHash), cached: false };
    const version = await this.shared.current(db);
    const hit = this.entries.get(tokenHash);
    if (hit && hit.version === version && Date.now() - hit.at < ENTRY_MS) return { row: hit.row, cached: true };
    const row = await repo.findSessionByHash(db, tokenHash);
    if (!row) this.entries.delete(tokenHash);
    else {
      if (this.entries.size >= ENTRIES_KEPT) this.entries.clear();
      this.entries.set(tokenHash, { row, at: Date.now(), version });
    }
    return { row, cached: false };
  }

  /** The session was just touched: its entry carries the new last-seen time. */
  touched(tokenHash: string, at: Date): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.row = { ...entry.row, last_seen_at: at };
  }

  /** A session ended here (sign-out): its entry goes, whatever token it came from. */
  forgetSession(sessionId: number): void {
    for (const [hash, entry] of this.entries) if (entry.row.session_id === sessionId) this.entries.delete(hash);
    this.shared.forget();
  }

  /** The session ended or changed here. */
  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
    this.shared.forget();
  }
}
