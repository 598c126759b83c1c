import { loadConfig } from '../../server/platform/config';
import { openDatabase } from '../../server/platform/db/client';
import { users } from '../../server/platform/db/schema';
import { createSession } from '../../server/platform/sessions';
import { createTrip } from '../../server/test/factories';

/** One simulated tab: a member of a trip with a signed-in session. */
export type BenchClient = { tripId: string; userId: string; token: string };

/**
 * Writes `trips` trips of `members` members each (the first is the owner) into a fresh
 * embedded database in `dataDir`, each member with a session, and closes the database again:
 * PGlite allows one process per data directory, and the server is the next one.
 */
export async function seed(dataDir: string, trips: number, members: number) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { db } = database;
    const clients: BenchClient[] = [];
    for (let t = 0; t < trips; t++) {
      const rows = Array.from({ length: members }, (_, m) => {
        const name = `bench-${t}-${m}`;
        return { username: name, email: `${name}@bench.test`, passwordHash: null, firstName: name };
      });
      const created = await db.insert(users).values(rows).returning({ id: users.id });
      const ids = created.map((row) => row.id);
      const trip = await createTrip(db, ids[0]!, { memberIds: ids.slice(1), name: `Bench ${t}` });
      for (const userId of ids) {
        const { token } = await createSession(db, userId, { ip: null, userAgent: 'bench' });
        clients.push({ tripId: trip.id, userId, token });
      }
    }
    return clients;
  } finally {
    await database.close();
  }
}
