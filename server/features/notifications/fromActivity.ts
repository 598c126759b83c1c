import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { polls } from '../../platform/db/schema';
import type { Activity } from '../activity/record';
import { tellPollClosed } from './dueNotices';
import { notify } from './notify';

/**
 * The notifications an entry of the trip's history makes, written with it in the change's
 * transaction (recordActivity calls this): a to-do given to someone tells them, a poll closed
 * tells the trip. Other notifications have no history entry of their own (a mention is in a
 * comment, a call's start is not history) and are made where those happen.
 */
export async function notifyOfActivity(
  tx: Tx | Db,
  tripId: string,
  actorId: string | null,
  activity: Activity,
  at: Date,
) {
  const { kind, data } = activity;
  if ((kind === 'todo.assigned' || kind === 'todo.added') && data?.userId) {
    await notify(
      tx,
      [data.userId],
      {
        kind: 'assigned',
        tripId,
        actorId,
        subjectId: activity.subjectId ?? null,
        data: { label: data.label ?? '' },
      },
      at,
    );
  }
  if (kind === 'poll.closed' && activity.subjectId) {
    const [poll] = await tx
      .select({
        id: polls.id,
        tripId: polls.tripId,
        question: polls.question,
        options: polls.options,
      })
      .from(polls)
      .where(eq(polls.id, activity.subjectId));
    if (poll) await tellPollClosed(tx, poll, actorId, at);
  }
}
