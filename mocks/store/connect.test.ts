import { beforeEach, describe, expect, it } from 'vitest';
import type { World } from './index.ts';
import {
  completeConnect,
  createConnectToken,
  createStore,
  emitTrigger,
  getConnectedAccount,
  setDeployedTriggerWebhooks,
  setProjectWebhook,
  worldSummary,
} from './index.ts';
import { kindOf } from '../ids.ts';
import { expectError, recordingSink, unwrap } from '../../support/results.ts';

const NOW = Date.UTC(2030, 6, 1, 0, 0, 0);
let sink: ReturnType<typeof recordingSink>;
let world: World;
let projectId: string;
let production: string;
let development: string;
let accountId: string;
beforeEach(() => {
  sink = recordingSink();
  world = createStore({ seed: 51, sink, now: () => NOW }).world('connect');
  const project = worldSummary(world).projects[0]!;
  projectId = project.id;
  production = project.deployed_triggers.find((t) => t.environment === 'production')!.id;
  development = project.deployed_triggers.find((t) => t.environment === 'development')!.id;
  accountId = project.accounts[0]!;
});

describe('setProjectWebhook', () => {
  it('stores one URL per project and environment; signing_key only when first created', () => {
    const first = unwrap(setProjectWebhook(world, projectId, 'production', 'https://receiver.example.com/a')).data;
    expect(first).toMatchObject({ project_id: projectId, environment: 'production', webhook_url: 'https://receiver.example.com/a', created_at: NOW / 1000 });
    expect(first.signing_key).toMatch(/^[0-9a-f]{64}$/);
    const second = unwrap(setProjectWebhook(world, projectId, 'production', 'https://receiver.example.com/b')).data;
    expect(second).not.toHaveProperty('signing_key');
    expect(second.webhook_url).toBe('https://receiver.example.com/b');
    const dev = unwrap(setProjectWebhook(world, projectId, 'development', 'https://receiver.example.com/dev')).data;
    expect(dev.signing_key).toMatch(/^[0-9a-f]{64}$/);
    expect(dev.signing_key).not.toBe(first.signing_key);
    const envs = worldSummary(world).projects[0]!.environments;
    expect(envs).toEqual(
      expect.arrayContaining([
        { name: 'production', webhook_url: 'https://receiver.example.com/b' },
        { name: 'development', webhook_url: 'https://receiver.example.com/dev' },
      ]),
    );
  });

  it("an unknown project is 404 (the environment header and the URL are the document's to check)", () => {
    expectError(setProjectWebhook(world, 'proj_nothere', 'production', 'https://a.example.com'), 404, 'not_found');
  });
});

describe('deployed-trigger webhooks and emitTrigger', () => {
  it('no URL anywhere is 422 with a message naming both endpoints', () => {
    const error = expectError(emitTrigger(world, production, { event: {} }), 422, 'unprocessable');
    expect(error.body.error).toMatch(/deployed-triggers/);
    expect(error.body.error).toMatch(/webhook/);
    expectError(emitTrigger(world, 'dc_nothere', { event: {} }), 404, 'not_found');
  });

  it('falls back to the project environment URL, signed with its key', () => {
    const { signing_key } = unwrap(setProjectWebhook(world, projectId, 'production', 'https://env.example.com/prod')).data;
    unwrap(setProjectWebhook(world, projectId, 'development', 'https://env.example.com/dev'));
    const result = unwrap(emitTrigger(world, production, { event: { hello: 'world' } }));
    expect(sink.requests).toHaveLength(1);
    const request = sink.requests[0]!;
    expect(request).toMatchObject({ world: world.key, kind: 'trigger', url: 'https://env.example.com/prod', signingKey: signing_key });
    expect(request.payload).toEqual({
      event_id: result.event_id,
      trigger_id: production,
      environment: 'production',
      emitted_at: NOW / 1000,
      event: { hello: 'world' },
    });
    expect(result.deliveries).toHaveLength(1);
    unwrap(emitTrigger(world, development, { event: 1 }));
    expect(sink.requests[1]!.url).toBe('https://env.example.com/dev');
  });

  it('the trigger own URLs win over the project URL; one signing key per trigger, returned every time', () => {
    unwrap(setProjectWebhook(world, projectId, 'production', 'https://env.example.com/prod'));
    const first = unwrap(setDeployedTriggerWebhooks(world, projectId, production, ['https://t.example.com/1', 'http://t.example.com:8080/2'])).data;
    expect(first.trigger_id).toBe(production);
    expect(first.webhook_urls).toEqual(['https://t.example.com/1', 'http://t.example.com:8080/2']);
    const again = unwrap(setDeployedTriggerWebhooks(world, projectId, production, ['https://t.example.com/1'])).data;
    expect(again.signing_key).toBe(first.signing_key);
    unwrap(emitTrigger(world, production, { event: {} }));
    expect(sink.requests.map((r) => [r.url, r.signingKey])).toEqual([['https://t.example.com/1', first.signing_key]]);
    // Emptying the list falls back to the project URL again.
    unwrap(setDeployedTriggerWebhooks(world, projectId, production, []));
    unwrap(emitTrigger(world, production, { event: {} }));
    expect(sink.requests[1]!.url).toBe('https://env.example.com/prod');
  });

  it('an unknown project or trigger, or a trigger of another project, is 404', () => {
    expectError(setDeployedTriggerWebhooks(world, 'proj_nothere', production, []), 404, 'not_found');
    expectError(setDeployedTriggerWebhooks(world, projectId, 'dc_nothere', []), 404, 'not_found');
    const workspaceSource = worldSummary(world).sources[0]!.id;
    expectError(setDeployedTriggerWebhooks(world, projectId, workspaceSource, []), 404, 'not_found');
  });
});

describe('connect tokens, accounts and completeConnect', () => {
  it('creates a ctok_ token with an ISO expiry and a link; an unknown project is 404', () => {
    const token = unwrap(createConnectToken(world, projectId, 'production', { external_user_id: 'user-1' }));
    expect(kindOf(token.token)).toBe('connectToken');
    expect(Date.parse(token.expires_at)).toBeGreaterThan(NOW);
    expect(token.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(token.connect_link_url).toContain(token.token);
    expect(worldSummary(world).connect_tokens).toContainEqual({ token: token.token, project_id: projectId, environment: 'production', completed: false });
    expectError(createConnectToken(world, 'proj_nothere', 'production', { external_user_id: 'u' }), 404, 'not_found');
  });

  it('reads a connected account, with credentials only when asked', () => {
    const plain = unwrap(getConnectedAccount(world, projectId, accountId, {})).data;
    expect(plain.id).toBe(accountId);
    expect(plain).not.toHaveProperty('credentials');
    expect(plain.created_at).toMatch(/Z$/);
    expect(kindOf(plain.app.id)).toBe('app');
    const withCredentials = unwrap(getConnectedAccount(world, projectId, accountId, { includeCredentials: true })).data;
    expect(withCredentials.credentials).toEqual(expect.any(Object));
    expectError(getConnectedAccount(world, projectId, 'apn_nothere', {}), 404, 'not_found');
    expectError(getConnectedAccount(world, 'proj_nothere', accountId, {}), 404, 'not_found');
  });

  it('success creates a readable apn_ account and sends CONNECTION_SUCCESS once, without credentials', () => {
    const { token } = unwrap(
      createConnectToken(world, projectId, 'development', { external_user_id: 'ext-42', webhook_uri: 'https://app.example.com/connect' }),
    );
    const result = unwrap(completeConnect(world, token, { outcome: 'success' }));
    const account = result.account!;
    expect(kindOf(account.id)).toBe('account');
    expect(account.external_id).toBe('ext-42');
    expect(account.created_at).toBe(new Date(NOW).toISOString());
    expect(unwrap(getConnectedAccount(world, projectId, account.id, {})).data).toEqual(account);
    expect(result.delivery).not.toBeNull();
    expect(sink.requests).toHaveLength(1);
    const request = sink.requests[0]!;
    expect(request).toMatchObject({ kind: 'connection', url: 'https://app.example.com/connect', world: world.key });
    expect(request.signingKey).toBeUndefined();
    const payload = request.payload as Record<string, unknown>;
    expect(payload).toMatchObject({ event: 'CONNECTION_SUCCESS', connect_token: token, environment: 'development', account });
    expect(payload.connect_session_id).toEqual(expect.any(Number));
    expect(payload.connect_session_id as number).toBeGreaterThan(1e15);
    expect(JSON.stringify(payload)).not.toContain('credentials');
    // Exactly once per token.
    expectError(completeConnect(world, token, { outcome: 'success' }), 422, 'unprocessable');
    expectError(completeConnect(world, token, { outcome: 'error' }), 422, 'unprocessable');
    expect(sink.requests).toHaveLength(1);
  });

  it('error sends CONNECTION_ERROR with the message; no webhook_uri means no delivery', () => {
    const { token } = unwrap(createConnectToken(world, projectId, 'production', { external_user_id: 'x', webhook_uri: 'http://localhost:9999/c' }));
    const result = unwrap(completeConnect(world, token, { outcome: 'error', error: 'user closed the window' }));
    expect(result.account).toBeUndefined();
    const payload = sink.requests[0]!.payload as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['connect_session_id', 'connect_token', 'environment', 'error', 'event']);
    expect(payload).toMatchObject({ event: 'CONNECTION_ERROR', connect_token: token, environment: 'production', error: 'user closed the window' });

    const silent = unwrap(createConnectToken(world, projectId, 'production', { external_user_id: 'y' })).token;
    const quiet = unwrap(completeConnect(world, silent, { outcome: 'success' }));
    expect(quiet.delivery).toBeNull();
    expect(sink.requests).toHaveLength(1);
  });

  it('a token past its expires_at can no longer complete (422), and sends nothing', () => {
    let clock = NOW;
    const timed = createStore({ seed: 51, sink, now: () => clock }).world('connect-expiry');
    const project = worldSummary(timed).projects[0]!.id;
    const issued = unwrap(createConnectToken(timed, project, 'production', { external_user_id: 'late', webhook_uri: 'https://app.example.com/c' }));
    const expiresAt = Date.parse(issued.expires_at);
    expect(expiresAt).toBeGreaterThan(NOW);
    clock = expiresAt + 1;
    expectError(completeConnect(timed, issued.token, { outcome: 'success' }), 422, 'unprocessable');
    expect(sink.requests).toHaveLength(0);
    const other = unwrap(createConnectToken(timed, project, 'production', { external_user_id: 'on-time' }));
    clock = Date.parse(other.expires_at); // the last valid millisecond still completes
    expect(unwrap(completeConnect(timed, other.token, { outcome: 'success' })).account).toBeDefined();
  });

  it('an unknown token is 404', () => {
    expectError(completeConnect(world, 'ctok_nothere', { outcome: 'success' }), 404, 'not_found');
  });
});
