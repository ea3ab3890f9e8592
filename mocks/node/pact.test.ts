// recordPact (docs/pact.md): every example request of the document through mock.handle, recorded
// in-process: one interaction per operation, status and world, the echoed values exact, the same
// text for the same run, and nothing of the control API or the bearer.
import { describe, expect, it } from 'vitest';
import { exampleRequests } from '../../openapi/example-requests.ts';
import { document } from '../../openapi/generated/document.ts';
import { exampleAppRequest } from '../../support/example-request.ts';
import { createMock } from '../index.ts';
import { createRecordingSink } from '../store/world/recording-sink.ts';
import { recordPact } from './pact.ts';

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

  it("names a scenario token's world as its provider state", async () => {
    const pact = JSON.parse(await recorded('scenario_empty-account_unit'));
    expect(pact.interactions[0].providerStates[0].name).toBe('scenario empty-account');
  });
});
