// Worlds (docs/worlds.md), one per bearer token, and the control API over them (docs/control-api.md).
// Mock targets only: a live server has neither a second world nor a control API.
import { describe, expect } from 'vitest';
import type { CallOptions } from '../api.ts';
import { expectError, expectStatus, randomTokenFor, unknownId } from '../cases.ts';
import { createControl } from '../control.ts';
import { collectIds } from '../discover.ts';
import { useContract } from '../harness.ts';

const contract = await useContract();
const { api, caseIf, target } = contract;

function freshWorld() {
  const token = randomTokenFor(contract);
  const call = (method: string, path: string, options: CallOptions = {}) =>
    api.call(method, path, { ...options, token });
  return {
    token,
    control: createControl(target, token)!,
    call,
    async user(): Promise<{ id: string; orgs: Array<{ id: string }> }> {
      const answer = await call('GET', '/users/me');
      expectStatus(answer, 200, 'GET /users/me');
      return answer.body.data;
    },
  };
}

type World = ReturnType<typeof freshWorld>;

async function createWebhookIn(world: World): Promise<{ id: string }> {
  const answer = await world.call('POST', '/webhooks', {
    query: { url: 'https://example.com/worlds-hook', name: 'worlds', description: 'made by the worlds suite' },
  });
  expectStatus(answer, 200, 'POST /webhooks');
  return answer.body.data;
}

async function createWorkflowIn(world: World): Promise<{ id: string; org_id: string }> {
  const summary = await world.control.world();
  const body = { project_id: collectIds(summary.projects, 'proj_')[0], org_id: (await world.user()).orgs[0]!.id };
  const answer = await world.call('POST', '/workflows', { body });
  expectStatus(answer, 200, 'POST /workflows');
  return answer.body.data;
}

const webhookIdsOf = async (world: World) =>
  ((await world.call('GET', '/users/me/webhooks')).body.data as Array<{ id: string }>).map((hook) => hook.id);

describe('worlds', () => {
  describe('isolation', () => {
    caseIf(
      ['control', 'writes'],
      'an ID from another world is 404, exactly like an unknown one, and the owner keeps it',
      async () => {
        const owner = freshWorld();
        const stranger = freshWorld();
        const hook = await createWebhookIn(owner);
        const workflow = await createWorkflowIn(owner);
        const org = (await owner.user()).orgs[0]!.id;
        const strangerOrg = (await stranger.user()).orgs[0]!.id;
        const foreign: Array<[string, string, CallOptions, string]> = [
          ['GET', `/workflows/${workflow.id}`, {}, `/workflows/${unknownId('p_')}`],
          [
            'PUT',
            `/workflows/${workflow.id}`,
            { body: { active: false, org_id: strangerOrg } },
            `/workflows/${unknownId('p_')}`,
          ],
          [
            'GET',
            `/workflows/${workflow.id}/$errors/event_summaries`,
            {},
            `/workflows/${unknownId('p_')}/$errors/event_summaries`,
          ],
          ['DELETE', `/webhooks/${hook.id}`, {}, `/webhooks/${unknownId('wh_')}`],
          ['GET', `/workspaces/${org}`, {}, `/workspaces/${unknownId('o_')}`],
          ['GET', `/orgs/${org}/sources`, {}, `/orgs/${unknownId('o_')}/sources`],
          ['GET', `/workspaces/${org}/subscriptions`, {}, `/workspaces/${unknownId('o_')}/subscriptions`],
        ];
        for (const [method, path, options, unknownPath] of foreign) {
          const answer = await stranger.call(method, path, options);
          expectError(contract, answer, 404, 'not_found', `${method} ${path} from another world`);
          const unknown = await stranger.call(method, unknownPath, options);
          expect([answer.status, answer.body.code], `${method} ${path} answers like ${unknownPath}`).toEqual([
            unknown.status,
            unknown.body.code,
          ]);
        }
        expectStatus(await owner.call('GET', `/workflows/${workflow.id}`), 200, 'the owner still reads its workflow');
        expect(await webhookIdsOf(owner)).toContain(hook.id);
      },
    );

    caseIf(
      ['control', 'writes'],
      'a write is visible to the next read in its world and to no other world',
      async () => {
        const mine = freshWorld();
        const other = freshWorld();
        const otherHooks = await webhookIdsOf(other);
        const hook = await createWebhookIn(mine);
        const workflow = await createWorkflowIn(mine);
        expect(await webhookIdsOf(mine)).toContain(hook.id);
        expect((await mine.call('GET', `/workflows/${workflow.id}`)).body.data.id).toBe(workflow.id);
        expect(await webhookIdsOf(other)).toEqual(otherHooks);
        expectStatus(await other.call('GET', `/workflows/${workflow.id}`), 404);
        expect((await other.user()).id).not.toBe((await mine.user()).id);
      },
    );
  });

  describe('control API', () => {
    caseIf(
      ['control'],
      'a seeded world lists what no API lists: user, two or more workspaces, projects, templates, accounts, workflows, sources',
      async () => {
        const world = freshWorld();
        const summary = await world.control.world();
        const user = await world.user();
        expect(collectIds(summary, 'u_')).toContain(user.id);
        expect(user.orgs.length).toBeGreaterThanOrEqual(2);
        for (const prefix of ['o_', 'proj_', 'tch_', 'apn_', 'p_', 'dc_'])
          expect(collectIds(summary, prefix).length, prefix).toBeGreaterThan(0);
        // The same token answers the same world every time.
        expect(await world.control.world()).toEqual(summary);
      },
    );

    caseIf(
      ['control', 'writes'],
      'the request journal lists the /v1 exchanges of its world; reset brings back the seeded world',
      async () => {
        const world = freshWorld();
        const seeded = await world.control.world();
        const user = await world.user();
        const hook = await createWebhookIn(world);
        const missing = unknownId('p_');
        expectStatus(await world.call('GET', `/workflows/${missing}`), 404);
        const journal = await world.control.requests();
        const [created, refused] = journal.slice(-2);
        // Paths as the mock saw them (its own base path first, whatever the target's prefix).
        expect(created).toMatchObject({ method: 'POST', path: expect.stringMatching(/\/webhooks$/), status: 200 });
        expect(refused).toMatchObject({
          method: 'GET',
          path: expect.stringMatching(new RegExp(`/workflows/${missing}$`)),
          status: 404,
        });
        for (const entry of journal) {
          expect(entry.ms).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(entry.at)).toBe(true);
        }
        expect(await freshWorld().control.requests(), 'a fresh world has an empty journal').toEqual([]);

        await world.control.reset();
        expect(await webhookIdsOf(world)).not.toContain(hook.id);
        expect(await world.control.world()).toEqual(seeded);
        expect((await world.user()).id).toBe(user.id);
      },
    );

    caseIf(
      ['control'],
      'POST /__mock/rate-limit makes the next N API requests 429 with Retry-After, in that world only',
      async () => {
        const world = freshWorld();
        const other = freshWorld();
        expect(await world.control.rateLimit({ requests: 2, retry_after_seconds: 7 })).toEqual({
          requests: 2,
          retry_after_seconds: 7,
        });
        expectStatus(await other.call('GET', '/users/me'), 200, 'another world is not limited');
        for (const path of ['/users/me', '/users/me/webhooks']) {
          const limited = await world.call('GET', path);
          expectError(contract, limited, 429, 'rate_limited', path);
          expect(limited.headers.get('retry-after')).toBe('7');
        }
        expectStatus(await world.call('GET', '/users/me'), 200, 'the limit is used up');
        expect((await world.control.requests()).map((entry) => entry.status).slice(-3)).toEqual([429, 429, 200]);

        await world.control.rateLimit({ requests: 5 });
        expect((await world.call('GET', '/users/me')).headers.get('retry-after'), 'default Retry-After').toBe('1');
        expect(await world.control.rateLimit({ requests: 0 }), 'requests: 0 lifts the limit').toBeNull();
        expectStatus(await world.call('GET', '/users/me'), 200);
        await world.control.rateLimit({ requests: 3 });
        await world.control.reset();
        expectStatus(await world.call('GET', '/users/me'), 200, 'reset lifts the limit');
      },
    );

    caseIf(['control'], 'the control API refuses a request without a valid bearer with 401', async () => {
      for (const options of [
        { token: null },
        { authorization: '' },
        { authorization: 'Basic dXNlcjpwYXNz' },
        { authorization: 'Bearer not a token!' },
      ] as const) {
        const answer = await contract.control!.api.get('/world', options);
        expectStatus(answer, 401, JSON.stringify(options));
        expect(answer.body.code).toBe('unauthorized');
      }
    });

    caseIf(
      ['control'],
      'an unknown control route is 404 naming the routes; another method is 405 with Allow',
      async () => {
        const unknown = await contract.control!.api.get('/nothing-here');
        expectStatus(unknown, 404);
        expect(unknown.body.code).toBe('not_found');
        expect(unknown.body.error).toContain('/__mock/world');
        const wrongMethod = await contract.control!.api.get('/reset');
        expectStatus(wrongMethod, 405);
        expect(wrongMethod.body.code).toBe('method_not_allowed');
        expect(wrongMethod.headers.get('allow')).toBe('POST');
      },
    );

    caseIf(
      ['control'],
      'control bodies and IDs are checked: 400 with the pointer of the bad field, 404 for an unknown ID',
      async () => {
        const raw = contract.control!.api;
        const refusals: Array<[string, unknown, number, string, string?]> = [
          ['/emit', undefined, 400, 'bad_request'],
          ['/emit', { event_name: '$errors', event: {} }, 400, 'bad_request', '/body/emitter_id'],
          ['/emit', { emitter_id: unknownId('p_'), event_name: '$errors', event: {} }, 404, 'not_found'],
          [`/triggers/${unknownId('dc_')}/emit`, { event: {} }, 404, 'not_found'],
          [`/triggers/${unknownId('dc_')}/emit`, {}, 400, 'bad_request', '/body/event'],
          [`/connect/${unknownId('ctok_')}/complete`, { outcome: 'success' }, 404, 'not_found'],
          [`/connect/${unknownId('ctok_')}/complete`, { outcome: 'maybe' }, 400, 'bad_request', '/body/outcome'],
          ['/rate-limit', {}, 400, 'bad_request', '/body/requests'],
          ['/rate-limit', { requests: -1 }, 400, 'bad_request', '/body/requests'],
          ['/rate-limit', { requests: 1.5 }, 400, 'bad_request', '/body/requests'],
          [
            '/rate-limit',
            { requests: 2, retry_after_seconds: 'soon' },
            400,
            'bad_request',
            '/body/retry_after_seconds',
          ],
        ];
        for (const [path, body, status, code, pointer] of refusals) {
          const answer = await raw.post(path, body === undefined ? {} : { body });
          const what = `POST /__mock${path} ${JSON.stringify(body)}`;
          expectStatus(answer, status, what);
          expect(answer.body.code, what).toBe(code);
          if (pointer !== undefined)
            expect(
              answer.body.details.issues.map((issue: { pointer: string }) => issue.pointer),
              what,
            ).toEqual([pointer]);
        }
        // A refused rate limit left none in force.
        expectStatus(await api.get('/users/me'), 200);
      },
    );
  });
});
