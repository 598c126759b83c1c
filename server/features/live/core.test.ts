import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANDSHAKE_ERRORS } from '../../../shared/contracts/live';
import {
  closeTab,
  collect,
  connectLive,
  disconnected,
  joinTrip,
  type LiveClient,
} from '../../test/liveClient';
import { createLiveCore, type LiveCore, type LivePiece, tripRoom } from './core';

/**
 * The core alone, with pieces made up for the test (no database, no session): what a new piece
 * can count on. A real HTTP server on port 0 and real clients.
 */
const silent = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

let httpServer: http.Server;
let url: string;
let live: LiveCore;
let closed: boolean;
let calls: string[];
const tabs: LiveClient[] = [];

beforeEach(async () => {
  httpServer = http.createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as { port: number }).port}`;
  live = createLiveCore(silent);
  closed = false;
  calls = [];
});
afterEach(async () => {
  for (const tab of tabs.splice(0)) tab.close();
  if (!closed) await live.close();
  await new Promise((resolve) => httpServer.close(resolve));
});

/** Lets in a tab whose id names its user ("ana-tab"); refuses "mallory"; fails for "broken". */
const signIn: LivePiece = {
  name: 'signIn',
  async authenticate(socket) {
    const tab = String(socket.handshake.auth.tab);
    if (tab === 'broken') throw new Error('database away');
    if (tab === 'mallory') return HANDSHAKE_ERRORS.signedOut;
    if (tab === 'nobody') return undefined;
    socket.data = {
      user: { id: tab.split('-')[0]!, name: tab, image: null },
      sessionId: 's1',
      tab,
      tripId: null,
      tripRoom: null,
      call: null,
    };
    return undefined;
  },
};

/** Records every hook it sees; joins whichever trip it is asked to. */
function recorder(name: string): LivePiece {
  return {
    name,
    clientEvents: ['trip:join'],
    configure() {
      calls.push(`${name}: configure`);
      return {};
    },
    started: () => calls.push(`${name}: started`),
    connected(socket) {
      const rooms = [...socket.rooms].filter((room) => room !== socket.id);
      calls.push(`${name}: connected ${rooms}`);
      socket.on('trip:join', ({ tripId }, ack) => {
        live.enterTrip(socket, tripId);
        ack({ ok: true, members: [], at: 0, seq: 0 });
      });
    },
    disconnecting: (socket) =>
      calls.push(`${name}: disconnecting, in ${socket.rooms.has(tripRoom('t1')) ? 't1' : 'none'}`),
    leftTrip: (tripId, userId) => calls.push(`${name}: ${userId} left ${tripId}`),
    resynced: () => calls.push(`${name}: resynced`),
    closing: () => calls.push(`${name}: closing`),
    closed: () => {
      calls.push(`${name}: closed`);
    },
  };
}

async function tab(id: string) {
  const socket = await connectLive(url, null, { tab: id });
  tabs.push(socket);
  return socket;
}

describe('the live core', () => {
  it("runs every piece's hooks, in the order the pieces were given", async () => {
    await live.start(httpServer, [signIn, recorder('a'), recorder('b')]);
    expect(calls).toEqual(['a: configure', 'b: configure', 'a: started', 'b: started']);

    const socket = await tab('ana-tab');
    await joinTrip(socket, 't1');
    calls.length = 0;
    await closeTab(live.io, socket);
    // Its rooms are still there when it says goodbye; it leaves its trip after.
    expect(calls).toEqual([
      'a: disconnecting, in t1',
      'b: disconnecting, in t1',
      'a: ana left t1',
      'b: ana left t1',
    ]);

    calls.length = 0;
    closed = true;
    await live.close();
    expect(calls).toEqual(['a: closing', 'b: closing', 'a: closed', 'b: closed']);
  });

  it('puts a signed-in socket in its user, session and tab rooms before pieces see it', async () => {
    await live.start(httpServer, [signIn, recorder('a')]);
    await tab('ana-tab');
    expect(calls).toContain('a: connected user:ana,session:s1,tab:ana:ana-tab');
  });

  it('counts an event no piece listens for as malformed, and not one that a piece does', async () => {
    await live.start(httpServer, [signIn, recorder('a')]);
    const socket = await tab('ana-tab');
    (socket as unknown as { emit(event: string): void }).emit('delete:everything');
    await joinTrip(socket, 't1'); // handled after the event above: a tab's events go in order
    expect(live.stats.malformed).toBe(1);
  });

  it('takes a tab out of its trip and tells the pieces', async () => {
    await live.start(httpServer, [signIn, recorder('a')]);
    const socket = await tab('ana-tab');
    await joinTrip(socket, 't1');
    live.leaveTrip(live.io.of('/').sockets.get(socket.id!)!);
    expect(calls).toContain('a: ana left t1');
    expect(live.io.of('/').sockets.get(socket.id!)!.rooms.has(tripRoom('t1'))).toBe(false);
  });

  it('after an outage, tells every tab to refetch and every piece to catch up', async () => {
    await live.start(httpServer, [signIn, recorder('a'), recorder('b')]);
    const [ana, bruno] = [await tab('ana-tab'), await tab('bruno-tab')];
    const told = [collect(ana, 'resync'), collect(bruno, 'resync')];
    live.resync();
    expect(calls.filter((call) => call.endsWith('resynced'))).toEqual([
      'a: resynced',
      'b: resynced',
    ]);
    await vi.waitFor(() => expect(told.map((heard) => heard.length)).toEqual([1, 1]));
  });

  it('refuses at the handshake what a piece refuses, and answers UNAVAILABLE when one fails', async () => {
    await live.start(httpServer, [signIn]);
    await expect(tab('mallory')).rejects.toThrow(HANDSHAKE_ERRORS.signedOut);
    await expect(tab('broken')).rejects.toThrow(HANDSHAKE_ERRORS.unavailable);
    // No piece vouched for the socket: nobody is signed in.
    await expect(tab('nobody')).rejects.toThrow(HANDSHAKE_ERRORS.signedOut);
  });

  it('closes the transports, not the sockets: a tab is not told to stay away', async () => {
    await live.start(httpServer, [signIn]);
    const socket = await tab('ana-tab');
    const reason = disconnected(socket);
    closed = true;
    await live.close();
    // ('io server disconnect' would tell the tab it was let go, and it would not reconnect.)
    expect(await reason).toBe('transport close');
  });
});
