import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HANDSHAKE_ERRORS, MAX_SOCKETS_PER_USER } from '../../../shared/contracts/live';
import { createAccount, createTrip } from '../../test/factories';
import { disconnected, joinTrip, liveTabs, moveCursor, nextCursor } from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';

/**
 * Issue #16: an outside probe opened 200 sockets for one account and sent ~950,000 events in
 * 5 s from five sockets in one trip, which slowed every other trip. These hold the limits.
 */
let t: TestApp;
const { tab, tabOnTrip, closeAll } = liveTabs(() => t.url);

beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => closeAll());
afterAll(() => t.close());

describe('live connections under abuse', () => {
  it(`holds at most ${MAX_SOCKETS_PER_USER} tabs of one person, and takes another once one closes`, async () => {
    const someone = await createAccount(t);
    const tabs = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_USER }, () => tab(someone)),
    );
    await expect(tab(someone)).rejects.toThrow(HANDSHAKE_ERRORS.tooManyConnections);
    // Someone else is not affected.
    await tab(await createAccount(t));
    tabs[0]!.close();
    await expect
      .poll(() =>
        tab(someone).then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
  });

  it('lets go of a tab that sends a binary attachment', async () => {
    const owner = await createAccount(t);
    const { id: tripId } = await createTrip(t.database.db, owner.id);
    const socket = await tabOnTrip(owner, tripId);
    const gone = disconnected(socket);
    socket.emit('widget:drag', { widgetId: 'w1', at: Buffer.from('not a point') } as never);
    expect(await gone).toBe('io server disconnect');
  });

  it('answers a join that a later join of the same tab superseded', async () => {
    const owner = await createAccount(t);
    const [first, second] = [
      await createTrip(t.database.db, owner.id),
      await createTrip(t.database.db, owner.id),
    ];
    const socket = await tab(owner);
    const [earlier, later] = await Promise.all([
      joinTrip(socket, first.id),
      joinTrip(socket, second.id),
    ]);
    expect(earlier).toMatchObject({ ok: false, reason: 'superseded' });
    expect(later).toMatchObject({ ok: true });
  });

  it("does not let one trip's flood starve another trip's cursors (p99 under 500 ms)", async () => {
    const flooders = await Promise.all(Array.from({ length: 5 }, () => createAccount(t)));
    const floodedTrip = await createTrip(t.database.db, flooders[0]!.id, {
      memberIds: flooders.slice(1).map((f) => f.id),
    });
    const [ana, bruno] = [await createAccount(t), await createAccount(t)];
    const quietTrip = await createTrip(t.database.db, ana.id, { memberIds: [bruno.id] });
    const sender = await tabOnTrip(ana, quietTrip.id);
    const watcher = await tabOnTrip(bruno, quietTrip.id);
    const floods = await Promise.all(flooders.map((f) => tabOnTrip(f, floodedTrip.id)));
    const letGo = floods.map((socket) => disconnected(socket, 20_000));

    // Bounded: 5 × 4,000 events, as fast as the client library sends them.
    for (let i = 0; i < 4000; i++) {
      for (const socket of floods) moveCursor(socket, { top: i, left: i });
    }
    const latencies: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const arrived = nextCursor(watcher, (move) => move.userId === ana.id && move.at?.top === i);
      const sentAt = performance.now();
      moveCursor(sender, { top: i, left: i });
      await arrived;
      // Each waits for the last to arrive (a batch a tick): under a real tab's 60 a second.
      latencies.push(performance.now() - sentAt);
    }
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1]!;
    expect(p99).toBeLessThan(500);
    // Every flooder was let go early, by the server.
    expect(await Promise.all(letGo)).toEqual(Array(5).fill('io server disconnect'));
    expect(sender.connected && watcher.connected).toBe(true);
  });
});
