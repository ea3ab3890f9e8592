// `npm run test:package`: the package test alone. It packs, installs and runs things in temporary
// projects, so it runs last in `npm test`, one file, with room for npm installs.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/package/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    maxWorkers: 1,
  },
});
