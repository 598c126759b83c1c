/**
 * The peer of bench/whiteboard.ts: the smallest Socket.IO server that does what the whiteboard's
 * live path does for the network — a tab joins its trip's room, its `whiteboard:update` reaches
 * the room's other tabs and is acknowledged — with no session, validation, database or
 * reconciling. What the real server takes beyond it is what saving costs.
 *
 *   PORT=4556 node --import tsx bench/whiteboard/socketRelay.ts
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const httpServer = createServer();
const io = new Server(httpServer, { serveClient: false, maxHttpBufferSize: 256 * 1024 });
io.on('connection', (socket) => {
  socket.on('trip:join', ({ tripId }: { tripId: string }, ack: (answer: unknown) => void) => {
    socket.join(tripId);
    socket.data.tripId = tripId;
    ack({ ok: true, members: [], at: Date.now() });
  });
  socket.on('whiteboard:update', (update: { widgetId: string; elements: unknown[] }, ack) => {
    const tripId = socket.data.tripId as string;
    socket.to(tripId).emit('whiteboard:update', { tripId, userId: socket.id, ...update });
    ack({ ok: true });
  });
});
httpServer.listen(Number(process.env.PORT), '127.0.0.1', () =>
  process.send?.({ type: 'listening' }),
);
process.on('SIGTERM', () => {
  io.close();
  process.exit(0);
});
