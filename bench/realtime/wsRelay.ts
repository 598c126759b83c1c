/**
 * The baseline: the smallest real-time relay one can write on the `ws` package. A client
 * connects to `ws://127.0.0.1:<PORT>/?trip=<id>` and every message it sends goes, as-is, to
 * the other sockets of that trip. No authentication, validation or rate limit: what is left of
 * the cost is the WebSocket framing and the sockets, which is what Socket.IO is compared with.
 *
 *   PORT=4555 node --import tsx bench/realtime/wsRelay.ts
 */
import { WebSocket, WebSocketServer } from 'ws';

const port = Number(process.env.PORT);
const rooms = new Map<string, Set<WebSocket>>();

const server = new WebSocketServer({ host: '127.0.0.1', port });

server.on('connection', (socket, request) => {
  const tripId = new URL(request.url ?? '/', 'http://relay').searchParams.get('trip');
  if (!tripId) return socket.close(1008, 'trip missing');
  const room = rooms.get(tripId) ?? new Set<WebSocket>();
  rooms.set(tripId, room);
  room.add(socket);
  socket.on('message', (data, isBinary) => {
    for (const other of room) {
      if (other !== socket && other.readyState === WebSocket.OPEN) {
        other.send(data, { binary: isBinary });
      }
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
