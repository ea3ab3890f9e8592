// The area suites once, against the target the environment names: used by the live-safety
// self-test (contracts/self-test/live-safety.test.ts). `workflow-api-mock contracts` (cli/contracts.ts)
// needs no config file: it passes the same settings to vitest's Node API.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['contracts/suites/*.contract.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
