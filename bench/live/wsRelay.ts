/**
 * The baseline: the smallest real-time relay one can write on the `ws` package. A client
 * connects to `ws://127.0.0.1:<PORT>/?trip=<id>` and what it sends reaches the trip's other
 * sockets as-is. No authentication, validation or rate limit: what is left of the cost is the
 * WebSocket framing and the sockets, which is what Socket.IO is compared with.
 *
 * It batches as the real server does (issue #18 compares against "a bare `ws` relay with the
 * same batching"): a trip's messages are gathered for CURSOR_BATCH_MS after the first and sent
 * as one JSON array to every socket of the trip, the sender's too (each client skips its own,
 * as the app does). Without batching, a relay answers in under a millisecond where the real
 * server waits up to a tick by design, and the comparison would measure the tick.
 * BATCH_MS=0 relays each message at once instead.
 *
 *   PORT=4555 node --import tsx bench/live/wsRelay.ts
 */
import { WebSocket, WebSocketServer } from 'ws';
import { CURSOR_BATCH_MS } from '../../shared/contracts/live';

const port = Number(process.env.PORT);
const batchMs = process.env.BATCH_MS === undefined ? CURSOR_BATCH_MS : Number(process.env.BATCH_MS);
const rooms = new Map<string, Set<WebSocket>>();
const pending = new Map<string, string[]>();

const server = new WebSocketServer({ host: '127.0.0.1', port });

function flush(tripId: string) {
  const messages = pending.get(tripId);
  pending.delete(tripId);
  const room = rooms.get(tripId);
  if (!messages || !room) return;
  const frame = `[${messages.join(',')}]`;
  for (const socket of room) if (socket.readyState === WebSocket.OPEN) socket.send(frame);
}

server.on('connection', (socket, request) => {
  const tripId = new URL(request.url ?? '/', 'http://relay').searchParams.get('trip');
  if (!tripId) return socket.close(1008, 'trip missing');
  const room = rooms.get(tripId) ?? new Set<WebSocket>();
  rooms.set(tripId, room);
  room.add(socket);
  socket.on('message', (data, isBinary) => {
    if (batchMs === 0) {
      for (const other of room) {
        if (other !== socket && other.readyState === WebSocket.OPEN) {
          other.send(data, { binary: isBinary });
        }
      }
      return;
    }
    const batch = pending.get(tripId);
    if (batch) batch.push(data.toString());
    else {
      pending.set(tripId, [data.toString()]);
      setTimeout(() => flush(tripId), batchMs);
    }
  });
  socket.on('close', () => {
    room.delete(socket);
    if (room.size === 0) rooms.delete(tripId);
  });
});

server.on('listening', () => process.send?.({ type: 'listening' }));
server.on('error', (error) => {
  console.error('ws relay:', error.message);
  process.exit(1);
});

// The benchmark forks this process: when it goes, so does the relay.
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
