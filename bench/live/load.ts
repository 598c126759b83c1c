/**
 * One load process of the real-time benchmark, forked by bench/live.ts. It opens a socket
 * per simulated tab, sends cursor moves at `hz` from each, and measures every cursor it
 * receives. Whole trips live in one process, so a message's sender and receivers share one
 * clock: the send time travels in the message (`at.left`, ms since this process's epoch) and
 * latency is the receiver's clock minus it, with no cross-process clock to trust.
 *
 * Messages (IPC): parent → { setup } → child connects and joins, → { ready }; parent → { start }
 * → child sends for warm-up + window, → { result }, then closes its sockets and exits.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { SESSION_COOKIE } from '../../server/platform/sessions';
import { connectLive, joinTrip, type LiveClient } from '../../server/test/liveClient';
import {
  encodeCursorMove,
  type JoinAck,
  LIVE_PATH,
  LIVE_PROTOCOL_VERSION,
} from '../../shared/contracts/live';
import { createHistogram, record, type SparseHistogram, toSparse } from './histogram';
import type { BenchClient } from './seed';

export type Target = 'socketio' | 'ws';
export type SetupMessage = {
  type: 'setup';
  target: Target;
  /** http://127.0.0.1:<port> for Socket.IO, ws://127.0.0.1:<port> for the relay. */
  url: string;
  clients: BenchClient[];
  /** How Socket.IO tabs talk: the wire protocol on `ws` (raw) or socket.io-client (library). */
  client: 'raw' | 'library';
  hz: number;
  warmupMs: number;
  measureMs: number;
};
export type ReadyMessage = { type: 'ready'; connectMs: number };
export type ResultMessage = {
  type: 'result';
  /** Cursor moves sent, and cursors received, inside the measured window. */
  sent: number;
  received: number;
  /** Each move should reach this many receivers (members of its trip − 1), summed over sends. */
  expected: number;
  latency: SparseHistogram;
  /** This process's own CPU over the window, in % of one core. */
  cpuPercent: number;
  /** How late this process's event loop ran (ms): a busy generator adds this to latencies. */
  loopDelayP99Ms: number;
  disconnects: number;
};
export type FailedMessage = { type: 'failed'; error: string };

// `at` coordinates must lie in [-10 000, 100 000]: the send time is carried modulo 100 s, which
// is exact for any latency under 100 s.
const WRAP_MS = 100_000;
// Open this many connections at a time: the server checks a session for each handshake.
const CONNECT_BATCH = 50;

/** A tab's socket, whichever server it talks to. */
type Tab = {
  send(stamp: number): void;
  /** Called with the send times of the cursors that one message from the server carries. */
  onCursor(listener: (stamps: number[]) => void): void;
  onDisconnect(listener: () => void): void;
  close(): void;
};

const CURSORS_PREFIX = Buffer.from('42["cursors"');

/**
 * The send times of the other members' moves in a cursor batch, read off the text: decoding
 * 30 000 batches a second would take the CPU the server needs (string searches stay inside V8;
 * Buffer searches cross into C++ at every call), and both servers' batches are read alike.
 * Each move is
 * `{"userId":"…","at":{"top":…,"left":<ms>}}` or `{"userId":"…","at":null}`.
 */
function stampsInBatch(frame: Buffer, own: string): number[] {
  const text = frame.toString('latin1');
  const stamps: number[] = [];
  let user = text.indexOf('"userId":');
  while (user >= 0) {
    const next = text.indexOf('"userId":', user + 9);
    const left = text.indexOf('"left":', user);
    if (!text.startsWith(own, user) && left >= 0 && (next < 0 || left < next)) {
      stamps.push(Number.parseFloat(text.slice(left + 7, left + 31)));
    }
    user = next;
  }
  return stamps;
}

function opened(socket: WebSocket) {
  return new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
}

/**
 * A tab on the real server, speaking Socket.IO's wire protocol (Engine.IO 4 over WebSocket)
 * itself on a `ws` socket: the frames are byte for byte what socket.io-client sends, but the
 * generator skips the library's per-message decoding and event machinery. On a 2-core machine
 * that the server shares with the load, that work would otherwise take the CPU the server
 * needs; and the baseline below uses the very same `ws` client, so only the servers differ.
 * BENCH_CLIENT=library uses socket.io-client instead (as server/test/liveClient.ts does).
 */
async function openSocketIoRaw(url: string, client: BenchClient): Promise<Tab> {
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}${LIVE_PATH}/?EIO=4&transport=websocket`,
    {
      headers: { origin: url, cookie: `${SESSION_COOKIE}=${client.token}` },
      skipUTF8Validation: true,
    },
  );
  // Engine.IO: the server opens ("0{…}") and pings ("2"), and a client answers each ping ("3").
  // Socket.IO on top: "40{auth}" connects to the main namespace ("40{sid}" accepted,
  // "44{error}" refused), "42[name, data]" is an event, "42<id>[…]" one that wants an ack,
  // answered by "43<id>[answer]". The listener goes on before the socket opens: the server's
  // "0{…}" may arrive in the same packet as the upgrade.
  const handshake = new Promise<void>((resolve, reject) => {
    const onMessage = (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('0{')) {
        socket.send(`40${JSON.stringify({ v: LIVE_PROTOCOL_VERSION })}`);
      } else if (text.startsWith('40')) {
        socket.send(`420${JSON.stringify(['trip:join', { tripId: client.tripId }])}`);
      } else if (text.startsWith('44')) {
        reject(new Error(`connection refused: ${text.slice(2)}`));
      } else if (text.startsWith('430')) {
        socket.off('message', onMessage);
        const [answer] = JSON.parse(text.slice(3)) as [JoinAck];
        if (answer.ok) resolve();
        else reject(new Error(`trip:join refused: ${answer.reason} ${answer.message}`));
      }
    };
    socket.on('message', onMessage);
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`closed during the handshake (${code})`)));
  });
  try {
    await handshake;
  } catch (error) {
    socket.close();
    throw error;
  }
  socket.on('message', (data: Buffer) => {
    if (data.length === 1 && data[0] === 0x32) socket.send('3'); // "2": ping
  });
  return {
    // An Engine.IO message ("4") holding a cursor message (shared/contracts/live.ts).
    send: (stamp) => socket.send(`4${encodeCursorMove({ at: { top: 0, left: stamp } })}`),
    // The server sends a trip's moves as one batch a tick: `42["cursors",{tripId, moves}]`.
    // Every other member's move in it is one delivery (this tab's own are skipped, as the app
    // does), so the count compares with the relay's one-frame-per-move deliveries.
    onCursor: (listener) => {
      const own = `"userId":${JSON.stringify(client.userId)}`;
      socket.on('message', (data: Buffer) => {
        if (data.subarray(0, CURSORS_PREFIX.length).equals(CURSORS_PREFIX)) {
          listener(stampsInBatch(data, own));
        }
      });
    },
    onDisconnect: (listener) => socket.on('close', listener),
    close: () => socket.close(),
  };
}

/** A tab on the real server through socket.io-client itself (BENCH_CLIENT=library). */
async function openSocketIoLibrary(url: string, client: BenchClient): Promise<Tab> {
  const socket: LiveClient = await connectLive(url, client.token);
  const answer = await joinTrip(socket, client.tripId);
  if (!answer.ok) {
    socket.close();
    throw new Error(`trip:join refused: ${answer.reason} ${answer.message}`);
  }
  return {
    send: (stamp) => socket.io.engine.send(encodeCursorMove({ at: { top: 0, left: stamp } })),
    onCursor: (listener) =>
      socket.on('cursors', ({ moves }) => {
        const others = moves.filter((move) => move.at && move.userId !== client.userId);
        listener(others.map((move) => move.at!.left));
      }),
    onDisconnect: (listener) => socket.on('disconnect', listener),
    close: () => socket.close(),
  };
}

/**
 * A tab on the baseline relay: the same fields the server's cursor moves carry. The relay sends
 * a trip's moves as one JSON array a tick (or, with BATCH_MS=0, each move alone), this tab's own
 * among them: read the same way as the server's batches.
 */
async function openWs(url: string, client: BenchClient): Promise<Tab> {
  const socket = new WebSocket(`${url}/?trip=${encodeURIComponent(client.tripId)}`, {
    skipUTF8Validation: true,
  });
  await opened(socket);
  const own = `"userId":${JSON.stringify(client.userId)}`;
  const prefix = `{"tripId":${JSON.stringify(client.tripId)},${own},"at":{"top":0,"left":`;
  return {
    send: (stamp) => socket.send(`${prefix}${stamp}}}`),
    onCursor: (listener) =>
      socket.on('message', (data: Buffer) => listener(stampsInBatch(data, own))),
    onDisconnect: (listener) => socket.on('close', listener),
    close: () => socket.close(),
  };
}

async function run(setup: SetupMessage) {
  const open =
    setup.target === 'ws'
      ? openWs
      : setup.client === 'library'
        ? openSocketIoLibrary
        : openSocketIoRaw;
  const connectStart = performance.now();
  const tabs: Tab[] = [];
  try {
    for (let i = 0; i < setup.clients.length; i += CONNECT_BATCH) {
      const batch = setup.clients.slice(i, i + CONNECT_BATCH);
      tabs.push(...(await Promise.all(batch.map((client) => open(setup.url, client)))));
    }
  } catch (error) {
    for (const tab of tabs) tab.close();
    throw error;
  }
  const membersOf = new Map<string, number>();
  for (const { tripId } of setup.clients) membersOf.set(tripId, (membersOf.get(tripId) ?? 0) + 1);
  send({ type: 'ready', connectMs: performance.now() - connectStart } satisfies ReadyMessage);
  await new Promise<void>((resolve) => process.once('message', () => resolve()));

  const epoch = performance.now();
  const windowStart = epoch + setup.warmupMs;
  const windowEnd = windowStart + setup.measureMs;
  const inWindow = (t: number) => t >= windowStart && t < windowEnd;
  const latency = createHistogram();
  let sent = 0;
  let received = 0;
  let expected = 0;
  let disconnects = 0;

  const period = 1000 / setup.hz;
  for (const tab of tabs) {
    tab.onCursor((stamps) => {
      const now = performance.now();
      if (!inWindow(now)) return;
      received += stamps.length;
      for (const stamp of stamps) {
        record(latency, (((now - epoch - stamp) % WRAP_MS) + WRAP_MS) % WRAP_MS);
      }
    });
    tab.onDisconnect(() => {
      disconnects += 1;
    });
  }
  const receiversOf = setup.clients.map(({ tripId }) => membersOf.get(tripId)! - 1);

  // Senders are spread evenly over one period: the tab in send order i sends at
  // epoch + (i / n + round) × period. The order takes one member of every trip, then the next
  // one of every trip, and so on, so a trip's members move at different moments as people do:
  // in lockstep, a trip's whole round of moves would start its batch together and every move
  // would wait the full tick. One timer serves them all (30 000 timers a second would cost the CPU the server needs): each
  // wake sends for every slot that has come. A slot missed because this process was busy is
  // skipped, not made up in a burst (a browser's requestAnimationFrame-driven pointer does the
  // same): no tab sends twice within a period.
  const n = tabs.length;
  const seat = new Map<string, number>();
  const seats = setup.clients.map(({ tripId }) => {
    const next = seat.get(tripId) ?? 0;
    seat.set(tripId, next + 1);
    return next;
  });
  const sendOrder = tabs.map((_, i) => i).sort((a, b) => seats[a]! - seats[b]! || a - b);
  const slotTime = (slot: number) => epoch + (slot / n) * period;
  let slot = 0;
  let timer: NodeJS.Timeout | undefined;
  const wake = () => {
    const now = performance.now();
    if (now >= windowEnd) return;
    slot = Math.max(slot, Math.floor(((now - period - epoch) / period) * n) + 1);
    while (slotTime(slot) <= now) {
      const index = sendOrder[slot % n]!;
      tabs[index]!.send((now - epoch) % WRAP_MS);
      if (inWindow(now)) {
        sent += 1;
        expected += receiversOf[index]!;
      }
      slot += 1;
    }
    timer = setTimeout(wake, slotTime(slot) - now);
  };
  timer = setTimeout(wake, 0);

  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  await sleep(setup.warmupMs);
  const cpuStart = process.cpuUsage();
  const cpuStartedAt = performance.now();
  loopDelay.enable();
  await sleep(Math.max(0, windowEnd - performance.now()));
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuStart);
  const cpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - cpuStartedAt)) * 100;
  clearTimeout(timer);
  await send({
    type: 'result',
    sent,
    received,
    expected,
    latency: toSparse(latency),
    cpuPercent,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    disconnects,
  } satisfies ResultMessage);
  for (const tab of tabs) tab.close();
}

/** Resolves once the message is handed to the IPC channel, so exiting next cannot lose it. */
function send(message: ReadyMessage | ResultMessage | FailedMessage) {
  return new Promise<void>((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, undefined, () => resolve());
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Without the benchmark that forked it, this process has nothing to do.
process.on('disconnect', () => process.exit(0));
// The benchmark stops it with SIGTERM: exit normally, so a --cpu-prof profile gets written.
process.on('SIGTERM', () => process.exit(0));
process.once('message', (setup: SetupMessage) => {
  run(setup).then(
    () => process.disconnect?.(),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      send({ type: 'failed', error: message }).then(() => process.exit(1));
    },
  );
});
