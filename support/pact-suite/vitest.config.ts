// A frontend's own Vitest suite as the kit's users write one (docs/pact.md, "From the MSW handlers"):
// two test files through the MSW handlers in two workers, each file's interactions merged into
// PACT_DIR by the setup file's afterAll. Run by mocks/msw/pact.test.ts, never by `npm test` itself.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['*.suite.ts'],
    setupFiles: ['./setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
