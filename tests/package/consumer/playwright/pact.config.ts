// The run of base.config.ts, with the fixture's `pact` option (docs/pact.md, "From the
// Playwright fixture"): two workers, each merging its tests' interactions into PACT_DIR's one file.
import { defineConfig } from '@playwright/test';
import type { MockWorkerOptions } from 'workflow-api-mock-kit/playwright';
import base from './base.config.ts';

export default defineConfig<MockWorkerOptions>({
  ...base,
  testMatch: 'dashboard.spec.ts',
  use: { ...base.use, pact: { consumer: 'dashboard', dir: process.env.PACT_DIR } },
});
