import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'openapi/**/*.test.ts',
      'mocks/**/*.test.ts',
      'contracts/receiver/**/*.test.ts',
      'scripts/**/*.test.ts',
      'cli/**/*.test.ts',
      'tests/*.test.ts',
      'docs/**/*.test.ts',
      'support/**/*.test.ts',
    ],
    // Suites that start Prism or a mock server as child processes need room; nothing here sleeps to pass.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep parallel child processes (Prism) from starving each other.
    maxWorkers: 2,
    // Test files keep module state (servers, stores, environment); said explicitly, so vitest stops
    // suggesting `isolate: false` at the end of every run.
    isolate: true,
  },
});
