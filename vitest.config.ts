import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The app's test files that replace a module (`vi.mock`): without isolation the replacement
 * outlives the file and other files in the worker get the fake (seen: toasts that never showed).
 * Found by reading the files, so a new one cannot be forgotten.
 */
const APP_MOCKING = fs
  .readdirSync('app', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `app/${file}`)
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, 'utf8')));

// Tests that measure time (live floods against a latency bound, Redis killed and restarted under
// a deadline, `npm start` within its grace period): they run last, one file at a time, so the
// other files' work cannot be what they measure.
const TIMED = [
  'server/features/realtime/flood.test.ts',
  'server/features/realtime/accountFlood.test.ts',
  'server/features/realtime/redisOutage.test.ts',
  'server/features/realtime/redisRestart.test.ts',
  'server/main.test.ts',
];

const serverProject = {
  environment: 'node' as const,
  globalSetup: ['server/test/globalSetup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Projects: `server` (shared helpers, services and API integration tests in Node, each test file
// on its own database), `app` (React components in happy-dom), `app-mocking` (above, each file
// in a fresh worker) and `server-timed` (above).
//
// `isolate: false` (issue #36, CI over 30 minutes): a worker keeps what node_modules loaded
// (React, Fastify, PGlite, happy-dom's window) from one test file to the next, while Vitest still
// evaluates the project's own modules afresh for each file, so no file sees another's state.
// It halved the unit step (app 139 → 51 s, server 280 → 166 s, one worker, this 2-core machine).
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
          exclude: APP_MOCKING,
          setupFiles: ['app/test/setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'app-mocking',
          environment: 'happy-dom',
          include: APP_MOCKING,
          setupFiles: ['app/test/setup.ts'],
          isolate: true,
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
