// The base of the package's own Playwright runs of the fixture with pact (pact.config.ts,
// ../pact-page/playwright.config.ts): Debian's Chromium (never a downloaded browser), two workers
// (each its own mock server; no test shares a world), the Vite app's build served at APP_URL.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 2,
  fullyParallel: true,
  reporter: 'list',
  timeout: 120_000,
  // A loaded CI machine builds a busy world and paints the page slower than the default 5 s.
  expect: { timeout: 30_000 },
  use: {
    baseURL: process.env.APP_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
