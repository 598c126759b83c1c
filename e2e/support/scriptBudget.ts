import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';

// A signed-out visitor's `/` loads at most 100 KB of gzipped JavaScript (issue #4 set 120 KB).
export const SCRIPT_BUDGET_BYTES = 100 * 1024;

export type ScriptSizes = {
  files: { path: string; gzipBytes: number }[];
  totalGzipBytes: number;
};

/**
 * Opens `/` in a fresh phone-sized context (no session), waits until the network is idle so
 * chunks loaded after the first render count too, and sizes every script at gzip -9 (the server
 * may send brotli, which is smaller; the budget is stated in gzip).
 */
export async function measureLandingScripts(browser: Browser, base: string): Promise<ScriptSizes> {
  return measurePageScripts(browser, `${base}/`);
}

/**
 * The scripts `url` loads in a fresh phone-sized context, as measureLandingScripts does;
 * `prepare` runs first in that context (to sign someone in, say), and `afterLoad` once the page is
 * idle (to open something whose scripts count too).
 */
export async function measurePageScripts(
  browser: Browser,
  url: string,
  {
    prepare,
    afterLoad,
  }: {
    prepare?: (context: BrowserContext) => Promise<void>;
    afterLoad?: (page: Page) => Promise<void>;
  } = {},
): Promise<ScriptSizes> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await prepare?.(context);
    const page = await context.newPage();
    const pending: Promise<{ path: string; gzipBytes: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (afterLoad) {
      await afterLoad(page);
      await page.waitForLoadState('networkidle');
    }
    const files = await Promise.all(pending);
    return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
  } finally {
    await context.close();
  }
}
