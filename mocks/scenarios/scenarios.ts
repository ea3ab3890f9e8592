// ONE list of scenarios: every rule of issue 3 ("Rules the fake must honour") and the auth and
// error cases of docs/worlds.md and docs/errors.md. run.ts feeds each of them through every adapter with the same
// expectations. IDs are discovered (GET /users/me, GET /__mock/world), never hard-coded.
import { expect } from 'vitest';
import { verifySignature } from '../webhooks/signature.ts';
import { expectError, idsWithPrefix, type Session } from './session.ts';

export interface Scenario {
  /** The rule it checks, in words a failing test report should show. */
  name: string;
  run(session: Session): Promise<void>;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const UNIX_SECONDS = { min: 1_500_000_000, max: 4_000_000_000 };

function expectUnixSeconds(value: unknown): void {
  expect(Number.isInteger(value)).toBe(true);
  expect(value as number).toBeGreaterThan(UNIX_SECONDS.min);
  expect(value as number).toBeLessThan(UNIX_SECONDS.max);
}

async function firstOrg(s: Session): Promise<string> {
  return (await s.me()).orgs[0]!.id;
}

async function projectId(s: Session): Promise<string> {
  const [id] = idsWithPrefix(await s.world(), 'proj_');
  expect(id, 'the world summary lists a project').toBeDefined();
  return id!;
}

async function createWebhook(s: Session, url = 'https://hooks.example.com/receive'): Promise<any> {
  return (await s.expectStatus(200, 'POST', '/webhooks', { query: { url, name: 'scenario hook', description: 'made by a scenario' } })).data;
}

async function createWorkflow(s: Session, body: Record<string, unknown> = {}): Promise<any> {
  const org_id = body.org_id ?? (await firstOrg(s));
  const project_id = body.project_id ?? (await projectId(s));
  return (await s.expectStatus(200, 'POST', '/workflows', { body: { project_id, org_id, ...body } })).data;
}

async function allSources(s: Session, orgId: string, limit: number): Promise<{ ids: string[]; total: number; pages: number }> {
  const ids: string[] = [];
  let after: string | undefined;
  let total = -1;
  let pages = 0;
  for (;;) {
    const page = await s.expectStatus(200, 'GET', `/orgs/${orgId}/sources`, { query: { limit, after } });
    pages++;
    expect(page.page_info.count).toBe(page.data.length);
    if (total === -1) total = page.page_info.total_count;
    expect(page.page_info.total_count).toBe(total);
    if (page.data.length === 0) break;
    expect(page.data.length).toBeLessThanOrEqual(limit);
    ids.push(...page.data.map((source: { id: string }) => source.id));
    after = page.page_info.end_cursor;
    expect(pages).toBeLessThan(200);
  }
  return { ids, total, pages };
}

const subscriptionQuery = (emitter_id: string, listener_id: string, event_name?: string) => ({ emitter_id, listener_id, event_name });

async function workspaceSubscriptions(s: Session, orgId: string): Promise<{ id: string; emitter_id: string; listener_id: string; event_name: string }[]> {
  return (await s.expectStatus(200, 'GET', `/workspaces/${orgId}/subscriptions`)).data;
}

async function emitError(s: Session, workflowId: string, event: unknown, code = 'InternalFailure'): Promise<any> {
  return (await s.expectStatus(200, 'POST', '/__mock/emit', {
    body: { emitter_id: workflowId, event_name: '$errors', event, error: { code, stack: `Error: ${code}\n    at step` } },
  })).data;
}

export const scenarios: Scenario[] = [
  // ---- auth (docs/worlds.md) ----------------------------------------------------------------
  {
    name: 'auth: no, empty or malformed bearer is 401 unauthorized, on the API and the control API',
    async run(s) {
      expectError(await s.call('GET', '/users/me', { token: null }), 401, 'unauthorized');
      expectError(await s.call('GET', '/users/me', { token: null, headers: { authorization: '' } }), 401, 'unauthorized');
      expectError(await s.call('GET', '/users/me', { token: null, headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 401, 'unauthorized');
      expectError(await s.call('GET', '/users/me', { token: null, headers: { authorization: 'Bearer' } }), 401, 'unauthorized');
      expectError(await s.call('GET', '/users/me', { token: null, headers: { authorization: 'Bearer not a token' } }), 401, 'unauthorized');
      expectError(await s.call('GET', '/users/me', { token: null, headers: { authorization: 'Bearer b@d' } }), 401, 'unauthorized');
      expectError(await s.call('GET', '/__mock/world', { token: null }), 401, 'unauthorized');
    },
  },
  {
    name: 'auth: PUT /workflows/{id} with a workspace OAuth token is 403 and changes nothing',
    async run(s) {
      const oauth = s.other('oauth');
      const me = await oauth.me(); // an OAuth token reads fine, in its own world
      const workflowId = idsWithPrefix(await oauth.world(), 'p_')[0]!;
      const before = (await oauth.expectStatus(200, 'GET', `/workflows/${workflowId}`)).data;
      const response = await oauth.call('PUT', `/workflows/${workflowId}`, { body: { active: !before.active, org_id: me.orgs[0]!.id } });
      expectError(response, 403, 'forbidden_token_kind');
      const after = (await oauth.expectStatus(200, 'GET', `/workflows/${workflowId}`)).data;
      expect(after.active).toBe(before.active);
    },
  },
  {
    name: 'auth: an ID from another world is 404, exactly like an unknown one',
    async run(s) {
      const other = s.other();
      const hook = await createWebhook(other);
      const workflow = await createWorkflow(other);
      const otherOrg = await firstOrg(other);
      expectError(await s.call('GET', `/workflows/${workflow.id}`), 404, 'not_found');
      expectError(await s.call('PUT', `/workflows/${workflow.id}`, { body: { active: false, org_id: otherOrg } }), 404, 'not_found');
      expectError(await s.call('DELETE', `/webhooks/${hook.id}`), 404, 'not_found');
      expectError(await s.call('GET', `/workspaces/${otherOrg}`), 404, 'not_found');
      expectError(await s.call('GET', `/orgs/${otherOrg}/sources`), 404, 'not_found');
      // ...and the owner still has both.
      await other.expectStatus(200, 'GET', `/workflows/${workflow.id}`);
      const hooks = (await other.expectStatus(200, 'GET', '/users/me/webhooks')).data;
      expect(hooks.map((h: { id: string }) => h.id)).toContain(hook.id);
    },
  },
  // ---- HTTP-level errors (docs/errors.md) -----------------------------------------------------
  {
    // (Outside /v1 the MSW handlers do not intercept at all, by design; the Node server's 404 for
    // it is tested in scripts/serve.test.ts and the app's in mocks/app/app.test.ts.)
    name: 'errors: unknown path 404, known path with another method 405 with Allow',
    async run(s) {
      expectError(await s.call('GET', '/no/such/thing'), 404, 'not_found');
      const response = await s.call('DELETE', '/users/me');
      expectError(response, 405, 'method_not_allowed');
      expect(response.headers['allow']).toBe('GET');
      const onWorkflow = await s.call('PATCH', `/workflows/${idsWithPrefix(await s.world(), 'p_')[0]}`);
      expectError(onWorkflow, 405, 'method_not_allowed');
      expect(onWorkflow.headers['allow']!.split(/,\s*/).sort()).toEqual(['GET', 'PUT']);
    },
  },
  {
    name: 'errors: a body over 1 MiB is 413, a non-JSON body 415, malformed JSON 400, and nothing is created',
    async run(s) {
      const org_id = await firstOrg(s);
      const project_id = await projectId(s);
      const huge = JSON.stringify({ project_id, org_id, settings: { name: 'x'.repeat(1024 * 1024) } });
      expectError(await s.call('POST', '/workflows', { rawBody: huge, headers: JSON_TYPE }), 413, 'payload_too_large');
      const form = `project_id=${project_id}&org_id=${org_id}`;
      expectError(await s.call('POST', '/workflows', { rawBody: form, headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
      const bad = await s.call('POST', '/workflows', { rawBody: `{"project_id": "${project_id}", "org_id": `, headers: JSON_TYPE });
      expectError(bad, 400, 'bad_request');
      const workflowsBefore = idsWithPrefix(await s.world(), 'p_');
      // a valid one afterwards works and is the only new workflow
      const created = await createWorkflow(s, { org_id, project_id });
      const workflowsAfter = idsWithPrefix(await s.world(), 'p_');
      expect(workflowsAfter.filter((id) => !workflowsBefore.includes(id))).toEqual([created.id]);
    },
  },
  {
    name: 'errors: parameters and bodies are validated against the document, with JSON pointers',
    async run(s) {
      const org = await firstOrg(s);
      const limit = await s.call('GET', `/orgs/${org}/sources`, { query: { limit: 0 } });
      expectError(limit, 400, 'bad_request');
      expect(limit.body.details.issues.map((i: { pointer: string }) => i.pointer)).toContain('/query/limit');
      expectError(await s.call('GET', `/orgs/${org}/sources`, { query: { limit: 101 } }), 400, 'bad_request');
      expectError(await s.call('GET', `/orgs/${org}/sources`, { query: { limit: 'ten' } }), 400, 'bad_request');
      const body = await s.call('POST', '/workflows', { body: { org_id: 42 } });
      expectError(body, 400, 'bad_request');
      const pointers = body.body.details.issues.map((i: { pointer: string }) => i.pointer);
      expect(pointers).toContain('/body/org_id');
      expect(pointers).toContain('/body/project_id');
    },
  },

  // ---- Rule: users and workspaces ----------------------------------------------------------
  {
    name: 'GET /users/me returns the user with orgs (Workspace objects); GET /workspaces/{org_id} the credit fields; unknown org 404',
    async run(s) {
      const me = await s.me();
      expect(me.id).toMatch(/^u_[A-Za-z0-9]+$/);
      expect(me.orgs.length).toBeGreaterThanOrEqual(2);
      for (const org of me.orgs as Record<string, unknown>[]) {
        expect(org.id).toMatch(/^o_/);
        const workspace = (await s.expectStatus(200, 'GET', `/workspaces/${org.id}`)).data;
        expect(workspace.id).toBe(org.id);
        for (const field of ['name', 'orgname', 'email']) expect(typeof workspace[field]).toBe('string');
        expect(Number.isInteger(workspace.daily_credits_quota)).toBe(true);
        expect(Number.isInteger(workspace.daily_credits_used)).toBe(true);
        expect(workspace.daily_credits_quota).toBe(org.daily_credits_quota);
      }
      expectError(await s.call('GET', '/workspaces/o_doesNotExist0'), 404, 'not_found');
      // the same world answers the same user every time
      expect((await s.me()).id).toBe(me.id);
    },
  },

  // ---- Rule: sources and pagination ----------------------------------------------------------
  {
    name: 'GET /orgs/{org_id}/sources pages with page_info and cursors; the other workspace\'s sources are not listed',
    async run(s) {
      const [first, second] = (await s.me()).orgs.map((o) => o.id);
      const all = (await s.expectStatus(200, 'GET', `/orgs/${first}/sources`, { query: { limit: 100 } }));
      expect(all.page_info.total_count).toBe(all.data.length);
      expect(all.data.length).toBeGreaterThanOrEqual(3);
      for (const source of all.data) expect(source.id).toMatch(/^dc_/);

      const paged = await allSources(s, first!, 2);
      expect(paged.ids).toEqual(all.data.map((x: { id: string }) => x.id));
      expect(paged.total).toBe(all.data.length);

      const firstPage = await s.expectStatus(200, 'GET', `/orgs/${first}/sources`, { query: { limit: 2 } });
      expect(typeof firstPage.page_info.start_cursor).toBe('string');
      const back = await s.expectStatus(200, 'GET', `/orgs/${first}/sources`, {
        query: { limit: 2, before: (await s.expectStatus(200, 'GET', `/orgs/${first}/sources`, { query: { limit: 2, after: firstPage.page_info.end_cursor } })).page_info.start_cursor },
      });
      expect(back.data.map((x: { id: string }) => x.id)).toEqual(firstPage.data.map((x: { id: string }) => x.id));

      const last = await s.expectStatus(200, 'GET', `/orgs/${first}/sources`, { query: { limit: 100 } });
      const beyond = await s.expectStatus(200, 'GET', `/orgs/${first}/sources`, { query: { after: last.page_info.end_cursor } });
      expect(beyond.data).toEqual([]);
      expect(beyond.page_info.count).toBe(0);

      expectError(await s.call('GET', `/orgs/${first}/sources`, { query: { after: '***not a cursor***' } }), 400, 'bad_request');

      const secondIds = (await allSources(s, second!, 100)).ids;
      expect(secondIds.filter((id) => paged.ids.includes(id))).toEqual([]);

      // A source created in the second workspace (an event-source trigger) shows up there only.
      const workflow = await createWorkflow(s, { org_id: second, triggers: [{ props: { component_id: 'sc_Abc123' } }] });
      const sourceId = workflow.triggers[0].id as string;
      expect(sourceId).toMatch(/^dc_/);
      expect((await allSources(s, second!, 100)).ids).toContain(sourceId);
      expect((await allSources(s, first!, 100)).ids).not.toContain(sourceId);
      expectError(await s.call('GET', '/orgs/o_doesNotExist0/sources'), 404, 'not_found');
    },
  },

  // ---- Rule: POST /workflows -----------------------------------------------------------------
  {
    name: 'POST /workflows creates steps (c_, CodeCell, JSON text props, authProvisionIds) and the four trigger kinds; settings name and auto_deploy',
    async run(s) {
      const stepProps = { slack: { authProvisionId: 'apn_Slack123' }, text: 'hello', count: 3 };
      const created = await createWorkflow(s, {
        steps: [{ namespace: 'notify', props: stepProps }, { namespace: 'plain', props: {} }],
        triggers: [
          { props: { cron: '0 9 * * *' } },
          { props: { interval_seconds: 60 } },
          { props: { email: true } },
          { props: { component_id: 'sc_Comp12' } },
          { props: { github: { authProvisionId: 'apn_Git123' } } },
          { props: { path: '/hook' } },
        ],
        settings: { name: 'Scenario workflow', auto_deploy: true },
      });
      expect(created.id).toMatch(/^p_/);
      expect(created.name).toBe('Scenario workflow');
      expect(created.active).toBe(true);
      const [notify, plain] = created.steps;
      expect(notify.id).toMatch(/^c_/);
      expect(notify.type).toBe('CodeCell');
      expect(notify.namespace).toBe('notify');
      expect(JSON.parse(notify.params_json)).toEqual(stepProps);
      expect(JSON.parse(notify.configured_props_json)).toEqual(stepProps);
      expect(notify.authProvisionIds).toEqual(['apn_Slack123']);
      expect(notify.authProvisionIdMap).toEqual({ slack: 'apn_Slack123' });
      expect(plain.authProvisionIds).toEqual([]);
      expect(plain.id).not.toBe(notify.id);
      const prefixes = created.triggers.map((t: { id: string }) => t.id.split('_')[0]);
      expect(prefixes).toEqual(['ti', 'ti', 'ei', 'dc', 'dc', 'hi']);
      expect(created.triggers[0].cron).toBe('0 9 * * *');
      expect(created.triggers[1].interval_seconds).toBe(60);
      expect(typeof created.triggers[2].email_address).toBe('string');
      expect(created.triggers[3].owner_id).toBe(await firstOrg(s));
      expect(typeof created.triggers[5].endpoint_url).toBe('string');

      const inactive = await createWorkflow(s, { settings: { name: 'Off' } });
      expect(inactive.active).toBe(false);
      const notDeployed = await createWorkflow(s, { settings: { auto_deploy: false } });
      expect(notDeployed.active).toBe(false);

      // read-back shows the same workflow
      expect((await s.expectStatus(200, 'GET', `/workflows/${created.id}`)).data).toEqual(created);
    },
  },
  {
    name: 'POST /workflows: unknown org_id, project_id or template_id in the body is 422; a template supplies steps',
    async run(s) {
      const org_id = await firstOrg(s);
      const project_id = await projectId(s);
      expectError(await s.call('POST', '/workflows', { body: { org_id: 'o_doesNotExist0', project_id } }), 422, 'unprocessable');
      expectError(await s.call('POST', '/workflows', { body: { org_id, project_id: 'proj_doesNotExist0' } }), 422, 'unprocessable');
      expectError(await s.call('POST', '/workflows', { body: { org_id, project_id, template_id: 'tch_doesNotExist0' } }), 422, 'unprocessable');
      const foreignOrg = await firstOrg(s.other());
      expectError(await s.call('POST', '/workflows', { body: { org_id: foreignOrg, project_id } }), 422, 'unprocessable');
      expectError(await s.call('POST', '/workflows', { body: { org_id } }), 400, 'bad_request');

      const templateId = idsWithPrefix(await s.world(), 'tch_')[0]!;
      const fromTemplate = await createWorkflow(s, { template_id: templateId });
      expect(fromTemplate.steps.length).toBeGreaterThan(0);
      for (const step of fromTemplate.steps) expect(step.id).toMatch(/^c_/);
    },
  },

  // ---- Rule: PUT /workflows/{id} -------------------------------------------------------------
  {
    name: 'PUT /workflows/{id}: active and org_id both required and typed (400); flips active, the next read shows it',
    async run(s) {
      const org_id = await firstOrg(s);
      const workflow = await createWorkflow(s, { settings: { auto_deploy: false } });
      const path = `/workflows/${workflow.id}`;
      expectError(await s.call('PUT', path, { body: { active: true } }), 400, 'bad_request');
      expectError(await s.call('PUT', path, { body: { org_id } }), 400, 'bad_request');
      expectError(await s.call('PUT', path, { body: { active: 'true', org_id } }), 400, 'bad_request');
      expectError(await s.call('PUT', path, { body: { active: true, org_id: 7 } }), 400, 'bad_request');
      expectError(await s.call('PUT', path), 400, 'bad_request');
      expect((await s.expectStatus(200, 'GET', path)).data.active).toBe(false);

      const on = (await s.expectStatus(200, 'PUT', path, { body: { active: true, org_id } })).data;
      expect(on.id).toBe(workflow.id);
      expect(on.active).toBe(true);
      expect((await s.expectStatus(200, 'GET', path)).data.active).toBe(true);
      expect((await s.expectStatus(200, 'PUT', path, { body: { active: false, org_id } })).data.active).toBe(false);
      expect((await s.expectStatus(200, 'GET', path)).data.active).toBe(false);

      const secondOrg = (await s.me()).orgs[1]!.id;
      expectError(await s.call('PUT', path, { body: { active: true, org_id: secondOrg } }), 422, 'unprocessable');
      expectError(await s.call('PUT', '/workflows/p_doesNotExist0', { body: { active: true, org_id } }), 404, 'not_found');
    },
  },

  // ---- Rule: webhooks ------------------------------------------------------------------------
  {
    name: 'POST /webhooks: active wh_ webhook of the world\'s user with UNIX-second timestamps; listed; deleted',
    async run(s) {
      const me = await s.me();
      const hook = await createWebhook(s, 'http://127.0.0.1:8080/path/to/hook');
      expect(hook.id).toMatch(/^wh_[A-Za-z0-9]+$/);
      expect(hook).toMatchObject({ active: true, user_id: me.id, url: 'http://127.0.0.1:8080/path/to/hook', name: 'scenario hook', description: 'made by a scenario' });
      expectUnixSeconds(hook.created_at);
      expectUnixSeconds(hook.updated_at);

      const listed = (await s.expectStatus(200, 'GET', '/users/me/webhooks')).data;
      expect(listed.find((h: { id: string }) => h.id === hook.id)).toEqual(hook);

      const deleted = await s.call('DELETE', `/webhooks/${hook.id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      const after = (await s.expectStatus(200, 'GET', '/users/me/webhooks')).data;
      expect(after.map((h: { id: string }) => h.id)).not.toContain(hook.id);
      expectError(await s.call('DELETE', `/webhooks/${hook.id}`), 404, 'not_found');
    },
  },
  {
    name: 'POST /webhooks: url, name and description are required; a URL without http(s) protocol or hostname is 400 unsupported',
    async run(s) {
      const before = (await s.expectStatus(200, 'GET', '/users/me/webhooks')).data.length;
      for (const url of ['ftp://x', 'example.com/hook', 'http://', 'https://:80/', 'mailto:someone@example.com', 'javascript:alert(1)']) {
        const response = await s.call('POST', '/webhooks', { query: { url, name: 'n', description: 'd' } });
        expectError(response, 400, 'unsupported_url');
        expect(response.body.error.toLowerCase(), url).toContain('unsupported');
      }
      for (const url of ['https://hooks.example.com', 'http://localhost:3000/x', 'https://a.example.com:8443/deep/path?q=1']) {
        await s.expectStatus(200, 'POST', '/webhooks', { query: { url, name: 'n', description: 'd' } });
      }
      expectError(await s.call('POST', '/webhooks', { query: { name: 'n', description: 'd' } }), 400, 'bad_request');
      expectError(await s.call('POST', '/webhooks', { query: { url: 'https://ok.example.com', description: 'd' } }), 400, 'bad_request');
      expectError(await s.call('POST', '/webhooks', { query: { url: 'https://ok.example.com', name: 'n' } }), 400, 'bad_request');
      expect((await s.expectStatus(200, 'GET', '/users/me/webhooks')).data.length).toBe(before + 3);
    },
  },

  // ---- Rule: subscriptions -------------------------------------------------------------------
  {
    name: 'subscriptions: a triple; missing event_name is ""; globs stored as given; listed per workspace; deleting a missing triple is 404',
    async run(s) {
      const org = await firstOrg(s);
      const hook = await createWebhook(s);
      const workflowId = idsWithPrefix(await s.world(), 'p_')[0]!;

      const sub = (await s.expectStatus(200, 'POST', '/subscriptions', { query: subscriptionQuery(workflowId, hook.id, '$errors') })).data;
      expect(sub).toMatchObject({ emitter_id: workflowId, listener_id: hook.id, event_name: '$errors' });
      expect(sub.id).toMatch(/^sub_/);
      const noName = (await s.expectStatus(200, 'POST', '/subscriptions', { query: subscriptionQuery(workflowId, hook.id) })).data;
      expect(noName.event_name).toBe('');
      expect(noName.id).not.toBe(sub.id);
      const glob = (await s.expectStatus(200, 'POST', '/subscriptions', { query: subscriptionQuery('p_*', hook.id, '$logs') })).data;
      expect(glob.emitter_id).toBe('p_*');
      const sourceGlob = (await s.expectStatus(200, 'POST', '/subscriptions', { query: subscriptionQuery('dc_*', hook.id, '$logs') })).data;
      expect(sourceGlob.emitter_id).toBe('dc_*');

      let listed = await workspaceSubscriptions(s, org);
      for (const created of [sub, noName, glob, sourceGlob]) expect(listed).toContainEqual(created);

      expect((await s.call('DELETE', '/subscriptions', { query: subscriptionQuery(workflowId, hook.id, '') })).status).toBe(204);
      listed = await workspaceSubscriptions(s, org);
      expect(listed.map((x) => x.id)).not.toContain(noName.id);
      expect(listed.map((x) => x.id)).toContain(sub.id);
      // a missing event_name on DELETE also means "": that triple is gone now
      expectError(await s.call('DELETE', '/subscriptions', { query: subscriptionQuery(workflowId, hook.id) }), 404, 'not_found');
      expectError(await s.call('DELETE', '/subscriptions', { query: subscriptionQuery(workflowId, hook.id, '$nothing') }), 404, 'not_found');
      expect((await s.call('DELETE', '/subscriptions', { query: subscriptionQuery('p_*', hook.id, '$logs') })).status).toBe(204);
      expect((await workspaceSubscriptions(s, org)).map((x) => x.id)).not.toContain(glob.id);

      expectError(await s.call('POST', '/subscriptions', { query: subscriptionQuery('p_doesNotExist0', hook.id, '$errors') }), 404, 'not_found');
      expectError(await s.call('POST', '/subscriptions', { query: subscriptionQuery(workflowId, 'wh_doesNotExist0', '$errors') }), 404, 'not_found');
      expectError(await s.call('GET', '/workspaces/o_doesNotExist0/subscriptions'), 404, 'not_found');
    },
  },
  {
    name: 'POST /auto_subscriptions: $errors/$logs only; later workflows and sources get the subscription, existing ones do not',
    async run(s) {
      const org = await firstOrg(s);
      const hook = await createWebhook(s);
      const existing = idsWithPrefix(await s.world(), 'p_');
      expectError(await s.call('POST', '/auto_subscriptions', { query: { event_name: '$other', listener_id: hook.id } }), 400, 'bad_request');
      expectError(await s.call('POST', '/auto_subscriptions', { query: { event_name: '$errors' } }), 400, 'bad_request');
      expectError(await s.call('POST', '/auto_subscriptions', { query: { event_name: '$errors', listener_id: 'wh_doesNotExist0' } }), 404, 'not_found');

      const auto = await s.call('POST', '/auto_subscriptions', { query: { event_name: '$errors', listener_id: hook.id } });
      expect(auto.status).toBe(204);
      expect(auto.text).toBe('');
      const toHook = async () => (await workspaceSubscriptions(s, org)).filter((x) => x.listener_id === hook.id);
      expect(await toHook()).toEqual([]); // existing workflows are not covered

      const later = await createWorkflow(s, { triggers: [{ props: { component_id: 'sc_Comp12' } }] });
      const sourceId = later.triggers[0].id as string;
      const subs = await toHook();
      expect(subs.map((x) => [x.emitter_id, x.event_name]).sort()).toEqual([[later.id, '$errors'], [sourceId, '$errors']].sort());
      for (const id of existing) expect(subs.map((x) => x.emitter_id)).not.toContain(id);
    },
  },

  // ---- Rule: error event summaries -----------------------------------------------------------
  {
    name: 'GET /workflows/{id}/$errors/event_summaries: newest first, limit N, at most 100, >1 KB truncated unless expand=event, metadata.name $errors',
    async run(s) {
      const workflow = await createWorkflow(s);
      const path = `/workflows/${workflow.id}/$errors/event_summaries`;
      const empty = await s.expectStatus(200, 'GET', path);
      expect(empty.data).toEqual([]);
      expect(empty.page_info).toMatchObject({ count: 0, total_count: 0 });

      for (let i = 1; i <= 3; i++) await emitError(s, workflow.id, { n: i });
      const big = { n: 4, blob: 'x'.repeat(2000) };
      await emitError(s, workflow.id, big);

      const all = await s.expectStatus(200, 'GET', path);
      expect(all.page_info.count).toBe(all.data.length);
      expect(all.data.length).toBe(4);
      const ns = all.data.map((e: any) => e.event.original_event.n);
      expect(ns.slice(1)).toEqual([3, 2, 1]);
      const truncated = all.data[0].event.original_event;
      expect(truncated).toMatchObject({ truncated: true, size_bytes: JSON.stringify(big).length });
      expect(truncated.preview).toBe(JSON.stringify(big).slice(0, 512));
      for (let i = 1; i < all.data.length; i++) expect(all.data[i - 1].indexed_at_ms).toBeGreaterThanOrEqual(all.data[i].indexed_at_ms);
      for (const e of all.data) {
        expect(e.event.metadata.name).toBe('$errors');
        expect(e.event.metadata.emitter_id).toBe(workflow.id);
        expect(e.event.error.code).toBe('InternalFailure');
      }

      const expanded = await s.expectStatus(200, 'GET', path, { query: { expand: 'event' } });
      expect(expanded.data[0].event.original_event).toEqual(big);

      const two = await s.expectStatus(200, 'GET', path, { query: { limit: 2 } });
      expect(two.data.map((e: any) => e.id)).toEqual(all.data.slice(0, 2).map((e: any) => e.id));
      expect(two.page_info.count).toBe(2);

      for (let i = 5; i <= 104; i++) await emitError(s, workflow.id, { n: i });
      const capped = await s.expectStatus(200, 'GET', path);
      expect(capped.data.length).toBe(100);
      expect(capped.data[0].event.original_event.n).toBe(104);
      expect(capped.data[99].event.original_event.n).toBe(5);
      expectError(await s.call('GET', path, { query: { limit: 0 } }), 400, 'bad_request');
      expectError(await s.call('GET', '/workflows/p_doesNotExist0/$errors/event_summaries'), 404, 'not_found');
    },
  },
  {
    name: 'a seeded workflow has recorded $errors events, discoverable through the API',
    async run(s) {
      let found = 0;
      for (const id of idsWithPrefix(await s.world(), 'p_')) {
        const page = await s.expectStatus(200, 'GET', `/workflows/${id}/$errors/event_summaries`);
        found += page.data.length;
      }
      expect(found).toBeGreaterThan(0);
    },
  },
  {
    name: 'POST /__mock/emit routes an event through matching subscriptions (globs included) to webhook listeners',
    async run(s) {
      const hook = await createWebhook(s, 'https://receiver.example.com/errors');
      const globHook = await createWebhook(s, 'https://receiver.example.com/all');
      const workflow = await createWorkflow(s);
      await s.expectStatus(200, 'POST', '/subscriptions', { query: subscriptionQuery(workflow.id, hook.id, '$errors') });
      await s.expectStatus(200, 'POST', '/subscriptions', { query: subscriptionQuery('p_*', globHook.id, '$errors') });
      const emitted = await emitError(s, workflow.id, { hello: 'world' });
      expect(typeof emitted.emit_id).toBe('string');
      const urls = emitted.deliveries.map((d: { url: string }) => d.url).sort();
      expect(urls).toEqual(['https://receiver.example.com/all', 'https://receiver.example.com/errors']);
      const logged = (await s.expectStatus(200, 'GET', '/__mock/deliveries')).data;
      const ours = logged.filter((d: { url: string }) => d.url.startsWith('https://receiver.example.com/'));
      expect(ours).toHaveLength(2);
      const body = JSON.parse(ours[0].body);
      expect(body).toMatchObject({ emit_id: emitted.emit_id, emitter_id: workflow.id, event_name: '$errors', event: { hello: 'world' } });

      expectError(await s.call('POST', '/__mock/emit', { body: { emitter_id: 'p_doesNotExist0', event_name: '$errors', event: {} } }), 404, 'not_found');
      expectError(await s.call('POST', '/__mock/emit', { body: { event_name: '$errors', event: {} } }), 400, 'bad_request');
    },
  },

  // ---- Rule: Connect -------------------------------------------------------------------------
  {
    name: 'PUT /connect/{project_id}/webhook: x-pd-environment required; one URL per project and environment; signing_key only on creation',
    async run(s) {
      const project = await projectId(s);
      const path = `/connect/${project}/webhook`;
      expectError(await s.call('PUT', path, { body: { webhook_url: 'https://a.example.com/t' } }), 400, 'bad_request');
      const env = `staging${Date.now().toString(36)}`;
      const first = (await s.expectStatus(200, 'PUT', path, { body: { webhook_url: 'https://a.example.com/t' }, headers: { 'x-pd-environment': env } })).data;
      expect(first).toMatchObject({ project_id: project, environment: env, webhook_url: 'https://a.example.com/t' });
      expect(typeof first.signing_key).toBe('string');
      expect(first.signing_key.length).toBeGreaterThan(0);
      const second = (await s.expectStatus(200, 'PUT', path, { body: { url: 'https://b.example.com/t' }, headers: { 'x-pd-environment': env } })).data;
      expect(second.webhook_url).toBe('https://b.example.com/t');
      expect(second.signing_key).toBeUndefined();
      const other = (await s.expectStatus(200, 'PUT', path, { body: { webhook_url: 'https://c.example.com/t' }, headers: { 'x-pd-environment': `${env}x` } })).data;
      expect(typeof other.signing_key).toBe('string');
      expect(other.signing_key).not.toBe(first.signing_key);
      expectError(await s.call('PUT', '/connect/proj_doesNotExist0/webhook', { body: { webhook_url: 'https://a.example.com/t' }, headers: { 'x-pd-environment': env } }), 404, 'not_found');
    },
  },
  {
    name: 'Connect companions: tokens, accounts with credentials on request, CONNECTION_SUCCESS creating an account',
    async run(s) {
      const project = await projectId(s);
      const world = await s.world();
      const tokenAnswer = await s.expectStatus(200, 'POST', `/connect/${project}/tokens`, {
        body: { external_user_id: 'user-42', webhook_uri: 'https://app.example.com/connect-hook' },
      });
      expect(tokenAnswer.token).toMatch(/^ctok_/);
      expect(Number.isNaN(Date.parse(tokenAnswer.expires_at))).toBe(false);
      expect(typeof tokenAnswer.connect_link_url).toBe('string');
      expectError(await s.call('POST', `/connect/${project}/tokens`, { body: {} }), 400, 'bad_request');

      const accountId = idsWithPrefix(world, 'apn_')[0]!;
      const account = (await s.expectStatus(200, 'GET', `/connect/${project}/accounts/${accountId}`)).data;
      expect(account.id).toBe(accountId);
      expect(account.credentials).toBeUndefined();
      const withCredentials = (await s.expectStatus(200, 'GET', `/connect/${project}/accounts/${accountId}`, { query: { include_credentials: true } })).data;
      expect(typeof withCredentials.credentials).toBe('object');
      expectError(await s.call('GET', `/connect/${project}/accounts/apn_doesNotExist0`), 404, 'not_found');

      const completed = (await s.expectStatus(200, 'POST', `/__mock/connect/${tokenAnswer.token}/complete`, { body: { outcome: 'success' } })).data;
      expect(completed.delivery.url).toBe('https://app.example.com/connect-hook');
      const payload = JSON.parse(completed.delivery.body);
      expect(payload).toMatchObject({ event: 'CONNECTION_SUCCESS', connect_token: tokenAnswer.token });
      const newAccount = (await s.expectStatus(200, 'GET', `/connect/${project}/accounts/${payload.account.id}`)).data;
      expect(newAccount.external_id).toBe('user-42');
    },
  },

  {
    name: 'trigger webhooks: the trigger-level URL wins over the project environment\'s; deliveries are signed with x-pd-signature',
    async run(s) {
      const world = (await s.world()) as { projects: { id: string; deployed_triggers: { id: string; environment: string }[] }[] };
      const project = world.projects[0]!;
      const [withOwn, viaProject] = project.deployed_triggers;
      expect(viaProject, 'the seeded project has two deployed triggers').toBeDefined();

      const unset = await s.call('POST', `/__mock/triggers/${viaProject!.id}/emit`, { body: { event: { n: 0 } } });
      expectError(unset, 422, 'unprocessable'); // nowhere to deliver yet

      const path = `/connect/${project.id}/deployed-triggers/${withOwn!.id}/webhooks`;
      const set = (await s.expectStatus(200, 'PUT', path, { body: { webhook_urls: ['https://trigger.example.com/own'] } })).data;
      expect(set).toMatchObject({ trigger_id: withOwn!.id, webhook_urls: ['https://trigger.example.com/own'] });
      const again = (await s.expectStatus(200, 'PUT', path, { body: { webhook_urls: ['https://trigger.example.com/own2'] } })).data;
      expect(again.signing_key).toBe(set.signing_key);
      expectError(await s.call('PUT', path, { body: { webhook_urls: ['ftp://nope'] } }), 400, 'bad_request');

      const projectHook = (await s.expectStatus(200, 'PUT', `/connect/${project.id}/webhook`, {
        body: { webhook_url: 'https://trigger.example.com/project' },
        headers: { 'x-pd-environment': viaProject!.environment },
      })).data;

      const own = (await s.expectStatus(200, 'POST', `/__mock/triggers/${withOwn!.id}/emit`, { body: { event: { n: 1 } } })).data;
      const fallback = (await s.expectStatus(200, 'POST', `/__mock/triggers/${viaProject!.id}/emit`, { body: { event: { n: 2 } } })).data;
      expect(own.deliveries.map((d: { url: string }) => d.url)).toEqual(['https://trigger.example.com/own2']);
      expect(fallback.deliveries.map((d: { url: string }) => d.url)).toEqual(['https://trigger.example.com/project']);

      const logged = (await s.expectStatus(200, 'GET', '/__mock/deliveries', { query: { wait: 'true' } })).data as { id: string; url: string; body: string; headers: Record<string, string> }[];
      const byUrl = (url: string) => logged.find((d) => d.url === url)!;
      for (const [delivery, key, eventId, n] of [
        [byUrl('https://trigger.example.com/own2'), set.signing_key, own.event_id, 1],
        [byUrl('https://trigger.example.com/project'), projectHook.signing_key, fallback.event_id, 2],
      ] as const) {
        expect(JSON.parse(delivery.body)).toMatchObject({ event_id: eventId, event: { n } });
        const verdict = await verifySignature({ header: delivery.headers['x-pd-signature'], rawBody: delivery.body, key });
        expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
      }
      expectError(await s.call('POST', '/__mock/triggers/dc_doesNotExist0/emit', { body: { event: {} } }), 404, 'not_found');
    },
  },
  {
    name: 'connect flow errors: CONNECTION_ERROR goes to the token\'s webhook_uri and creates no account; a token completes once',
    async run(s) {
      const project = await projectId(s);
      const accountsBefore = idsWithPrefix(await s.world(), 'apn_');
      const token = (await s.expectStatus(200, 'POST', `/connect/${project}/tokens`, {
        body: { external_user_id: 'user-7', webhook_uri: 'https://app.example.com/failed' },
      })).token;
      const completed = (await s.expectStatus(200, 'POST', `/__mock/connect/${token}/complete`, { body: { outcome: 'error', error: 'user cancelled' } })).data;
      expect(completed.account).toBeUndefined();
      expect(JSON.parse(completed.delivery.body)).toMatchObject({ event: 'CONNECTION_ERROR', connect_token: token, error: 'user cancelled' });
      expect(completed.delivery.url).toBe('https://app.example.com/failed');
      expect(idsWithPrefix(await s.world(), 'apn_')).toEqual(accountsBefore);
      const twice = await s.call('POST', `/__mock/connect/${token}/complete`, { body: { outcome: 'success' } });
      expect(twice.status).toBeGreaterThanOrEqual(400);
      expect(twice.status).toBeLessThan(500);
      expectError(await s.call('POST', '/__mock/connect/ctok_doesNotExist0/complete', { body: { outcome: 'success' } }), 404, 'not_found');
    },
  },

  {
    name: 'rate limiting on demand: POST /__mock/rate-limit makes the next N API requests 429 with Retry-After, in that world only',
    async run(s) {
      const other = s.other();
      expect((await s.expectStatus(200, 'POST', '/__mock/rate-limit', { body: { requests: 2, retry_after_seconds: 7 } })).data).toEqual({
        requests: 2,
        retry_after_seconds: 7,
      });
      await other.expectStatus(200, 'GET', '/users/me');
      for (const path of ['/users/me', '/users/me/webhooks']) {
        const limited = await s.call('GET', path);
        expectError(limited, 429, 'rate_limited');
        expect(limited.headers['retry-after']).toBe('7');
      }
      await s.expectStatus(200, 'GET', '/users/me');
      expect((await s.expectStatus(200, 'GET', '/__mock/requests')).data.map((entry: { status: number }) => entry.status).slice(-3)).toEqual([429, 429, 200]);

      await s.expectStatus(200, 'POST', '/__mock/rate-limit', { body: { requests: 5 } });
      expect((await s.call('GET', '/users/me')).headers['retry-after']).toBe('1');
      expect((await s.expectStatus(200, 'POST', '/__mock/rate-limit', { body: { requests: 0 } })).data).toBeNull();
      await s.expectStatus(200, 'GET', '/users/me');
      await s.expectStatus(200, 'POST', '/__mock/rate-limit', { body: { requests: 3 } });
      await s.expectStatus(200, 'POST', '/__mock/reset');
      await s.expectStatus(200, 'GET', '/users/me');

      for (const body of [{}, { requests: -1 }, { requests: 1.5 }, { requests: 2, retry_after_seconds: 'soon' }]) {
        expectError(await s.call('POST', '/__mock/rate-limit', { body }), 400, 'bad_request');
      }
    },
  },

  // ---- Rule: isolation and the control API ---------------------------------------------------
  {
    name: 'every write is visible to the next read in the same world and invisible in every other world',
    async run(s) {
      const other = s.other();
      const otherBefore = (await other.expectStatus(200, 'GET', '/users/me/webhooks')).data;
      const hook = await createWebhook(s);
      const workflow = await createWorkflow(s);
      expect((await s.expectStatus(200, 'GET', '/users/me/webhooks')).data.map((h: { id: string }) => h.id)).toContain(hook.id);
      expect((await s.expectStatus(200, 'GET', `/workflows/${workflow.id}`)).data.id).toBe(workflow.id);
      expect((await other.expectStatus(200, 'GET', '/users/me/webhooks')).data).toEqual(otherBefore);
      expectError(await other.call('GET', `/workflows/${workflow.id}`), 404, 'not_found');
      expect((await other.me()).id).not.toBe((await s.me()).id);
    },
  },
  {
    name: 'control API: world summary, request journal, and reset back to the seeded state',
    async run(s) {
      const seeded = await s.world();
      const me = await s.me();
      expect(idsWithPrefix(seeded, 'u_')).toContain(me.id);
      for (const prefix of ['o_', 'proj_', 'tch_', 'apn_', 'p_', 'dc_']) expect(idsWithPrefix(seeded, prefix).length, prefix).toBeGreaterThan(0);

      const hook = await createWebhook(s);
      await s.call('GET', '/workflows/p_doesNotExist0');
      const journal = (await s.expectStatus(200, 'GET', '/__mock/requests')).data as { method: string; path: string; status: number; ms: number; at: number }[];
      const tail = journal.slice(-2).map(({ method, path, status }) => ({ method, path, status }));
      expect(tail).toEqual([
        { method: 'POST', path: '/v1/webhooks', status: 200 },
        { method: 'GET', path: '/v1/workflows/p_doesNotExist0', status: 404 },
      ]);
      for (const entry of journal) {
        expect(entry.ms).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(entry.at)).toBe(true);
      }
      expect((await s.other().expectStatus(200, 'GET', '/__mock/requests')).data).toEqual([]);

      await s.expectStatus(200, 'POST', '/__mock/reset');
      expect((await s.expectStatus(200, 'GET', '/users/me/webhooks')).data.map((h: { id: string }) => h.id)).not.toContain(hook.id);
      expect(await s.world()).toEqual(seeded);
      expect((await s.me()).id).toBe(me.id);
    },
  },
];
