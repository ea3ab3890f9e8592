// The contract runs of `npm test`: the suites against the in-process fake, MSW, the mock server, `prism mock` and
// `prism proxy --errors` (one Prism per project), the self-test against broken fakes, and the kit's unit tests.
import { defineConfig } from 'vitest/config';

const suites = ['contracts/suites/*.contract.ts'];
// isolate: each suite file needs its own module state (docs/contracts.md); said, so vitest stops suggesting otherwise.
const shared = { testTimeout: 30_000, hookTimeout: 60_000, isolate: true };
// The projects that talk to a server get it (and the record file) from the one globalSetup.
const against = (name: string, target: string, server = false) => ({
  test: {
    ...shared,
    name: `contracts:${name}`,
    include: suites,
    env: { CONTRACT_TARGET: target },
    ...(server ? { globalSetup: ['support/contract-setup.ts'] } : {}),
  },
});

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
      against('inprocess', 'inprocess'),
      against('msw', 'msw'),
      against('mock-server', 'mock', true),
      against('prism-mock', 'prism', true),
      against('prism-proxy', 'prism-proxy', true),
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
