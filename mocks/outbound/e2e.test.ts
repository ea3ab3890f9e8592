// End-to-end proofs of the outbound side: the mock server over real HTTP, real loopback receivers,
// the delivery engine in between. Every body a receiver gets is validated against the document's
// `webhooks` section; signed ones are checked by verifySignature and by openssl.
import { execFileSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validator } from '../../openapi/validator.ts';
import { createMock } from '../index.ts';
import { startServer } from '../node/server.ts';
import { createDeliveryEngine, type DeliveryEngine } from './delivery.ts';
import { gate, receiverPool, type ReceivedRequest } from '../../support/loopback-receiver.ts';
import { verifySignature } from './signature.ts';
import type { DeliveryRecord } from './types.ts';

let server: Awaited<ReturnType<typeof startServer>>;
let engine: DeliveryEngine;

beforeAll(async () => {
  // The real engine, with the backoff shortened so that retries do not wait (no sleeping in tests).
  engine = createDeliveryEngine({ backoffMs: [0, 0] });
  server = await startServer({
    port: 0,
    quiet: true,
    seed: 'webhooks-e2e',
    mock: createMock({ seed: 'webhooks-e2e', sink: engine }),
  });
});
afterAll(async () => {
  await engine.idle();
  await server.close();
});

const receivers = receiverPool();
const receiver = receivers.start;
afterEach(async () => {
  await engine.idle();
  await receivers.closeAll();
});

/** One world per test: a fresh bearer token. */
const newToken = () => `e2e-${crypto.randomUUID()}`;

interface Answer {
  status: number;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test-side JSON
}

async function call(
  token: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = path.startsWith('/__mock') ? `${server.origin}${path}` : `${server.baseUrl}${path}`;
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

async function world(token: string) {
  const answer = await call(token, 'GET', '/__mock/world');
  expect(answer.status).toBe(200);
  return answer.json.data;
}

async function createWebhook(token: string, url: string): Promise<string> {
  const query = new URLSearchParams({ url, name: 'e2e listener', description: 'receives routed events' });
  const answer = await call(token, 'POST', `/webhooks?${query}`);
  expect(answer.status).toBe(200);
  return answer.json.data.id;
}

async function subscribe(token: string, emitterId: string, listenerId: string, eventName: string): Promise<void> {
  const query = new URLSearchParams({ emitter_id: emitterId, listener_id: listenerId, event_name: eventName });
  const answer = await call(token, 'POST', `/subscriptions?${query}`);
  expect(answer.status).toBe(200);
}

function expectValidPayload(webhookName: string, request: ReceivedRequest): Record<string, unknown> {
  expect(request.method).toBe('POST');
  expect(request.headers['content-type']).toBe('application/json');
  const body = JSON.parse(request.text);
  expect(validator.validateWebhookPayload(webhookName, body), `${webhookName} payload: ${request.text}`).toEqual([]);
  return body;
}

function opensslHex(key: string, t: string, rawBody: Buffer): string {
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', key], {
    input: Buffer.concat([Buffer.from(`${t}.`), rawBody]),
  }).toString();
  return out.trim().split('= ')[1] as string;
}

/** Checks a trigger delivery's signature with the library and with openssl. */
async function expectSignedWith(request: ReceivedRequest, key: string): Promise<void> {
  const header = request.headers['x-pd-signature'] as string;
  expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  const verdict = await verifySignature({ rawBody: request.rawBody, header, key });
  expect(verdict, `signature ${header}`).toMatchObject({ ok: true });
  const [, t, hex] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) as unknown as [string, string, string];
  expect(opensslHex(key, t, request.rawBody)).toBe(hex);
}

describe('subscriptions to webhook listeners (POST /__mock/emit)', () => {
  it('delivers an emitted event to a wh_ listener of an exact-emitter subscription, unsigned', async () => {
    const token = newToken();
    const target = await receiver();
    const webhookId = await createWebhook(token, target.url);
    const workflowId = (await world(token)).workflows[0].id as string;
    await subscribe(token, workflowId, webhookId, 'orders');

    const event = { order_id: 'ord_1', total: 12.5, note: 'grüße' };
    const emitted = await call(token, 'POST', '/__mock/emit', {
      body: { emitter_id: workflowId, event_name: 'orders', event },
    });
    expect(emitted.status).toBe(200);
    expect(emitted.json.data.deliveries).toHaveLength(1);
    await engine.idle();

    expect(target.received).toHaveLength(1);
    const body = expectValidPayload('subscriptionEvent', target.received[0]!);
    expect(body).toEqual({ emit_id: emitted.json.data.emit_id, emitter_id: workflowId, event_name: 'orders', event });
    expect(target.received[0]!.headers['x-pd-signature']).toBeUndefined();

    // Another stream of the same emitter is not routed to this listener.
    const other = await call(token, 'POST', '/__mock/emit', {
      body: { emitter_id: workflowId, event_name: 'invoices', event },
    });
    expect(other.json.data.deliveries).toEqual([]);
    await engine.idle();
    expect(target.received).toHaveLength(1);
  });

  it('routes through the glob p_* from every workflow, and not from sources', async () => {
    const token = newToken();
    const target = await receiver();
    const webhookId = await createWebhook(token, target.url);
    const seeded = await world(token);
    const workflows = (seeded.workflows as { id: string }[]).map((w) => w.id);
    expect(workflows.length).toBeGreaterThanOrEqual(2);
    await subscribe(token, 'p_*', webhookId, 'ticks');

    for (const id of workflows.slice(0, 2)) {
      const answer = await call(token, 'POST', '/__mock/emit', {
        body: { emitter_id: id, event_name: 'ticks', event: { from: id } },
      });
      expect(answer.json.data.deliveries).toHaveLength(1);
    }
    const source = (seeded.sources as { id: string }[])[0]!.id;
    const fromSource = await call(token, 'POST', '/__mock/emit', {
      body: { emitter_id: source, event_name: 'ticks', event: { from: source } },
    });
    expect(fromSource.status).toBe(200);
    expect(fromSource.json.data.deliveries).toEqual([]);
    await engine.idle();

    // Same destination URL, so the engine keeps emission order.
    expect(target.received.map((r) => expectValidPayload('subscriptionEvent', r).emitter_id)).toEqual(
      workflows.slice(0, 2),
    );
  });
});

describe('auto-subscriptions and workflow listeners (POST /__mock/emit)', () => {
  it('applies a $errors auto-subscription to workflows created after it, not to existing ones', async () => {
    const token = newToken();
    const target = await receiver();
    const webhookId = await createWebhook(token, target.url);
    const seeded = await world(token);
    // An existing workflow with no seeded $errors subscription (those point at seeded example.com webhooks).
    const routed = new Set(
      (seeded.subscriptions as { emitter_id: string; event_name: string }[])
        .filter((x) => x.event_name === '$errors')
        .map((x) => x.emitter_id),
    );
    const existing = (seeded.workflows as { id: string }[]).find((w) => !routed.has(w.id))!.id;
    const auto = await call(
      token,
      'POST',
      `/auto_subscriptions?${new URLSearchParams({ event_name: '$errors', listener_id: webhookId })}`,
    );
    expect(auto.status).toBe(204);
    const created = await call(token, 'POST', '/workflows', {
      body: { project_id: seeded.projects[0].id, org_id: seeded.projects[0].org_id },
    });
    expect(created.status).toBe(200);
    const fresh = created.json.data.id as string;

    const fromExisting = await call(token, 'POST', '/__mock/emit', {
      body: { emitter_id: existing, event_name: '$errors', event: { boom: 1 } },
    });
    expect(fromExisting.json.data.deliveries).toEqual([]);
    const fromFresh = await call(token, 'POST', '/__mock/emit', {
      body: { emitter_id: fresh, event_name: '$errors', event: { boom: 2 } },
    });
    expect(fromFresh.json.data.deliveries).toHaveLength(1);
    await engine.idle();
    expect(target.received).toHaveLength(1);
    expect(expectValidPayload('subscriptionEvent', target.received[0]!)).toMatchObject({
      emitter_id: fresh,
      event_name: '$errors',
      event: { boom: 2 },
    });
  });

  it('counts an event reaching a workflow listener as one invocation of the user, with no HTTP delivery', async () => {
    const token = newToken();
    const [emitter, listener] = (await world(token)).workflows as { id: string }[];
    await subscribe(token, emitter!.id, listener!.id, 'chain');
    const before = (await call(token, 'GET', '/users/me')).json.data.daily_invocations_used as number;
    const emitted = await call(token, 'POST', '/__mock/emit', {
      body: { emitter_id: emitter!.id, event_name: 'chain', event: {} },
    });
    expect(emitted.json.data.deliveries).toEqual([]);
    const after = (await call(token, 'GET', '/users/me')).json.data.daily_invocations_used as number;
    expect(after).toBe(before + 1);
  });
});

describe('trigger webhooks (POST /__mock/triggers/{trigger_id}/emit)', () => {
  it('goes to the project environment URL, then to the trigger-level URL once set (precedence), signed with the matching key', async () => {
    const token = newToken();
    const projectReceiver = await receiver();
    const triggerReceiver = await receiver();
    const seeded = await world(token);
    const project = (
      seeded.projects as {
        id: string;
        deployed_triggers: { id: string; environment: string; external_user_id: string }[];
      }[]
    ).find((p) => p.deployed_triggers.length > 0)!;
    const trigger = project.deployed_triggers[0]!;
    // The deployed-trigger endpoints want the trigger's environment and end user (openapi/openapi.yaml).
    const asOwner = { headers: { 'x-pd-environment': trigger.environment } };
    const owner = `?external_user_id=${encodeURIComponent(trigger.external_user_id)}`;

    // No URL anywhere yet: nothing can be delivered.
    const none = await call(token, 'POST', `/__mock/triggers/${trigger.id}/emit`, { body: { event: { n: 0 } } });
    expect(none.status).toBe(422);

    const projectHook = await call(token, 'PUT', `/connect/${project.id}/webhook`, {
      headers: { 'x-pd-environment': trigger.environment },
      body: { webhook_url: projectReceiver.url },
    });
    expect(projectHook.status).toBe(200);
    const projectKey = projectHook.json.data.signing_key as string;
    expect(projectKey.length).toBeGreaterThan(0);

    const first = await call(token, 'POST', `/__mock/triggers/${trigger.id}/emit`, {
      body: { event: { n: 1, title: 'Ünïcode ✓' } },
    });
    expect(first.status).toBe(200);
    await engine.idle();
    expect(projectReceiver.received).toHaveLength(1);
    const firstBody = expectValidPayload('triggerEvent', projectReceiver.received[0]!);
    expect(firstBody).toMatchObject({
      event_id: first.json.data.event_id,
      trigger_id: trigger.id,
      environment: trigger.environment,
      event: { n: 1, title: 'Ünïcode ✓' },
    });
    await expectSignedWith(projectReceiver.received[0]!, projectKey);

    const triggerHooks = await call(
      token,
      'PUT',
      `/connect/${project.id}/deployed-triggers/${trigger.id}/webhooks${owner}`,
      {
        ...asOwner,
        body: { webhook_urls: [triggerReceiver.url] },
      },
    );
    expect(triggerHooks.status).toBe(200);
    // The trigger webhook's own key: read with its ID (a user API key's answer carries no keys).
    const webhookId = triggerHooks.json.webhooks[0].id as string;
    const triggerWebhook = await call(
      token,
      'GET',
      `/connect/${project.id}/deployed-triggers/${trigger.id}/webhooks/${webhookId}${owner}`,
      asOwner,
    );
    const triggerKey = triggerWebhook.json.data.signing_key as string;
    expect(triggerKey).not.toBe(projectKey);

    const second = await call(token, 'POST', `/__mock/triggers/${trigger.id}/emit`, { body: { event: { n: 2 } } });
    expect(second.status).toBe(200);
    await engine.idle();
    expect(projectReceiver.received).toHaveLength(1); // the project URL is no longer used
    expect(triggerReceiver.received).toHaveLength(1);
    expect(expectValidPayload('triggerEvent', triggerReceiver.received[0]!)).toMatchObject({
      event_id: second.json.data.event_id,
      event: { n: 2 },
    });
    await expectSignedWith(triggerReceiver.received[0]!, triggerKey);
    const withProjectKey = await verifySignature({
      rawBody: triggerReceiver.received[0]!.rawBody,
      header: triggerReceiver.received[0]!.headers['x-pd-signature'],
      key: projectKey,
    });
    expect(withProjectKey).toMatchObject({ ok: false, reason: 'mismatch' });

    // Clearing the trigger-level URLs falls back to the project environment's URL.
    await call(token, 'PUT', `/connect/${project.id}/deployed-triggers/${trigger.id}/webhooks${owner}`, {
      ...asOwner,
      body: { webhook_urls: [] },
    });
    await call(token, 'POST', `/__mock/triggers/${trigger.id}/emit`, { body: { event: { n: 3 } } });
    await engine.idle();
    expect(projectReceiver.received).toHaveLength(2);
    await expectSignedWith(projectReceiver.received[1]!, projectKey);
  });
});

describe('connection webhooks (POST /__mock/connect/{token}/complete)', () => {
  async function connectToken(token: string, webhookUri: string): Promise<{ projectId: string; connectToken: string }> {
    const projectId = (await world(token)).projects[0].id as string;
    const answer = await call(token, 'POST', `/connect/${projectId}/tokens`, {
      headers: { 'x-pd-environment': 'production' },
      body: { external_user_id: 'user-1043', webhook_uri: webhookUri },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.token).toMatch(/^ctok_/);
    return { projectId, connectToken: answer.json.token };
  }

  it('sends CONNECTION_SUCCESS exactly once with the new account, readable afterwards', async () => {
    const token = newToken();
    const target = await receiver();
    const { projectId, connectToken: ctok } = await connectToken(token, target.url);

    const done = await call(token, 'POST', `/__mock/connect/${ctok}/complete`, { body: { outcome: 'success' } });
    expect(done.status).toBe(200);
    const again = await call(token, 'POST', `/__mock/connect/${ctok}/complete`, { body: { outcome: 'success' } });
    expect(again.status).toBe(422);
    await engine.idle();

    expect(target.received).toHaveLength(1);
    const body = expectValidPayload('connectionSuccess', target.received[0]!) as {
      event: string;
      connect_token: string;
      environment: string;
      connect_session_id: number;
      account: { id: string; external_id: string; app: Record<string, unknown> };
    };
    expect(body.event).toBe('CONNECTION_SUCCESS');
    expect(body.connect_token).toBe(ctok);
    expect(body.environment).toBe('production');
    expect(body.connect_session_id).toBeGreaterThanOrEqual(1e15);
    // The spec's example writes it in exponent notation (5.53e+18); JSON.stringify only does so from 1e21 on,
    // and both spellings are the same JSON number, so the value is what is checked.
    expect(Number.isInteger(body.connect_session_id)).toBe(true);
    expect(body.account.id).toMatch(/^apn_/);
    expect(body.account.external_id).toBe('user-1043');
    expect(body.account).not.toHaveProperty('credentials');

    const account = await call(token, 'GET', `/connect/${projectId}/accounts/${body.account.id}`, {
      headers: { 'x-pd-environment': 'production' },
    });
    expect(account.status).toBe(200);
    // The API's account shows the SDK's App: no `connect` (the webhook's), `scope_profiles` instead (issue 17).
    const { connect: _connect, ...app } = body.account.app;
    expect(account.json).toEqual({ ...body.account, app: { ...app, scope_profiles: [] } });
  });

  it('sends CONNECTION_ERROR exactly once with the error message', async () => {
    const token = newToken();
    const target = await receiver();
    const { connectToken: ctok } = await connectToken(token, target.url);
    const done = await call(token, 'POST', `/__mock/connect/${ctok}/complete`, {
      body: { outcome: 'error', error: 'The user closed the window' },
    });
    expect(done.status).toBe(200);
    expect(
      (await call(token, 'POST', `/__mock/connect/${ctok}/complete`, { body: { outcome: 'success' } })).status,
    ).toBe(422);
    await engine.idle();
    expect(target.received).toHaveLength(1);
    const body = expectValidPayload('connectionError', target.received[0]!);
    expect(body).toMatchObject({
      event: 'CONNECTION_ERROR',
      connect_token: ctok,
      environment: 'production',
      error: 'The user closed the window',
    });
    expect(body).not.toHaveProperty('account');
  });
});

describe('delivery behaviour seen through the server', () => {
  it('retries a receiver that answers 500 twice: three attempts recorded in GET /__mock/deliveries, delivered', async () => {
    const token = newToken();
    const target = await receiver((_req, index) =>
      index < 2 ? { status: 500, body: 'not yet' } : { status: 200, body: 'ok' },
    );
    const webhookId = await createWebhook(token, target.url);
    const workflowId = (await world(token)).workflows[0].id as string;
    await subscribe(token, workflowId, webhookId, 'retry');
    await call(token, 'POST', '/__mock/emit', {
      body: { emitter_id: workflowId, event_name: 'retry', event: { x: 1 } },
    });
    await engine.idle();

    expect(target.received).toHaveLength(3);
    expect(new Set(target.received.map((r) => r.text)).size).toBe(1); // the same bytes every attempt
    const log = await call(token, 'GET', '/__mock/deliveries');
    expect(log.status).toBe(200);
    const [record] = log.json.data as DeliveryRecord[];
    expect(log.json.data).toHaveLength(1);
    expect(record).toMatchObject({ kind: 'subscription', url: target.url, state: 'delivered', final_status: 200 });
    expect(record!.attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(record!.body).toBe(target.received[0]!.text);
  });

  it('answers /__mock/emit before a slow receiver has answered the delivery', async () => {
    const token = newToken();
    const hold = gate<{ status: number }>();
    const events: string[] = [];
    const target = await receiver(() => {
      events.push('receiver got the delivery and holds its answer');
      return hold.promise;
    });
    const webhookId = await createWebhook(token, target.url);
    const workflowId = (await world(token)).workflows[0].id as string;
    await subscribe(token, workflowId, webhookId, 'slow');

    const emitted = await call(token, 'POST', '/__mock/emit', {
      body: { emitter_id: workflowId, event_name: 'slow', event: { slow: true } },
    });
    // If the API waited for the delivery, this line would never be reached: the answer is held until after it.
    events.push(`API answered ${emitted.status} with the delivery ${emitted.json.data.deliveries[0].state}`);
    await target.waitFor(1);
    const during = await call(token, 'GET', '/__mock/deliveries');
    events.push(`log shows ${during.json.data[0].state}`);
    hold.release({ status: 200 });
    events.push('receiver released');
    await engine.idle();
    const after = await call(token, 'GET', '/__mock/deliveries');
    events.push(`log shows ${after.json.data[0].state}`);

    expect(events.filter((e) => !e.startsWith('receiver got'))).toEqual([
      'API answered 200 with the delivery pending',
      'log shows pending',
      'receiver released',
      'log shows delivered',
    ]);
    expect(events).toContain('receiver got the delivery and holds its answer');
  });

  it('keeps worlds apart: another token sees none of these deliveries', async () => {
    const token = newToken();
    const target = await receiver();
    const webhookId = await createWebhook(token, target.url);
    const workflowId = (await world(token)).workflows[0].id as string;
    await subscribe(token, workflowId, webhookId, '');
    await call(token, 'POST', '/__mock/emit', { body: { emitter_id: workflowId, event_name: '', event: {} } });
    await engine.idle();
    expect((await call(token, 'GET', '/__mock/deliveries')).json.data).toHaveLength(1);
    expect((await call(newToken(), 'GET', '/__mock/deliveries')).json.data).toEqual([]);
  });
});
