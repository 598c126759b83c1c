import { sql } from 'drizzle-orm';
import { type CurrentUser, PLANS } from '../../../shared/contracts/account';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { resetSecondFactors } from './people';

export type Plan = CurrentUser['plan'];

export class OperatorError extends Error {
  override name = 'OperatorError';
}

async function update(db: Db, username: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set(values)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .returning({ username: users.username });
  if (!row) throw new OperatorError(`No account is called "${username}".`);
  return row.username;
}

/** What `npm run user -- <command>` does; each returns the line to print. */
export const operatorCommands = {
  async promote(db: Db, [username]: string[]) {
    if (!username) throw new OperatorError('Usage: promote <username>');
    return `${await update(db, username, { role: 'admin' })} is now an administrator.`;
  },
  async 'set-plan'(db: Db, [username, plan]: string[]) {
    if (!username || !PLANS.includes(plan as Plan)) {
      throw new OperatorError(`Usage: set-plan <username> ${PLANS.join('|')}`);
    }
    return `${await update(db, username, { plan: plan as Plan })} is now on the ${plan} plan.`;
  },
  async 'reset-2fa'(db: Db, [username]: string[]) {
    if (!username) throw new OperatorError('Usage: reset-2fa <username>');
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    if (!account) throw new OperatorError(`No account is called "${username}".`);
    // Issue #38: what an administrator's reset does, from the people list: TOTP, recovery codes
    // and passkeys go, and every session ends.
    const { username: name } = await resetSecondFactors(db, null, account.id);
    return (
      `Second factors reset for ${name}: two-factor is off, its recovery codes and passkeys are ` +
      'gone, and it is signed out everywhere; they can sign in with their password.'
    );
  },
};

export type OperatorCommand = keyof typeof operatorCommands;
