// The Target of a suite file: the environment's settings, with what the project's globalSetup
// started (a mock server, Prism) filling the gaps; built by create.ts.
import { inject } from 'vitest';
import { createTargetFrom } from './create.ts';
import { readTargetSettings } from './env.ts';
import type { Target } from './types.ts';

export type { Target } from './types.ts';
export { wrapInprocessFetch } from './create.ts';

/** What a vitest globalSetup started for this project (mock server, Prism), if anything. */
function provided(key: 'contractBaseUrl' | 'contractControlUrl'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined; // not inside a vitest worker
  }
}

export function createTarget(env: Record<string, string | undefined> = process.env): Promise<Target> {
  // The environment wins; a server started by the project's globalSetup fills the gaps.
  const merged = { ...env };
  merged.CONTRACT_CONTROL_URL ||= provided('contractControlUrl');
  return createTargetFrom(readTargetSettings(merged, provided('contractBaseUrl')));
}

declare module 'vitest' {
  export interface ProvidedContext {
    contractBaseUrl: string;
    /** Origin of the mock's control API when the target (Prism proxy) does not carry it. */
    contractControlUrl: string;
    /** JSONL file the exchange recorder appends to (read by the summary table). */
    contractRecordFile: string;
  }
}
