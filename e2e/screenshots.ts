/**
 * Screenshots of pages at phone and desktop width, for looking at the UI after a change:
 *
 *   node --import tsx e2e/screenshots.ts http://127.0.0.1:3000 / /dashboard /no/such/page
 *
 * Writes test-results/screenshots/<page>-<width>.png (ignored by git). Add `--light` for the
 * light theme, `--signed-in` to sign up a fresh user first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../playwright.config';
import { signUpNewTraveller } from './support/accounts';

const [base = 'http://127.0.0.1:3000', ...rest] = process.argv.slice(2);
const light = rest.includes('--light');
const signedIn = rest.includes('--signed-in');
const pages = rest.filter((arg) => !arg.startsWith('--'));
const outDir = path.resolve('test-results/screenshots');
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const width of [375, 1440]) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 812 : 900 },
      deviceScaleFactor: 1,
      isMobile: width < 768,
      hasTouch: width < 768,
    });
    if (light) await context.addInitScript(() => localStorage.setItem('theme', 'light'));
    const page = await context.newPage();
    if (signedIn) await signUpNewTraveller(page.request, base, 'shots');
    for (const pathname of pages.length ? pages : ['/']) {
      await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
      const name = pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      const file = path.join(
        outDir,
        `${name}${light ? '-light' : ''}${signedIn ? '-in' : ''}-${width}.png`,
      );
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
