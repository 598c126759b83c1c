import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type EmailPreferences, users } from '../../platform/db/schema';

/** Which e-mails the account gets; answers what was saved. */
export async function setEmailPreferences(db: Db, userId: string, prefs: EmailPreferences) {
  const [row] = await db
    .update(users)
    .set({ emailPreferences: prefs })
    .where(eq(users.id, userId))
    .returning({ emailPreferences: users.emailPreferences });
  return row!.emailPreferences;
}
