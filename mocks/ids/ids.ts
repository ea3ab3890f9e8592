// The one registry of identifier prefixes (spec "Identifier prefixes": 17 kinds).
// IDs are prefix + 7 base62 characters drawn from the world's seeded faker, unique per world.
import { type FactoryContext, randomString } from './random.ts';

export const ID_PREFIXES = {
  workflow: 'p_',
  source: 'dc_',
  savedComponent: 'sc_',
  step: 'c_',
  webhook: 'wh_',
  subscription: 'sub_',
  workspace: 'o_',
  user: 'u_',
  project: 'proj_',
  template: 'tch_',
  httpTrigger: 'hi_',
  timerTrigger: 'ti_',
  emailTrigger: 'ei_',
  account: 'apn_',
  connectToken: 'ctok_',
  app: 'oa_',
  deployment: 'd_',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ID_SUFFIX_LENGTH = 7;

// Longest prefix first, so a lookup never stops at a shorter prefix of a longer one.
const BY_LENGTH = (Object.entries(ID_PREFIXES) as Array<[IdKind, string]>).sort((a, b) => b[1].length - a[1].length);
const SUFFIX = /^[A-Za-z0-9]+$/;

/** A fresh ID of `kind`, unique within the context's world (redrawn on collision). */
export function newId(kind: IdKind, ctx: FactoryContext): string {
  const prefix = ID_PREFIXES[kind];
  for (;;) {
    const id = prefix + randomString(ctx.faker, ID_SUFFIX_LENGTH);
    if (!ctx.issued.has(id)) {
      ctx.issued.add(id);
      return id;
    }
  }
}

/** The kind of an ID by its prefix, or undefined when no prefix matches or the suffix is not base62. */
export function kindOf(id: string): IdKind | undefined {
  for (const [kind, prefix] of BY_LENGTH) {
    if (id.startsWith(prefix)) return SUFFIX.test(id.slice(prefix.length)) ? kind : undefined;
  }
  return undefined;
}

export function isId(kind: IdKind, value: unknown): value is string {
  return typeof value === 'string' && kindOf(value) === kind;
}

/** Emitter globs of the subscription endpoints: `p_*` every workflow, `dc_*` every event source. */
export type EmitterGlob = 'p_*' | 'dc_*';

export function isEmitterGlob(value: unknown): value is EmitterGlob {
  return value === 'p_*' || value === 'dc_*';
}
