// The service's official client, @pipedream/sdk 3.1.6, driven unchanged against the target: where the spec
// shows no shape, the SDK's model is the authority. Every exchange goes through the checked fetch, but what
// this suite asserts is what the SDK parses. Writes that cannot be undone need `disposable` (never live).
import { randomBytes } from 'node:crypto';
import { type DeployedComponent, PipedreamClient, PipedreamError } from '@pipedream/sdk';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { verifySignature } from '../../mocks/outbound/signature.ts';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import { createCheckedFetch } from '../checks/fetch.ts';
import { createControl } from '../control.ts';
import { useContract } from '../harness.ts';

const contract = await useContract();
const { caseIf, target } = contract;

/** A workspace OAuth token (JWT form, docs/worlds.md): a world of this file's own, and trigger-webhook keys in answers. */
function oauthToken(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: `sdk-${randomBytes(6).toString('hex')}` })}.${randomBytes(16).toString('base64url')}`;
}

const token = target.name === 'live' ? target.token : oauthToken();
const control = target.caps.control ? createControl(target, token) : null;

// The exported client takes no `fetch` option: it calls the global fetch, as in any application.
// So, for this file, the global fetch sends what goes to the target's API through the checked fetch
// (over the in-process mock's fetch on `inprocess`, where nothing listens); everything else as before.
const original = globalThis.fetch;
const transport =
  target.name === 'inprocess'
    ? target.fetch
    : (input: Request | string | URL, init?: RequestInit) => original(input, init);
const checkedFetch = createCheckedFetch({
  fetch: transport,
  validator,
  baseUrl: target.baseUrl,
  targetName: target.name,
});
beforeAll(() => {
  globalThis.fetch = ((input: Request | string | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.startsWith(`${target.baseUrl}/`) ? checkedFetch(input, init) : transport(input, init);
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = original;
});

async function project() {
  if (control === null) throw new Error('the SDK suite discovers its project from the control API');
  const world = await control.world();
  // The seeded project (two accounts, a trigger per environment), not the one the document's examples plant.
  return [...world.projects].sort(
    (a, b) => b.accounts.length + b.deployed_triggers.length - a.accounts.length - a.deployed_triggers.length,
  )[0]!;
}

async function sdk(projectEnvironment: 'development' | 'production' = 'development'): Promise<PipedreamClient> {
  return new PipedreamClient({
    baseUrl: new URL(target.baseUrl).origin,
    projectId: (await project()).id,
    projectEnvironment,
    tokenProvider: { getToken: async () => token },
  });
}

async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    if (error instanceof PipedreamError) return error.statusCode ?? -1;
    throw error;
  }
  return 200;
}

const user = () => `sdk-user-${randomBytes(4).toString('hex')}`;
const signedWith = (delivery: { headers: Record<string, string>; body: string }, key: string) =>
  verifySignature({ header: delivery.headers['x-pd-signature'], rawBody: delivery.body, key });
const needs = ['stateful', 'control', 'writes', 'disposable'] as const;

// The SDK joins `v1/` to the origin itself: a target serving the document at its root (Prism) is out of its reach.
const servesV1 = new URL(target.baseUrl).pathname.replace(/\/+$/, '') === '/v1';

describe.skipIf(!servesV1)(
  `@pipedream/sdk 3.1.6${servesV1 ? '' : ' (skipped: this target serves the document without /v1)'}`,
  () => {
    describe('oauthTokens (the default login)', () => {
      caseIf(
        ['stateful', 'control', 'writes', 'disposable'],
        'new PipedreamClient({clientId, clientSecret}) logs in, and every login of one client opens its world',
        async () => {
          const clientId = `sdk-client-${randomBytes(4).toString('hex')}`;
          const login = (id: string, projectId: string) =>
            new PipedreamClient({
              baseUrl: new URL(target.baseUrl).origin,
              projectId,
              projectEnvironment: 'development',
              clientId: id,
              clientSecret: 'sdk-secret',
            });
          // The project is discovered in the client's world, whose bearer the login issues.
          const probe = login(clientId, 'proj_unknown0');
          const accessToken = await probe.rawAccessToken;
          expect(accessToken.split('.')).toHaveLength(3);
          const issued = await probe.oauthTokens.create({ clientId, clientSecret: 'another-secret' });
          expect(issued).toMatchObject({ accessToken, tokenType: 'Bearer', expiresIn: 3600 });
          const world = await createControl(target, accessToken)!.world();
          const projectId = world.projects.find((p) => p.deployed_triggers.length > 0)!.id;

          const first = login(clientId, projectId);
          const deployed = await first.triggers.deploy({ id: 'slack-new-message', externalUserId: 'sdk-login-user' });
          // A second client of the same id, as after the SDK's automatic re-login: the same world.
          const again = login(clientId, projectId);
          expect(
            (await again.deployedTriggers.retrieve(deployed.data.id, { externalUserId: 'sdk-login-user' })).data.id,
          ).toBe(deployed.data.id);
          // Another client id is another world.
          const stranger = login(`${clientId}-other`, projectId);
          expect(
            await statusOf(stranger.deployedTriggers.retrieve(deployed.data.id, { externalUserId: 'sdk-login-user' })),
          ).toBe(404);
        },
      );

      caseIf(
        ['stateful', 'control', 'writes', 'disposable'],
        "a 429 on the login, set for the client's ID by the control API, reaches the SDK; the next login passes",
        async () => {
          const clientId = `sdk-client-${randomBytes(4).toString('hex')}`;
          const client = new PipedreamClient({
            baseUrl: new URL(target.baseUrl).origin,
            projectId: 'proj_unknown0',
            clientId,
            clientSecret: 's',
          });
          // Any bearer for the control call: `client_id` names the world of that client's login.
          const limited = await control!.api.post('/rate-limit', {
            query: { client_id: clientId },
            body: { requests: 1, retry_after_seconds: 7 },
          });
          expect(limited.status).toBe(200);
          let refused: unknown;
          try {
            await client.oauthTokens.create({ clientId, clientSecret: 's' }, { maxRetries: 0 });
          } catch (error) {
            refused = error;
          }
          expect(refused).toBeInstanceOf(PipedreamError);
          expect((refused as PipedreamError).statusCode).toBe(429);
          expect((refused as PipedreamError).rawResponse?.headers.get('retry-after')).toBe('7');
          const issued = await client.oauthTokens.create({ clientId, clientSecret: 's' }, { maxRetries: 0 });
          expect(issued.tokenType).toBe('Bearer');
          // Another client's login is untouched.
          expect(
            (await client.oauthTokens.create({ clientId: `${clientId}-other`, clientSecret: 's' }, { maxRetries: 0 }))
              .tokenType,
          ).toBe('Bearer');
        },
      );
    });

    describe('apps and appCategories (the catalogue)', () => {
      caseIf(
        ['stateful', 'control'],
        'apps.list pages the whole catalogue with q, categoryIds and sort; apps.retrieve parses an App by slug or ID',
        async () => {
          const client = await sdk();
          const slugs: string[] = [];
          for await (const app of await client.apps.list({ limit: 9 })) slugs.push(app.nameSlug);
          expect(slugs.length).toBeGreaterThanOrEqual(30);
          expect(new Set(slugs).size).toBe(slugs.length);
          const git = await client.apps.list({ q: 'git', sortKey: 'featured_weight', sortDirection: 'desc' });
          expect(git.data.map((app) => app.nameSlug)).toEqual(expect.arrayContaining(['github', 'gitlab']));
          const weights = git.data.map((app) => app.featuredWeight);
          expect(weights).toEqual([...weights].sort((a, b) => b - a));
          const github = await client.apps.retrieve('github');
          expect(github.data).toMatchObject({ nameSlug: 'github', name: 'GitHub', authType: 'oauth' });
          expect(github.data.id).toMatch(/^oa_/);
          expect(github.data.scopeProfiles.map((profile) => profile.name)).toContain('read_only');
          expect((await client.apps.retrieve(github.data.id!)).data).toEqual(github.data);
          const categories = await client.appCategories.list();
          const tools = categories.find((category) => category.name === 'Developer Tools')!;
          expect(await client.appCategories.retrieve(tools.id!)).toEqual(tools);
          const inTools = await client.apps.list({ categoryIds: [tools.id!], limit: 100 });
          expect(inTools.data.length).toBeGreaterThan(1);
          expect(inTools.data.every((app) => app.categories.includes('Developer Tools'))).toBe(true);
          const withTriggers = await client.apps.list({ hasTriggers: true, limit: 100 });
          expect(withTriggers.data.map((app) => app.nameSlug)).toContain('github');
          expect(await statusOf(client.apps.retrieve('no_such_app'))).toBe(404);
          expect(await statusOf(client.appCategories.retrieve('no-such-category'))).toBe(404);
        },
      );
    });

    describe('components, actions and the props of triggers (the catalogue)', () => {
      // The document's examples live in every world (docs/worlds.md): their project holds a GitHub
      // account of the end user `user-1043` in production, so these cases know which app they drive.
      const examples = document as unknown as { components: { parameters: { ProjectIdPath: { example: string } } } };
      const exampleClient = () =>
        new PipedreamClient({
          baseUrl: new URL(target.baseUrl).origin,
          projectId: examples.components.parameters.ProjectIdPath.example,
          projectEnvironment: 'production',
          tokenProvider: { getToken: async () => token },
        });
      const github = { authProvisionId: 'apn_Kx7mR2p' };
      const externalUserId = 'user-1043';

      caseIf(
        ['stateful', 'control'],
        'components.list, actions.list and triggers.list page their part of the catalogue; retrieve parses a Component',
        async () => {
          const client = exampleClient();
          const keys: string[] = [];
          for await (const component of await client.components.list({ limit: 25 })) keys.push(component.key);
          expect(new Set(keys).size).toBe(keys.length);
          const actions = (await client.actions.list({ app: 'github', limit: 100 })).data;
          expect(actions.map((a) => a.key)).toEqual(['github-create-issue', 'github-search-issues-and-pull-requests']);
          expect(actions.every((a) => a.componentType === 'action')).toBe(true);
          const onlyTriggers = await client.components.list({ componentType: 'trigger', q: 'github', limit: 100 });
          expect(onlyTriggers.data.length).toBeGreaterThan(1);
          expect(onlyTriggers.data.every((c) => c.componentType === 'trigger')).toBe(true);
          expect(keys.length).toBe((await client.components.list({ limit: 1 })).response.pageInfo.totalCount);
          expect((await client.components.list({ registry: 'private' })).data).toEqual([]);
          const issue = await client.actions.retrieve('github-create-issue');
          expect(issue.data.configurableProps.map((prop) => prop.name)).toEqual([
            'github',
            'repo',
            'title',
            'body',
            'labels',
            'priority',
          ]);
          expect(issue.data.configurableProps[1]).toMatchObject({ type: 'string', remoteOptions: true });
          expect((await client.components.retrieve('github-create-issue', { version: '0.1.0' })).data.key).toBe(
            'github-create-issue',
          );
          expect(await statusOf(client.actions.retrieve('github-new-issue')), 'a trigger is not an action').toBe(404);
          expect(await statusOf(client.components.retrieve('github-create-issue', { version: '9.9.9' }))).toBe(404);
        },
      );

      caseIf(
        ['stateful', 'control'],
        "configureProp lists the user's accounts and the app's resources, page by page and by query",
        async () => {
          const client = exampleClient();
          const accounts = await client.actions.configureProp({
            id: 'github-create-issue',
            externalUserId,
            propName: 'github',
          });
          expect(accounts.options).toContainEqual({ label: expect.any(String), value: github.authProvisionId });
          const repo = { id: 'github-create-issue', externalUserId, propName: 'repo', configuredProps: { github } };
          const first = await client.actions.configureProp(repo);
          expect(first.options).toHaveLength(10);
          expect(first.context).toEqual({ page: 1 });
          const second = await client.actions.configureProp({ ...repo, page: 1, prevContext: first.context });
          expect(second.options!.length).toBeGreaterThan(0);
          expect(second.context).toBeUndefined();
          const labels = [...first.options!, ...second.options!].map((option) => (option as { label: string }).label);
          expect(new Set(labels).size).toBe(labels.length);
          const queried = await client.triggers.configureProp({
            ...repo,
            id: 'github-new-issue-in-repository',
            query: 'API',
          });
          expect(queried.options).toEqual([{ label: 'acme/api', value: 'acme/api' }]);
          const unconfigured = await client.components.configureProp({
            id: 'github-create-issue',
            externalUserId,
            propName: 'repo',
          });
          expect(unconfigured.options).toEqual([]);
          expect(unconfigured.errors?.[0]).toMatch(/github/);
          const stranger = await client.actions.configureProp({ ...repo, externalUserId: user() });
          expect(stranger.errors?.[0], "another user's account").toMatch(/another end user/);
          expect(
            await statusOf(
              client.actions.configureProp({ id: 'github-create-issue', externalUserId, propName: 'nope' }),
            ),
          ).toBe(422);
        },
      );

      caseIf(
        ['stateful', 'control'],
        'reloadProps adds the columns of the chosen sheet; actions.run needs their dynamic_props_id',
        async () => {
          const client = exampleClient();
          const sheets = await client.actions.configureProp({
            id: 'google_sheets-add-single-row',
            externalUserId,
            propName: 'sheetId',
          });
          expect(sheets.errors?.[0], 'no google_sheets account yet').toMatch(/google_sheets/);
          const example = (document as unknown as Record<string, any>).paths['/connect/{project_id}/actions/props'].post
            .requestBody.content['application/json'].examples.sheetRequest.value;
          const sheet = {
            id: 'google_sheets-add-single-row',
            externalUserId,
            configuredProps: example.configured_props,
          };
          const reloaded = await client.actions.reloadProps(sheet);
          expect(reloaded.dynamicProps?.id).toMatch(/^dyp_/);
          const names = reloaded.dynamicProps!.configurableProps!.map((prop) => prop.name);
          expect(names.slice(0, 2)).toEqual(['google_sheets', 'sheetId']);
          expect(names.filter((name) => name.startsWith('col_'))).toHaveLength(4);
          const again = await client.components.reloadProps(sheet);
          expect(again.dynamicProps).toEqual(reloaded.dynamicProps);
          const trigger = await client.triggers.reloadProps({ ...sheet, id: 'google_sheets-new-row-in-sheet' });
          expect(trigger.dynamicProps?.configurableProps?.length).toBe(names.length);
          expect(
            (await client.actions.reloadProps({ id: 'google_sheets-add-single-row', externalUserId })).errors?.[0],
          ).toMatch(/sheetId/);
          const run = await client.actions.run(sheet);
          expect((run as { error?: { props: string[] } }).error?.props).toEqual(
            expect.arrayContaining(['google_sheets', 'sheetId']),
          );
        },
      );

      caseIf(
        ['stateful', 'control'],
        'actions.run answers deterministic exports with a $summary; a failing prop answers its error',
        async () => {
          const client = exampleClient();
          const props = { github, repo: 'acme/api', title: 'The build is red', labels: ['ci'] };
          const issue = { id: 'github-create-issue', externalUserId, configuredProps: props };
          const run = await client.actions.run(issue);
          expect(run.exports?.$summary).toMatch(/^Created issue #\d+ in acme\/api$/);
          expect(run.ret).toMatchObject({
            title: 'The build is red',
            state: 'open',
            labels: ['ci'],
            priority: 'medium',
          });
          expect(run.os?.[0]).toMatchObject({ k: 'log' });
          expect((run as { error?: unknown }).error).toBeUndefined();
          const again = await client.actions.run(issue);
          expect(again.exports).toEqual(run.exports);
          expect(again.ret).toEqual(run.ret);
          const stashed = await client.actions.run({ ...issue, stashId: 'NEW' });
          expect(stashed.stashId).toEqual(expect.any(String));

          const failed = await client.actions.run({
            ...issue,
            configuredProps: { github, repo: 'acme/nope', priority: 'urgent' },
          });
          expect(failed.ret ?? null, 'ret: null, which the SDK reads as absent').toBeNull();
          expect(failed.exports).toEqual({});
          const error = (
            failed as { error?: { name: string; message: string; props: string[]; attribution: { origin: string } } }
          ).error!;
          expect(error).toMatchObject({ name: 'ConfigurationError', attribution: { origin: 'user' } });
          expect(error.props.sort()).toEqual(['priority', 'repo', 'title']);
          expect(failed.os).toContainEqual(
            expect.objectContaining({ k: 'error', err: expect.objectContaining({ message: error.message }) }),
          );
          const elsewhere = await client.actions.run({ ...issue, externalUserId: user() });
          expect((elsewhere as { error?: { message: string } }).error?.message).toMatch(/another end user/);
          expect(await statusOf(client.actions.run({ ...issue, id: 'github-no-such-action' }))).toBe(422);
        },
      );

      caseIf(
        ['stateful', 'control'],
        'proxy.get/post/put/patch/delete answer the echo of the upstream request: headers forwarded, the auth header named, never its value',
        async () => {
          const client = exampleClient();
          const request = { externalUserId, accountId: github.authProvisionId };
          const got = (await client.proxy.get({
            ...request,
            url: 'https://api.github.com/user/repos',
            params: { per_page: '5', visibility: 'all' },
            headers: { Accept: 'application/json', 'X-GitHub-Api-Version': '2022-11-28' },
          })) as Record<string, any>;
          expect(got).toEqual({
            upstream: true,
            method: 'GET',
            url: 'https://api.github.com/user/repos?per_page=5&visibility=all',
            headers: { accept: 'application/json', 'x-github-api-version': '2022-11-28' },
            body: null,
            auth: { account_id: github.authProvisionId, app: 'github', header: 'authorization' },
          });
          expect(JSON.stringify(got)).not.toMatch(/example-access-token/);
          for (const method of ['post', 'put', 'patch'] as const) {
            const sent = (await client.proxy[method]({
              ...request,
              url: '/repos/acme/api/issues',
              body: { title: method },
            })) as Record<string, any>;
            expect(sent).toMatchObject({
              method: method.toUpperCase(),
              url: 'https://api.github.com/repos/acme/api/issues',
              body: { title: method },
            });
          }
          expect(
            (
              (await client.proxy.delete({ ...request, url: 'https://api.github.com/repos/acme/api' })) as {
                method: string;
              }
            ).method,
          ).toBe('DELETE');
          expect(
            await statusOf(client.proxy.get({ ...request, url: 'https://example.com/elsewhere' })),
            'off the app domain',
          ).toBe(400);
          expect(
            await statusOf(
              client.proxy.get({ ...request, externalUserId: user(), url: 'https://api.github.com/user' }),
            ),
            "another user's account",
          ).toBe(404);
        },
      );

      caseIf(
        ['stateful', 'control'],
        "any seeded account's app: its first action configured through configureProp and reloadProps runs",
        async () => {
          const { accounts } = await project();
          const client = await sdk('production');
          const account = await client.accounts.retrieve(accounts[0]!);
          const [action] = (await client.actions.list({ app: account.app!.nameSlug })).data;
          expect(action, `an action of ${account.app!.nameSlug}`).toBeDefined();
          const configured: Record<string, unknown> = {};
          // One object, filled in as the props are: each call sends what is configured by then.
          const call = { id: action!.key, externalUserId: account.externalId!, configuredProps: configured as never };
          let props = action!.configurableProps as Array<Record<string, any>>;
          let dynamicPropsId: string | undefined;
          for (let i = 0; i < props.length; i++) {
            const prop = props[i]!;
            if (prop.optional === true) continue;
            if (prop.type === 'app') configured[prop.name] = { authProvisionId: account.id };
            else if (prop.remoteOptions === true) {
              const options = await client.actions.configureProp({ ...call, propName: prop.name });
              expect(options.errors, prop.name).toEqual([]);
              configured[prop.name] = (options.options![0] as { value: string }).value;
            } else if (prop.options !== undefined) configured[prop.name] = prop.options[0];
            else configured[prop.name] = prop.type === 'integer' ? (prop.min ?? 1) : `value of ${prop.name}`;
            if (prop.reloadProps === true) {
              const reloaded = await client.actions.reloadProps(call);
              dynamicPropsId = reloaded.dynamicProps!.id;
              props = reloaded.dynamicProps!.configurableProps as Array<Record<string, any>>;
            }
          }
          const run = await client.actions.run({
            ...call,
            ...(dynamicPropsId === undefined ? {} : { dynamicPropsId }),
          });
          expect((run as { error?: unknown }).error).toBeUndefined();
          expect(run.exports?.$summary).toEqual(expect.any(String));
        },
      );
    });

    describe('accounts', () => {
      caseIf(
        ['stateful', 'control'],
        'accounts.retrieve parses the account itself; credentials only with includeCredentials',
        async () => {
          const { id: projectId, accounts } = await project();
          const client = await sdk('production');
          const account = await client.accounts.retrieve(accounts[0]!);
          expect(account.id).toBe(accounts[0]);
          expect(typeof account.externalId).toBe('string');
          expect(account.createdAt).toBeInstanceOf(Date);
          expect(Number.isNaN(account.createdAt!.getTime())).toBe(false);
          expect(account.app?.nameSlug).toEqual(expect.any(String));
          expect(account.credentials).toBeUndefined();
          const withCredentials = await client.accounts.retrieve(accounts[0]!, { includeCredentials: true });
          expect(withCredentials.credentials).toEqual(expect.any(Object));
          // A production OAuth account connected through the service's own OAuth client: never its credentials.
          const withheld = (await project()).connected_accounts.find((a) => a.credentials_withheld)!;
          expect(
            (await client.accounts.retrieve(withheld.id, { includeCredentials: true })).credentials,
          ).toBeUndefined();
          expect(projectId).toMatch(/^proj_/);
        },
      );

      caseIf(['stateful', 'control'], 'accounts.list pages through every account of an end user and app', async () => {
        const { accounts } = await project();
        const client = await sdk('production');
        const seen: string[] = [];
        for await (const account of await client.accounts.list({ limit: 1 })) seen.push(account.id);
        expect(seen).toEqual(accounts);
        const first = await client.accounts.retrieve(accounts[0]!);
        const page = await client.accounts.list({ externalUserId: first.externalId!, app: first.app!.nameSlug });
        expect(page.data.map((a) => a.id)).toContain(first.id);
        expect(page.response.pageInfo.totalCount).toBe(page.data.length);
        expect((await client.accounts.list({ externalUserId: user() })).data).toEqual([]);
      });

      caseIf([...needs], 'accounts.delete removes the account: retrieve is 404 afterwards', async () => {
        const { accounts } = await project();
        const client = await sdk('production');
        await client.accounts.delete(accounts[1]!);
        expect(await statusOf(client.accounts.retrieve(accounts[1]!))).toBe(404);
        expect(await statusOf(client.accounts.delete(accounts[1]!))).toBe(404);
      });
    });

    describe('tokens', () => {
      caseIf(
        ['stateful', 'control', 'writes'],
        'tokens.create parses a ctok_ token with a Date expiry; tokens.validate says it can be used',
        async () => {
          const client = await sdk();
          const created = await client.tokens.create({
            externalUserId: user(),
            webhookUri: 'https://app.example.com/connect',
          });
          expect(created.token).toMatch(/^ctok_/);
          expect(created.expiresAt).toBeInstanceOf(Date);
          expect(created.expiresAt.getTime()).toBeGreaterThan(Date.now());
          expect(created.connectLinkUrl).toContain(created.token);
          const valid = await client.tokens.validate(created.token);
          expect(valid).toMatchObject({
            success: true,
            projectId: (await project()).id,
            projectEnvironment: 'development',
          });
          await control!.completeConnect(created.token, { outcome: 'error' });
          expect((await client.tokens.validate(created.token)).success).toBe(false);
          // expiresIn: seconds, at most 4 hours (the service's docs); the default is the maximum.
          const short = await client.tokens.create({ externalUserId: user(), expiresIn: 600 });
          expect(short.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 600_000);
          expect(short.expiresAt.getTime()).toBeGreaterThan(Date.now() + 540_000);
          expect(created.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3.9 * 3_600_000);
          expect(await statusOf(client.tokens.create({ externalUserId: user(), expiresIn: 4 * 3600 + 1 }))).toBe(400);
        },
      );
    });

    describe('project webhook', () => {
      caseIf(
        [...needs],
        'the key lifecycle: shown once, regenerated, deleted; each delivery signed with the key of the moment',
        async () => {
          const client = await sdk('production');
          const { deployed_triggers: triggers } = await project();
          const trigger = triggers.find((t) => t.environment === 'production')!;
          expect(await statusOf(client.projectEnvironment.retrieveWebhook()), 'no webhook yet').toBe(404);

          const saved = await client.projectEnvironment.updateWebhook({ url: 'https://receiver.example.com/project' });
          expect(saved.data).toMatchObject({ url: 'https://receiver.example.com/project', signingKeySet: true });
          expect(saved.data.id).toMatch(/^wh_/);
          expect(saved.data.signingKey).toMatch(/^[0-9a-f]{64}$/);
          const again = await client.projectEnvironment.updateWebhook({ url: 'https://receiver.example.com/project' });
          expect(again.data.signingKey, 'shown once').toBeUndefined();
          const read = await client.projectEnvironment.retrieveWebhook();
          expect(read.data).toMatchObject({
            id: saved.data.id,
            url: 'https://receiver.example.com/project',
            signingKeySet: true,
          });
          expect(
            (read.data as { signingKey?: string } | undefined)?.signingKey,
            'GetWebhookResponse has no key',
          ).toBeUndefined();

          await control!.emitTrigger(trigger.id, { event: { n: 1 } });
          const regenerated = await client.projectEnvironment.regenerateWebhookSigningKey();
          expect(regenerated.data.signingKey).toMatch(/^[0-9a-f]{64}$/);
          expect(regenerated.data.signingKey).not.toBe(saved.data.signingKey);
          await control!.emitTrigger(trigger.id, { event: { n: 2 } });

          const deliveries = await control!.deliveries({ wait: true });
          const toProject = deliveries.filter((d) => d.url === 'https://receiver.example.com/project');
          expect(toProject.map((d) => JSON.parse(d.body).event.n)).toEqual([1, 2]);
          for (const [delivery, key, other] of [
            [toProject[0]!, saved.data.signingKey!, regenerated.data.signingKey],
            [toProject[1]!, regenerated.data.signingKey, saved.data.signingKey!],
          ] as const) {
            expect(await signedWith(delivery, key)).toMatchObject({ ok: true });
            expect(await signedWith(delivery, other)).toMatchObject({ ok: false });
          }

          await client.projectEnvironment.deleteWebhook();
          expect(await statusOf(client.projectEnvironment.retrieveWebhook()), 'after deletion').toBe(404);
          expect(await statusOf(client.projectEnvironment.regenerateWebhookSigningKey())).toBe(404);
          expect(
            (await control!.api.post(`/triggers/${trigger.id}/emit`, { body: { event: { n: 3 } } })).status,
            'no URL anywhere',
          ).toBe(422);
          const after = await control!.deliveries({ wait: true });
          expect(after.filter((d) => d.url === 'https://receiver.example.com/project')).toHaveLength(2);
        },
      );
    });

    describe('triggers and deployed triggers', () => {
      caseIf(
        ['stateful', 'control'],
        'triggers.list pages the catalogue; triggers.retrieve parses a component by key',
        async () => {
          const client = await sdk();
          const keys: string[] = [];
          for await (const component of await client.triggers.list({ limit: 5 })) keys.push(component.key);
          expect(keys.length).toBeGreaterThan(5);
          expect(new Set(keys).size).toBe(keys.length);
          const github = await client.triggers.list({ app: 'github' });
          expect(github.data.every((c) => c.key.startsWith('github-'))).toBe(true);
          const component = await client.triggers.retrieve(github.data[0]!.key);
          expect(component.data).toMatchObject({ key: github.data[0]!.key, componentType: 'trigger' });
          expect(component.data.configurableProps[0]).toMatchObject({ type: 'app', app: 'github' });
          expect(await statusOf(client.triggers.retrieve('github-no-such-component'))).toBe(404);
        },
      );

      caseIf(
        [...needs],
        "triggers.deploy with a webhook_url: its own key, its URL wins over the project's, emit_on_deploy emits once; deletion ends it",
        async () => {
          const client = await sdk('development');
          const externalUserId = user();
          await client.projectEnvironment.updateWebhook({ url: 'https://receiver.example.com/dev-project' });
          const deployed = await client.triggers.deploy({
            id: 'github-new-issue',
            externalUserId,
            configuredProps: { repo: 'analytical/engine' },
            webhookUrl: 'https://receiver.example.com/own',
            emitOnDeploy: true,
          });
          const trigger = deployed.data as DeployedComponent;
          expect(trigger.id).toMatch(/^dc_/);
          expect(trigger).toMatchObject({
            componentKey: 'github-new-issue',
            emitOnDeploy: true,
            type: 'DeployedComponent',
          });
          expect(trigger.webhookSigningKey).toMatch(/^[0-9a-f]{64}$/);

          const onDeploy = (await control!.deliveries({ wait: true })).filter((d) => d.body.includes(trigger.id));
          expect(onDeploy.map((d) => d.url)).toEqual(['https://receiver.example.com/own']);
          expect(await signedWith(onDeploy[0]!, trigger.webhookSigningKey!)).toMatchObject({ ok: true });

          const listed: string[] = [];
          for await (const item of await client.deployedTriggers.list({ externalUserId, limit: 1 }))
            listed.push((item as { id: string }).id);
          expect(listed).toEqual([trigger.id]);
          const read = await client.deployedTriggers.retrieve(trigger.id, { externalUserId });
          expect(read.data).toMatchObject({
            id: trigger.id,
            componentKey: 'github-new-issue',
            configuredProps: { repo: 'analytical/engine' },
          });
          expect((read.data as { webhookSigningKey?: string }).webhookSigningKey).toBeUndefined();
          expect(
            await statusOf(client.deployedTriggers.retrieve(trigger.id, { externalUserId: user() })),
            "another user's",
          ).toBe(404);
          const production = await sdk('production');
          expect(
            await statusOf(production.deployedTriggers.retrieve(trigger.id, { externalUserId })),
            'from production',
          ).toBe(404);
          expect((await production.deployedTriggers.list({ externalUserId })).data).toEqual([]);

          await client.deployedTriggers.delete(trigger.id, { externalUserId });
          expect(
            await statusOf(client.deployedTriggers.retrieve(trigger.id, { externalUserId })),
            'after deletion',
          ).toBe(404);
          expect(
            (await control!.api.post(`/triggers/${trigger.id}/emit`, { body: { event: {} } })).status,
            'a deleted trigger emits nothing',
          ).toBe(404);
        },
      );

      caseIf(
        [...needs],
        "a deployed trigger's webhooks: each its own id and key, kept while the URL stays, regenerated, and signing its deliveries",
        async () => {
          const client = await sdk('production');
          const seeded = (await project()).deployed_triggers.find((t) => t.environment === 'production')!;
          const externalUserId = seeded.external_user_id;
          const urls = ['https://receiver.example.com/a', 'https://receiver.example.com/b'];
          const updated = await client.deployedTriggers.updateWebhooks(seeded.id, {
            externalUserId,
            webhookUrls: urls,
          });
          expect(updated.webhookUrls).toEqual(urls);
          const [a, b] = updated.webhooks!;
          expect(a!.id).toMatch(/^wh_/);
          expect(a!.id).not.toBe(b!.id);
          expect(a!.signingKeySet).toBe(true);
          expect(a!.signingKey, 'an OAuth token sees the keys').toMatch(/^[0-9a-f]{64}$/);
          expect(a!.signingKey).not.toBe(b!.signingKey);
          const listed = await client.deployedTriggers.listWebhooks(seeded.id, { externalUserId });
          expect(listed.webhooks).toEqual(updated.webhooks);
          const one = await client.deployedTriggers.retrieveWebhook(seeded.id, a!.id, { externalUserId });
          expect(one.data).toMatchObject({ id: a!.id, url: urls[0], signingKey: a!.signingKey, signingKeySet: true });
          const kept = await client.deployedTriggers.updateWebhooks(seeded.id, {
            externalUserId,
            webhookUrls: [urls[0]!],
          });
          expect(kept.webhooks).toEqual([a]);
          expect(
            await statusOf(client.deployedTriggers.retrieveWebhook(seeded.id, b!.id, { externalUserId })),
            'dropped URL',
          ).toBe(404);

          const regenerated = await client.deployedTriggers.regenerateWebhookSigningKey(seeded.id, a!.id, {
            externalUserId,
          });
          expect(regenerated.data.signingKey).not.toBe(a!.signingKey);
          const emitted = await control!.emitTrigger(seeded.id, { event: { n: 'after regeneration' } });
          const delivery = (await control!.deliveries({ wait: true })).find(
            (d) => JSON.parse(d.body).event_id === emitted.event_id,
          )!;
          expect(await signedWith(delivery, regenerated.data.signingKey)).toMatchObject({ ok: true });
          expect(await signedWith(delivery, a!.signingKey!)).toMatchObject({ ok: false });
          await client.deployedTriggers.updateWebhooks(seeded.id, { externalUserId, webhookUrls: [] });
        },
      );

      caseIf(
        [...needs],
        'deployedTriggers.update pauses, renames and reconfigures; listEvents answers what it emitted, newest first; updateWorkflows sets what listWorkflows reads',
        async () => {
          const client = await sdk('development');
          const externalUserId = user();
          const deployed = await client.triggers.deploy({
            id: 'github-new-issue',
            externalUserId,
            configuredProps: { repo: 'analytical/engine' },
            webhookUrl: 'https://receiver.example.com/events',
          });
          const id = deployed.data.id;
          const first = await control!.emitTrigger(id, { event: { issue: 1 } });
          const second = await control!.emitTrigger(id, { event: { issue: 2 } });
          await control!.emitTrigger(id, { event: 'not an object' });
          const events = await client.deployedTriggers.listEvents(id, { externalUserId, n: 2 });
          expect(events.data.map((e) => e.e)).toEqual([{ value: 'not an object' }, { issue: 2 }]);
          expect(events.data[1]).toMatchObject({ id: second.event_id, k: 'emit' });
          expect(events.data[0]!.ts).toBeGreaterThanOrEqual(events.data[1]!.ts);
          const all = await client.deployedTriggers.listEvents(id, { externalUserId });
          expect(all.data.map((e) => e.id).slice(1)).toEqual([second.event_id, first.event_id]);
          expect(
            await statusOf(client.deployedTriggers.listEvents(id, { externalUserId: user() })),
            "another user's",
          ).toBe(404);

          const pause = { active: false, name: 'Engine issues', configuredProps: { repo: 'analytical/ui' } };
          const paused = await client.deployedTriggers.update(id, { externalUserId, ...pause });
          expect(paused.data).toMatchObject({ id, ...pause });
          expect((await client.deployedTriggers.retrieve(id, { externalUserId })).data).toMatchObject({
            active: false,
            name: 'Engine issues',
          });
          expect(
            (await control!.api.post(`/triggers/${id}/emit`, { body: { event: {} } })).status,
            'a paused trigger emits nothing',
          ).toBe(422);
          expect((await client.deployedTriggers.listEvents(id, { externalUserId })).data).toHaveLength(3);
          const resumed = await client.deployedTriggers.update(id, { externalUserId, active: true });
          expect(resumed.data).toMatchObject({
            active: true,
            name: 'Engine issues',
            configuredProps: { repo: 'analytical/ui' },
          });

          const world = await control!.world();
          const projectId = (await project()).id;
          const orgId = world.projects.find((p) => p.id === projectId)!.org_id;
          const mine = world.workflows.filter((w) => w.org_id === orgId).map((w) => w.id);
          const other = world.workflows.find((w) => w.org_id !== orgId);
          expect((await client.deployedTriggers.listWorkflows(id, { externalUserId })).workflowIds).toEqual([]);
          const set = await client.deployedTriggers.updateWorkflows(id, {
            externalUserId,
            workflowIds: [mine[0]!, mine[0]!],
          });
          expect(set.workflowIds).toEqual([mine[0]]);
          expect((await client.deployedTriggers.listWorkflows(id, { externalUserId })).workflowIds).toEqual([mine[0]]);
          if (other !== undefined) {
            expect(
              await statusOf(client.deployedTriggers.updateWorkflows(id, { externalUserId, workflowIds: [other.id] })),
              "another workspace's",
            ).toBe(422);
          }
          expect(
            (await client.deployedTriggers.updateWorkflows(id, { externalUserId, workflowIds: [] })).workflowIds,
          ).toEqual([]);
          await client.deployedTriggers.delete(id, { externalUserId });
        },
      );
    });

    describe('fileStash', () => {
      caseIf(
        [...needs],
        'fileStash.downloadFile answers the bytes of the file an action run with a stash_id synced to the stash; another key is 404',
        async () => {
          const client = await sdk('development');
          const externalUserId = user();
          const connect = await client.tokens.create({ externalUserId });
          const account = await client.accounts.create({
            appSlug: 'google_drive',
            cfmapJson: '{}',
            connectToken: connect.token,
            externalUserId,
          });
          const id = 'google_drive-download-file';
          const action = (await client.actions.retrieve(id)).data;
          expect(action.stash).toBe('optional');
          const configuredProps: Record<string, unknown> = {
            google_drive: { authProvisionId: account.id },
            filename: 'report.csv',
          };
          const folder = action.configurableProps.find(
            (prop) => (prop as { remoteOptions?: boolean }).remoteOptions === true,
          )!.name;
          const options = await client.actions.configureProp({ id, externalUserId, propName: folder, configuredProps });
          configuredProps[folder] = (options.options![0] as { value: string }).value;

          const run = await client.actions.run({ id, externalUserId, configuredProps, stashId: 'NEW' });
          expect(run.stashId).toEqual(expect.any(String));
          const uploads = run.exports?.$filestash_uploads as Array<{ localPath: string; s3Key: string }>;
          expect(uploads).toHaveLength(1);
          expect(uploads[0]!.localPath).toBe('/tmp/report.csv');
          expect(uploads[0]!.s3Key).toMatch(new RegExp(`^1day/[^/]+/${run.stashId}/[^/]+/u/report\\.csv$`));
          const size = (run.ret as { size: number }).size;

          const file = await client.fileStash.downloadFile({ s3Key: uploads[0]!.s3Key });
          const bytes = new Uint8Array(await file.arrayBuffer());
          expect(bytes.byteLength).toBe(size);
          expect(new TextDecoder().decode(bytes.slice(0, 10))).toBe('report.csv');
          const again = new Uint8Array(
            await (await client.fileStash.downloadFile({ s3Key: uploads[0]!.s3Key })).arrayBuffer(),
          );
          expect(again).toEqual(bytes);

          const unstashed = await client.actions.run({ id, externalUserId, configuredProps });
          expect(unstashed.exports?.$filestash_uploads, 'no stash_id: nothing synced').toBeUndefined();
          expect(
            await statusOf(
              client.fileStash.downloadFile({ s3Key: uploads[0]!.s3Key.replace('report.csv', 'other.csv') }),
            ),
          ).toBe(404);
          const production = await sdk('production');
          expect(
            await statusOf(production.fileStash.downloadFile({ s3Key: uploads[0]!.s3Key })),
            'from production',
          ).toBe(404);
          await client.accounts.delete(account.id);
        },
      );
    });

    describe('workflows (invoked through their HTTP trigger)', () => {
      caseIf(
        [...needs],
        'workflows.invoke and invokeForExternalUser run a workflow at its endpoint_url: counted against the daily quotas, its events to its subscribers, an inactive one 404',
        async () => {
          // POST /workflows takes user API keys only: a world of such a key, which the SDK sends as its bearer too.
          const key = `sdk-key-${randomBytes(6).toString('hex')}`;
          const keyControl = createControl(target, key)!;
          const base = new URL(target.baseUrl);
          const client = new PipedreamClient({
            baseUrl: base.origin,
            projectId: 'proj_unused0',
            projectEnvironment: 'development',
            tokenProvider: { getToken: async () => key },
            workflowDomain: base.hostname,
          });
          const rest = async (method: string, path: string, body?: unknown) => {
            const answer = await fetch(`${target.baseUrl}${path}`, {
              method,
              headers: {
                authorization: `Bearer ${key}`,
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              body: body === undefined ? undefined : JSON.stringify(body),
            });
            return { status: answer.status, body: answer.status === 204 ? null : await answer.json() };
          };
          const world = await keyControl.world();
          const { org_id, project_id } = world.workflows[0]!;
          const create = async (steps: unknown[], active = true) => {
            const created = await rest('POST', '/workflows', {
              org_id,
              project_id,
              steps,
              triggers: [{ props: {} }],
              settings: { auto_deploy: active },
            });
            expect(created.status).toBe(200);
            const workflow = created.body.data as { id: string; triggers: Array<{ endpoint_url?: string }> };
            return { id: workflow.id, url: workflow.triggers[0]!.endpoint_url! };
          };
          const ok = await create([{ namespace: 'store_order', props: { table: 'orders' } }]);
          expect(ok.url.startsWith(`${base.origin}/`), `${ok.url} is served by the mock`).toBe(true);

          // A webhook subscribed to the workflow's default stream gets each event it emits.
          const hook = await rest(
            'POST',
            `/webhooks?url=${encodeURIComponent('https://receiver.example.com/invoked')}&name=invoked&description=d`,
          );
          await rest('POST', `/subscriptions?emitter_id=${ok.id}&listener_id=${hook.body.data.id}&event_name=`);
          const workspace = async () => (await rest('GET', `/workspaces/${org_id}`)).body.data;
          const me = async () => (await rest('GET', '/users/me')).body.data;
          const before = await workspace();
          const meBefore = await me();

          // The SDK answers the endpoint's raw response (status and headers, its body unread).
          const invoked = (await client.workflows.invoke({ urlOrEndpoint: ok.url, body: { order: 42 } })) as {
            status: number;
          };
          expect(invoked.status).toBe(200);
          const forUser = (await client.workflows.invokeForExternalUser({
            urlOrEndpoint: ok.url,
            externalUserId: 'sdk-invoker',
            body: { order: 43 },
          })) as {
            status: number;
          };
          expect(forUser.status).toBe(200);
          const after = await workspace();
          const meAfter = await me();
          // One invocation and 100 ms of compute per step each (mocks/store/world/quotas.ts), for the user and workspace.
          expect([
            meAfter.daily_invocations_used - meBefore.daily_invocations_used,
            meAfter.daily_compute_time_used - meBefore.daily_compute_time_used,
          ]).toEqual([2, 200]);
          if (before.daily_invocations_used !== undefined) {
            expect([
              after.daily_invocations_used! - before.daily_invocations_used,
              after.daily_compute_time_used! - before.daily_compute_time_used!,
            ]).toEqual([2, 200]);
          }
          const deliveries = (await keyControl.deliveries({ wait: true })).filter(
            (d) => d.url === 'https://receiver.example.com/invoked',
          );
          const bodies = deliveries.map((d) => JSON.parse(d.body));
          expect(bodies.map((b) => b.event.body)).toEqual([{ order: 42 }, { order: 43 }]);
          expect(bodies.map((b) => b.emitter_id)).toEqual([ok.id, ok.id]);
          expect(bodies[1]!.event.headers['x-pd-external-user-id']).toBe('sdk-invoker');
          expect(bodies[1]!.event.headers.authorization, 'the bearer is not passed on').toBeUndefined();

          // An inactive workflow's endpoint runs nothing.
          const inactive = await create([{ namespace: 'store_order' }], false);
          expect(await statusOf(client.workflows.invoke({ urlOrEndpoint: inactive.url, body: {} }))).toBe(404);
        },
      );
    });

    describe('projects', () => {
      caseIf(
        [...needs],
        'projects.create/retrieve/list/update/updateLogo/delete: a project lives and dies through the SDK',
        async () => {
          const client = await sdk();
          const name = `SDK project ${randomBytes(3).toString('hex')}`;
          const created = await client.projects.create({
            name,
            appName: 'Analytical',
            supportEmail: 'support@analytical.example',
          });
          expect(created.id).toMatch(/^proj_/);
          expect(created).toMatchObject({ name, appName: 'Analytical', supportEmail: 'support@analytical.example' });
          expect(await client.projects.retrieve(created.id)).toEqual(created);

          const found: string[] = [];
          for await (const item of await client.projects.list({ q: name.toUpperCase(), limit: 1 })) found.push(item.id);
          expect(found).toEqual([created.id]);
          const all: string[] = [];
          for await (const item of await client.projects.list({ limit: 1 })) all.push(item.id);
          expect(all).toContain(created.id);
          expect(all).toContain((await project()).id);

          const renamed = { name: `${name} (renamed)`, connectRequireKeyAuthTest: true };
          const updated = await client.projects.update(created.id, renamed);
          expect(updated).toMatchObject({ id: created.id, ...renamed, appName: 'Analytical' });
          const logo =
            'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
          await client.projects.updateLogo(created.id, { logo });
          const summary = await control!.world();
          expect(summary.projects.find((p) => p.id === created.id)).toMatchObject({
            name: `${name} (renamed)`,
            logo_length: logo.length,
          });
          expect(
            await statusOf(client.projects.updateLogo(created.id, { logo: 'https://cdn.example.com/logo.png' })),
            'not a data: URL',
          ).toBe(400);

          await client.projects.delete(created.id);
          expect(await statusOf(client.projects.retrieve(created.id))).toBe(404);
          expect(await statusOf(client.projects.delete(created.id))).toBe(404);
        },
      );

      caseIf(
        ['stateful', 'control'],
        "projects.retrieveInfo lists the apps of the project's accounts in the environment",
        async () => {
          const { accounts } = await project();
          const production = await sdk('production');
          const info = await production.projects.retrieveInfo();
          const apps = await Promise.all(accounts.map(async (id) => (await production.accounts.retrieve(id)).app!));
          expect(info.apps.map((app) => app.nameSlug).sort()).toEqual(
            [...new Set(apps.map((app) => app.nameSlug))].sort(),
          );
          expect(info.apps.every((app) => apps.some((a) => a.id === app.id && a.nameSlug === app.nameSlug))).toBe(true);
          expect((await (await sdk('development')).projects.retrieveInfo()).apps, 'no account in development').toEqual(
            [],
          );
        },
      );
    });

    describe('users', () => {
      caseIf(
        [...needs],
        'users.list derives end users from accounts and triggers; users.deleteExternalUser deletes what they own',
        async () => {
          const seeded = await project();
          const production = await sdk('production');
          const listed: Array<{ id: string; externalId: string; createdAt?: Date }> = [];
          for await (const item of await production.users.list({ limit: 1 })) listed.push(item);
          const owners = new Set([
            ...seeded.connected_accounts.filter((a) => a.environment === 'production').map((a) => a.external_user_id),
            ...seeded.deployed_triggers.filter((t) => t.environment === 'production').map((t) => t.external_user_id),
          ]);
          expect(new Set(listed.map((u) => u.externalId))).toEqual(owners);
          expect(listed.every((u) => /^exu_[0-9a-f]{16}$/.test(u.id) && u.createdAt instanceof Date)).toBe(true);

          const client = await sdk('development');
          const externalUserId = user();
          const deployed = await client.triggers.deploy({ id: 'github-new-issue', externalUserId });
          const mine = await client.users.list({ q: externalUserId });
          expect(mine.data.map((u) => u.externalId)).toEqual([externalUserId]);
          expect((await production.users.list({ q: externalUserId })).data, 'another environment').toEqual([]);

          await client.users.deleteExternalUser(externalUserId);
          expect((await client.users.list({ q: externalUserId })).data).toEqual([]);
          expect(
            await statusOf(client.deployedTriggers.retrieve(deployed.data.id, { externalUserId })),
            'their trigger is gone',
          ).toBe(404);
          expect(await statusOf(client.users.deleteExternalUser(externalUserId)), 'owns nothing now').toBe(404);
        },
      );
    });

    describe('usage', () => {
      caseIf([...needs], 'usage.list counts one credit per event a deployed trigger emitted, per UTC day', async () => {
        const client = await sdk('production');
        const trigger = (await project()).deployed_triggers.find((t) => t.environment === 'production')!;
        const now = Math.floor(Date.now() / 1000);
        const window = { startTs: now - (now % 86_400), endTs: now - (now % 86_400) + 86_400 };
        const before = await client.usage.list(window);
        expect(before.data).toHaveLength(1);
        expect(before.data[0]).toMatchObject({ usageStartTs: window.startTs, usageEndTs: window.endTs });
        const hook = (webhookUrls: string[]) =>
          client.deployedTriggers.updateWebhooks(trigger.id, { externalUserId: trigger.external_user_id, webhookUrls });
        await hook(['https://receiver.example.com/usage']);
        for (const n of [1, 2]) await control!.emitTrigger(trigger.id, { event: { n } });
        const after = await client.usage.list(window);
        expect(after.data[0]!.sourceEmitCreditsUsed).toBe(before.data[0]!.sourceEmitCreditsUsed! + 2);
        expect(after.data[0]!.creditsUsed).toBe(before.data[0]!.creditsUsed + 2);
        const twoDays = await client.usage.list({ startTs: window.startTs - 43_200, endTs: window.endTs });
        expect(twoDays.data.map((d) => [d.usageStartTs, d.usageEndTs])).toEqual([
          [window.startTs - 43_200, window.startTs],
          [window.startTs, window.endTs],
        ]);
        expect(await statusOf(client.usage.list({ startTs: now, endTs: now })), 'an empty window').toBe(400);
        await hook([]);
      });
    });

    describe('accounts created through the API, by app and by end user', () => {
      caseIf(
        [...needs],
        'accounts.create ends the connect flow (CONNECTION_SUCCESS, token used), lists at once; listByExternalUser and deleteByApp address it',
        async () => {
          const client = await sdk('development');
          const externalUserId = user();
          const token = await client.tokens.create({
            externalUserId,
            webhookUri: 'https://receiver.example.com/connect-api',
          });
          const account = await client.accounts.create({
            appSlug: 'github',
            cfmapJson: '{"api_key":"ghp_x"}',
            connectToken: token.token,
            externalUserId,
            name: 'octo',
          });
          expect(account).toMatchObject({
            id: expect.stringMatching(/^apn_/),
            externalId: externalUserId,
            name: 'octo',
            healthy: true,
          });
          expect(account.app).toMatchObject({ nameSlug: 'github', scopeProfiles: [] });
          expect(account.app, "the SDK's App has no connect").not.toHaveProperty('connect');
          expect((await client.tokens.validate(token.token)).success, 'the flow is over').toBe(false);
          expect(
            await statusOf(client.accounts.create({ appSlug: 'github', cfmapJson: '{}', connectToken: token.token })),
            'a used token',
          ).toBe(422);

          const delivery = (await control!.deliveries({ wait: true })).find(
            (d) => d.url === 'https://receiver.example.com/connect-api',
          )!;
          const payload = JSON.parse(delivery.body);
          expect(payload).toMatchObject({
            event: 'CONNECTION_SUCCESS',
            connect_token: token.token,
            environment: 'development',
            account: { id: account.id },
          });
          expect(payload.account.app.connect, "the webhook's app keeps the spec's connect").toEqual(expect.any(Object));

          const withCredentials = await client.accounts.listByExternalUser(externalUserId, {
            includeCredentials: true,
          });
          expect(withCredentials.map((a) => a.id)).toEqual([account.id]);
          expect(withCredentials[0]!.credentials).toEqual({ api_key: 'ghp_x' });
          expect(await client.accounts.listByExternalUser(externalUserId, { app: 'slack' })).toEqual([]);
          expect((await client.accounts.list({ externalUserId })).data.map((a) => a.id)).toEqual([account.id]);

          await client.accounts.deleteByApp('github');
          expect(await statusOf(client.accounts.retrieve(account.id)), 'deleted by app').toBe(404);
          expect(await statusOf(client.accounts.deleteByApp('github')), 'none left').toBe(404);
        },
      );
    });

    describe('oauthApps and appOverrides', () => {
      caseIf(
        [...needs],
        'oauthApps.create/list/retrieve/update/delete: the secret is never shown; an override that selected it loses it',
        async () => {
          const client = await sdk();
          const shown = { clientId: 'Iv1.abc', name: 'Internal', scopes: ['repo'] };
          const created = await client.oauthApps.create({ app: 'github', clientSecret: 'shh', ...shown });
          expect(created).toMatchObject({ id: expect.stringMatching(/^oa_/), nameSlug: 'github', ...shown });
          expect(created.ownerId).toMatch(/^o_/);
          expect(created.createdAt).toBeInstanceOf(Date);
          expect(JSON.stringify(created)).not.toContain('shh');
          expect(await client.oauthApps.retrieve(created.id!)).toEqual(created);
          const listed: string[] = [];
          for await (const item of await client.oauthApps.list({ app: 'github', limit: 1 })) listed.push(item.id!);
          expect(listed).toContain(created.id);
          expect((await client.oauthApps.list({ app: 'slack' })).data.map((a) => a.id)).not.toContain(created.id);
          const updated = await client.oauthApps.update(created.id!, {
            additionalScopes: ['workflow'],
            clientSecret: 'new',
          });
          expect(updated).toMatchObject({ id: created.id, scopes: ['repo'], additionalScopes: ['workflow'] });

          const override = await client.appOverrides.create({
            app: 'github',
            name: `Enterprise ${user()}`,
            oauthAppId: created.id!,
            cfmap: { base_url: 'https://gh.acme.example' },
          });
          expect(override).toMatchObject({
            oauthAppId: created.id,
            cfmap: { base_url: 'https://gh.acme.example' },
            ownerId: (await project()).id,
          });
          await client.oauthApps.delete(created.id!);
          expect(await statusOf(client.oauthApps.retrieve(created.id!))).toBe(404);
          expect((await client.appOverrides.retrieve(override.id)).oauthAppId, 'no longer selected').toBeUndefined();
          await client.appOverrides.delete(override.id);
        },
      );

      caseIf(
        [...needs],
        'appOverrides.create/list/retrieve/update/delete; names are unique per owner; an override merges its cfmap into a created account',
        async () => {
          const client = await sdk('development');
          const name = `Enterprise ${user()}`;
          const created = await client.appOverrides.create({
            app: 'github',
            name,
            cfmap: { base_url: 'https://gh.acme.example' },
          });
          expect(created.id).toMatch(/^[0-9a-f]{16}$/);
          expect(created.app).toMatchObject({ nameSlug: 'github', scopeProfiles: [] });
          expect(await client.appOverrides.retrieve(created.id)).toEqual(created);
          expect(await statusOf(client.appOverrides.create({ app: 'github', name })), 'a taken name').toBe(422);
          expect(await statusOf(client.appOverrides.create({ app: 'no-such-app', name: 'x' })), 'an unknown app').toBe(
            422,
          );
          const listed: string[] = [];
          for await (const item of await client.appOverrides.list({ app: 'github', limit: 1 })) listed.push(item.id);
          expect(listed).toContain(created.id);
          const updated = await client.appOverrides.update(created.id, {
            cfmap: { base_url: 'https://gh2.acme.example' },
          });
          expect(updated).toMatchObject({ id: created.id, name, cfmap: { base_url: 'https://gh2.acme.example' } });

          const externalUserId = user();
          const token = await client.tokens.create({ externalUserId });
          const account = await client.accounts.create({
            appSlug: 'github',
            cfmapJson: '{"api_key":"k"}',
            connectToken: token.token,
            appOverrideId: created.id,
          });
          expect((await client.accounts.retrieve(account.id, { includeCredentials: true })).credentials).toEqual({
            api_key: 'k',
            base_url: 'https://gh2.acme.example',
          });

          await client.appOverrides.delete(created.id);
          expect(await statusOf(client.appOverrides.retrieve(created.id))).toBe(404);
          await client.users.deleteExternalUser(externalUserId);
        },
      );
    });
  },
);
