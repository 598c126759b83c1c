import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_FAKE_DUFFEL_PORT,
  E2E_FAKE_PEXELS_PORT,
  E2E_FAKE_WEATHER_PORT,
  E2E_PEXELS_KEY,
} from './e2e/support/fakePorts';
import { SERVER_NODE_FLAGS } from './scripts/serverFlags.mjs';
import { FAKE_DUFFEL_TOKEN } from './server/test/fakes/duffelUpstream';

// End-to-end tests drive Debian's Chromium against the production build served by the real
// server on its own fresh data directory. `npm test` builds the client first.
const port = Number(process.env.E2E_PORT ?? 4317);
const baseURL = `http://127.0.0.1:${port}`;
// The config is evaluated again in every worker; the environment carries the first choice over.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-e2e-'));
}
const dataDir = process.env.E2E_DATA_DIR;

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

// Tests that need the machine to themselves: calls with cameras on (each page encodes and
// decodes video in software, which takes the two cores), and the whiteboard's, which times how
// soon one person's shape reaches the other (issue #22: within a second).
const ALONE_TESTS = /(video|whiteboard)\.spec\.ts/;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Upper bounds, not waits: a test moves on as soon as what it waits for is there. The same
  // 2-core CI machine has run the suite at a quarter of its usual speed (2026-11-26: 10 s for a
  // page test that takes 2.5 s on a good day), and 60 s and 10 s failed tests that were right.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions,
    // A failed test keeps its trace (each action's DOM, the network, the console), without the
    // screencast: recording frames for every test, passed or not, cost a third of the run's time
    // on two cores (issue #36; the failure's own screenshot is still taken).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    // Makes the administrator as the first account, before any other test signs anyone up.
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      dependencies: ['setup'],
      testIgnore: ALONE_TESTS,
    },
    // Only where a phone's layout differs (stacked widgets, the Login link, the call bar, no
    // sideways scroll): tests tagged @phone. The rest would repeat the desktop run at 375 px.
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } },
      dependencies: ['setup'],
      testIgnore: ALONE_TESTS,
      grep: /@phone/,
    },
    // ALONE_TESTS run last and one at a time, with nothing else beside them (the phone's layout
    // in phone-sized windows of their own).
    {
      name: 'alone',
      testMatch: ALONE_TESTS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      dependencies: ['desktop', 'phone'],
      workers: 1,
    },
  ],
  webServer: [
    {
      // Weather, Pexels, Duffel and listing pages, played by local fakes: the run never reaches
      // the internet.
      command: 'node --import tsx e2e/support/fakeServices.ts',
      port: E2E_FAKE_PEXELS_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The built server, as `npm start` runs it (`npm run build` comes first).
      command: ['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js'].join(' '),
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Tests may name their own client address (X-Forwarded-For), so per-address limits
        // count each test on its own: see actAsNewVisitor() in e2e/support/ui.ts.
        TRUST_PROXY: 'loopback',
        OPEN_METEO_GEOCODING_URL: `http://127.0.0.1:${E2E_FAKE_WEATHER_PORT}/v1/search`,
        OPEN_METEO_FORECAST_URL: `http://127.0.0.1:${E2E_FAKE_WEATHER_PORT}/v1/forecast`,
        PEXELS_API_KEY: E2E_PEXELS_KEY,
        PEXELS_BASE_URL: `http://127.0.0.1:${E2E_FAKE_PEXELS_PORT}`,
        DUFFEL_ACCESS_TOKEN: FAKE_DUFFEL_TOKEN,
        DUFFEL_BASE_URL: `http://127.0.0.1:${E2E_FAKE_DUFFEL_PORT}`,
        // The fake listing site is on 127.0.0.1: a setting for tests alone.
        LINK_PREVIEW_ALLOW_LOOPBACK: 'true',
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
