// The self-test's child run: the relevant suites against each deliberately broken variant of the
// in-process fake (one project per variant), and every suite against the intact fake, so that a
// case counts as catching a variant only when it fails there and passes against the real fake.
import { defineConfig } from 'vitest/config';
import { VARIANTS } from './variants.ts';
import OutcomeReporter from './outcome-reporter.ts';

const SUITES = 'contracts/suites';

export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: [new OutcomeReporter()],
    projects: [
      {
        test: {
          name: 'intact',
          include: [`${SUITES}/*.contract.ts`],
          env: { CONTRACT_TARGET: 'inprocess' },
          testTimeout: 30_000,
        },
      },
      ...Object.entries(VARIANTS).map(([name, variant]) => ({
        test: {
          name,
          include: variant.suites.map((file) => `${SUITES}/${file}`),
          env: { CONTRACT_TARGET: 'inprocess' },
          provide: { brokenVariant: name },
          setupFiles: ['contracts/self-test/install-variant.ts'],
          testTimeout: 30_000,
        },
      })),
    ],
  },
});
