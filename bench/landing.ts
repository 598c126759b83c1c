import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { measureLandingScripts, SCRIPT_BUDGET_BYTES } from '../e2e/support/scriptBudget';
import { chromiumLaunchOptions } from '../playwright.config';
import { startBuiltApp } from './support/builtApp';

const CATEGORY_BUDGETS = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
  seo: 95,
} as const;

const { base, close } = await startBuiltApp('lighthouse');

const debuggingPort = 9300 + Math.floor(Math.random() * 500);
const browser = await chromium.launch({
  ...chromiumLaunchOptions,
  args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${debuggingPort}`],
});
let failed = false;
try {
  const scripts = await measureLandingScripts(browser, base);
  console.log(`Scripts loaded by / (signed out, phone), gzipped:`);
  for (const file of scripts.files) {
    console.log(`  ${(file.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file.path}`);
  }
  const withinBudget = scripts.totalGzipBytes <= SCRIPT_BUDGET_BYTES;
  failed ||= !withinBudget;
  console.log(
    `  ${(scripts.totalGzipBytes / 1024).toFixed(1).padStart(7)} KB  total (budget ${SCRIPT_BUDGET_BYTES / 1024} KB) ${withinBudget ? 'ok' : 'OVER BUDGET'}\n`,
  );

  const result = await lighthouse(`${base}/`, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(CATEGORY_BUDGETS),
    // Lighthouse's default: a mid-range phone on slow 4G, simulated.
    formFactor: 'mobile',
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { categories, audits } = result.lhr;
  console.log('Lighthouse on / (mobile):');
  for (const [id, budget] of Object.entries(CATEGORY_BUDGETS)) {
    const score = Math.round((categories[id]?.score ?? 0) * 100);
    failed ||= score < budget;
    console.log(`  ${id.padEnd(15)} ${String(score).padStart(3)}  (budget ≥ ${budget})`);
  }
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    console.log(`  ${id.padEnd(26)} ${audits[id]?.displayValue ?? '?'}`);
  }
  // What cost points, so a miss says where to look.
  const misses = Object.values(audits).filter(
    (audit) =>
      audit.score !== null &&
      audit.score < 0.9 &&
      audit.scoreDisplayMode !== 'informative' &&
      audit.scoreDisplayMode !== 'notApplicable' &&
      audit.scoreDisplayMode !== 'manual',
  );
  if (process.env.LIGHTHOUSE_DETAILS) {
    for (const id of ['mainthread-work-breakdown', 'bootup-time', 'long-tasks']) {
      const items = (audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
      console.log(`\n${id}:`);
      for (const item of items.slice(0, 10)) console.log(`  ${JSON.stringify(item)}`);
    }
  }
  if (misses.length > 0) {
    console.log('\nAudits below 0.9:');
    for (const audit of misses) {
      console.log(`  ${audit.id}: ${audit.score} ${audit.displayValue ?? ''}`);
    }
  }
} finally {
  await browser.close();
  await close();
}
console.log(failed ? '\nA budget was missed.' : '\nAll budgets met.');
process.exit(failed ? 1 : 0);
