/**
 * What the first load of the landing page and of the dashboard costs in JavaScript, measured on
 * the production build in Debian's Chromium (issue #22: a lazy feature must not grow either):
 *
 *   npm run build && npm run bench:scripts
 *
 * Starts the real server (embedded database in a temporary directory) on 127.0.0.1, loads `/`
 * signed out and `/dashboard` as a newly signed-up person (their first trip's board), both on a
 * phone until the network is idle, then a board with a whiteboard, closed and opened, and prints
 * each script's gzipped size and the totals.
 */
import { type BrowserContext, chromium, request } from '@playwright/test';
import { signUpNewTraveller } from '../e2e/support/accounts';
import { measurePageScripts, type ScriptSizes } from '../e2e/support/scriptBudget';
import { chromiumLaunchOptions } from '../playwright.config';
import { startBuiltApp } from './support/builtApp';

const { base, close } = await startBuiltApp('scripts');

/** The total, and each script of 5 KB or more (the many small chunks together). */
function print(title: string, { files, totalGzipBytes }: ScriptSizes) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
  console.log(`${title}: ${kb(totalGzipBytes).trim()} gzipped in ${files.length} files`);
  const large = files.filter((file) => file.gzipBytes >= 5 * 1024);
  for (const file of large) console.log(`  ${kb(file.gzipBytes)}  ${file.path}`);
  const rest = files.length - large.length;
  const restBytes = totalGzipBytes - large.reduce((sum, file) => sum + file.gzipBytes, 0);
  if (rest > 0) console.log(`  ${kb(restBytes)}  ${rest} smaller files`);
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  print('/ (signed out)', await measurePageScripts(browser, `${base}/`));
  // The first account is the server's administrator: it moves the others to Premium (whiteboards).
  const admin = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  await signUpNewTraveller(admin, base, 'admin');
  let tripId = '';
  const signUp = async (context: BrowserContext) => {
    await signUpNewTraveller(context.request, base, 'bench');
    const { id } = await (await context.request.get(`${base}/api/user`)).json();
    await admin.patch(`/api/admin/users/${id}/plan`, { data: { plan: 'premium' } });
    [{ id: tripId }] = await (await context.request.get(`${base}/api/trips`)).json();
  };
  const dashboard = await measurePageScripts(browser, `${base}/dashboard`, { prepare: signUp });
  print('/dashboard (signed in, first trip)', dashboard);

  // A board with a whiteboard: its widget, then its editor once opened.
  const addWhiteboard = async (context: BrowserContext) => {
    await signUp(context);
    await context.request.post(`${base}/api/trips/${tripId}/widgets`, {
      headers: { origin: base },
      data: { type: 'whiteboard', position: { top: 24, left: 24 } },
    });
  };
  const board = await measurePageScripts(browser, `${base}/dashboard`, { prepare: addWhiteboard });
  print('/dashboard with a whiteboard', board);
  const opened = await measurePageScripts(browser, `${base}/dashboard`, {
    prepare: addWhiteboard,
    afterLoad: async (page) => {
      await page.getByRole('button', { name: 'Open whiteboard' }).click();
      await page.locator('canvas.excalidraw__canvas.interactive').waitFor();
    },
  });
  print('/dashboard, the whiteboard opened', opened);
  await admin.dispose();
} finally {
  await browser.close();
  await close();
}
