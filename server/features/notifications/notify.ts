import type { BellKind, NotificationData } from '../../../shared/contracts/notifications';
import type { Db, Tx } from '../../platform/db/client';
import { channelsFor } from './preferences';
import { notifications } from './tables';

export type Notice = {
  kind: BellKind;
  tripId: string | null;
  actorId: string | null;
  subjectId?: string | null;
  data?: NotificationData;
  /**
   * Makes the event one notification per person however often it is found (a reminder, a poll's
   * deadline, a call's start): the person's id is added to it.
   */
  dedupeKey?: string;
};

/**
 * Tells `userIds` about an event (issue #24), in the transaction of the change that caused it,
 * as far as each asked for it: a row in the bell, an e-mail to send, both, or nothing. The actor
 * is never told about their own doing. How many were told (0 for repeats of a deduped event).
 */
export async function notify(
  tx: Tx | Db,
  userIds: readonly string[],
  notice: Notice,
  at: Date = new Date(),
  /** `emailSent`: the caller sends the e-mail itself (an invitation the owner is waiting on). */
  options: { emailSent?: boolean } = {},
): Promise<number> {
  const recipients = [...new Set(userIds)].filter((id) => id !== notice.actorId);
  const channels = await channelsFor(tx, recipients, notice.kind);
  const rows = recipients.flatMap((userId) => {
    const wants = channels.get(userId);
    if (!wants || (!wants.inApp && (!wants.email || options.emailSent))) return [];
    return [
      {
        userId,
        tripId: notice.tripId,
        kind: notice.kind,
        actorId: notice.actorId,
        subjectId: notice.subjectId ?? null,
        data: notice.data ?? {},
        dedupeKey: notice.dedupeKey ? `${notice.dedupeKey}:${userId}` : null,
        inApp: wants.inApp,
        emailPending: wants.email && !options.emailSent,
        createdAt: at,
      },
    ];
  });
  if (rows.length === 0) return 0;
  const made = await tx
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  return made.length;
}
