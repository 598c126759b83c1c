import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { FeatureDeps } from './features/feature';
import { livePlugin } from './features/live';
import { photoFilesFor } from './features/photos';
import type { PhotoStorage } from './features/photos/storage';
import { SERVER_FEATURES } from './features/registry';
import { registerAccessControl } from './platform/access';
import { authentication } from './platform/auth';
import { registerCanonicalIds } from './platform/canonicalIds';
import { type BuiltClient, loadBuiltClient, registerClient } from './platform/client';
import type { Config } from './platform/config';
import { registerCsrfProtection } from './platform/csrf';
import type { Database } from './platform/db/client';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './platform/errors';
import { registerJsonBodies } from './platform/jsonBody';
import { MailOutbox } from './platform/mail/outbox';
import { createMailTransport, type MailTransport } from './platform/mail/transport';
import { Scheduler } from './platform/scheduler';
import {
  mediaOriginsFor,
  registerNoStoreForApi,
  registerSecurityHeaders,
} from './platform/securityHeaders';

export type AppDeps = {
  database: Database;
  /** Overrides reading the build from `config.clientDir` (tests). */
  client?: BuiltClient | null;
  /** Hands e-mail on; by default SMTP_URL's server, or files in DATA_DIR/outbox. */
  mailTransport?: MailTransport;
  /** Where log lines go (`stdoutLog()` in production; tests capture them); pino's default else. */
  logStream?: { write(line: string): unknown };
  /** Where photos are kept; by default the settings' (S3_BUCKET, else DATA_DIR/photos). */
  photoStorage?: PhotoStorage;
  /** The scheduled jobs' clock (tests move a fake one); the real time by default. */
  now?: () => Date;
};

// How often an instance looks for scheduled work that is due (hourly jobs; a minute late at most).
const SCHEDULER_TICK_MS = 60 * 1000;

// Join codes and magic-link tokens travel in the path (the page's and the API's): a log reader
// must not be able to join a trip or sign in as someone with what the log says (issue #35).
const SECRET_IN_PATH = /^(\/(?:api\/)?(?:join|magic)\/)[^/?#]+/;

/**
 * Request URLs lose their query string in logs (reset and confirmation tokens travel there),
 * and the join code or magic-link token of their path.
 */
export function redactUrl(url: string) {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(SECRET_IN_PATH, '$1[redacted]');
  return q === -1 ? path : `${path}?[redacted]`;
}

type CompilersFactory = NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/**
 * Builds the whole HTTP app without listening: `server/main.ts` starts it, tests start it on
 * port 0 with their own database. Plugins run in this order for every request: security
 * headers, compression, validation (zod), the route, the error handler.
 */
export async function buildApp(config: Config, deps: AppDeps) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // Only behind a proxy that sets it may X-Forwarded-For name the client (TRUST_PROXY):
    // otherwise anyone could pick their own address and dodge per-IP rate limits.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long enough for any id a contract takes (a join code is up to 300 characters), so that
    // the contract answers a wrong one (404); longer paths are refused as too long (414).
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Fastify gives each plugin 10 s to start. A Raspberry Pi, or a busy CI machine restarting a
    // server mid-test, took longer ("Plugin did not start in time"); nothing here waits on the
    // network, so a slow start is just slow, not stuck.
    pluginTimeout: 60_000,
    // Every route is checked and answered through its zod contract. Named here rather than
    // set after, so Fastify never loads its own JSON-schema compilers (Ajv and
    // fast-json-stringify), which no route uses: 0.2-0.7 s of start-up (issue #36).
    schemaController: {
      // Typed for Fastify's Ajv compilers; the zod ones are called the same way.
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializerCompiler,
      } as unknown as CompilersFactory,
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Services reach the database through the app (policies, change contexts), not each plugin's options.
  app.decorate('db', deps.database.db);
  registerErrorHandling(app);
  registerCanonicalIds(app);

  const client = deps.client === undefined ? loadBuiltClient(config.clientDir) : deps.client;
  await registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https:'),
    inlineScriptHashes: client?.inlineScriptHashes ?? [],
    ...mediaOriginsFor(config),
  });
  registerNoStoreForApi(app);
  closeConnectionsAsResponsesFinish(app);
  await app.register(compress, { threshold: 1024 });
  registerJsonBodies(app);
  registerCsrfProtection(app, config.publicUrl);
  // Limits are set per route (sign-in, reset, ...). Counters live in this process, or in Redis
  // when instances share one, so a limit holds whichever instance a request reaches. While
  // Redis cannot answer, each instance counts in its own memory at once (rateLimitStore.ts).
  const sharedStore = config.redisUrl
    ? (await import('./platform/rateLimitStore')).sharedLimitStore(
        app,
        config.redisUrl,
        config.redisPrefix,
      )
    : null;
  await app.register(rateLimit, {
    global: false,
    ...(sharedStore ? { store: sharedStore, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(authentication, {
    db: deps.database.db,
    publicUrl: config.publicUrl,
    changes: deps.database.changes,
  });
  registerAccessControl(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tripmates API',
        description:
          'Every request and response is validated by the zod schemas in shared/contracts.',
        version: '1',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Live connections share the HTTP server; routes below broadcast what they save.
  await app.register(livePlugin, {
    db: deps.database.db,
    changes: deps.database.changes,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    calls: config.calls,
  });

  // Every e-mail goes through the outbox (issue #35): queued with the change it is about, sent
  // by this worker on whichever instance claims it first, retried for over a day.
  const mailOutbox = new MailOutbox(
    deps.database.db,
    deps.mailTransport ?? createMailTransport(config),
    app.log,
    deps.now,
  );
  app.decorate('mailOutbox', mailOutbox);
  deps.database.changes.on('tripmates_mail', () => void mailOutbox.deliver());
  app.addHook('onClose', () => mailOutbox.stop());

  // The features, each plugged in from its own folder (features/registry.ts).
  const features: FeatureDeps = {
    database: deps.database,
    db: deps.database.db,
    config,
    log: app.log,
    files: photoFilesFor(config, deps.photoStorage),
  };
  for (const feature of SERVER_FEATURES) await feature.register?.(app, features);

  // The server's own work on a schedule (issue #24), run once across instances.
  const scheduler = new Scheduler(
    deps.database.db,
    [
      ...SERVER_FEATURES.flatMap((feature) => feature.jobs?.(features) ?? []),
      // Last: it sends what the jobs before it queued.
      mailOutbox.job(),
    ],
    app.log,
    deps.now,
  );
  app.decorate('scheduler', scheduler);
  scheduler.start(SCHEDULER_TICK_MS);
  app.addHook('onClose', () => scheduler.stop());

  await registerClient(app, client);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * On close, Fastify closes the idle keep-alive connections at once; one whose response was still
 * finishing then (a file being streamed, a slow moment) would stay open until its keep-alive
 * timeout, 72 s, holding the close — and the process's exit — that long. Each such connection
 * is closed as its response finishes instead.
 */
function closeConnectionsAsResponsesFinish(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
}
