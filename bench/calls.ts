/**
 * Calls benchmark (issues #19 and #20): how long from a click on **Join audio room** to the first
 * sound of the others arriving, and, with the others' cameras on, to the first decoded frame of
 * each of their videos, for rooms of 2 and 4 people; and what the joins cost the server
 * (signalling messages and CPU per join). Real browsers (Debian's Chromium, headless, a fake
 * microphone and camera: Chromium's own test pattern, 1280 × 720), the built server on the
 * embedded database, everything on this machine.
 *
 *   npm run bench:calls
 *
 * Settings: BENCH_ROUNDS joins per room size (10), BENCH_SIZES room sizes (2,4). The p50 and
 * p99 are over the rounds; with 10 rounds the p99 is the slowest join. Loopback only; every
 * process and temporary directory goes when it ends, fails or is interrupted.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { mediaLaunchOptions, watchPeerConnections } from '../e2e/support/media';
import { SESSION_COOKIE } from '../server/platform/sessions';
import { cleanUp, deadline, startServer, stop, temporaryDir } from './live/harness';
import { cpuSeconds } from './live/procStats';
import { type BenchClient, seed } from './live/seed';

const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const sizes = (process.env.BENCH_SIZES ?? '2,4').split(',').map(Number);
if (
  !Number.isInteger(rounds) ||
  rounds < 1 ||
  sizes.some((n) => !Number.isInteger(n) || n < 2 || n > 10)
) {
  console.error('BENCH_ROUNDS must be a whole number ≥ 1 and BENCH_SIZES sizes from 2 to 10');
  process.exit(1);
}

const join = (page: Page) => page.getByRole('button', { name: 'Join audio room', exact: true });
const startVideo = (page: Page) => page.getByRole('button', { name: 'Start video', exact: true });
const stopVideo = (page: Page) => page.getByRole('button', { name: 'Stop video', exact: true });
const leave = (page: Page) => page.getByRole('button', { name: 'Leave audio room', exact: true });

/** A tab of a member, signed in with their session, on the trip's dashboard. */
async function openTab(browser: Browser, base: string, client: BenchClient) {
  const context = await browser.newContext({ baseURL: base });
  await context.addCookies([{ name: SESSION_COOKIE, value: client.token, url: base }]);
  await watchPeerConnections(context);
  // Counts the signalling messages the tab sends (Socket.IO frames naming call:signal).
  await context.addInitScript(`
    window.__signalsSent = 0;
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      if (typeof data === 'string' && data.includes('"call:signal"')) window.__signalsSent += 1;
      return send.call(this, data);
    };
  `);
  const page = await context.newPage();
  await page.goto(`/dashboard?trip=${client.tripId}`);
  await join(page).waitFor({ timeout: 30_000 });
  return page;
}

/**
 * Clicks Join on `page` and measures in the page, from the click to the first audio bytes from
 * each of the others (`others` connections receiving), or with `what` video to the first frame
 * of video decoded from each of them: milliseconds.
 */
async function timeToMedia(page: Page, others: number, what: 'audio' | 'video') {
  const counted =
    what === 'audio'
      ? `r.type === 'inbound-rtp' && r.kind === 'audio' && r.bytesReceived > 0`
      : `r.type === 'inbound-rtp' && r.kind === 'video' && r.framesDecoded > 0`;
  // Plain text, not a function: tsx names functions with a helper the page does not have.
  const measured = page.evaluate(`new Promise((resolve, reject) => {
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.getAttribute('aria-label') === 'Join audio room',
    );
    if (!button) return reject(new Error('no Join audio room button'));
    let clickedAt = 0;
    button.addEventListener('click', () => { clickedAt = performance.now(); }, { once: true });
    const check = async () => {
      if (!clickedAt) return setTimeout(check, 5);
      const pcs = (window.__peerConnections || []).filter((pc) => pc.connectionState !== 'closed');
      let hearing = 0;
      for (const pc of pcs) {
        const stats = await pc.getStats();
        let arrived = false;
        stats.forEach((r) => {
          if (${counted}) arrived = true;
        });
        if (arrived) hearing += 1;
      }
      if (hearing >= ${others}) resolve(performance.now() - clickedAt);
      else if (performance.now() - clickedAt > 30000) reject(new Error('no ${what} within 30 s'));
      else setTimeout(check, 5);
    };
    check();
  })`) as Promise<number>;
  await join(page).click();
  return measured;
}

const signalsSent = (pages: Page[]) =>
  Promise.all(
    pages.map((page) =>
      page.evaluate(() => (window as unknown as { __signalsSent: number }).__signalsSent),
    ),
  ).then((counts) => counts.reduce((sum, n) => sum + n, 0));

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const largest = Math.max(...sizes);
  console.log(
    `Tripmates calls (issues #19, #20): from a click on Join audio room to the first audio of each
  other person, and (their cameras on) to the first decoded frame of each one's video, ${rounds}
  joins per room size and medium, in headless Chromium with a fake microphone and camera, against
  the built server (embedded database) on this machine.\n`,
  );
  const dataDir = temporaryDir('tripmates-bench-calls-');
  const clients = await seed(dataDir, 1, largest);
  const server = await startServer(dataDir);
  const browser = await chromium.launch(mediaLaunchOptions);
  try {
    const rows: string[] = [];
    for (const size of sizes) {
      const pages = await Promise.all(
        clients.slice(0, size).map((c) => openTab(browser, server.url, c)),
      );
      for (const what of ['audio', 'video'] as const) {
        const times: number[] = [];
        let cpu = 0;
        let signals = 0;
        for (let round = 0; round < rounds; round++) {
          // Everyone but the last is in the call already (cameras on, for video); the last one's
          // join is measured.
          for (const page of pages.slice(0, -1)) {
            await join(page).click();
            await leave(page).waitFor();
            if (what === 'video') {
              await startVideo(page).click();
              await stopVideo(page).waitFor();
            }
          }
          const before = { cpu: cpuSeconds(server.pid), signals: await signalsSent(pages) };
          times.push(await timeToMedia(pages.at(-1)!, size - 1, what));
          const used = cpuSeconds(server.pid);
          cpu += used.user + used.system - before.cpu.user - before.cpu.system;
          signals += (await signalsSent(pages)) - before.signals;
          for (const page of pages) {
            await leave(page).click();
            await join(page).waitFor();
          }
        }
        rows.push(
          `${String(size).padStart(4)} people   ${what}   ${percentile(times, 50).toFixed(0).padStart(6)} ms  ${percentile(times, 99).toFixed(0).padStart(6)} ms   ${(signals / rounds).toFixed(1).padStart(8)}   ${((cpu / rounds) * 1000).toFixed(1).padStart(8)} ms`,
        );
      }
      await Promise.all(pages.map((page) => page.context().close()));
    }
    console.log('room size   media   join → first p50     p99   signals/join   server CPU/join');
    for (const row of rows) console.log(row);
  } finally {
    await browser.close();
    await stop(server.process);
  }
}

const done = deadline(20 * 60_000);
try {
  await main();
} finally {
  done();
  await cleanUp();
}
