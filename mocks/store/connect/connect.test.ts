import { beforeEach, describe, expect, it } from 'vitest';
import type { TriggerScope } from './triggers.ts';
import { getComponent, listComponents } from './components.ts';
import type { World } from '../world/world.ts';
import {
  completeConnect,
  createConnectToken,
  deleteConnectedAccount,
  deleteProjectWebhook,
  getConnectedAccount,
  getProjectWebhook,
  listConnectedAccounts,
  regenerateProjectWebhookSigningKey,
  setProjectWebhook,
  validateConnectToken,
} from './connect.ts';
import { createStore } from '../index.ts';
import {
  deleteDeployedTrigger,
  deployTrigger,
  getDeployedTrigger,
  getDeployedTriggerWebhook,
  listDeployedTriggerEvents,
  listDeployedTriggers,
  listDeployedTriggerWebhooks,
  regenerateDeployedTriggerWebhookSigningKey,
  setDeployedTriggerWebhooks,
} from './triggers.ts';
import { emitTrigger } from './trigger-emit.ts';
import { worldSummary } from '../world/summary.ts';
import { kindOf } from '../../ids/ids.ts';
import { expectError, recordingSink, unwrap } from '../../../support/results.ts';

const NOW = Date.UTC(2030, 6, 1, 0, 0, 0);
let sink: ReturnType<typeof recordingSink>;
let world: World;
let projectId: string;
let production: string;
let development: string;
let accountId: string;
/** Who may see the seeded production trigger: its environment and end user. */
let asOwner: TriggerScope;
beforeEach(() => {
  sink = recordingSink();
  world = createStore({ seed: 51, sink, now: () => NOW }).world('connect');
  const project = worldSummary(world).projects[0]!;
  projectId = project.id;
  production = project.deployed_triggers.find((t) => t.environment === 'production')!.id;
  development = project.deployed_triggers.find((t) => t.environment === 'development')!.id;
  accountId = project.accounts[0]!;
  asOwner = {
    environment: 'production',
    externalUserId: project.deployed_triggers.find((t) => t.id === production)!.external_user_id,
  };
});

describe('project webhook lifecycle', () => {
  it('stores one webhook per project and environment; signing_key only when first saved', () => {
    const first = unwrap(setProjectWebhook(world, projectId, 'production', 'https://receiver.example.com/a')).data;
    expect(first).toMatchObject({
      url: 'https://receiver.example.com/a',
      signing_key_set: true,
      created_at: NOW / 1000,
      updated_at: NOW / 1000,
    });
    expect(kindOf(first.id)).toBe('webhook');
    expect(first.signing_key).toMatch(/^[0-9a-f]{64}$/);
    const second = unwrap(setProjectWebhook(world, projectId, 'production', 'https://receiver.example.com/b')).data;
    expect(second).not.toHaveProperty('signing_key');
    expect(second).toMatchObject({ id: first.id, url: 'https://receiver.example.com/b', signing_key_set: true });
    const dev = unwrap(setProjectWebhook(world, projectId, 'development', 'https://receiver.example.com/dev')).data;
    expect(dev.signing_key).toMatch(/^[0-9a-f]{64}$/);
    expect(dev.signing_key).not.toBe(first.signing_key);
    expect(dev.id).not.toBe(first.id);
    const envs = worldSummary(world).projects[0]!.environments;
    expect(envs).toEqual(
      expect.arrayContaining([
        { name: 'production', webhook_url: 'https://receiver.example.com/b' },
        { name: 'development', webhook_url: 'https://receiver.example.com/dev' },
      ]),
    );
  });

  it('GET never shows the key; a regenerated key signs the next delivery; after DELETE nothing is delivered and GET is 404', () => {
    expectError(getProjectWebhook(world, projectId, 'production'), 404, 'not_found');
    const saved = unwrap(setProjectWebhook(world, projectId, 'production', 'https://env.example.com/p')).data;
    expect(unwrap(getProjectWebhook(world, projectId, 'production')).data).toEqual({
      ...saved,
      signing_key: undefined,
    });
    expect(unwrap(getProjectWebhook(world, projectId, 'production')).data).not.toHaveProperty('signing_key');
    unwrap(emitTrigger(world, production, { event: 1 }));
    const regenerated = unwrap(regenerateProjectWebhookSigningKey(world, projectId, 'production')).data;
    expect(regenerated.signing_key).toMatch(/^[0-9a-f]{64}$/);
    expect(regenerated.signing_key).not.toBe(saved.signing_key);
    expect(regenerated.id).toBe(saved.id);
    unwrap(emitTrigger(world, production, { event: 2 }));
    expect(sink.requests.map((r) => r.signingKey)).toEqual([saved.signing_key, regenerated.signing_key]);

    unwrap(deleteProjectWebhook(world, projectId, 'production'));
    expectError(getProjectWebhook(world, projectId, 'production'), 404, 'not_found');
    expectError(deleteProjectWebhook(world, projectId, 'production'), 404, 'not_found');
    expectError(regenerateProjectWebhookSigningKey(world, projectId, 'production'), 404, 'not_found');
    expectError(emitTrigger(world, production, { event: 3 }), 422, 'unprocessable');
    expect(sink.requests).toHaveLength(2);
    // Saved anew: a new webhook with a new key, shown again.
    const again = unwrap(setProjectWebhook(world, projectId, 'production', 'https://env.example.com/p')).data;
    expect(again.signing_key).toMatch(/^[0-9a-f]{64}$/);
    expect(again.id).not.toBe(saved.id);
  });

  it("an unknown project is 404 (the environment header and the URL are the document's to check)", () => {
    expectError(setProjectWebhook(world, 'proj_nothere', 'production', 'https://a.example.com'), 404, 'not_found');
    expectError(getProjectWebhook(world, 'proj_nothere', 'production'), 404, 'not_found');
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
    const { signing_key } = unwrap(
      setProjectWebhook(world, projectId, 'production', 'https://env.example.com/prod'),
    ).data;
    unwrap(setProjectWebhook(world, projectId, 'development', 'https://env.example.com/dev'));
    const result = unwrap(emitTrigger(world, production, { event: { hello: 'world' } }));
    expect(sink.requests).toHaveLength(1);
    const request = sink.requests[0]!;
    expect(request).toMatchObject({
      world: world.key,
      kind: 'trigger',
      url: 'https://env.example.com/prod',
      signingKey: signing_key,
    });
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

  it("the trigger's own webhooks win over the project URL, each signed with its own key; a kept URL keeps its webhook", () => {
    unwrap(setProjectWebhook(world, projectId, 'production', 'https://env.example.com/prod'));
    const first = unwrap(
      setDeployedTriggerWebhooks(
        world,
        projectId,
        production,
        ['https://t.example.com/1', 'http://t.example.com:8080/2'],
        asOwner,
        true,
      ),
    );
    expect(first.webhook_urls).toEqual(['https://t.example.com/1', 'http://t.example.com:8080/2']);
    const [one, two] = first.webhooks as unknown as [
      { id: string; signing_key: string },
      { id: string; signing_key: string },
    ];
    expect(kindOf(one.id)).toBe('webhook');
    expect(one.signing_key).not.toBe(two.signing_key);
    unwrap(emitTrigger(world, production, { event: {} }));
    expect(sink.requests.map((r) => [r.url, r.signingKey])).toEqual([
      ['https://t.example.com/1', one.signing_key],
      ['http://t.example.com:8080/2', two.signing_key],
    ]);
    const again = unwrap(
      setDeployedTriggerWebhooks(world, projectId, production, ['https://t.example.com/1'], asOwner, true),
    );
    expect(again.webhooks).toEqual([
      { id: one.id, url: 'https://t.example.com/1', signing_key: one.signing_key, signing_key_set: true },
    ]);
    // Keys only when asked for (workspace OAuth tokens, decided by the route).
    expect(unwrap(listDeployedTriggerWebhooks(world, projectId, production, asOwner, false)).webhooks).toEqual([
      { id: one.id, url: 'https://t.example.com/1', signing_key_set: true },
    ]);
    const regenerated = unwrap(
      regenerateDeployedTriggerWebhookSigningKey(world, projectId, production, one.id, asOwner),
    ).data;
    expect(regenerated.signing_key).not.toBe(one.signing_key);
    expect(unwrap(getDeployedTriggerWebhook(world, projectId, production, one.id, asOwner)).data.signing_key).toBe(
      regenerated.signing_key,
    );
    unwrap(emitTrigger(world, production, { event: {} }));
    expect(sink.requests[2]!.signingKey).toBe(regenerated.signing_key);
    // Emptying the list falls back to the project URL again.
    unwrap(setDeployedTriggerWebhooks(world, projectId, production, [], asOwner, true));
    unwrap(emitTrigger(world, production, { event: {} }));
    expect(sink.requests[3]!.url).toBe('https://env.example.com/prod');
    expectError(getDeployedTriggerWebhook(world, projectId, production, one.id, asOwner), 404, 'not_found');
  });

  it('an unknown project, trigger or webhook, a trigger of another project, user or environment is 404', () => {
    expectError(setDeployedTriggerWebhooks(world, 'proj_nothere', production, [], asOwner, false), 404, 'not_found');
    expectError(setDeployedTriggerWebhooks(world, projectId, 'dc_nothere', [], asOwner, false), 404, 'not_found');
    const workspaceSource = worldSummary(world).sources[0]!.id;
    expectError(setDeployedTriggerWebhooks(world, projectId, workspaceSource, [], asOwner, false), 404, 'not_found');
    expectError(
      getDeployedTrigger(world, projectId, production, { ...asOwner, externalUserId: 'someone-else' }),
      404,
      'not_found',
    );
    expectError(
      getDeployedTrigger(world, projectId, production, { ...asOwner, environment: 'development' }),
      404,
      'not_found',
    );
    expectError(getDeployedTriggerWebhook(world, projectId, production, 'wh_nothere', asOwner), 404, 'not_found');
    expect(unwrap(getDeployedTrigger(world, projectId, production, asOwner)).data.id).toBe(production);
  });
});

describe('trigger catalogue, deployment and deployed triggers', () => {
  it('lists and reads the catalogue by key, filtered by q and app', () => {
    const all = unwrap(listComponents(world, projectId, 'trigger', { limit: 100 }));
    expect(all.page_info.total_count).toBe(all.data.length);
    expect(all.data.map((c) => c.key)).toContain('github-new-issue');
    expect(
      unwrap(listComponents(world, projectId, 'trigger', { limit: 100, app: 'github' })).data.every((c) =>
        c.key.startsWith('github-'),
      ),
    ).toBe(true);
    expect(
      unwrap(listComponents(world, projectId, 'trigger', { limit: 100, q: 'ISSUE' })).data.map((c) => c.key),
    ).toEqual([
      'github-new-issue',
      'github-new-issue-in-repository',
      'jira-new-issue-in-project',
      'linear_app-new-issue-in-team',
    ]);
    expect(unwrap(getComponent(world, projectId, 'trigger', 'github-new-issue')).data).toMatchObject({
      key: 'github-new-issue',
      component_type: 'trigger',
    });
    expectError(getComponent(world, projectId, 'trigger', 'github-no-such-thing'), 404, 'not_found');
  });

  it('deploys a dc_ trigger for an end user; a deploy-time webhook_url gets its own key and wins over the project URL; emit_on_deploy emits once', () => {
    unwrap(setProjectWebhook(world, projectId, 'development', 'https://env.example.com/dev'));
    const { data } = unwrap(
      deployTrigger(world, projectId, 'development', {
        id: 'github-new-issue',
        external_user_id: 'ext-7',
        configured_props: { github: { authProvisionId: accountId } },
        webhook_url: 'https://t.example.com/own',
        emit_on_deploy: true,
      }),
    );
    expect(kindOf(data.id)).toBe('source');
    expect(data).toMatchObject({
      type: 'DeployedComponent',
      component_key: 'github-new-issue',
      emit_on_deploy: true,
      active: true,
      name: 'New Issue (GitHub)',
    });
    expect(data.webhook_signing_key).toMatch(/^[0-9a-f]{64}$/);
    expect(sink.requests.map((r) => [r.url, r.signingKey])).toEqual([
      ['https://t.example.com/own', data.webhook_signing_key],
    ]);
    expect(sink.requests[0]!.payload).toMatchObject({
      trigger_id: data.id,
      environment: 'development',
      event: { emitted_on_deploy: true },
    });
    // The event kept for listEvents: its `sum` is the payload's name (an event without one has none: below).
    const scope = { environment: 'development' as const, externalUserId: 'ext-7' };
    expect(unwrap(listDeployedTriggerEvents(world, projectId, data.id, 10, scope)).data).toMatchObject([
      { sum: 'New Issue (GitHub)', e: { emitted_on_deploy: true } },
    ]);
    // The answer of a read never repeats the key.
    expect(
      unwrap(getDeployedTrigger(world, projectId, data.id, { environment: 'development', externalUserId: 'ext-7' }))
        .data,
    ).not.toHaveProperty('webhook_signing_key');

    const quiet = unwrap(
      deployTrigger(world, projectId, 'production', { id: 'slack-new-message', external_user_id: 'ext-7' }),
    ).data;
    expect(quiet.emit_on_deploy).toBe(false);
    expect(sink.requests).toHaveLength(1);
    expectError(
      deployTrigger(world, projectId, 'production', { id: 'github-nope', external_user_id: 'x' }),
      422,
      'unprocessable',
    );

    const louder = unwrap(
      deployTrigger(world, projectId, 'development', { id: 'slack-new-message', external_user_id: 'ext-7' }),
    ).data;
    const asExt7 = { environment: 'development', externalUserId: 'ext-7' } as const;
    const mine = unwrap(listDeployedTriggers(world, projectId, asExt7, { limit: 1 }));
    expect(mine.page_info.total_count).toBe(2);
    expect(mine.data.map((t) => t.id)).toEqual([data.id]);
    const next = unwrap(listDeployedTriggers(world, projectId, asExt7, { limit: 1, after: mine.page_info.end_cursor }));
    expect(next.data.map((t) => t.id)).toEqual([louder.id]);
    expect(
      unwrap(listDeployedTriggers(world, projectId, { ...asExt7, environment: 'production' }, { limit: 10 })).data.map(
        (t) => t.id,
      ),
    ).toEqual([quiet.id]);
    expect(
      unwrap(listDeployedTriggers(world, projectId, { ...asExt7, externalUserId: 'ext-8' }, { limit: 10 })).data,
    ).toEqual([]);
    unwrap(emitTrigger(world, louder.id, { event: { issue: 7 } }));
    expect(unwrap(listDeployedTriggerEvents(world, projectId, louder.id, 10, asExt7)).data[0]).not.toHaveProperty(
      'sum',
    );

    expectError(
      deleteDeployedTrigger(world, projectId, data.id, { ...asExt7, externalUserId: 'ext-8' }),
      404,
      'not_found',
    );
    unwrap(deleteDeployedTrigger(world, projectId, data.id, asExt7));
    expectError(getDeployedTrigger(world, projectId, data.id, asExt7), 404, 'not_found');
    expectError(emitTrigger(world, data.id, { event: 1 }), 404, 'not_found');
    expect(worldSummary(world).projects[0]!.deployed_triggers.map((t) => t.id)).not.toContain(data.id);
  });
});

describe('connect tokens, accounts and completeConnect', () => {
  it('creates a ctok_ token with an ISO expiry and a link; an unknown project is 404', () => {
    const token = unwrap(createConnectToken(world, projectId, 'production', { external_user_id: 'user-1' }));
    expect(kindOf(token.token)).toBe('connectToken');
    expect(Date.parse(token.expires_at)).toBeGreaterThan(NOW);
    expect(token.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(token.connect_link_url).toContain(token.token);
    expect(worldSummary(world).connect_tokens).toContainEqual({
      token: token.token,
      project_id: projectId,
      environment: 'production',
      completed: false,
    });
    expectError(createConnectToken(world, 'proj_nothere', 'production', { external_user_id: 'u' }), 404, 'not_found');
    const short = unwrap(
      createConnectToken(world, projectId, 'production', { external_user_id: 'user-2', expires_in: 600 }),
    );
    expect(Date.parse(short.expires_at)).toBe(NOW + 600_000);
    expect(Date.parse(token.expires_at)).toBe(NOW + 4 * 3_600_000);
  });

  it('reads a connected account itself, with credentials only when asked; lists, filters and deletes accounts', () => {
    const plain = unwrap(getConnectedAccount(world, projectId, accountId, { environment: 'production' }));
    expect(plain.id).toBe(accountId);
    expect(plain).not.toHaveProperty('credentials');
    expect(plain.created_at).toMatch(/Z$/);
    expect(kindOf(plain.app.id)).toBe('app');
    const withCredentials = unwrap(
      getConnectedAccount(world, projectId, accountId, { includeCredentials: true, environment: 'production' }),
    );
    expect(withCredentials.credentials).toEqual(expect.any(Object));
    // The second seeded account uses the service's OAuth client: its credentials are withheld.
    const withheld = worldSummary(world).projects[0]!.connected_accounts[1]!;
    expect(withheld).toMatchObject({ credentials_withheld: true, environment: 'production' });
    expect(
      unwrap(
        getConnectedAccount(world, projectId, withheld.id, { includeCredentials: true, environment: 'production' }),
      ),
    ).not.toHaveProperty('credentials');
    expectError(getConnectedAccount(world, projectId, 'apn_nothere', { environment: 'production' }), 404, 'not_found');
    expectError(getConnectedAccount(world, 'proj_nothere', accountId, { environment: 'production' }), 404, 'not_found');
    expectError(getConnectedAccount(world, projectId, accountId, { environment: 'development' }), 404, 'not_found');

    const all = unwrap(listConnectedAccounts(world, projectId, 'production', { limit: 10 }));
    expect(all.data.map((a) => a.id)).toEqual(worldSummary(world).projects[0]!.accounts);
    expect(all.data.every((a) => a.credentials === undefined)).toBe(true);
    const mine = unwrap(
      listConnectedAccounts(world, projectId, 'production', {
        limit: 10,
        external_user_id: plain.external_id,
        include_credentials: true,
      }),
    );
    expect(mine.data.map((a) => a.id)).toEqual([accountId]);
    expect(mine.data[0]!.credentials).toEqual(expect.any(Object));
    expect(
      unwrap(listConnectedAccounts(world, projectId, 'production', { limit: 10, include_credentials: true })).data.map(
        (a) => a.credentials !== undefined,
      ),
    ).toEqual([true, false]);
    expect(
      unwrap(listConnectedAccounts(world, projectId, 'production', { limit: 10, app: plain.app.name_slug })).data.map(
        (a) => a.id,
      ),
    ).toContain(accountId);
    expect(unwrap(listConnectedAccounts(world, projectId, 'development', { limit: 10 })).data).toEqual([]);

    expectError(deleteConnectedAccount(world, projectId, accountId, 'development'), 404, 'not_found');
    unwrap(deleteConnectedAccount(world, projectId, accountId, 'production'));
    expectError(getConnectedAccount(world, projectId, accountId, { environment: 'production' }), 404, 'not_found');
    expectError(deleteConnectedAccount(world, projectId, accountId, 'production'), 404, 'not_found');
    expect(worldSummary(world).projects[0]!.accounts).not.toContain(accountId);
  });

  it('validates a token: success until completed or expired, 404 for an unknown one or another environment', () => {
    const { token } = unwrap(createConnectToken(world, projectId, 'development', { external_user_id: 'v' }));
    expect(unwrap(validateConnectToken(world, token, 'development'))).toEqual({
      success: true,
      project_id: projectId,
      project_environment: 'development',
    });
    expectError(validateConnectToken(world, token, 'production'), 404, 'not_found');
    expectError(validateConnectToken(world, 'ctok_nothere', 'development'), 404, 'not_found');
    unwrap(completeConnect(world, token, { outcome: 'error' }));
    expect(unwrap(validateConnectToken(world, token, 'development'))).toMatchObject({
      success: false,
      error: expect.stringMatching(/used/),
    });
  });

  it('success creates a readable apn_ account and sends CONNECTION_SUCCESS once, without credentials', () => {
    const { token } = unwrap(
      createConnectToken(world, projectId, 'development', {
        external_user_id: 'ext-42',
        webhook_uri: 'https://app.example.com/connect',
      }),
    );
    const result = unwrap(completeConnect(world, token, { outcome: 'success' }));
    const account = result.account!;
    expect(kindOf(account.id)).toBe('account');
    expect(account.external_id).toBe('ext-42');
    expect(account.created_at).toBe(new Date(NOW).toISOString());
    // The API's account shows the SDK's App: no `connect` (the webhook's), `scope_profiles` instead (issue 17).
    const { connect: _connect, ...app } = account.app;
    expect(unwrap(getConnectedAccount(world, projectId, account.id, { environment: 'development' }))).toEqual({
      ...account,
      app: { ...app, scope_profiles: [] },
    });
    expect(result.delivery).not.toBeNull();
    expect(sink.requests).toHaveLength(1);
    const request = sink.requests[0]!;
    expect(request).toMatchObject({ kind: 'connection', url: 'https://app.example.com/connect', world: world.key });
    expect(request.signingKey).toBeUndefined();
    const payload = request.payload as Record<string, unknown>;
    expect(payload).toMatchObject({
      event: 'CONNECTION_SUCCESS',
      connect_token: token,
      environment: 'development',
      account,
    });
    expect(payload.connect_session_id).toEqual(expect.any(Number));
    expect(payload.connect_session_id as number).toBeGreaterThan(1e15);
    expect(JSON.stringify(payload)).not.toContain('credentials');
    // Exactly once per token.
    expectError(completeConnect(world, token, { outcome: 'success' }), 422, 'unprocessable');
    expectError(completeConnect(world, token, { outcome: 'error' }), 422, 'unprocessable');
    expect(sink.requests).toHaveLength(1);
  });

  it('error sends CONNECTION_ERROR with the message; no webhook_uri means no delivery', () => {
    const { token } = unwrap(
      createConnectToken(world, projectId, 'production', {
        external_user_id: 'x',
        webhook_uri: 'http://localhost:9999/c',
      }),
    );
    const result = unwrap(completeConnect(world, token, { outcome: 'error', error: 'user closed the window' }));
    expect(result.account).toBeUndefined();
    const payload = sink.requests[0]!.payload as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual([
      'connect_session_id',
      'connect_token',
      'environment',
      'error',
      'event',
    ]);
    expect(payload).toMatchObject({
      event: 'CONNECTION_ERROR',
      connect_token: token,
      environment: 'production',
      error: 'user closed the window',
    });

    const silent = unwrap(createConnectToken(world, projectId, 'production', { external_user_id: 'y' })).token;
    const quiet = unwrap(completeConnect(world, silent, { outcome: 'success' }));
    expect(quiet.delivery).toBeNull();
    expect(sink.requests).toHaveLength(1);
  });

  it('a token past its expires_at can no longer complete (422), and sends nothing', () => {
    let clock = NOW;
    const timed = createStore({ seed: 51, sink, now: () => clock }).world('connect-expiry');
    const project = worldSummary(timed).projects[0]!.id;
    const issued = unwrap(
      createConnectToken(timed, project, 'production', {
        external_user_id: 'late',
        webhook_uri: 'https://app.example.com/c',
      }),
    );
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
