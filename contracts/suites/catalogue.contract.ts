// The catalogue of Connect (apps, categories, components), shaped as @pipedream/sdk 3.1.6 parses it. Prop
// configuration and runs act on an end user's account upstream, so they need `disposable` (never live).
import { describe, expect } from 'vitest';
import { document } from '../../openapi/generated/document.ts';
import type { components } from '../../openapi/generated/schema.ts';
import { exampleRequests } from '../../openapi/example-requests.ts';
import { authCases, expectError, expectStatus, projectIdOf, randomTokenFor, refusals } from '../cases.ts';
import type { Answer } from '../api.ts';
import { useContract } from '../harness.ts';

const contract = await useContract();
const { api, caseIf } = contract;
const { badRequest, notFound } = refusals(contract);

const project = () => projectIdOf(contract);
const production = { 'x-pd-environment': 'production' };
/** The document's example request of an operation: on a mock, its example project, end user and GitHub account live in every world. */
const example = (operationId: string) =>
  exampleRequests(document).find((request) => request.operationId === operationId)!;
const send = (operationId: string, body?: unknown) => {
  const request = example(operationId);
  return api.call(request.method, request.path, { headers: request.headers, body: body ?? request.body });
};

type App = components['schemas']['App'];

/** Every app of the catalogue, page by page as the SDK's pager walks it (after = end_cursor until a page is empty). */
async function allApps(
  query: Record<string, string | string[]> = {},
  token?: string,
): Promise<{ apps: App[]; totals: number[] }> {
  const apps: App[] = [];
  const totals: number[] = [];
  let after: string | undefined;
  for (let page = 0; page < 50; page++) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries({ limit: '7', ...query, ...(after === undefined ? {} : { after }) }))
      for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
    const answer: Answer = await api.get('/connect/apps', { query: params, ...(token === undefined ? {} : { token }) });
    expectStatus(answer, 200, `page ${page}`);
    totals.push(answer.body.page_info.total_count);
    if (answer.body.data.length === 0) return { apps, totals };
    apps.push(...answer.body.data);
    after = answer.body.page_info.end_cursor;
  }
  throw new Error('the apps list did not end within 50 pages');
}

describe('catalogue', () => {
  describe('schema-level', () => {
    caseIf([], 'listApps answers a page of apps', async () => {
      const answer = await api.get('/connect/apps', { query: { limit: '5' } });
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(answer.body.data.length).toBe(5);
    });

    caseIf([], 'getApp answers an app by its name slug', async () => {
      const list = await api.get('/connect/apps', { query: { limit: '1' } });
      const slug = list.body.data[0]?.name_slug;
      expect(typeof slug).toBe('string');
      const answer = await api.get(`/connect/apps/${slug}`);
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(answer.body.data.name_slug).toBe(slug);
    });

    caseIf([], 'listAppCategories answers every category, getAppCategory one of them', async () => {
      const list = await api.get('/connect/app_categories');
      expectStatus(list, 200);
      expect(Array.isArray(list.body), 'a bare list, not wrapped in data (ListAppCategoriesResponse)').toBe(true);
      const answer = await api.get(`/connect/app_categories/${list.body[0].id}`);
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(answer.body).toEqual(list.body[0]);
    });
  });

  describe('stateful', () => {
    caseIf(
      ['stateful'],
      'apps.list pages through the catalogue: each app once, total_count the same on every page, in name order',
      async () => {
        const { apps, totals } = await allApps();
        expect(apps.length).toBeGreaterThanOrEqual(30);
        expect(new Set(apps.map((app) => app.id)).size).toBe(apps.length);
        expect(new Set(totals)).toEqual(new Set([apps.length]));
        const names = apps.map((app) => app.name);
        expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      },
    );

    caseIf(
      ['stateful'],
      'q, category_ids and the has_* filters narrow the list; sort_key and sort_direction order it',
      async () => {
        const { apps: git } = await allApps({ q: 'GIT' });
        expect(git.length).toBeGreaterThan(0);
        for (const app of git) expect(`${app.name.toLowerCase()} ${app.name_slug}`).toContain('git');
        const categories = (await api.get('/connect/app_categories')).body as Array<{ id: string; name: string }>;
        const [first, second] = categories;
        const { apps: inEither } = await allApps({ category_ids: [first!.id, second!.id] });
        expect(inEither.length).toBeGreaterThan(0);
        for (const app of inEither)
          expect(app.categories.some((name) => name === first!.name || name === second!.name)).toBe(true);
        const { apps: all } = await allApps();
        const { apps: withActions } = await allApps({ has_actions: 'true' });
        const { apps: withoutActions } = await allApps({ has_actions: 'false' });
        expect(withActions.length + withoutActions.length).toBe(all.length);
        expect(withoutActions.length).toBeGreaterThan(0);
        const { apps: byWeight } = await allApps({ sort_key: 'featured_weight', sort_direction: 'desc' });
        const weights = byWeight.map((app) => app.featured_weight);
        expect(weights).toEqual([...weights].sort((a, b) => b - a));
      },
    );

    caseIf(['stateful'], 'getApp by the oa_ ID answers what the name slug answers', async () => {
      const bySlug = await api.get('/connect/apps/github');
      expectStatus(bySlug, 200);
      expect(bySlug.body.data.id).toMatch(/^oa_/);
      const byId = await api.get(`/connect/apps/${bySlug.body.data.id}`);
      expectStatus(byId, 200);
      expect(byId.body).toEqual(bySlug.body);
    });

    caseIf(['stateful', 'control'], 'every world of the server reads the same catalogue', async () => {
      const other = randomTokenFor(contract);
      const mine = await allApps();
      const theirs = await allApps({}, other);
      expect(theirs.apps).toEqual(mine.apps);
    });
  });

  describe('components', () => {
    caseIf([], 'listComponents, listActions and their reads answer the catalogue by key', async () => {
      for (const [list, read] of [
        ['components', 'components'],
        ['actions', 'actions'],
        ['triggers', 'triggers'],
      ]) {
        const page = await api.get(`/connect/${await project()}/${list}`, {
          headers: production,
          query: { limit: '3' },
        });
        expectStatus(page, 200, list);
        const key = page.body.data[0]?.key;
        expect(typeof key, list).toBe('string');
        expectStatus(
          await api.get(`/connect/${await project()}/${read}/${key}`, { headers: production }),
          200,
          `${read}/${key}`,
        );
      }
    });

    caseIf(['disposable'], 'configureProp, reloadProps and runAction answer their documented examples', async () => {
      for (const operationId of [
        'configureComponentProp',
        'configureActionProp',
        'configureTriggerProp',
        'reloadComponentProps',
        'reloadActionProps',
        'reloadTriggerProps',
        'runAction',
      ]) {
        expectStatus(await send(operationId), 200, operationId);
      }
    });

    caseIf(
      ['stateful', 'disposable'],
      'the examples: options of the account, dynamic props with an ID, a run with a $summary',
      async () => {
        const options = await send('configureActionProp');
        expect(options.body.options.length).toBeGreaterThan(0);
        expect(options.body.errors).toEqual([]);
        const reloaded = await send('reloadActionProps');
        expect(reloaded.body.dynamicProps.id).toMatch(/^dyp_/);
        const run = await send('runAction');
        expect(typeof run.body.exports.$summary).toBe('string');
        expect(run.body.error).toBeUndefined();
      },
    );

    caseIf(
      ['stateful'],
      'actions, triggers and components list their parts: every action and trigger is a component, once',
      async () => {
        const all = async (list: string, query: Record<string, string> = {}) => {
          const keys: string[] = [];
          let after: string | undefined;
          for (;;) {
            const page = await api.get(`/connect/${await project()}/${list}`, {
              headers: production,
              query: { limit: '40', ...query, ...(after === undefined ? {} : { after }) },
            });
            expectStatus(page, 200, list);
            if (page.body.data.length === 0) return keys;
            keys.push(...page.body.data.map((c: { key: string }) => c.key));
            after = page.body.page_info.end_cursor;
          }
        };
        const components = await all('components');
        const actions = await all('actions');
        const triggers = await all('triggers');
        expect(new Set(components).size).toBe(components.length);
        expect([...actions, ...triggers].sort()).toEqual([...components].sort());
        expect(await all('components', { component_type: 'action' })).toEqual(actions);
        expect(await all('components', { registry: 'private' })).toEqual([]);
      },
    );

    caseIf(
      ['stateful', 'disposable'],
      'a run of the same props answers the same; a prop that does not pass answers an error naming it',
      async () => {
        const first = await send('runAction');
        const second = await send('runAction');
        expect(second.body.exports).toEqual(first.body.exports);
        expect(second.body.ret).toEqual(first.body.ret);
        const { configured_props: props, ...rest } = example('runAction').body as {
          configured_props: Record<string, unknown>;
        };
        const failed = await send('runAction', { ...rest, configured_props: { ...props, title: 42 } });
        expectStatus(failed, 200);
        expect(failed.body.ret).toBeNull();
        expect(failed.body.error).toMatchObject({ attribution: { origin: 'user' }, props: ['title'] });
        expect(failed.body.os[0]).toMatchObject({ k: 'error' });
      },
    );
  });

  describe('proxy', () => {
    const url64 = (url: string) => encodeURIComponent(Buffer.from(url).toString('base64'));
    caseIf(
      ['disposable'],
      'proxyGet, proxyPost, proxyPut, proxyPatch and proxyDelete answer their documented examples',
      async () => {
        for (const operationId of ['proxyGet', 'proxyPost', 'proxyPut', 'proxyPatch', 'proxyDelete']) {
          const request = example(operationId);
          expectStatus(
            await api.call(request.method, request.path, {
              headers: request.headers,
              query: request.query,
              body: request.body,
            }),
            200,
            operationId,
          );
        }
      },
    );

    caseIf(
      ['stateful', 'disposable'],
      'the echo is the upstream request: the URL decoded, x-pd-proxy-* headers without their prefix, the body, the auth header by name only',
      async () => {
        const request = example('proxyPost');
        const path = request.path.replace(/\/proxy\/[^/]+$/, `/proxy/${url64('/repos/acme/api/issues?labels=ci')}`);
        const answer = await api.call('POST', path, {
          headers: { ...request.headers, 'x-pd-proxy-accept': 'application/json', 'x-pd-proxy-x-trace': 't-1' },
          query: request.query,
          body: { title: 'from the proxy' },
        });
        expectStatus(answer, 200);
        expect(answer.body).toMatchObject({
          upstream: true,
          method: 'POST',
          url: 'https://api.github.com/repos/acme/api/issues?labels=ci',
          headers: { accept: 'application/json', 'x-trace': 't-1' },
          body: { title: 'from the proxy' },
          auth: { header: 'authorization', app: 'github' },
        });
        expect(answer.body.headers.authorization, 'never a credential').toBeUndefined();
      },
    );

    caseIf(
      ['enforcesRules', 'stateful', 'disposable'],
      'a URL off the app domain is 400; an account of another end user or unknown is 404',
      async () => {
        const request = example('proxyGet');
        const other = request.path.replace(/\/proxy\/[^/]+$/, `/proxy/${url64('https://example.com/steal')}`);
        await badRequest(api.call('GET', other, { headers: request.headers, query: request.query }), 'off the domain');
        const stranger = new URLSearchParams(request.query);
        stranger.set('external_user_id', 'contract-someone-else');
        await notFound(
          api.call('GET', request.path, { headers: request.headers, query: stranger }),
          "another user's account",
        );
        await badRequest(
          api.call('GET', request.path, { headers: request.headers, query: { external_user_id: 'user-1043' } }),
          'no account_id',
        );
      },
    );
  });

  authCases(contract, [
    'listApps',
    'getApp',
    'listAppCategories',
    'getAppCategory',
    'listComponents',
    'getComponent',
    'configureComponentProp',
    'reloadComponentProps',
    'listActions',
    'getAction',
    'configureActionProp',
    'reloadActionProps',
    'runAction',
    'configureTriggerProp',
    'reloadTriggerProps',
    'proxyGet',
    'proxyPost',
    'proxyPut',
    'proxyPatch',
    'proxyDelete',
  ]);

  describe('negative_data_rejection', () => {
    caseIf(
      ['enforcesRules', 'stateful'],
      'getApp and getAppCategory of what the catalogue does not hold are 404',
      async () => {
        await notFound(api.get('/connect/apps/no_such_app_anywhere'), 'unknown app');
        await notFound(api.get('/connect/apps/oa_Unknown1'), 'unknown app ID');
        await notFound(api.get('/connect/app_categories/no-such-category'), 'unknown category');
      },
    );

    caseIf(
      ['enforcesRules'],
      'listApps with a sort_key, sort_direction or limit outside the document is 400',
      async () => {
        for (const [name, value] of [
          ['sort_key', 'popularity'],
          ['sort_direction', 'up'],
          ['limit', '0'],
          ['has_actions', 'maybe'],
        ] as const) {
          const answer = await api.get('/connect/apps', { query: { [name]: value } });
          expectError(contract, answer, 400, 'bad_request', `${name} ${value}`);
        }
      },
    );

    caseIf(
      ['enforcesRules', 'stateful', 'disposable'],
      'a body naming no component of its part, or no prop of it, is 422; one without external_user_id 400',
      async () => {
        const base = `/connect/${await project()}`;
        const unprocessable = async (what: string, part: string, body: Record<string, string>) => {
          const answer = await api.post(`${base}/${part}`, {
            headers: production,
            body: { external_user_id: 'contract-user', ...body },
          });
          expectError(contract, answer, 422, 'unprocessable', what);
        };
        await unprocessable('a trigger run as an action', 'actions/run', { id: 'slack-new-message' });
        const action = 'github-create-issue';
        await unprocessable('an action configured as a trigger', 'triggers/configure', {
          id: action,
          prop_name: 'repo',
        });
        await unprocessable('no such prop', 'components/configure', { id: action, prop_name: 'nope' });
        await unprocessable('no such version', 'actions/props', { id: action, version: '9.9.9' });
        await badRequest(
          api.post(`${base}/actions/run`, { headers: production, body: { id: 'github-create-issue' } }),
          'no external_user_id',
        );
        await notFound(
          api.get(`${base}/actions/slack-new-message`, { headers: production }),
          'a trigger read as an action',
        );
        await badRequest(
          api.get(`${base}/components`, { headers: production, query: { component_type: 'source' } }),
          'component_type source',
        );
      },
    );

    caseIf(['enforcesRules', 'stateful'], 'listApps with a cursor that names no app is 400', async () => {
      await badRequest(api.get('/connect/apps', { query: { after: 'bm90LWFuLWFwcA' } }), 'after');
    });
  });
});
