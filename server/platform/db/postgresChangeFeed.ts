import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CHANGE_CHANNELS, type ChangeChannel, type ChangeFeed, Listeners } from './changeFeed';

const BARRIER_TIMEOUT_MS = 250;
const RECONNECT_MS = 1000;
// A barrier that never comes back means announcements do not arrive (a pooler in transaction
// mode, say): the caches stay unread this long rather than make requests wait for barriers.
const GIVE_UP_MS = 60_000;

/**
 * PostgreSQL delivers announcements on a connection of their own, some time after the commit.
 * `sync()` therefore sends a barrier — an announcement of this server's own, on a channel only
 * it listens to — and resolves once it comes back: PostgreSQL delivers announcements in commit
 * order, so every change committed before the barrier has arrived by then. Requests waiting at
 * the same time share one barrier, so under load one round trip serves many. While the
 * connection is down nothing may be read from the caches (`sync()` is false), and whatever they
 * hold is forgotten, as announcements may have been missed.
 */
export function postgresChangeFeed(connectionString: string, pool: pg.Pool): ChangeFeed {
  const listeners = new Listeners();
  const id = randomBytes(6).toString('hex');
  const barrierChannel = `tripmates_barrier_${id}`;
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let waiting: ((ok: boolean) => void)[] = [];
  let inFlight: {
    nonce: string;
    resolvers: ((ok: boolean) => void)[];
    timer: NodeJS.Timeout;
  } | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  let unusableUntil = 0;

  function settle(nonce: string, ok: boolean) {
    if (inFlight?.nonce !== nonce) return;
    clearTimeout(inFlight.timer);
    for (const resolve of inFlight.resolvers) resolve(ok);
    inFlight = null;
    pump();
  }

  function pump() {
    if (inFlight || waiting.length === 0) return;
    if (!connected) {
      for (const resolve of waiting) resolve(false);
      waiting = [];
      return;
    }
    const nonce = randomBytes(8).toString('hex');
    const timer = setTimeout(() => {
      unusableUntil = Date.now() + GIVE_UP_MS;
      settle(nonce, false);
      lost();
    }, BARRIER_TIMEOUT_MS);
    timer.unref();
    inFlight = { nonce, resolvers: waiting, timer };
    waiting = [];
    pool
      .query('select pg_notify($1, $2)', [barrierChannel, nonce])
      .catch(() => settle(nonce, false));
  }

  function lost() {
    connected = false;
    const current = client;
    client = null;
    current?.end().catch(() => {});
    listeners.forgetAll();
    if (inFlight) settle(inFlight.nonce, false);
    pump();
    if (!closed && !reconnect) {
      reconnect = setTimeout(() => {
        reconnect = undefined;
        void connect();
      }, RECONNECT_MS);
      reconnect.unref();
    }
  }

  async function connect() {
    // Named, so an operator (or a test) can tell this connection from the pool's.
    const next = new pg.Client({ connectionString, application_name: `tripmates-changes-${id}` });
    client = next;
    next.on('error', () => {});
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', ({ channel, payload = '' }) => {
      if (channel === barrierChannel) settle(payload, true);
      else if ((CHANGE_CHANNELS as readonly string[]).includes(channel)) {
        listeners.emit(channel as ChangeChannel, payload);
      }
    });
    try {
      await next.connect();
      for (const channel of [...CHANGE_CHANNELS, barrierChannel]) {
        await next.query(`LISTEN ${channel}`);
      }
      if (closed) {
        await next.end();
        return;
      }
      // Whatever was announced before this connection listened is unknown: start empty.
      listeners.forgetAll();
      connected = true;
    } catch {
      if (client === next) lost();
    }
  }
  void connect();

  return {
    on: (channel, listener) => listeners.add(channel, listener),
    sync: () =>
      connected && Date.now() >= unusableUntil
        ? new Promise<boolean>((resolve) => {
            waiting.push(resolve);
            pump();
          })
        : false,
    name: `tripmates-changes-${id}`,
    async close() {
      closed = true;
      connected = false;
      clearTimeout(reconnect);
      listeners.forgetAll();
      if (inFlight) settle(inFlight.nonce, false);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
