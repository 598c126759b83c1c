import type { SessionRow, UserRow } from './db/schema';

export type CachedAuth = { session: SessionRow; user: UserRow };

/**
 * Issue #18: the signed-in session and its user, kept in memory by the hash of the cookie's
 * token, so a request of a known session does not ask the database again. It is only correct
 * while every change to an account or its sessions reaches `forgetUser` before the next request
 * can read it: the database announces each one (migration 0012, channel `tripmates_auth`) and
 * the embedded database delivers the announcement before the write's own `await` returns. Where
 * that cannot be promised (PostgreSQL delivers it asynchronously, on another connection), the
 * server does not use a cache. Entries also age out after `maxAgeMs`, and the oldest go first
 * beyond `maxEntries`.
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedAuth & { at: number }>();
  readonly #tokensOf = new Map<string, Set<string>>();
  #epoch = 0;

  constructor(
    readonly maxAgeMs = 60_000,
    readonly maxEntries = 10_000,
  ) {}

  get size() {
    return this.#entries.size;
  }

  /**
   * Changes with every change announced. A read from the database started at one epoch is only
   * stored if no change came in meanwhile: it might have read what was just changed.
   */
  get epoch() {
    return this.#epoch;
  }

  get(tokenHash: string, now: number): CachedAuth | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.at >= this.maxAgeMs) {
      this.#delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, auth: CachedAuth, now: number, readAtEpoch: number) {
    if (readAtEpoch !== this.#epoch) return;
    this.#delete(tokenHash);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#delete(oldest);
    }
    this.#entries.set(tokenHash, { ...auth, at: now });
    const userId = auth.user.id;
    const tokens = this.#tokensOf.get(userId) ?? new Set<string>();
    tokens.add(tokenHash);
    this.#tokensOf.set(userId, tokens);
  }

  /** The account or one of its sessions changed: forget all of its sessions. */
  forgetUser(userId: string) {
    this.#epoch += 1;
    for (const tokenHash of this.#tokensOf.get(userId) ?? []) this.#entries.delete(tokenHash);
    this.#tokensOf.delete(userId);
  }

  clear() {
    this.#epoch += 1;
    this.#entries.clear();
    this.#tokensOf.clear();
  }

  #delete(tokenHash: string) {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return;
    this.#entries.delete(tokenHash);
    const tokens = this.#tokensOf.get(entry.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.#tokensOf.delete(entry.user.id);
  }
}
