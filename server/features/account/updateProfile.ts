import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type User, users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import type { ChangeContext } from '../realtime';
import { memberName } from '../trips/access';
import { assertAvailable, EMAIL_TAKEN_MESSAGE, isUniqueViolation } from './availability';

type ProfileFields = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string;
  profileImageUrl?: string | null;
};

async function save(db: Db, user: User, input: ProfileFields): Promise<User> {
  if (input.email && input.email.toLowerCase() !== user.email.toLowerCase()) {
    await assertAvailable(db, { email: input.email }, user.id);
  }
  try {
    const [updated] = await db.update(users).set(input).where(eq(users.id, user.id)).returning();
    return updated!;
  } catch (error) {
    // Another account took the address since the check: the unique index decides.
    if (isUniqueViolation(error)) throw new HttpError('email_taken', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/**
 * Name, e-mail and picture. A new name or picture is what the others on the user's trips see
 * (presence, member lists): they are told; a new e-mail alone is nobody else's business.
 */
export async function updateProfile(
  { db, live }: ChangeContext,
  user: User,
  input: ProfileFields,
): Promise<User> {
  if (Object.keys(input).length === 0) return user;
  const updated = await save(db, user, input);
  if (
    memberName(updated) !== memberName(user) ||
    updated.profileImageUrl !== user.profileImageUrl
  ) {
    await live.userChanged(updated);
  }
  return updated;
}
