import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';

export const EMAIL_TAKEN_MESSAGE = 'An account with that email address already exists.';

/** A PostgreSQL unique-index violation, as the driver or drizzle (in `cause`) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Refuses a username or e-mail another account has, ignoring case (409, naming which). Only a
 * check: the unique indexes decide a race, see `isUniqueViolation`.
 */
export async function assertAvailable(
  db: Db | Tx,
  fields: { username?: string; email?: string },
  exceptUserId?: string,
) {
  const notMe = exceptUserId ? sql` and ${users.id} <> ${exceptUserId}` : sql``;
  if (fields.username) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${fields.username.toLowerCase()}${notMe}`);
    if (taken)
      throw new HttpError(
        'username_taken',
        'That username is already taken. Please choose another.',
      );
  }
  if (fields.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${fields.email.toLowerCase()}${notMe}`);
    if (taken) throw new HttpError('email_taken', EMAIL_TAKEN_MESSAGE);
  }
}
