import { defineConfig } from 'vitest/config';

// Tests that measure time (live floods against a latency bound, Redis killed and restarted under
// a deadline, `npm start` within its grace period): they run last, one file at a time, so the
// other files' work cannot be what they measure.
const TIMED = [
  'server/features/live/flood.test.ts',
  'server/features/live/accountFlood.test.ts',
  'server/features/live/redisOutage.test.ts',
  'server/features/live/redisRestart.test.ts',
  'server/main.test.ts',
];

const serverProject = {
  environment: 'node' as const,
  globalSetup: ['server/test/globalSetup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Projects: `server` (shared helpers, services and API integration tests in Node, each test file
// on its own database), `app` (React components in happy-dom) and `server-timed` (above).
//
// The server's tests run without isolation (issue #36, CI over 30 minutes): a worker keeps what
// node_modules loaded (Fastify, PGlite, Socket.IO) from one test file to the next, while Vitest
// still evaluates the project's own modules afresh for each file, so no file sees another's
// state; each file closes its own server and database. That took the server project from 280
// to 166 s on one worker of this 2-core machine. The app's files keep a fresh worker each: a
// page's requests can outlive its file (a logout's refetch, a query still loading), and without
// isolation they reached the next file's stubbed fetch and failed its "no request" checks.
export default defineConfig({
  resolve: { alias: { '@': new URL('./app', import.meta.url).pathname } },
  test: {
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          ...serverProject,
          name: 'server',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: TIMED,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'happy-dom',
          include: ['app/**/*.test.{ts,tsx}'],
          isolate: true,
          setupFiles: ['app/test/setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          ...serverProject,
          name: 'server-timed',
          include: TIMED,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
