// Scenarios (docs/scenarios.md): the built-in ones hold what the docs say, through the API a
// frontend calls; a token picks one and each token is its own world; a scenario that does not
// match the document is refused at load time with JSON pointers; the store switches a world to one.
import { describe, expect, it } from 'vitest';
import { validator } from '../../openapi/validator.ts';
import { createMock, defineScenario, loadScenarios, ScenarioLoadError, type Mock } from '../index.ts';
import { createHandlers } from '../msw/handlers.ts';
import { BUILTIN_SCENARIOS } from './builtin.ts';
import { scenarioProblems } from './validate.ts';
import { createRecordingSink } from '../store/world/index.ts';
import { storeOf } from '../mock.ts';

const get = async (mock: Mock, token: string, path: string, headers: Record<string, string> = {}) => {
  const response = await mock.fetch(path, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: response.status, body: (await response.json()) as any };
};

describe('the built-in scenarios', () => {
  const mock = createMock({ sink: createRecordingSink() });

  it('are six, each valid against the document and documented by name', () => {
    expect(BUILTIN_SCENARIOS.map((scenario) => scenario.name)).toEqual([
      'empty-account',
      'busy-workspace',
      'quotas-exhausted',
      'connect-broken-accounts',
      'workflow-errors',
      'paid-user',
    ]);
    for (const scenario of BUILTIN_SCENARIOS) expect(scenarioProblems(scenario), scenario.name).toEqual([]);
  });

  it('empty-account: one workspace and nothing in it', async () => {
    const token = 'scenario_empty-account_alice';
    const me = await get(mock, token, '/v1/users/me');
    expect(me.status).toBe(200);
    expect(validator.validateSchema('User', me.body.data)).toEqual([]);
    expect(me.body.data.orgs).toHaveLength(1);
    expect(me.body.data.daily_invocations_used).toBe(0);
    const sources = await get(mock, token, `/v1/orgs/${me.body.data.orgs[0].id}/sources`);
    expect(sources.body.data).toEqual([]);
    expect((await get(mock, token, '/v1/users/me/webhooks')).body.data).toEqual([]);
    const world = mock.control.world(token);
    expect([
      world.workflows,
      world.sources,
      world.webhooks,
      world.subscriptions,
      world.projects,
      world.templates,
    ]).toEqual([[], [], [], [], [], []]);
  });

  it('busy-workspace: 300 workflows and 450 sources, five pages of 100', async () => {
    const token = 'scenario_busy-workspace_bob';
    const world = mock.control.world(token);
    expect(world.workflows).toHaveLength(300);
    expect(new Set(world.workflows.map((workflow) => workflow.id)).size).toBe(300);
    const orgId = world.workspaces[0]!.id;
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await get(
        mock,
        token,
        `/v1/orgs/${orgId}/sources?limit=100${after === undefined ? '' : `&after=${after}`}`,
      );
      expect(page.status).toBe(200);
      pages += 1;
      seen.push(...page.body.data.map((source: { id: string }) => source.id));
      if (!page.body.page_info.end_cursor || seen.length >= page.body.page_info.total_count) break;
      after = page.body.page_info.end_cursor;
    }
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(450);
    const workflow = await get(mock, token, `/v1/workflows/${world.workflows[299]!.id}`);
    expect(workflow.status).toBe(200);
    expect(validator.validateSchema('Workflow', workflow.body.data)).toEqual([]);
    expect(world.webhooks).toHaveLength(12);
    expect(world.subscriptions).toEqual([
      expect.objectContaining({ emitter_id: 'p_*', listener_id: 'wh_Busy001', event_name: '$errors' }),
    ]);
  });

  it('quotas-exhausted: the invocations and credits used up', async () => {
    const me = (await get(mock, 'scenario_quotas-exhausted_carol', '/v1/users/me')).body.data;
    expect(me.daily_invocations_used).toBe(me.daily_invocations_quota);
    const [workspace] = me.orgs;
    expect(workspace.daily_credits_used).toBe(workspace.daily_credits_quota);
    expect(workspace.daily_invocations_used).toBe(workspace.daily_invocations_quota);
  });

  it('quotas-exhausted: its workflow is refused 429 until the world passes midnight, then runs and counts', async () => {
    const token = 'scenario_quotas-exhausted_quinn';
    const [record] = storeOf(mock).world(token).workflows.values();
    const endpoint = (record!.workflow.triggers[0] as { endpoint_url: string }).endpoint_url;
    const invoke = () =>
      mock.fetch(endpoint, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: '{}' });
    const refused = await invoke();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { details: { quota: string } }).details.quota).toBe('daily_invocations_quota');
    expect(mock.control.clock(token, { advance: '1d' }).ok).toBe(true);
    expect((await invoke()).status).toBe(200);
    const me = (await get(mock, token, '/v1/users/me')).body.data;
    expect([me.daily_invocations_used, me.orgs[0].daily_invocations_used, me.orgs[0].daily_credits_used]).toEqual([
      1, 1, 0,
    ]);
  });

  it('connect-broken-accounts: a healthy, a failing and a dead account in one project', async () => {
    const token = 'scenario_connect-broken-accounts_dan';
    const [project] = mock.control.world(token).projects;
    const accounts = await get(mock, token, `/v1/connect/${project!.id}/accounts`, {
      'x-pd-environment': 'production',
    });
    expect(accounts.status).toBe(200);
    expect(
      accounts.body.data.map((account: { healthy: boolean; dead: boolean | null }) => [account.healthy, account.dead]),
    ).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
    // Each unhealthy account says why; the healthy one's `error` is null, as the SDK's Account says.
    expect(accounts.body.data.map((account: { error?: string | null }) => typeof account.error)).toEqual([
      'object',
      'string',
      'string',
    ]);
  });

  it("paid-user: the billing period in place of the daily quotas (the reference's Paid user)", async () => {
    const me = await get(mock, 'scenario_paid-user_pat', '/v1/users/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      billing_period_start_ts: 1_747_267_200,
      billing_period_end_ts: 1_749_945_600,
      billing_period_credits: 12_345,
    });
    expect(Object.keys(me.body.data).filter((key) => key.startsWith('daily_'))).toEqual([]);
    expect(me.body.data.orgs.length).toBeGreaterThan(0);
    expect(validator.validateResponse('getCurrentUser', 200, 'application/json', me.body)).toEqual([]);
  });

  it('workflow-errors: a full page of $errors events, newest first', async () => {
    const token = 'scenario_workflow-errors_erin';
    const page = await get(mock, token, '/v1/workflows/p_Err0r5x/$errors/event_summaries?limit=100');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(100);
    const times = page.body.data.map((event: { indexed_at_ms: number }) => event.indexed_at_ms);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const event of page.body.data)
      expect(validator.validateSchema('WorkflowErrorEventSummary', event)).toEqual([]);
  });
});

describe('tokens pick scenarios', () => {
  it('each token its own world; the same token the same world in every mock of a seed', async () => {
    const a = createMock({ seed: 3, sink: createRecordingSink() });
    const b = createMock({ seed: 3, sink: createRecordingSink() });
    const first = (await get(a, 'scenario_empty-account_one', '/v1/users/me')).body;
    expect((await get(b, 'scenario_empty-account_one', '/v1/users/me')).body).toEqual(first);
    const other = (await get(a, 'scenario_empty-account_two', '/v1/users/me')).body;
    expect(other.data.id).not.toBe(first.data.id);
    // A write in one world is not seen in the other.
    const created = await a.fetch('/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fx&name=x&description=x', {
      method: 'POST',
      headers: { authorization: 'Bearer scenario_empty-account_one' },
    });
    expect(created.status).toBe(200);
    expect((await get(a, 'scenario_empty-account_two', '/v1/users/me/webhooks')).body.data).toEqual([]);
  });

  it('a token without the prefix keeps the seeded world', () => {
    const mock = createMock({ sink: createRecordingSink() });
    expect(storeOf(mock).world('scenario-empty-account').scenario).toBeNull();
    expect(mock.control.world('scenario-empty-account').workflows.length).toBeGreaterThan(1);
  });

  it('loads scenarios of createMock and createHandlers beside the built-ins', async () => {
    const solo = defineScenario({
      name: 'solo-workflow',
      description: 'one workspace with one timer workflow',
      user: { username: 'solo' },
      workspaces: [
        { name: 'Solo', workflows: [{ id: 'p_Solo123', name: 'Nightly', active: false, trigger: 'timer' }] },
      ],
    });
    const handlers = createHandlers({ baseUrl: 'https://api.test/v1', scenarios: [solo] });
    const workflow = await get(handlers.mock, 'scenario_solo-workflow_x', '/v1/workflows/p_Solo123');
    expect(workflow.body.data).toMatchObject({ id: 'p_Solo123', name: 'Nightly', active: false });
    expect(workflow.body.data.triggers[0].id).toMatch(/^ti_/);
    const names = storeOf(handlers.mock)
      .scenarios()
      .map((scenario) => scenario.name);
    expect(names).toContain('solo-workflow');
    expect(names).toContain('empty-account');
  });
});

describe('a scenario that does not match the document', () => {
  it('is refused at load time with the JSON pointer of every issue', () => {
    const bad = {
      name: 'Not A Name',
      description: 'broken',
      user: { daily_invocations_used: -1 },
      workspaces: [{ sources: 'many', colour: 'red', workflows: [{ active: 'yes', trigger: 'cron' }] }],
      projects: [{ accounts: [{ id: 'acc_1', state: 'asleep' }] }],
    };
    const loaded = loadScenarios([bad]);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.refusals[0]!.scenario).toBe('Not A Name (scenarios[0])');
    expect(loaded.refusals[0]!.issues.map((issue) => issue.pointer).sort()).toEqual(
      [
        '/name',
        '/user/daily_invocations_used',
        '/workspaces/0/sources',
        '/workspaces/0/colour',
        '/workspaces/0/workflows/0/active',
        '/workspaces/0/workflows/0/trigger',
        '/projects/0/accounts/0/id',
        '/projects/0/accounts/0/state',
      ].sort(),
    );
    expect(() => createMock({ scenarios: [bad as never] })).toThrow(ScenarioLoadError);
    expect(() => createHandlers({ scenarios: [bad as never] })).toThrow(
      /\/workspaces\/0\/colour must NOT have additional properties/,
    );
  });

  it('refuses what only a built world shows: an ID twice, a subscription to nothing, a name twice', () => {
    const loaded = loadScenarios([
      { name: 'twice', description: 'd', workspaces: [{ workflows: [{ id: 'p_Same123' }, { id: 'p_Same123' }] }] },
      {
        name: 'dangling',
        description: 'd',
        subscriptions: [{ emitter_id: 'p_None123', listener_id: 'wh_None123', event_name: '$errors' }],
      },
      { name: 'twice-named', description: 'd' },
      { name: 'twice-named', description: 'again' },
    ]);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.refusals.map((refusal) => [refusal.scenario, refusal.issues.map((issue) => issue.pointer)])).toEqual([
      ['twice (scenarios[0])', ['/workspaces/0/workflows/1/id']],
      ['dangling (scenarios[1])', ['/subscriptions/0/emitter_id']],
      ['twice-named (scenarios[3])', ['/name']],
    ]);
  });
});

describe('switching a world to a scenario', () => {
  it('replaces the world; reset keeps the scenario; null goes back to the seeded world; an unknown name is refused', () => {
    const mock = createMock({ sink: createRecordingSink() });
    const token = 'dev';
    const seeded = mock.control.world(token).workflows;
    const switched = storeOf(mock).switchScenario(token, 'workflow-errors');
    expect(switched.ok).toBe(true);
    expect(mock.control.world(token).workflows.map((workflow) => workflow.id)).toEqual(['p_Err0r5x']);
    mock.control.reset(token);
    expect(mock.control.world(token).workflows.map((workflow) => workflow.id)).toEqual(['p_Err0r5x']);
    const unknown = storeOf(mock).switchScenario(token, 'nope');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.body.error).toMatch(/loaded: empty-account, busy-workspace/);
    storeOf(mock).switchScenario(token, null);
    expect(mock.control.world(token).workflows).toEqual(seeded);
  });

  it('refuses a token naming a missing scenario with 401, naming the loaded ones', async () => {
    const mock = createMock({ sink: createRecordingSink() });
    const refused = await get(mock, 'scenario_nope_1', '/v1/users/me');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      code: 'unauthorized',
      error: expect.stringMatching(/scenario 'nope', which is not loaded; loaded: empty-account/),
    });
    expect(storeOf(mock).refusal('scenario_nope_1')).toMatch(
      /scenario 'nope', which is not loaded; loaded: empty-account/,
    );
    expect(storeOf(mock).refusal('scenario_empty-account_1')).toBeNull();
    expect(storeOf(mock).refusal('dev')).toBeNull();
  });

  it('a snapshot keeps the scenario a world was built from', () => {
    const mock = createMock({ sink: createRecordingSink() });
    mock.control.world('scenario_empty-account_z');
    const snapshot = JSON.parse(JSON.stringify(storeOf(mock).snapshot()));
    const other = createMock({ sink: createRecordingSink() });
    expect(storeOf(other).restore(snapshot).ok).toBe(true);
    other.control.reset('scenario_empty-account_z');
    expect(storeOf(other).world('scenario_empty-account_z').scenario).toBe('empty-account');
  });
});
