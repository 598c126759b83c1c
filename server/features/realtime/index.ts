// The live side's public surface: other features import from here, not from its pieces.
export { liveOrigin, realtime } from './plugin';
export {
  type Change,
  type ChangeContext,
  changeContext,
  inTransaction,
  type LiveChanges,
  liveChangesOf,
} from './publisher';
export type { ElsewhereToo, LiveOrigin, Realtime } from './realtimeServer';
