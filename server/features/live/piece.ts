/**
 * What a feature's live piece (the trip's call, the whiteboard, the bell's notices) builds on: the
 * core it plugs into, the rooms, and the guards for the events it takes in. A second public
 * surface beside `index.ts` because the live server lists those pieces (liveServer.ts):
 * through the index, which also exports the server, a piece would import itself back.
 */
export {
  joinedTrip,
  type LiveCore,
  type LivePiece,
  type LiveServer,
  type LiveSocket,
  tripRoom,
  userRoom,
} from './core';
export { createRateLimit, decoderOf } from './eventGuard';
export { messageBytesOf } from './parser';
export { createSettler } from './presence';
