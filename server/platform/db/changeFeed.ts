/**
 * The channels the database announces changes on (migrations 0012 and 0013; 0021: stored files
 * are due for deletion; 0025: a person's notifications changed; 0028: e-mail was queued, and whose membership of
 * which trip ended).
 */
export type ChangeChannel =
  | 'tripmates_auth'
  | 'tripmates_trip'
  | 'tripmates_storage'
  | 'tripmates_notifications'
  | 'tripmates_mail'
  | 'tripmates_members';
export const CHANGE_CHANNELS: readonly ChangeChannel[] = [
  'tripmates_auth',
  'tripmates_trip',
  'tripmates_storage',
  'tripmates_notifications',
  'tripmates_mail',
  'tripmates_members',
];
/** Delivered on every channel when announcements may have been missed: forget everything. */
export const FORGET_ALL = '*';

/**
 * The database's announcements of changed rows (issue #18), for the caches that keep reads in
 * memory (SessionCache, TripReads). A cache may only be read once `sync()` resolves true: by
 * then every change committed before the call has reached the listeners, so nothing it holds is
 * older than a change that a request could already know about.
 */
export interface ChangeFeed {
  /** The listening connection's `application_name`, where there is one. */
  name?: string;
  on(channel: ChangeChannel, listener: (payload: string) => void): void;
  sync(): boolean | Promise<boolean>;
  close(): Promise<void>;
}

/** Subscribers per channel. */
export class Listeners {
  readonly #byChannel = new Map<ChangeChannel, ((payload: string) => void)[]>();
  add(channel: ChangeChannel, listener: (payload: string) => void) {
    this.#byChannel.set(channel, [...(this.#byChannel.get(channel) ?? []), listener]);
  }
  emit(channel: ChangeChannel, payload: string) {
    for (const listener of this.#byChannel.get(channel) ?? []) listener(payload);
  }
  forgetAll() {
    for (const channel of CHANGE_CHANNELS) this.emit(channel, FORGET_ALL);
  }
}

/**
 * PGlite delivers an announcement before the write that caused it returns (at commit for a
 * transaction), so once it listens the caches are always in sync.
 */
export function pgliteChangeFeed(client: {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}): ChangeFeed {
  const listeners = new Listeners();
  let ready = false;
  const stops = Promise.all(
    CHANGE_CHANNELS.map((channel) =>
      client.listen(channel, (payload) => listeners.emit(channel, payload)),
    ),
  ).then(
    (stopFns) => {
      ready = true;
      return stopFns;
    },
    () => [] as (() => Promise<void>)[],
  );
  return {
    on: (channel, listener) => listeners.add(channel, listener),
    sync: () => ready,
    async close() {
      ready = false;
      listeners.forgetAll();
      for (const stop of await stops) await stop();
    },
  };
}
