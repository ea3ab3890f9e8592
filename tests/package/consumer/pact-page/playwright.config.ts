// The fixture's pact.fromPage, proven with the real runner: the page runs the kit's MSW worker with
// a pact, two workers, PACT_DIR's one file for the consumer. The app's build is served at APP_URL.
import { defineConfig } from '@playwright/test';
import type { MockWorkerOptions } from 'workflow-api-mock-kit/playwright';
import base from '../playwright/base.config.ts';

export default defineConfig<MockWorkerOptions>({
  ...base,
  testDir: '.',
  testMatch: 'page.spec.ts',
  use: { ...base.use, pact: { consumer: 'page-app', dir: process.env.PACT_DIR, fromPage: true } },
});
