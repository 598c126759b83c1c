import { eq } from 'drizzle-orm';
import { type User, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { verifyPassword } from '../auth/passwords';
import type { ChangeContext } from '../realtime';
import { tripIdsOf, tripMemberIds } from '../trips/access';
import { handOverOwnedTrips } from '../trips/handOver';
import { liveSettingsOf } from '../trips/service';
import { consumeCode, invalidCode } from '../twofactor/consumeCode';

/**
 * Deletes the account, with the password (and a code when two-factor is on). Its trips pass to
 * another member or go (trips/handOver.ts). Afterwards its live connections close, and the
 * others on its trips are told: one member fewer, and a new owner where it owned the trip.
 */
export async function deleteAccount(
  { db, live }: ChangeContext,
  user: User,
  input: { password: string; token?: string | undefined },
) {
  if (user.passwordHash && !(await verifyPassword(input.password, user.passwordHash))) {
    throw new HttpError('wrong_password', 'Your password is not correct.');
  }
  if (user.twoFactorEnabled && !(await consumeCode(db, user, input.token ?? ''))) {
    throw invalidCode();
  }
  const { leftTripIds, handedOver } = await db.transaction(async (tx) => {
    const onTrips = await tripIdsOf(tx, user.id);
    // trips.owner_id cascades: the trips must have a new owner before the user row goes.
    const { handedOver, deleted } = await handOverOwnedTrips(tx, user.id);
    // Sessions, activity, reset links and memberships go with the user (ON DELETE CASCADE);
    // to-dos assigned to them and flights they were the traveller of stay, unassigned
    // (ON DELETE SET NULL).
    await tx.delete(users).where(eq(users.id, user.id));
    return { leftTripIds: onTrips.filter((id) => !deleted.includes(id)), handedOver };
  });

  live.disconnect({ userId: user.id });
  for (const trip of handedOver) {
    live.tripChanged(
      trip.id,
      { type: 'trip:saved', trip: liveSettingsOf(trip) },
      { memberIds: await tripMemberIds(db, trip.id) },
    );
  }
  for (const tripId of leftTripIds) {
    live.tripChanged(tripId, { type: 'members:changed' });
  }
}
