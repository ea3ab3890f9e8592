// recordPact (docs/pact.md): every example request of the document through mock.handle, recorded
// in-process: one interaction per operation, status and world, the echoed values exact, the same
// text for the same run, and nothing of the control API or the bearer.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exampleRequests } from '../../openapi/example-requests.ts';
import { document } from '../../openapi/generated/document.ts';
import { exampleAppRequest } from '../../support/results.ts';
import { createMock } from '../index.ts';
import { createRecordingSink } from '../store/world/recording-sink.ts';
import { mergePacts, pactText, readKitPact, recordPact, type PactFile } from './pact.ts';

/**
 * A fresh mock, every example request sent twice with `token`, and the file recorded. Its clock is
 * fixed: the bodies carry the world's timestamps, which follow the clock (docs/worlds.md).
 */
async function recorded(token: string): Promise<string> {
  const mock = createMock({ seed: 3, sink: createRecordingSink(), now: () => Date.UTC(2026, 0, 2, 3, 4, 5) });
  const recorder = recordPact(mock, { consumer: 'web', seed: 3 });
  for (const request of [...exampleRequests(document), ...exampleRequests(document)])
    await mock.handle(exampleAppRequest(request, token));
  await mock.handle({ method: 'GET', url: '/__mock/world', headers: { authorization: `Bearer ${token}` }, body: '' });
  recorder.stop();
  return recorder.text();
}

describe('recordPact', () => {
  it('keeps one interaction per operation, status and world, sorted, the same text for the same run', async () => {
    const text = await recorded('pact-unit');
    expect(await recorded('pact-unit')).toBe(text);
    expect(text).not.toContain('pact-unit');
    const pact = JSON.parse(text);
    const keys: string[] = pact.interactions.map((interaction: { key: string }) => interaction.key);
    expect(keys).toEqual([...new Set(keys)].sort());
    expect(keys.some((key) => key.startsWith('getWorld'))).toBe(false);
    expect(keys.every((key) => key.endsWith(' a fresh world'))).toBe(true);
  });

  it('leaves a value the consumer sent and the service echoes exact; the created ID gets its regex', async () => {
    const pact = JSON.parse(await recorded('pact-unit'));
    const created = pact.interactions.find((interaction: { key: string }) =>
      interaction.key.startsWith('createWorkflow 200'),
    );
    expect(created.request.body.content.settings.name).toBe('Summarise new issues');
    const rules = created.response.matchingRules.body;
    expect(rules['$.data.id'].matchers).toEqual([{ match: 'regex', regex: '^p_[A-Za-z0-9]+$' }]);
    expect(created.response.body.content.data.name).toBe('Summarise new issues');
    expect(rules['$.data.name']).toBeUndefined();
  });

  it('leaves a value the consumer sent in the query and the service echoes exact (createWebhook)', async () => {
    const pact = JSON.parse(await recorded('pact-unit'));
    const created = pact.interactions.find((interaction: { key: string }) =>
      interaction.key.startsWith('createWebhook 200'),
    );
    const sent = created.request.query.name[0];
    expect(created.response.body.content.data.name).toBe(sent);
    const rules = created.response.matchingRules.body;
    expect(rules['$.data.name']).toBeUndefined();
    expect(rules['$.data.url']).toBeUndefined();
    // What the service made of it is still matched by its type or pattern.
    expect(rules['$.data.id'].matchers).toEqual([{ match: 'regex', regex: '^wh_[A-Za-z0-9]+$' }]);
    expect(rules['$.data.active'].matchers).toEqual([{ match: 'type' }]);
  });

  it('keeps the header parameters an operation declares (x-pd-environment), never the bearer', async () => {
    const pact = JSON.parse(await recorded('pact-unit'));
    const accounts = pact.interactions.find((interaction: { key: string }) =>
      interaction.key.startsWith('listConnectedAccounts 200'),
    );
    expect(accounts.request.headers['x-pd-environment']).toEqual(['production']);
    expect(accounts.request.headers.authorization).toBeUndefined();
  });

  it('pins only a value sent under the same name: a server-made field named like a sent one of another value keeps its matcher', async () => {
    const pact = JSON.parse(await recorded('pact-unit'));
    const rulesOf = (prefix: string) =>
      pact.interactions.find((interaction: { key: string }) => interaction.key.startsWith(prefix)).response
        .matchingRules.body;
    // deployTrigger sends the component's `id` (github-new-issue); the deployed trigger's `dc_` ID is the server's.
    expect(rulesOf('deployTrigger 200')['$.data.id'].matchers).toEqual([
      { match: 'regex', regex: '^dc_[A-Za-z0-9]+$' },
    ]);
    // createWorkflow sends the workflow's `name`; the name of the trigger it made ("Event source") is the server's.
    expect(rulesOf('createWorkflow 200')['$.data.triggers[*].name'].matchers).toEqual([{ match: 'type' }]);
  });

  it('keeps the first exchange of a key, not a later one', async () => {
    const mock = createMock({ seed: 3, sink: createRecordingSink() });
    const recorder = recordPact(mock, { consumer: 'web' });
    const headers = { authorization: 'Bearer pact-first' };
    for (const name of ['first', 'second']) {
      const url = `/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2F${name}&name=${name}&description=d`;
      expect((await mock.fetch(url, { method: 'POST', headers })).status).toBe(200);
    }
    expect(recorder.size()).toBe(1);
    const [kept] = recorder.pact().interactions;
    expect(kept!.request.query!.name).toEqual(['first']);
    expect(kept!.response.body!.content).toMatchObject({ data: { name: 'first' } });
  });

  it('keeps a body over 64 KiB as its shape, with one log line; the provider is held to its types', async () => {
    const lines: string[] = [];
    const mock = createMock({ seed: 3, sink: createRecordingSink() });
    const recorder = recordPact(mock, { consumer: 'web', log: (line) => lines.push(line) });
    const step = { namespace: 'big', props: { prompt: 'p'.repeat(40_000) } };
    const body = JSON.stringify({ steps: [step, step, step], settings: { name: 'n'.repeat(100) } });
    const headers = { authorization: 'Bearer pact-big', 'content-type': 'application/json', prefer: 'code=400' };
    expect((await mock.fetch('/v1/workflows', { method: 'POST', headers, body })).status).toBe(400);
    const [kept] = recorder.pact().interactions;
    expect(kept!.request.body!.content).toEqual({
      steps: [{ namespace: 'big', props: { prompt: 'p'.repeat(64) } }],
      settings: { name: 'n'.repeat(64) },
    });
    expect(lines).toEqual([
      "[pact] createWorkflow 400 a fresh world: the request body is over 64 KiB: kept as its shape (each array's first item, strings cut to 64 characters)",
    ]);
    // The answer was small: kept whole, with no catch-all rule.
    expect(kept!.response.matchingRules?.body.$).toBeUndefined();
  });

  it("names a scenario token's world as its provider state", async () => {
    const pact = JSON.parse(await recorded('scenario_empty-account_unit'));
    expect(pact.interactions[0].providerStates[0].name).toBe('scenario empty-account');
  });
});

describe('mergePacts', () => {
  /** A pact of 'web' with one interaction per [key, description]. */
  const pactWith = (...interactions: Array<[string, string]>): PactFile => ({
    consumer: { name: 'web' },
    provider: { name: 'workflow-api' },
    interactions: interactions.map(([key, description]) => ({
      type: 'Synchronous/HTTP',
      key,
      description,
      providerStates: [{ name: 'a fresh world', params: {} }],
      request: { method: 'GET', path: '/v1/users/me' },
      response: { status: 200 },
    })),
    metadata: { pactSpecification: { version: '4.0' } },
  });

  it('keeps one interaction per key, the same one and the same bytes whatever order the pacts come in', () => {
    const worker0 = pactWith(['getCurrentUser 200 a fresh world', 'b test'], ['listWorkflows 200 a fresh world', 'x']);
    const worker1 = pactWith(['getCurrentUser 200 a fresh world', 'a test'], ['deleteWorkflow 404 a fresh world', 'y']);
    const one = pactText(mergePacts('web', [worker0, worker1]));
    expect(pactText(mergePacts('web', [worker1, worker0]))).toBe(one);
    const merged = JSON.parse(one) as PactFile;
    expect(merged.interactions.map((interaction) => [interaction.key, interaction.description])).toEqual([
      ['deleteWorkflow 404 a fresh world', 'y'],
      ['getCurrentUser 200 a fresh world', 'a test'],
      ['listWorkflows 200 a fresh world', 'x'],
    ]);
    // Merging what is merged already changes nothing.
    expect(pactText(mergePacts('web', [merged, worker0]))).toBe(one);
  });

  it('reads back only a kit-written pact of that consumer', () => {
    const text = pactText(pactWith(['getCurrentUser 200 a fresh world', 'a']));
    expect(readKitPact(text, 'web')).toEqual({ ok: true, value: JSON.parse(text) });
    expect(readKitPact(text, 'other')).toMatchObject({ ok: false, error: expect.stringContaining('not of "other"') });
    expect(readKitPact('{"interactions": 1}', 'web')).toMatchObject({
      ok: false,
      error: expect.stringContaining('no Pact file'),
    });
    expect(readKitPact('nope', 'web')).toMatchObject({ ok: false, error: expect.stringContaining('is not JSON') });
    const keyless = text.replace('"key": "getCurrentUser 200 a fresh world",', '');
    expect(readKitPact(keyless, 'web')).toMatchObject({ ok: false, error: expect.stringContaining('/interactions/0') });
  });
});

describe("createMock's pact option", () => {
  it('records through every face into mock.pact, answered by GET /__mock/pact; descriptions are the test titles', async () => {
    const mock = createMock({ seed: 3, sink: createRecordingSink(), pact: { consumer: 'web' } });
    const headers = { authorization: 'Bearer pact-titles' };
    expect((await mock.fetch('/v1/users/me', { headers })).status).toBe(200);
    const answer = await mock.fetch('/__mock/pact', { headers });
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: PactFile };
    expect(data).toEqual(mock.pact?.pact());
    expect(data.consumer).toEqual({ name: 'web' });
    expect(data.interactions.map((interaction) => [interaction.key, interaction.description])).toEqual([
      [
        'getCurrentUser 200 a fresh world',
        "createMock's pact option > records through every face into mock.pact, answered by GET /__mock/pact; descriptions are the test titles: getCurrentUser answers 200",
      ],
    ]);
    expect(data.interactions[0]!.providerStates[0]!.params).toEqual({ seed: '3' });
  });

  it('answers 404 on GET /__mock/pact without it, and refuses a consumer name that is no file name', async () => {
    const mock = createMock({ sink: createRecordingSink() });
    expect(mock.pact).toBeNull();
    const answer = await mock.fetch('/__mock/pact', { headers: { authorization: 'Bearer pact-none' } });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: string }).error).toContain('records no pact');
    expect(() => createMock({ pact: { consumer: '../web' } })).toThrow(/consumer must be letters, digits/);
  });
});

describe('the test title outside Vitest', () => {
  it("reads Jest's expect state, then the title the Playwright fixture gives a page, else names the operation", async () => {
    // A plain Node process: no Vitest globals, so each of the other sources is read on its own.
    const script = `
      const { createMock } = await import(${JSON.stringify(new URL('../index.ts', import.meta.url).href)});
      const described = async (globals) => {
        const mock = createMock({ pact: { consumer: 'web' } });
        Object.assign(globalThis, globals);
        await mock.fetch('/v1/users/me', { headers: { authorization: 'Bearer pact-title' } });
        for (const symbol of Object.getOwnPropertySymbols(globals)) delete globalThis[symbol];
        return mock.pact.pact().interactions[0].description;
      };
      console.log(JSON.stringify([
        await described({ [Symbol.for('$$jest-matchers-object')]: { state: { currentTestName: 'jest suite a test' } } }),
        await described({ [Symbol.for('workflow-api-mock-kit.test-title')]: 'a page test' }),
        await described({}),
      ]));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual([
      'jest suite a test: getCurrentUser answers 200',
      'a page test: getCurrentUser answers 200',
      'getCurrentUser answers 200 in a fresh world',
    ]);
  }, 60_000);
});
