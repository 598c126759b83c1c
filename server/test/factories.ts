import type { Db } from '../platform/db/client';
import { tripMembers, trips } from '../platform/db/schema';

/**
 * A trip straight in the database, owned by `ownerId` with `memberIds` as members: tests of
 * trip-scoped features make their own data without going through the trips API.
 */
export async function createTrip(
  db: Db,
  ownerId: string,
  options: { memberIds?: string[]; name?: string; destination?: string | null } = {},
) {
  const [trip] = await db
    .insert(trips)
    .values({
      name: options.name ?? 'Test trip',
      destination: options.destination === undefined ? 'Lisbon, Portugal' : options.destination,
      startDate: '2030-06-01',
      endDate: '2030-06-14',
      ownerId,
    })
    .returning();
  await db.insert(tripMembers).values([
    { tripId: trip!.id, userId: ownerId, role: 'owner' as const },
    ...(options.memberIds ?? []).map((userId) => ({
      tripId: trip!.id,
      userId,
      role: 'member' as const,
    })),
  ]);
  return trip!;
}
