import type { ChangeFeed } from '../../platform/db/changeFeed';
import { FORGET_ALL } from '../../platform/db/changeFeed';
import type { Live } from '../live';
import { userRoom } from '../live/piece';

/**
 * A person's notifications changed (the database says so on `tripmates_notifications`, whoever
 * changed them: a request on any instance, a scheduled job): their tabs on this instance are told
 * to read them again. Every instance hears the database, so each tells only its own tabs.
 */
export function announceNotifications(changes: ChangeFeed, live: Live) {
  changes.on('tripmates_notifications', (userId) => {
    // Announcements may have been missed (a lost connection): every tab here reads again.
    if (userId === FORGET_ALL) live.io.local.emit('notifications:changed');
    else live.io.local.to(userRoom(userId)).emit('notifications:changed');
  });
}
