// `npm run contracts`: the area suites once, against the target the environment names
// (scripts/contracts.ts sets CONTRACT_* and the record file before starting vitest).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['contracts/suites/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
