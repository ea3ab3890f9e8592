// The catalogue of Connect (issue 17), shaped as @pipedream/sdk 3.1.6 parses it (openapi/openapi.yaml
// names each model): the apps (list with its filters, sort and pages; one by slug or ID) and the app
// categories. Everything here reads, so every case may run against a live server too; what only a
// mock can show (another world holds the same catalogue) needs the control API's second token.
import { describe, expect } from 'vitest';
import type { Answer } from '../api.ts';
import { authCases, expectError, expectStatus, randomTokenFor } from '../cases.ts';
import { useContract } from '../harness.ts';

const contract = await useContract();
const { api, caseIf } = contract;

interface App {
  id: string;
  name_slug: string;
  name: string;
  categories: string[];
  featured_weight: number;
}

/** Every app of the catalogue, page by page as the SDK's pager walks it (after = end_cursor until a page is empty). */
async function allApps(query: Record<string, string | string[]> = {}, token?: string): Promise<{ apps: App[]; totals: number[] }> {
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
    caseIf(['stateful'], 'apps.list pages through the catalogue: each app once, total_count the same on every page, in name order', async () => {
      const { apps, totals } = await allApps();
      expect(apps.length).toBeGreaterThanOrEqual(30);
      expect(new Set(apps.map((app) => app.id)).size).toBe(apps.length);
      expect(new Set(totals)).toEqual(new Set([apps.length]));
      const names = apps.map((app) => app.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    });

    caseIf(['stateful'], 'q, category_ids and the has_* filters narrow the list; sort_key and sort_direction order it', async () => {
      const { apps: git } = await allApps({ q: 'GIT' });
      expect(git.length).toBeGreaterThan(0);
      for (const app of git) expect(`${app.name.toLowerCase()} ${app.name_slug}`).toContain('git');
      const categories = (await api.get('/connect/app_categories')).body as Array<{ id: string; name: string }>;
      const [first, second] = categories;
      const { apps: inEither } = await allApps({ category_ids: [first!.id, second!.id] });
      expect(inEither.length).toBeGreaterThan(0);
      for (const app of inEither) expect(app.categories.some((name) => name === first!.name || name === second!.name)).toBe(true);
      const { apps: all } = await allApps();
      const { apps: withActions } = await allApps({ has_actions: 'true' });
      const { apps: withoutActions } = await allApps({ has_actions: 'false' });
      expect(withActions.length + withoutActions.length).toBe(all.length);
      expect(withoutActions.length).toBeGreaterThan(0);
      const { apps: byWeight } = await allApps({ sort_key: 'featured_weight', sort_direction: 'desc' });
      const weights = byWeight.map((app) => app.featured_weight);
      expect(weights).toEqual([...weights].sort((a, b) => b - a));
    });

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

  authCases(contract, ['listApps', 'getApp', 'listAppCategories', 'getAppCategory']);

  describe('negative_data_rejection', () => {
    caseIf(['enforcesRules', 'stateful'], 'getApp and getAppCategory of what the catalogue does not hold are 404', async () => {
      expectError(contract, await api.get('/connect/apps/no_such_app_anywhere'), 404, 'not_found', 'unknown app');
      expectError(contract, await api.get('/connect/apps/oa_Unknown1'), 404, 'not_found', 'unknown app ID');
      expectError(contract, await api.get('/connect/app_categories/no-such-category'), 404, 'not_found', 'unknown category');
    });

    caseIf(['enforcesRules'], 'listApps with a sort_key, sort_direction or limit outside the document is 400', async () => {
      expectError(contract, await api.get('/connect/apps', { query: { sort_key: 'popularity' } }), 400, 'bad_request', 'sort_key popularity');
      expectError(contract, await api.get('/connect/apps', { query: { sort_direction: 'up' } }), 400, 'bad_request', 'sort_direction up');
      expectError(contract, await api.get('/connect/apps', { query: { limit: '0' } }), 400, 'bad_request', 'limit 0');
      expectError(contract, await api.get('/connect/apps', { query: { has_actions: 'maybe' } }), 400, 'bad_request', 'has_actions maybe');
    });

    caseIf(['enforcesRules', 'stateful'], 'listApps with a cursor that names no app is 400', async () => {
      expectError(contract, await api.get('/connect/apps', { query: { after: 'bm90LWFuLWFwcA' } }), 400, 'bad_request', 'after');
    });
  });
});
