import { eq } from 'drizzle-orm';
import {
  NOTIFICATION_MESSAGES,
  type NotificationKind,
} from '../../../shared/contracts/notifications';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { turnEmailOff } from './preferences';

/**
 * An e-mail's unsubscribe link (issue #24): turns that kind's e-mails off for the person the
 * token names. No session: the mail program's one-click POST (RFC 8058) carries no cookie.
 */
export async function unsubscribe(db: Db, token: string, kind: NotificationKind) {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.unsubscribeToken, token))
      .for('update');
    if (!person) throw new HttpError('not_found', NOTIFICATION_MESSAGES.badUnsubscribe);
    await turnEmailOff(tx, person.id, kind);
    return { kind, email: person.email ?? '' };
  });
}
