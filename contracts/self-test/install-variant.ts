// Setup file of each broken-variant project (broken.config.ts): wraps the in-process target's
// fetch in the variant that project names, so the targets know nothing of the broken fakes.
import { inject } from 'vitest';
import { wrapInprocessFetch } from '../targets/create.ts';
import { wrapBroken } from './variants.ts';

const variant = inject('brokenVariant');
wrapInprocessFetch((fetch) => wrapBroken(variant, fetch));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The variant of contracts/self-test/variants.ts this project runs against. */
    brokenVariant: string;
  }
}
