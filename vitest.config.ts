import { defineConfig } from 'vitest/config';

// Two projects: `server` (shared helpers, services and API integration tests in Node, each test
// file on its own database) and `app` (React components in happy-dom).
export default defineConfig({
  resolve: { alias: { '@': new URL('./app', import.meta.url).pathname } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          globalSetup: ['server/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'happy-dom',
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['app/test/setup.ts'],
        },
      },
    ],
  },
});
