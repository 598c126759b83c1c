import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../app';
import { buildApp } from '../app';
import type { PhotoStorage } from '../features/photos/storage';
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
  /**
   * The e-mails sent so far (the outbox files), oldest first. They go after the request that
   * queued them has answered: poll, or `await deliverMail()` first.
   */
  sentMail(): {
    to: string;
    subject: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
  }[];
  /** Sends what the mail outbox holds that is due, and resolves once it is sent. */
  deliverMail(): Promise<void>;
  close(): Promise<void>;
};

/** A real server on a free port over a real database of its own. Close it in afterAll. */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    client?: BuiltClient | null;
    database?: Database;
    /** Receives the app's log lines (JSON), e.g. to prove a secret is never logged. */
    logStream?: NodeJS.WritableStream;
    /** Where photos go instead of the settings' storage (a failing one, say). */
    photoStorage?: PhotoStorage;
    /** The scheduled jobs' clock. */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  // Each app gets its own data directory (e-mail outbox, uploads) that close() removes.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-app-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
    // As behind a load balancer: test clients name their address in X-Forwarded-For.
    TRUST_PROXY: 'true',
    // Tests never reach the internet: outside services point at a closed local port unless a
    // test starts a fake one and passes its URL.
    OPEN_METEO_GEOCODING_URL: 'http://127.0.0.1:9/geocoding',
    OPEN_METEO_FORECAST_URL: 'http://127.0.0.1:9/forecast',
    OPENWEATHER_BASE_URL: 'http://127.0.0.1:9/openweather',
    PEXELS_BASE_URL: 'http://127.0.0.1:9/pexels',
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp(config, {
    database,
    client: options.client === undefined ? null : options.client,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.photoStorage ? { photoStorage: options.photoStorage } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    config,
    url: `http://127.0.0.1:${port}`,
    sentMail() {
      const outbox = path.join(config.dataDir, 'outbox');
      if (!fs.existsSync(outbox)) return [];
      return fs
        .readdirSync(outbox)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')));
    },
    deliverMail: () => app.mailOutbox.deliver(),
    async close() {
      await slowStepSaid('the app', () => app.close());
      // A database passed in is shared with another app (a second instance): its owner closes it.
      if (!options.database) await slowStepSaid('the database', () => database.close());
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two servers on one database, as two instances behind a load balancer: what one changes, the
 * other must see. `close()` stops both (the second first: the database is the first's).
 */
export async function startTwoInstances(
  env?: Record<string, string>,
  options: { now?: () => Date } = {},
) {
  const a = await startTestApp({ ...(env ? { env } : {}), ...options });
  const b = await startTestApp({ ...(env ? { env } : {}), ...options, database: a.database });
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.close();
    },
  };
}

/**
 * Runs a step of closing, and says on stderr which one it is if it takes over 10 s: a hook that
 * times out in CI then names what it was waiting for.
 */
async function slowStepSaid<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const timer = setInterval(() => {
    console.error(
      `closing ${name} has taken ${Math.round((Date.now() - started) / 1000)} s so far`,
    );
  }, 10_000);
  timer.unref();
  try {
    return await step();
  } finally {
    clearInterval(timer);
  }
}
