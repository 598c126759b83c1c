/**
 * The whiteboard's live path (issue #22), through the real server beside a bare Socket.IO relay
 * (bench/whiteboard/socketRelay.ts), in one run:
 *
 *   npm run build && npm run bench:whiteboard
 *
 * BENCH_BOARDS whiteboards (5) of BENCH_MEMBERS people (4) each, everyone drawing at 20 updates
 * a second (a tab's most: WHITEBOARD_SEND_INTERVAL_MS) for BENCH_SECONDS (20): each update is
 * one hand-drawn stroke of BENCH_POINTS points (40, ~1 KB), a new version every time. Prints per
 * server the save's round trip (the acknowledgement) and the time to reach the other people
 * (p50, p99), the updates acknowledged a second, and the server's CPU. The real server also
 * reconciles and saves every update in the embedded database; the relay does neither.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../server/platform/config';
import { openDatabase } from '../server/platform/db/client';
import { users, widgets } from '../server/platform/db/schema';
import { SESSION_COOKIE } from '../server/platform/sessions';
import { LIVE_PATH, LIVE_PROTOCOL_VERSION } from '../shared/contracts/live';
import { WHITEBOARD_SEND_INTERVAL_MS } from '../shared/contracts/whiteboard';
import { cleanUp, nextMessage, sleep, startServer, temporaryDir, track } from './live/harness';
import { createHistogram, type Histogram, percentile, record } from './live/histogram';
import { cpuSeconds } from './live/procStats';
import { type BenchClient, seed } from './live/seed';

const BOARDS = Number(process.env.BENCH_BOARDS ?? 5);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const POINTS = Number(process.env.BENCH_POINTS ?? 40);

type Tab = { socket: Socket; client: BenchClient; widgetId: string };
type Result = { ack: Histogram; delivery: Histogram; acked: number; refused: number; cpu: number };

/** The seeded trips, each owner on Premium, each trip with a whiteboard. */
async function seedBoards(dataDir: string) {
  const clients = await seed(dataDir, BOARDS, MEMBERS);
  const database = await openDatabase(
    loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' }),
  );
  const widgetOf = new Map<string, string>();
  try {
    for (const [index, client] of clients.entries()) {
      if (index % MEMBERS !== 0) continue; // the first of each trip is its owner
      await database.db.update(users).set({ plan: 'premium' }).where(eq(users.id, client.userId));
      const id = `whiteboard${Date.now()}${index}`;
      await database.db
        .insert(widgets)
        .values({ id, tripId: client.tripId, type: 'whiteboard', top: 0, left: 0, title: 'Bench' });
      widgetOf.set(client.tripId, id);
    }
  } finally {
    await database.close();
  }
  return clients.map((client) => ({ client, widgetId: widgetOf.get(client.tripId)! }));
}

async function connect(url: string, client: BenchClient, widgetId: string): Promise<Tab> {
  const socket = io(url, {
    path: LIVE_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { v: LIVE_PROTOCOL_VERSION, tab: `bench-${client.userId.slice(0, 8)}` },
    extraHeaders: { origin: url, cookie: `${SESSION_COOKIE}=${client.token}` },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const joined = await socket.timeout(10_000).emitWithAck('trip:join', { tripId: client.tripId });
  if (!joined.ok) throw new Error(`join refused: ${JSON.stringify(joined)}`);
  return { socket, client, widgetId };
}

/** One stroke, as Excalidraw writes a hand-drawn one, at `version`. */
function stroke(id: string, version: number) {
  return {
    id,
    type: 'freedraw',
    x: 100,
    y: 100,
    width: 300,
    height: 200,
    angle: 0,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    strokeWidth: 2,
    opacity: 100,
    version,
    versionNonce: Math.floor(Math.random() * 2 ** 31),
    isDeleted: false,
    index: `a${id}`,
    updated: Date.now(),
    points: Array.from({ length: POINTS }, (_, i) => [i * 7.25, Math.sin(i / 3) * 40.5]),
    pressures: [],
    simulatePressure: true,
    customData: { sentAt: performance.timeOrigin + performance.now() },
  };
}

async function phase(
  url: string,
  pid: number,
  boards: { client: BenchClient; widgetId: string }[],
) {
  const tabs = await Promise.all(boards.map((b) => connect(url, b.client, b.widgetId)));
  const result: Result = {
    ack: createHistogram(),
    delivery: createHistogram(),
    acked: 0,
    refused: 0,
    cpu: 0,
  };
  for (const tab of tabs) {
    tab.socket.on(
      'whiteboard:update',
      (message: { elements: { customData?: { sentAt: number } }[] }) => {
        const sentAt = message.elements[0]?.customData?.sentAt;
        if (sentAt) record(result.delivery, performance.timeOrigin + performance.now() - sentAt);
      },
    );
  }
  const cpu = () => {
    const { user, system } = cpuSeconds(pid);
    return user + system;
  };
  const cpuBefore = cpu();
  const started = Date.now();
  const timers = tabs.map((tab, i) => {
    let version = 1;
    const id = `stroke-${i}`;
    return setInterval(() => {
      const sentAt = performance.now();
      tab.socket
        .timeout(10_000)
        .emitWithAck('whiteboard:update', {
          widgetId: tab.widgetId,
          elements: [stroke(id, version++)],
        })
        .then((answer: { ok: boolean; code?: string }) => {
          if (!answer.ok) {
            result.refused += 1;
            if (result.refused === 1) console.log('first refusal:', JSON.stringify(answer));
          } else {
            result.acked += 1;
            record(result.ack, performance.now() - sentAt);
          }
        })
        .catch(() => (result.refused += 1));
    }, WHITEBOARD_SEND_INTERVAL_MS);
  });
  await sleep(SECONDS * 1000);
  for (const timer of timers) clearInterval(timer);
  await sleep(1000); // the last answers
  result.cpu = ((cpu() - cpuBefore) * 1000 * 100) / (Date.now() - started);
  for (const tab of tabs) tab.socket.close();
  return result;
}

function line(name: string, r: Result) {
  const ms = (h: Histogram, p: number) => `${percentile(h, p).toFixed(1)}`.padStart(6);
  return `${name.padEnd(22)} ${ms(r.ack, 0.5)} ${ms(r.ack, 0.99)}   ${ms(r.delivery, 0.5)} ${ms(r.delivery, 0.99)}   ${(r.acked / SECONDS).toFixed(0).padStart(6)} ${String(r.refused).padStart(7)} ${r.cpu.toFixed(0).padStart(5)} %`;
}

try {
  console.log(
    `${BOARDS} whiteboards × ${MEMBERS} people, each drawing at ${1000 / WHITEBOARD_SEND_INTERVAL_MS} updates/s for ${SECONDS} s (strokes of ${POINTS} points)\n`,
  );
  const dataDir = temporaryDir('tripmates-bench-whiteboard-');
  const boards = await seedBoards(dataDir);
  const server = await startServer(dataDir);
  const real = await phase(server.url, server.pid, boards);
  const relayPort = 4600 + Math.floor(Math.random() * 300);
  const relay = track(
    fork(path.join(import.meta.dirname, 'whiteboard/socketRelay.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, PORT: String(relayPort) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  await nextMessage(relay, 'listening', 30_000);
  const bare = await phase(`http://127.0.0.1:${relayPort}`, relay.pid!, boards);
  console.log(
    '                       ack ms (p50  p99)   to others (p50  p99)  acks/s refused   CPU',
  );
  console.log(line('Tripmates (saves)', real));
  console.log(line('bare Socket.IO relay', bare));
} finally {
  await cleanUp();
}
