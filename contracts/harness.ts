// One call per suite file: the target from the environment, its transport checked, the afterAll cleanup, and
// `caseIf`, which skips a case visibly (the reason in its name) when the target cannot run it.
import { afterAll, inject, it } from 'vitest';
import { validator } from '../openapi/validator.ts';
import { createApi, ReadOnlyRefusal } from './api.ts';
import { trackCreations } from './tracking.ts';
import { createCheckedFetch } from './checks/fetch.ts';
import { fileRecorder } from './checks/record.ts';
import { createCleanup } from './cleanup.ts';
import { createControl } from './control.ts';
import { createDiscovery, NotConfigured } from './discover.ts';
import { createTarget } from './targets/index.ts';
import type { Capabilities } from './targets/types.ts';

export type Need = keyof Capabilities;

export type Contract = Awaited<ReturnType<typeof useContract>>;

const NEED_TEXT: Record<Need, string> = {
  stateful: 'a stateful target',
  control: 'the mock control API',
  writes: 'writes (CONTRACT_ALLOW_WRITES=1 on live)',
  enforcesRules: "the server's own input rules (not Prism's)",
  disposable: 'a target whose configuration may be changed for good (never live)',
};

function recordFile(): string | undefined {
  if (process.env.CONTRACT_RECORD_FILE) return process.env.CONTRACT_RECORD_FILE;
  try {
    return inject('contractRecordFile') || undefined;
  } catch {
    return undefined;
  }
}

export async function useContract() {
  const target = await createTarget();
  const { fetch, baseUrl, name: targetName } = target;
  const checkedFetch = createCheckedFetch({
    fetch,
    validator,
    baseUrl,
    targetName,
    record: fileRecorder(recordFile()),
  });
  const cleanup = createCleanup();
  const rawApi = createApi(target.baseUrl, target.token, checkedFetch, !target.caps.writes);
  // A stateless double remembers nothing, so there is nothing to undo there.
  const api = target.caps.stateful ? trackCreations(rawApi, cleanup) : rawApi;
  const control = createControl(target);
  afterAll(async () => {
    try {
      await cleanup.run();
    } finally {
      target.close?.();
    }
  });
  /** True when the target has every capability. */
  const can = (...needs: Need[]) => needs.every((need) => target.caps[need]);
  return {
    target,
    /** Every request through here is checked (see contracts/checks) and recorded. */
    api,
    /** The same requests unchecked, for what the document cannot describe (unknown paths, oversized bodies). */
    unchecked: createApi(target.baseUrl, target.token, target.fetch, !target.caps.writes),
    control,
    ids: createDiscovery(target, api, control),
    cleanup,
    can,
    /** `it`, or `it.skip` with the missing capabilities in the name. */
    caseIf(needs: Need[], name: string, fn: () => Promise<void>, timeout?: number): void {
      const missing = needs.filter((need) => !target.caps[need]);
      if (missing.length === 0) {
        it(
          name,
          async (context) => {
            try {
              await fn();
            } catch (error) {
              // A case that needs a write on a read-only target, or an ID a live target was not
              // given, is skipped, visibly, not failed.
              if (error instanceof ReadOnlyRefusal) context.skip(`${error.message}`);
              if (error instanceof NotConfigured) context.skip(`skipped on ${target.name}: ${error.message}`);
              throw error;
            }
          },
          timeout,
        );
      } else
        it.skip(`${name} [skipped on ${target.name}: needs ${missing.map((need) => NEED_TEXT[need]).join(', ')}]`, fn);
    },
  };
}
