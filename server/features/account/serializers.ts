import Bowser from 'bowser';
import type { CurrentUser } from '../../../shared/contracts/account';
import type { UserRow } from '../../platform/db/schema';

/** The only shape of a user that leaves the server: no hashes, no TOTP secrets. */
export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    pendingEmail: user.pendingEmail,
    profileImageUrl: user.profileImageUrl,
    homeAirport: user.homeAirport,
    // spec §3 keeps isPremium; any paid plan counts.
    isPremium: user.plan !== 'free',
    plan: user.plan,
    role: user.role,
    twoFactorEnabled: user.twoFactorEnabled,
    hasPassword: user.passwordHash !== null,
    adminWelcome: user.role === 'admin' && user.adminWelcomedAt === null,
  };
}

/** "Chrome on Linux" from a User-Agent header, for the activity list. */
export function describeBrowser(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (!browser) return null;
  return os ? `${browser} on ${os}` : browser;
}
