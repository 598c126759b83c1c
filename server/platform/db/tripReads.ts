import type { Db } from './client';

/** Where the database announces changed trips (migration 0013): a trip's id, or '*' for all. */
export const TRIP_CHANGES_CHANNEL = 'tripmates_trip';

/**
 * Issue #18: reads of a trip (a member's access to it, its to-do list) kept in memory, so a busy
 * trip is not read from the embedded database on every request. Like the session cache it is only
 * correct because the database announces every change (migration 0013) before the write that
 * made it returns, which only PGlite promises; so only an embedded database registers one
 * (`fromPglite`), and `tripReadsOf` finds none for PostgreSQL, nor for a transaction, whose
 * reads must see its own writes. Values are shared between requests: callers must not change
 * them.
 */
export class TripReads {
  readonly #trips = new Map<string, Map<string, { value: unknown; at: number }>>();
  #entries = 0;
  #epoch = 0;
  /** Off until the database has confirmed it listens, and after it stopped. */
  enabled = false;

  constructor(
    readonly maxAgeMs = 60_000,
    readonly maxEntries = 20_000,
  ) {}

  /** The cached `key` of the trip, or what `load` reads (kept unless a change overtook it). */
  async read<T>(tripId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const now = Date.now();
    const hit = this.#trips.get(tripId)?.get(key);
    if (hit && now - hit.at < this.maxAgeMs) return hit.value as T;
    const epoch = this.#epoch;
    const value = await load();
    if (epoch === this.#epoch && this.enabled) this.#store(tripId, key, value, now);
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
    if (payload === '*') this.clear();
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
