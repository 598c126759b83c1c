import {
  type OperatorCommand,
  OperatorError,
  operatorCommands,
} from '../features/account/operators';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import { acquireLock } from '../platform/lockFile';

/** `npm run user -- promote|set-plan|reset-2fa ...`: account chores for operators. */
async function main() {
  const [command, ...args] = process.argv.slice(2);
  // Own keys only: `in` would also accept every object's toString, constructor, ...
  if (!command || !Object.hasOwn(operatorCommands, command)) {
    throw new OperatorError(
      'Usage: npm run user -- promote <username> | set-plan <username> free|premium|pro | reset-2fa <username>',
    );
  }
  const config = loadConfig();
  // The embedded database allows one process: this refuses while the server runs on it.
  const release = config.databaseUrl ? () => {} : acquireLock(config.dataDir);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    console.log(await operatorCommands[command as OperatorCommand](database.db, args));
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
