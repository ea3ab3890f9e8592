// One call per suite file: the target from the environment, its transport checked, the afterAll cleanup, and
// `caseIf`, which skips a case visibly (the reason in its name) when the target cannot run it.
import { randomBytes } from 'node:crypto';
import { afterAll, inject, it } from 'vitest';
import { validator } from '../openapi/validator.ts';
import { type Answer, type Api, apiOf, createApi, ReadOnlyRefusal, searchParamsOf } from './api.ts';
import { createCheckedFetch } from './checks/fetch.ts';
import { fileRecorder } from './summary.ts';
import { createControl } from './control.ts';
import { createDiscovery, NotConfigured } from './discover.ts';
import { createTargetFrom } from './targets/create.ts';
import { readTargetSettings } from './targets/env.ts';
import type { Capabilities } from './targets/types.ts';

export type Need = keyof Capabilities;

/** What a case reaches: the helpers of contracts/cases.ts take one (a world of a case's own included). */
export type Contract = Omit<Awaited<ReturnType<typeof useContract>>, 'ownWorld'>;

const NEED_TEXT: Record<Need, string> = {
  stateful: 'a stateful target',
  control: 'the mock control API',
  writes: 'writes (CONTRACT_ALLOW_WRITES=1 on live)',
  enforcesRules: "the server's own input rules (not Prism's)",
  disposable: 'a target whose configuration may be changed for good (never live)',
};

declare module 'vitest' {
  export interface ProvidedContext {
    contractBaseUrl: string;
    /** Origin of the mock's control API when the target (Prism proxy) does not carry it. */
    contractControlUrl: string;
    /** JSONL file the exchange recorder appends to (read by the summary table). */
    contractRecordFile: string;
  }
}

/** What a vitest globalSetup started for this project (mock server, Prism, the record file), if anything. */
function provided(key: 'contractBaseUrl' | 'contractControlUrl' | 'contractRecordFile'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined; // not inside a vitest worker
  }
}

/**
 * Every resource a suite creates registers its undo right away; afterAll runs them all, newest
 * first, whether the tests passed or not, and one failed undo does not stop the others
 * (live safety: a CI run against a real account leaves nothing behind).
 */
function createCleanup() {
  const undos: Array<{ description: string; undo: () => Promise<unknown> }> = [];
  return {
    add: (description: string, undo: () => Promise<unknown>) => void undos.push({ description, undo }),
    async run(): Promise<void> {
      const failures: string[] = [];
      while (undos.length > 0) {
        const { description, undo } = undos.pop()!;
        try {
          await undo();
        } catch (error) {
          failures.push(`${description}: ${(error as Error).message}`);
        }
      }
      if (failures.length > 0) throw new Error(`cleanup left resources behind:\n${failures.join('\n')}`);
    },
  };
}

/**
 * Registers the undo of every resource the API says it created, at the lowest layer, so that a
 * case never forgets one, including a negative case whose "refused" request a broken server
 * accepted (live safety: nothing created by a run outlives it).
 */
function trackCreations(api: Api, cleanup: ReturnType<typeof createCleanup>): Api {
  // An undo that finds the resource gone (404) is done too.
  const undo = (description: string, what: string, send: () => Promise<Answer>) =>
    cleanup.add(description, async () => {
      const answer = await send();
      if (answer.status >= 300 && answer.status !== 404) throw new Error(`${what} answered ${answer.status}`);
    });
  const call: Api['call'] = async (method, path, options) => {
    const answer = await api.call(method, path, options);
    if (method !== 'POST' || answer.status < 200 || answer.status >= 300) return answer;
    if (path === '/webhooks' && answer.body?.data?.id) {
      const id = answer.body.data.id as string;
      undo(`delete webhook ${id}`, `DELETE /webhooks/${id}`, () => api.delete(`/webhooks/${id}`));
    } else if (path === '/workflows' && answer.body?.data?.id) {
      const id = answer.body.data.id as string;
      const body = { active: false, org_id: (options?.body as { org_id?: string } | undefined)?.org_id };
      undo(`deactivate workflow ${id}`, `PUT /workflows/${id}`, () => api.put(`/workflows/${id}`, { body }));
    } else if (path === '/sources' && answer.body?.data?.id) {
      const id = answer.body.data.id as string;
      undo(`delete source ${id}`, `DELETE /sources/${id}`, () => api.delete(`/sources/${id}`));
    } else if (path === '/subscriptions') {
      const query = searchParamsOf(options?.query);
      const triple = {
        emitter_id: query.get('emitter_id') ?? '',
        listener_id: query.get('listener_id') ?? '',
        event_name: query.get('event_name') ?? '',
      };
      const description = `unsubscribe ${triple.listener_id} from ${triple.emitter_id}`;
      undo(description, 'DELETE /subscriptions', () => api.delete('/subscriptions', { query: triple }));
    }
    return answer;
  };
  return apiOf(call);
}

export async function useContract() {
  // The environment wins; a server started by the project's globalSetup fills the gaps.
  const env = { ...process.env };
  env.CONTRACT_CONTROL_URL ||= provided('contractControlUrl');
  const target = await createTargetFrom(readTargetSettings(env, provided('contractBaseUrl')));
  const { fetch, baseUrl, name: targetName } = target;
  const checkedFetch = createCheckedFetch({
    fetch,
    validator,
    baseUrl,
    targetName,
    record: fileRecorder(process.env.CONTRACT_RECORD_FILE || provided('contractRecordFile')),
  });
  const cleanup = createCleanup();
  /** What a case reaches with one token: the API (checked, and tracked for cleanup on a stateful target), the control API, discovery. */
  const world = (token: string) => {
    const rawApi = createApi(target.baseUrl, token, checkedFetch, !target.caps.writes);
    // A stateless double remembers nothing, so there is nothing to undo there.
    const api = target.caps.stateful ? trackCreations(rawApi, cleanup) : rawApi;
    const control = createControl(target, token);
    return {
      /** Every request through here is checked (see contracts/checks) and recorded. */
      api,
      /** The same requests unchecked, for what the document cannot describe (unknown paths, oversized bodies). */
      unchecked: createApi(target.baseUrl, token, target.fetch, !target.caps.writes),
      control,
      ids: createDiscovery(target, api, control),
    };
  };
  afterAll(async () => {
    try {
      await cleanup.run();
    } finally {
      target.close?.();
    }
  });
  const can = (...needs: Need[]) => needs.every((need) => target.caps[need]);
  const contract = {
    target,
    ...world(target.token),
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
              // A write on a read-only target, or an ID a live target was not given: skipped, visibly, not failed.
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
  return {
    ...contract,
    /**
     * The same contract on a world of the case's own (a fresh user API key), for a case that asserts about the
     * whole world: the suites may share one token (docs/contracts.md, "One token for the whole run"). Mock only.
     */
    ownWorld(): typeof contract {
      if (!target.caps.control) throw new Error('a world of its own is a mock-only device (the control API)');
      return { ...contract, ...world(`contract-own-${randomBytes(8).toString('hex')}`) };
    },
  };
}
