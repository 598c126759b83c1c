import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { type Database, openDatabase } from './platform/db/client';
import { acquireLock, LockHeldError } from './platform/lockFile';
import { stdoutLog } from './platform/logDestination';

/** Start-up: configuration, database (with migrations), HTTP. Fails fast with one clear line. */
async function main() {
  const config = loadConfig();

  // PGlite is single-process; a PostgreSQL server is shared by every instance, so no lock.
  const releaseLock = config.databaseUrl ? () => {} : acquireLock(config.dataDir);
  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    await database.migrate();
    const log = stdoutLog();
    const app = await buildApp(config, { database, logStream: log.stream });
    const db = database;

    closeWithGrace({ delay: 10_000, logger: false }, async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an unexpected error');
      else app.log.info({ signal }, 'shutting down');
      // Order matters: stop taking requests, then close the database they use.
      await app.close();
      await db.close();
      releaseLock();
      // Within the grace period, and never waiting on a reader of the log that has gone.
      await log.finish(1000);
    });

    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { url: config.publicUrl, database: database.kind, dataDir: config.dataDir },
      `Tripmates is running at ${config.publicUrl}`,
    );
  } catch (error) {
    await database?.close().catch(() => {});
    releaseLock();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof LockHeldError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${process.env.PORT ?? 3000} is already in use; set PORT to a free port.`);
  } else {
    console.error('Tripmates could not start:', error);
  }
  process.exit(1);
});
