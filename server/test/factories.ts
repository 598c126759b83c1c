/**
 * Test data straight in the database (Outline's factories): each test makes the users, sessions,
 * trips and members it needs in a few inserts, instead of signing up over HTTP (an argon2 hash
 * and a rate-limited route per account).
 *
 *   const owner = await createAccount(t, { firstName: 'Ana' });   // { user, id, client }
 *   const trip = await createTrip(t.database.db, owner.id, { memberIds: [member.id] });
 *   await owner.client.get(`/api/trips/${trip.id}`);
 *
 * A factory user is an ordinary account: role `user`, plan `free`, no two-factor, the password
 * TEST_PASSWORD (or none), no first-visit trip made yet. Unlike sign-up, the first one made in a
 * fresh database is NOT an administrator: pass `role: 'admin'` where a test needs one. Tests
 * about sign-up itself keep using POST /api/register with `newAccount()`.
 */
import { hashPassword } from '../features/auth/passwords';
import { createFirstTrip } from '../features/trips/service';
import type { Db } from '../platform/db/client';
import { type TripMemberRow, tripMembers, trips, type UserRow, users } from '../platform/db/schema';
import { createSession } from '../platform/sessions';
import { type ApiClient, apiClient, TEST_PASSWORD, uniqueSuffix } from './apiClient';
import type { TestApp } from './testApp';

export { TEST_PASSWORD } from './apiClient';

/** Columns a test may set on a new user, plus `password` (plain text, or null for none). */
export type UserOverrides = Partial<Omit<typeof users.$inferInsert, 'id' | 'passwordHash'>> & {
  /** Default TEST_PASSWORD, hashed once per process; null makes a passwordless account. */
  password?: string | null;
};

// argon2 is slow on purpose: the one password almost every test account has is hashed once.
let testPasswordHash: Promise<string> | undefined;
function passwordHashFor(password: string | null | undefined): Promise<string | null> | null {
  if (password === null) return null;
  if (password === undefined || password === TEST_PASSWORD) {
    testPasswordHash ??= hashPassword(TEST_PASSWORD);
    return testPasswordHash;
  }
  return hashPassword(password);
}

/** The values of one new user row: unique `traveller_…` username and address, "Ana Lima". */
async function userValues(overrides: UserOverrides): Promise<typeof users.$inferInsert> {
  const { password, ...given } = overrides;
  // An override left undefined keeps the default, as an absent one does.
  const columns = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  ) as typeof given;
  const id = uniqueSuffix();
  return {
    username: `traveller_${id}`,
    email: `traveller_${id}@example.com`,
    firstName: 'Ana',
    lastName: 'Lima',
    passwordHash: await passwordHashFor(password),
    ...columns,
  };
}

/** A factory's user: its e-mail address is a confirmed one (sign-up's path is tested apart). */
export type TestUser = UserRow & { email: string };

/** A user straight in the database (see the top of this file for the defaults). */
export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<TestUser> {
  const [user] = await db
    .insert(users)
    .values(await userValues(overrides))
    .returning();
  return user as TestUser;
}

/** `count` users in one insert, each with the same overrides (e.g. to fill a trip up). */
export async function createUsers(
  db: Db,
  count: number,
  overrides: UserOverrides = {},
): Promise<TestUser[]> {
  if (count === 0) return [];
  const values = await Promise.all(Array.from({ length: count }, () => userValues(overrides)));
  return (await db.insert(users).values(values).returning()) as TestUser[];
}

export type SessionOptions = {
  /** The client's X-Forwarded-For address, also stored as the session's IP. Default: unique. */
  ip?: string;
  userAgent?: string | null;
  /** Password accepted, second factor still owed (the session grants only verify-2fa). */
  pendingTwoFactor?: boolean;
  twoFactorVerifiedAt?: Date | null;
};

/**
 * An `apiClient` signed in as `user`: a real session row (createSession, as sign-in makes one)
 * whose token is the client's cookie. Each call is a new session, as a new browser would be.
 */
export async function signedInClient(
  t: TestApp,
  user: Pick<UserRow, 'id'>,
  options: SessionOptions = {},
): Promise<ApiClient> {
  const client = apiClient(t.url, options.ip ? { ip: options.ip } : {});
  const { token } = await createSession(
    t.database.db,
    user.id,
    { ip: client.ip, userAgent: options.userAgent ?? null },
    {
      pendingTwoFactor: options.pendingTwoFactor ?? false,
      twoFactorVerifiedAt: options.twoFactorVerifiedAt ?? null,
    },
  );
  client.cookie = token;
  return client;
}

export type Account = { user: TestUser; id: string; client: ApiClient };

/**
 * An account with the first trip sign-up makes (the spec's Bali trip, its board and sample
 * to-dos), made the way sign-up makes it.
 */
export async function createAccountWithFirstTrip(t: TestApp, overrides: UserOverrides = {}) {
  const account = await createAccount(t, overrides);
  const trip = await t.database.db.transaction((tx) => createFirstTrip(tx, account.id));
  return { ...account, trip };
}

/** A user and a client signed in as them, in one call: what most API tests start with. */
export async function createAccount(
  t: TestApp,
  overrides: UserOverrides = {},
  session: SessionOptions = {},
): Promise<Account> {
  const user = await createUser(t.database.db, overrides);
  return { user, id: user.id, client: await signedInClient(t, user, session) };
}

/**
 * A trip straight in the database, owned by `ownerId` with `memberIds` as members: tests of
 * trip-scoped features make their own data without going through the trips API. Dates default
 * to 2030-06-01 – 2030-06-14.
 */
export async function createTrip(
  db: Db,
  ownerId: string,
  options: {
    memberIds?: string[];
    name?: string;
    destination?: string | null;
    startDate?: string;
    endDate?: string;
  } = {},
) {
  const [trip] = await db
    .insert(trips)
    .values({
      name: options.name ?? 'Test trip',
      destination: options.destination === undefined ? 'Lisbon, Portugal' : options.destination,
      startDate: options.startDate ?? '2030-06-01',
      endDate: options.endDate ?? '2030-06-14',
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

/** Puts `userId` on a trip as a member (not the owner), as joining by the link does. */
export async function addMember(db: Db, tripId: string, userId: string): Promise<TripMemberRow> {
  const [member] = await db
    .insert(tripMembers)
    .values({ tripId, userId, role: 'member' })
    .returning();
  return member!;
}

/** The cast of most trip tests: an owner, a member of their trip, and an outsider. */
export type TripCast = { owner: Account; member: Account; outsider: Account; tripId: string };

/** The cast's trip as a join or magic link previews it. */
export const CAST_TRIP_PREVIEW = {
  name: 'Bali 2023',
  destination: 'Bali, Indonesia',
  startDate: '2030-06-01',
  endDate: '2030-06-14',
  ownerName: 'Ana Lima',
};

/**
 * Ana Lima owns "Bali 2023" (Bali, Indonesia) with Bruno Costa on it; Olga Outside is on no trip
 * of theirs. `owner` overrides the owner's columns (a plan, say).
 */
export async function createTripCast(
  t: TestApp,
  options: { owner?: UserOverrides } = {},
): Promise<TripCast> {
  const owner = await createAccount(t, { firstName: 'Ana', lastName: 'Lima', ...options.owner });
  const member = await createAccount(t, { firstName: 'Bruno', lastName: 'Costa' });
  const outsider = await createAccount(t, { firstName: 'Olga', lastName: 'Outside' });
  const trip = await createTrip(t.database.db, owner.id, {
    memberIds: [member.id],
    name: CAST_TRIP_PREVIEW.name,
    destination: CAST_TRIP_PREVIEW.destination,
  });
  return { owner, member, outsider, tripId: trip.id };
}
