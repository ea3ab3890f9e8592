// Debian's Chromium for the console's browser tests (never a downloaded browser): one page whose every request
// off 127.0.0.1 is aborted and recorded, so a test can prove the console reaches nothing but the mock.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Where Chromium is: `CHROMIUM_PATH`, else Debian's package (`apt-get install -y chromium`). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the browser tests can run here (they are skipped, not failed, without Chromium). */
export const hasChromium = existsSync(CHROMIUM);

/**
 * Launches headless Chromium and opens one 1280x900 page that may reach 127.0.0.1 only.
 *
 * @example
 * const { browser, page, blocked } = await openLoopbackPage();
 * await page.goto(`${server.origin}/?token=t`);
 * expect(blocked).toEqual([]);
 * await browser.close();
 */
export async function openLoopbackPage() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run'.split(
      ' ',
    ),
  });
  /** Every URL the page asked for off 127.0.0.1, aborted; and the page's uncaught errors. */
  const blocked: string[] = [];
  const pageErrors: string[] = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    blocked.push(url.href);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  return { browser, page, blocked, pageErrors };
}
