// A factory context for the factories' and IDs' tests: one seeded faker, no world around it. The
// store builds its worlds' contexts itself (mocks/store/seed.ts); this one exists for tests only,
// so it lives in test support, not in the runtime's mocks/random.ts.
import { createFaker, type FactoryContext, seedFrom } from '../mocks/random.ts';

/**
 * A fresh context drawing from `seed` (a string is hashed as the store hashes tokens).
 *
 * @example
 * const ctx = createContext('factories-User');
 * buildUser(ctx).id; // 'u_...'
 */
export function createContext(seed: number | string | number[], now: () => number = () => Date.now()): FactoryContext {
  const numeric = typeof seed === 'string' ? seedFrom(seed) : seed;
  return { faker: createFaker(numeric), issued: new Set(), now };
}
