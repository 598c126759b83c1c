import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import {
  SENT_INVITATIONS_DAYS,
  SENT_INVITATIONS_SHOWN,
  type SentInvitations,
} from '../../../shared/contracts/members';
import type { Db } from '../../platform/db/client';
import { mailOutbox } from '../../platform/db/schema';
import { deliveryStateOf } from '../../platform/mail/outbox';

const DAY_MS = 86_400_000;

/**
 * `GET /api/trips/:tripId/invitations` (the owner, checked by the route): the trip's e-mailed
 * invitations of the last 30 days and how each fared, read from the mail outbox (issue #35).
 */
export async function listSentInvitations(
  db: Db,
  tripId: string,
  now = new Date(),
): Promise<SentInvitations> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      status: mailOutbox.status,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.tripId, tripId),
        inArray(mailOutbox.kind, ['invitation', 'magic_link']),
        gt(mailOutbox.createdAt, new Date(now.getTime() - SENT_INVITATIONS_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(SENT_INVITATIONS_SHOWN);
  return {
    invitations: rows.map((row) => ({
      id: row.id,
      email: row.recipient,
      kind: row.kind === 'magic_link' ? 'magic_link' : 'invitation',
      state: deliveryStateOf(row),
      createdAt: row.createdAt.toISOString(),
      reason: row.status === 'sent' ? null : row.lastError,
    })),
  };
}
