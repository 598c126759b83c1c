import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Widget } from '../../../shared/contracts/board';
import { type JoinAck, MAX_SOCKETS_PER_USER } from '../../../shared/contracts/live';
import {
  WHITEBOARD_MESSAGES,
  type WhiteboardElement,
  type WhiteboardScene,
  type WhiteboardUpdateAck,
} from '../../../shared/contracts/whiteboard';
import { type Account, createAccount, createTrip } from '../../test/factories';
import { type LiveClient, liveTabs, moveCursor, nextCursor } from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';
import { secondPassOnPostgres } from '../../test/testDatabase';
import type { FloodResult, FloodSetup } from '../../test/whiteboardFlood';

/**
 * Issue #16's second probe: one account with 20 tabs, each under its own limits, sent ~900
 * whiteboard edits of ~100 KB a second and took the server to 128 % CPU: /api/health took 7-10 s
 * and another trip's cursors went from p99 36 ms to 12-15 s. These hold the budget of an account
 * over all its tabs (socketGuard.ts): what it refuses is answered, and what it lets through
 * leaves the others' cursors and /api/health their speed.
 */
let t: TestApp;
const { tabOnTrip, closeAll } = liveTabs(() => t.url);
const children = new Set<ChildProcess>();

beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  closeAll();
  for (const child of children) child.kill();
  children.clear();
});
afterAll(() => t.close());

const p99 = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.99) - 1]!;
};

// A miss counts as this long; a sample never waits longer, so the test is bounded even before
// the budget (the probe measured 12-15 s).
const SAMPLE_TIMEOUT_MS = 15_000;
let marker = 0;

/**
 * Cursor round trips between two tabs of a trip, one after the other, until `count` were taken
 * and `minMs` has passed (or `maxMs` has): the time from a move leaving one tab to its batch
 * reaching the other. Beside them, `/api/health` is asked whenever its last answer has come: its
 * times too.
 */
async function roundTrips(
  sender: LiveClient,
  watcher: LiveClient,
  senderId: string,
  { count, minMs = 0, maxMs = 20_000 }: { count: number; minMs?: number; maxMs?: number },
) {
  const cursor: number[] = [];
  const health: number[] = [];
  const healthChecks: Promise<void>[] = [];
  let asking = false;
  const askHealth = async () => {
    asking = true;
    const sentAt = performance.now();
    const ok = await fetch(`${t.url}/api/health`, {
      signal: AbortSignal.timeout(SAMPLE_TIMEOUT_MS),
    }).then(
      (res) => res.ok,
      () => false,
    );
    health.push(ok ? performance.now() - sentAt : SAMPLE_TIMEOUT_MS);
    asking = false;
  };
  const start = performance.now();
  while (
    (cursor.length < count || performance.now() - start < minMs) &&
    performance.now() - start < maxMs
  ) {
    if (!asking) healthChecks.push(askHealth());
    const top = ++marker;
    const arrived = nextCursor(
      watcher,
      (move) => move.userId === senderId && move.at?.top === top,
      SAMPLE_TIMEOUT_MS,
    );
    const sentAt = performance.now();
    moveCursor(sender, { top, left: 1 });
    cursor.push(
      await arrived.then(
        () => performance.now() - sentAt,
        () => SAMPLE_TIMEOUT_MS,
      ),
    );
  }
  await Promise.all(healthChecks);
  return { cursor, health };
}

function nextFromChild<T>(child: ChildProcess, type: string, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${type}" from the flood within ${ms} ms`)),
      ms,
    );
    const onMessage = (message: { type: string; error?: string }) => {
      if (message.type === 'failed') reject(new Error(message.error));
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
  });
}

/** A trip of a Premium owner's with a whiteboard on it. */
async function whiteboardTrip(owner: Account) {
  const trip = await createTrip(t.database.db, owner.id);
  const added = await owner.client.post<Widget>(`/api/trips/${trip.id}/widgets`, {
    type: 'whiteboard',
    position: { top: 0, left: 0 },
  });
  expect(added.status).toBe(201);
  return { tripId: trip.id, widgetId: added.body.id };
}

/** A hand-drawn stroke of about 100 KB, as Excalidraw writes one. */
const longStroke = (id: string): WhiteboardElement => ({
  id,
  type: 'freedraw',
  x: 0,
  y: 0,
  version: 1,
  versionNonce: 1,
  isDeleted: false,
  index: `a${id}`,
  points: Array.from({ length: 6000 }, (_, i) => [i * 1.5, (i % 97) * 2.25]),
});

const update = (socket: LiveClient, widgetId: string, elements: WhiteboardElement[]) =>
  socket
    .timeout(10_000)
    .emitWithAck('whiteboard:update', { widgetId, elements }) as Promise<WhiteboardUpdateAck>;

describe.skipIf(secondPassOnPostgres)("an account's budget, over all its tabs", () => {
  it('answers a whiteboard update over it "not now", and takes it when sent again later', async () => {
    const owner = await createAccount(t, { plan: 'premium' });
    const { tripId, widgetId } = await whiteboardTrip(owner);
    const tab = await tabOnTrip(owner, tripId);
    const strokes = Array.from({ length: 6 }, (_, i) => longStroke(`stroke${i}`));
    // ~600 KB at once: more than an account may send in a burst (and than a tab's send queue
    // ever does), each update under the tab's own limits.
    const answers = await Promise.all(strokes.map((stroke) => update(tab, widgetId, [stroke])));
    const refused = strokes.filter((_, i) => !answers[i]!.ok);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => !a.ok)) {
      expect(answer).toEqual({
        ok: false,
        code: 'unavailable',
        message: WHITEBOARD_MESSAGES.unavailable,
      });
    }
    // As the send queue does: again later, until taken.
    for (const stroke of refused) {
      await expect
        .poll(() => update(tab, widgetId, [stroke]).then((answer) => answer.ok), {
          timeout: 20_000,
        })
        .toBe(true);
    }
    const scene = await owner.client.get<WhiteboardScene>(
      `/api/trips/${tripId}/whiteboards/${widgetId}`,
    );
    expect(scene.body.elements.map((element) => element.id).sort()).toEqual(
      strokes.map((stroke) => stroke.id).sort(),
    );
    expect(tab.connected).toBe(true);
  });

  it('answers every join of its 20 tabs joining again at once, many of them "too many"', async () => {
    const someone = await createAccount(t);
    const { id: tripId } = await createTrip(t.database.db, someone.id);
    const tabs = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_USER }, () => tabOnTrip(someone, tripId)),
    );
    // Four more joins from each tab at once: each tab within its own limit (5 a second, one
    // taken by its first join), all of them together over the account's.
    const answers = await Promise.all(
      tabs.flatMap((tab) =>
        Array.from(
          { length: 4 },
          () => tab.timeout(10_000).emitWithAck('trip:join', { tripId }) as Promise<JoinAck>,
        ),
      ),
    );
    const tooMany = answers.filter((answer) => !answer.ok && answer.reason === 'error');
    expect(tooMany.length).toBeGreaterThan(0);
    expect(tooMany[0]).toMatchObject({ message: 'Too many attempts to join.' });
  });
});

describe.skipIf(secondPassOnPostgres)('one account flooding its whiteboard', () => {
  it("does not slow another trip's cursors (p99 within 5× its baseline) or /api/health (under 1 s)", {
    timeout: 120_000,
  }, async () => {
    const flooder = await createAccount(t, { plan: 'premium' });
    const board = await whiteboardTrip(flooder);
    const [ana, bruno] = [await createAccount(t), await createAccount(t)];
    const quietTrip = await createTrip(t.database.db, ana.id, { memberIds: [bruno.id] });
    const sender = await tabOnTrip(ana, quietTrip.id);
    const watcher = await tabOnTrip(bruno, quietTrip.id);

    const flood = fork(path.join(import.meta.dirname, '../../test/whiteboardFlood.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(flood);
    flood.send({
      type: 'setup',
      url: t.url,
      cookie: flooder.client.cookie!,
      tripId: board.tripId,
      widgetId: board.widgetId,
      tabs: MAX_SOCKETS_PER_USER,
      // As fast as one tab may send updates (UPDATES_PER_SECOND, livePiece.ts).
      perSecond: 40,
      updateBytes: 100_000,
      maxMs: 60_000,
    } satisfies FloodSetup);
    await nextFromChild(flood, 'ready', 30_000);

    // The first round trips warm the path up (JIT, the first batches): not counted.
    await roundTrips(sender, watcher, ana.id, { count: 10 });
    const before = await roundTrips(sender, watcher, ana.id, { count: 200 });

    // It may also end by itself (maxMs): listened for from the start.
    const result = nextFromChild<FloodResult>(flood, 'result', 120_000);
    flood.send({ type: 'start' });
    await nextFromChild(flood, 'flooding', 30_000);
    const during = await roundTrips(sender, watcher, ana.id, { count: 200, minMs: 8000 });
    if (flood.connected) flood.send({ type: 'stop' });
    const { attempted, sent, saved, refused, letGo, seconds } = await result;
    const after = await roundTrips(sender, watcher, ana.id, { count: 100 });

    const [baseline, flooded, recovered] = [before, during, after].map((x) => p99(x.cursor));
    const slowestHealth = Math.max(...during.health);
    console.log(
      `cursor p99: ${baseline!.toFixed(1)} ms before, ${flooded!.toFixed(1)} ms during ` +
        `(${during.cursor.length} round trips), ${recovered!.toFixed(1)} ms after; ` +
        `/api/health slowest ${Math.max(...before.health).toFixed(0)} ms before, ` +
        `${slowestHealth.toFixed(0)} ms during (${during.health.length}); flood over ` +
        `${seconds.toFixed(1)} s: ${(attempted / seconds).toFixed(0)} updates/s meant, ` +
        `${(sent / seconds).toFixed(0)}/s sent, ${(saved / seconds).toFixed(1)}/s saved, ` +
        `${refused} refused, ${letGo} tabs let go`,
    );
    // A floor: on an idle machine the baseline is about one batch tick (33 ms), and on a busy
    // 2-core machine (CI runs other test files beside this one) other processes' bursts alone
    // move a p99 by a few hundred milliseconds. Before the budget: 12-15 s, and as long once the
    // flood had stopped; with it, on a quiet machine, 74-97 ms against a 40 ms baseline.
    const limit = Math.max(5 * baseline!, 500);
    expect(flooded).toBeLessThan(limit);
    expect(recovered).toBeLessThan(limit);
    expect(slowestHealth).toBeLessThan(1000);
    // It was a flood: 20 tabs meaning 40 updates a second each (800, far fewer when the machine
    // is busy: the flooder shares its cores), some saved, the rest refused or not read.
    expect(attempted / seconds).toBeGreaterThan(200);
    expect(saved).toBeGreaterThan(0);
    expect(sender.connected && watcher.connected).toBe(true);
  });
});
