// The contract runs of `npm test`: the suites against the in-process fake, MSW, the mock server, `prism mock` and
// `prism proxy --errors` (one Prism per project), the self-test against broken fakes, and the kit's unit tests.
import { defineConfig } from 'vitest/config';

const suites = ['contracts/suites/*.contract.ts'];
// isolate: each suite file needs its own module state (docs/contracts.md); said, so vitest stops suggesting otherwise.
const shared = { testTimeout: 30_000, hookTimeout: 60_000, isolate: true };

export default defineConfig({
  test: {
    // Two cores: Prism and the suites' workers share them.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'contracts:unit',
          include: [
            'contracts/*.test.ts',
            'contracts/checks/*.test.ts',
            'contracts/targets/*.test.ts',
            'contracts/explore/*.test.ts',
          ],
        },
      },
      { test: { ...shared, name: 'contracts:inprocess', include: suites, env: { CONTRACT_TARGET: 'inprocess' } } },
      { test: { ...shared, name: 'contracts:msw', include: suites, env: { CONTRACT_TARGET: 'msw' } } },
      {
        test: {
          ...shared,
          name: 'contracts:mock-server',
          include: suites,
          env: { CONTRACT_TARGET: 'mock' },
          globalSetup: ['support/contract-setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'contracts:prism-mock',
          include: suites,
          env: { CONTRACT_TARGET: 'prism' },
          globalSetup: ['support/contract-setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'contracts:prism-proxy',
          include: suites,
          env: { CONTRACT_TARGET: 'prism-proxy' },
          globalSetup: ['support/contract-setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'contracts:self-test',
          include: ['contracts/self-test/*.test.ts'],
          testTimeout: 180_000,
        },
      },
    ],
  },
});
