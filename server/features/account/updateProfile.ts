import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type UserRow, users } from '../../platform/db/schema';
import type { ChangeContext } from '../live';
import { memberName } from '../trips/access';

type ProfileFields = {
  firstName?: string | null;
  lastName?: string | null;
  homeAirport?: string | null;
};

async function save(db: Db, user: UserRow, input: ProfileFields): Promise<UserRow> {
  const [updated] = await db.update(users).set(input).where(eq(users.id, user.id)).returning();
  return updated!;
}

/**
 * Name and home airport (a new e-mail goes through emailChange.ts, the picture through
 * profilePicture.ts). The name is what the others on the user's trips see (presence, member
 * lists): they are told.
 */
export async function updateProfile(
  { db, live }: ChangeContext,
  user: UserRow,
  input: ProfileFields,
): Promise<UserRow> {
  if (Object.keys(input).length === 0) return user;
  const updated = await save(db, user, input);
  if (memberName(updated) !== memberName(user)) live.userChanged(updated);
  return updated;
}
