// `npm run test:readme`: the README doc test (docs/readme-test.md). One file, its blocks in README
// order (a session's commands build on the earlier ones' state), with room for `contracts` runs.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/readme/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
  },
});
