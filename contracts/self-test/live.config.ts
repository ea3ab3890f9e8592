// The area suites once, against the target the environment names: the live-safety self-test's
// child run (live-safety.test.ts). The contract runner (contracts/runner.ts) needs no config file:
// it passes the same settings to vitest's Node API.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['contracts/suites/*.contract.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
