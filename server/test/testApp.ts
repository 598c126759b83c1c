import type { App } from '../app';
import { buildApp } from '../app';
import type { BuiltClient } from '../platform/client';
import { type Config, loadConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { createTestDatabase } from './testDatabase';

export type TestApp = {
  app: App;
  database: Database;
  config: Config;
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
};

/** A real server on a free port over a real database of its own. Close it in afterAll. */
export async function startTestApp(
  options: { env?: Record<string, string>; client?: BuiltClient | null; database?: Database } = {},
): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0', ...options.env });
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp(config, {
    database,
    client: options.client === undefined ? null : options.client,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    config,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
