/**
 * A flood of whiteboard edits, in a process of its own (forked by accountFlood.test.ts with
 * `--import tsx`): the tabs of one account send ~100 KB `whiteboard:update`s as fast as the
 * server lets one tab send (its rate per socket), each a new version of the tab's own stroke, so
 * every one the server takes is saved and relayed to the other tabs. In its own process so that
 * making, sending and receiving 100 KB messages does not take the event loop whose latency the
 * test measures; it speaks Socket.IO's wire protocol on `ws` sockets itself (as
 * bench/live/load.ts does) and never decodes what the server relays, so it costs little.
 * A tab the server lets go opens again (a persistent flooder would), so the flood lasts until
 * the parent says stop.
 *
 * IPC: parent → setup → child connects every tab and saves two updates from one (the server's
 * first saves of a large element are slower), → ready; parent → start → child floods, and reports
 * `flooding` after its first second; parent → stop (or `maxMs` passes) → result, exit.
 */
import { WebSocket } from 'ws';
import { LIVE_PATH, LIVE_PROTOCOL_VERSION } from '../../shared/contracts/live';
import { SESSION_COOKIE } from '../platform/sessions';

export type FloodSetup = {
  type: 'setup';
  url: string;
  cookie: string;
  tripId: string;
  widgetId: string;
  tabs: number;
  /** Updates a second from each tab. */
  perSecond: number;
  /** About how many bytes each update is. */
  updateBytes: number;
  /** The flood ends by itself after this long, whatever the parent does. */
  maxMs: number;
};
export type FloodResult = {
  type: 'result';
  /** Updates the tabs meant to send (each tab, each period, while open). */
  attempted: number;
  /** Of those, sent: a tab whose connection the server does not read holds the rest back. */
  sent: number;
  /** Answers: saved, refused (ok: false). */
  saved: number;
  refused: number;
  /** Tabs the server let go (each opened again while the flood went on). */
  letGo: number;
  seconds: number;
};

// Bounded by what the server reads: a tab holding this much unsent skips its turn (ws would
// otherwise buffer without end when the server falls behind).
const MAX_BUFFERED = 1024 * 1024;

/** The text of an update of about `bytes`, its version (and nonce) to be put between the parts. */
function updateParts(setup: FloodSetup, tab: number): [string, string, string] {
  const pointCount = Math.floor(setup.updateBytes / 17);
  const points = Array.from(
    { length: pointCount },
    (_, i) => `[${(i * 1.37).toFixed(2)},${(Math.sin(i / 9) * 400).toFixed(2)}]`,
  ).join(',');
  const head = `["whiteboard:update",{"widgetId":${JSON.stringify(setup.widgetId)},"elements":[{"id":"flood-${tab}","type":"freedraw","x":10,"y":10,"width":900,"height":800,"angle":0,"strokeColor":"#1e1e1e","backgroundColor":"transparent","strokeWidth":2,"opacity":100,"isDeleted":false,"index":"a${tab}","version":`;
  return [
    head,
    ',"versionNonce":',
    `,"points":[${points}],"pressures":[],"simulatePressure":true}]}]`,
  ];
}

type Counts = { attempted: number; sent: number; saved: number; refused: number; letGo: number };

/** One tab: connects, joins the trip, answers pings, counts the answers to its updates. */
function openTab(setup: FloodSetup, counts: Counts): Promise<WebSocket> {
  const socket = new WebSocket(
    `${setup.url.replace(/^http/, 'ws')}${LIVE_PATH}/?EIO=4&transport=websocket`,
    {
      headers: { origin: setup.url, cookie: `${SESSION_COOKIE}=${setup.cookie}` },
      skipUTF8Validation: true,
    },
  );
  return new Promise((resolve, reject) => {
    socket.on('message', (data: Buffer) => {
      // Only the first bytes are read: relayed updates (~100 KB each) are never decoded.
      if (data.length === 1 && data[0] === 0x32) return socket.send('3'); // ping
      const head = data.subarray(0, 40).toString('latin1');
      if (head.startsWith('0{')) socket.send(`40${JSON.stringify({ v: LIVE_PROTOCOL_VERSION })}`);
      else if (head.startsWith('40')) socket.send(`420["trip:join",{"tripId":"${setup.tripId}"}]`);
      else if (head.startsWith('44')) reject(new Error(`refused: ${data.toString()}`));
      else if (head.startsWith('430')) {
        if (head.includes('"ok":true')) resolve(socket);
        else reject(new Error(`trip:join refused: ${data.toString()}`));
      } else if (head.startsWith('43')) {
        if (head.includes('"ok":true')) counts.saved += 1;
        else counts.refused += 1;
      }
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed before joining')));
  });
}

async function run(setup: FloodSetup) {
  const counts: Counts = { attempted: 0, sent: 0, saved: 0, refused: 0, letGo: 0 };
  const parts = Array.from({ length: setup.tabs }, (_, i) => updateParts(setup, i));
  const sockets: (WebSocket | null)[] = await Promise.all(parts.map(() => openTab(setup, counts)));
  let flooding = false;
  let startedAt = 0;
  let stopped = false;

  function watch(index: number, socket: WebSocket) {
    socket.once('close', () => {
      sockets[index] = null;
      if (!flooding || stopped) return;
      counts.letGo += 1;
      // Opens again and goes on (a refused handshake, 20 tabs already open, tries again).
      const reopen = () =>
        openTab(setup, counts).then(
          (again) => {
            if (stopped) return again.close();
            sockets[index] = again;
            watch(index, again);
          },
          () => {
            if (!stopped) setTimeout(reopen, 100);
          },
        );
      reopen();
    });
  }
  for (const [index, socket] of sockets.entries()) watch(index, socket!);
  let ackId = 1;
  let version = 1;
  const updateOf = (index: number) => {
    const [head, middle, tail] = parts[index]!;
    return `42${ackId++}${head}${version}${middle}${version}${tail}`;
  };
  for (let i = 0; i < 2; i++) {
    version += 1;
    const answered = counts.saved + counts.refused;
    sockets[0]!.send(updateOf(0));
    while (counts.saved + counts.refused === answered) {
      await new Promise((resolve) => sockets[0]!.once('message', resolve));
    }
  }
  Object.assign(counts, { saved: 0, refused: 0 });
  process.send?.({ type: 'ready' });
  await new Promise((resolve) => process.once('message', resolve));

  flooding = true;
  startedAt = performance.now();
  // One timer for every tab: each sends one update a period, the server's rate per socket.
  const timer = setInterval(() => {
    version += 1;
    for (const [index, socket] of sockets.entries()) {
      if (!socket || socket.readyState !== WebSocket.OPEN) continue;
      counts.attempted += 1;
      if (socket.bufferedAmount > MAX_BUFFERED) continue;
      socket.send(updateOf(index));
      counts.sent += 1;
    }
  }, 1000 / setup.perSecond);
  const announce = setTimeout(() => process.send?.({ type: 'flooding' }), 1000);

  await new Promise<void>((resolve) => {
    const limit = setTimeout(resolve, setup.maxMs);
    process.once('message', () => {
      clearTimeout(limit);
      resolve();
    });
  });
  stopped = true;
  clearInterval(timer);
  clearTimeout(announce);
  const seconds = (performance.now() - startedAt) / 1000;
  for (const socket of sockets) socket?.terminate();
  process.send?.({ type: 'result', ...counts, seconds } satisfies FloodResult, () =>
    process.exit(0),
  );
}

process.once('message', (setup: FloodSetup) => {
  run(setup).catch((error: unknown) => {
    process.send?.({ type: 'failed', error: String(error) }, () => process.exit(1));
  });
});
// The parent went away: so does the flood.
process.on('disconnect', () => process.exit(0));
