// The live side's public surface: other features import from here, not from its pieces.

export type { ElsewhereToo, Live, LiveOrigin } from './liveServer';
export { liveOrigin, livePlugin } from './plugin';
export {
  type Change,
  type ChangeContext,
  changeContext,
  inTransaction,
  type LiveChanges,
  liveChangesOf,
} from './publisher';
