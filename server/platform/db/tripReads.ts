import { type ChangeFeed, FORGET_ALL } from './changeFeed';
import type { Db } from './client';

/**
 * Issue #18: reads of a trip (a member's access to it, its to-do list) kept in memory, so a busy
 * trip is not read from the database on every request. Correct because the database announces
 * every change to a trip, its members or its to-dos, and every changed name (migration 0013),
 * and a read only uses what is kept once the announcements are in sync (ChangeFeed.sync). A
 * transaction's `tx` has no cache (`tripReadsOf` finds none): its reads must see its own
 * writes. Values are shared between requests: callers must not change them.
 */
export class TripReads {
  readonly #trips = new Map<string, Map<string, { value: unknown; at: number }>>();
  #entries = 0;
  #epoch = 0;

  constructor(
    readonly changes: Pick<ChangeFeed, 'on' | 'sync'>,
    readonly maxAgeMs = 60_000,
    readonly maxEntries = 20_000,
  ) {
    changes.on('tripmates_trip', (payload) => this.onAnnouncement(payload));
  }

  /** The cached `key` of the trip, or what `load` reads (kept unless a change overtook it). */
  async read<T>(tripId: string, key: string, load: () => Promise<T>): Promise<T> {
    const epoch = this.#epoch;
    if (!(await this.changes.sync())) return load();
    const now = Date.now();
    const hit = this.#trips.get(tripId)?.get(key);
    if (hit && now - hit.at < this.maxAgeMs) return hit.value as T;
    const value = await load();
    if (epoch === this.#epoch) this.#store(tripId, key, value, now);
    return value;
  }

  /** A trip's row, members or to-dos changed: forget what was read of it. */
  forgetTrip(tripId: string) {
    this.#epoch += 1;
    const reads = this.#trips.get(tripId);
    if (!reads) return;
    this.#entries -= reads.size;
    this.#trips.delete(tripId);
  }

  clear() {
    this.#epoch += 1;
    this.#trips.clear();
    this.#entries = 0;
  }

  /** What the database announced on TRIP_CHANGES_CHANNEL. */
  onAnnouncement(payload: string) {
    if (payload === FORGET_ALL) this.clear();
    else this.forgetTrip(payload);
  }

  #store(tripId: string, key: string, value: unknown, now: number) {
    if (this.#entries >= this.maxEntries) this.clear();
    const reads = this.#trips.get(tripId) ?? new Map();
    if (!reads.has(key)) this.#entries += 1;
    reads.set(key, { value, at: now });
    this.#trips.set(tripId, reads);
  }
}

const registered = new WeakMap<object, TripReads>();

export function registerTripReads(db: Db, reads: TripReads) {
  registered.set(db, reads);
}

/** The trip reads of `db`, or none (PostgreSQL, a transaction). */
export function tripReadsOf(db: Db): TripReads | undefined {
  return registered.get(db);
}

/** `load`, through the trip reads of `db` when it has them. */
export function readTrip<T>(db: Db, tripId: string, key: string, load: () => Promise<T>) {
  const reads = tripReadsOf(db);
  return reads ? reads.read(tripId, key, load) : load();
}
