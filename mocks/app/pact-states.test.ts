// POST /__mock/pact/states, the Pact verifier's state-change call (docs/pact.md, "Provider states"),
// through mock.handle: each state the kit writes opens its world for the caller's token.
import { describe, expect, it } from 'vitest';
import { createMock } from '../index.ts';
import { createRecordingSink } from '../store/world/recording-sink.ts';

const mock = createMock({ seed: 'pact', sink: createRecordingSink() });
const token = 'pact-states';

async function call(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const response = await mock.handle({ method, url, headers, body: body === undefined ? '' : JSON.stringify(body) });
  return { status: response.status, body: response.body === '' ? undefined : JSON.parse(response.body) };
}

const workflowCount = async () => (await call('GET', '/__mock/world')).body.data.workflows.length as number;

describe('POST /__mock/pact/states', () => {
  it('setup of "scenario empty-account" opens that scenario\'s world for the token; "a fresh world" the seeded one', async () => {
    const seeded = await workflowCount();
    expect(seeded).toBeGreaterThan(0);
    const empty = await call('POST', '/__mock/pact/states', {
      state: 'scenario empty-account',
      params: { seed: 'pact' },
      action: 'setup',
    });
    expect(empty.status).toBe(200);
    expect(await workflowCount()).toBe(0);
    // teardown leaves the world as it is.
    expect(
      (await call('POST', '/__mock/pact/states', { state: 'scenario empty-account', action: 'teardown' })).status,
    ).toBe(200);
    expect(await workflowCount()).toBe(0);
    // action defaults to setup, as the verifier may leave it out.
    expect((await call('POST', '/__mock/pact/states', { state: 'a fresh world' })).status).toBe(200);
    expect(await workflowCount()).toBe(seeded);
  });

  it('a state the kit never writes is 400, an unknown scenario 404, each as an error body', async () => {
    const other = await call('POST', '/__mock/pact/states', { state: 'a user with 3 workflows' });
    expect(other.status).toBe(400);
    expect(other.body.error).toContain('Unknown provider state "a user with 3 workflows"');
    const unknown = await call('POST', '/__mock/pact/states', { state: 'scenario nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain('No scenario "nope" is loaded');
  });
});
