import { describe, expect, it } from 'vitest';
import { validator } from '../../../openapi/validator.ts';
import { APPS } from '../../factories/common.ts';
import { createStore } from '../index.ts';
import { catalogueOf, getApp, listApps, type AppListQuery } from './catalogue.ts';
import { unwrap } from '../../../support/results.ts';

const query = (fields: Partial<AppListQuery> = {}): AppListQuery => ({
  limit: 100,
  sort_key: 'name',
  sort_direction: 'asc',
  ...fields,
});

describe('the catalogue of a server seed', () => {
  it('is the same for every world of a seed, and the same object: built once, never copied into a world', () => {
    const store = createStore({ seed: 7 });
    const a = store.world('token-a');
    const b = store.world('token-b');
    expect(catalogueOf(a)).toBe(catalogueOf(b));
    expect(unwrap(listApps(a, query()))).toEqual(unwrap(listApps(b, query())));
    expect(Object.values(a).some((value) => value === catalogueOf(a).catalogue)).toBe(false);
  });

  it('is deterministic per seed: another store of the seed holds the same IDs and weights, another seed other IDs', () => {
    const first = unwrap(listApps(createStore({ seed: 'ci' }).world('t'), query())).data;
    const again = unwrap(listApps(createStore({ seed: 'ci' }).world('u'), query())).data;
    const other = unwrap(listApps(createStore({ seed: 'other' }).world('t'), query())).data;
    expect(again).toEqual(first);
    expect(other.map((app) => app.name_slug)).toEqual(first.map((app) => app.name_slug));
    expect(other.map((app) => app.id)).not.toEqual(first.map((app) => app.id));
  });

  it('holds a few dozen apps, each valid as the document says, with every auth type and the apps of seeded accounts', () => {
    const apps = catalogueOf({ seed: 0 }).catalogue.apps;
    expect(apps.length).toBeGreaterThanOrEqual(30);
    for (const app of apps) expect(validator.validateSchema('ConnectApp', app), app.name_slug).toEqual([]);
    expect(new Set(apps.map((app) => app.auth_type))).toEqual(new Set(['oauth', 'keys', 'none']));
    for (const seeded of APPS)
      expect(apps.find((app) => app.name_slug === seeded.slug)?.categories[0]).toBe(seeded.category);
    const categories = new Set(catalogueOf({ seed: 0 }).catalogue.categories.map((category) => category.name));
    for (const app of apps)
      for (const name of app.categories) expect(categories.has(name), `${app.name_slug}: ${name}`).toBe(true);
  });

  it('filters by q in the name or slug, by category ID and by has_actions; sorts by featured weight both ways', () => {
    const world = createStore({ seed: 1 }).world('t');
    expect(unwrap(listApps(world, query({ q: 'GOOGLE' }))).data.map((app) => app.name_slug)).toEqual([
      'google_calendar',
      'google_drive',
      'google_sheets',
    ]);
    const storage = unwrap(listApps(world, query({ category_ids: ['file-storage'] }))).data;
    expect(storage.map((app) => app.name_slug).sort()).toEqual(['dropbox', 'google_drive']);
    const without = unwrap(listApps(world, query({ has_components: false }))).data.map((app) => app.name_slug);
    expect(without).toEqual(expect.arrayContaining(['mixpanel', 'xero_accounting_api']));
    expect(without).not.toContain('rss');
    const up = unwrap(listApps(world, query({ sort_key: 'featured_weight' }))).data.map((app) => app.featured_weight);
    expect(up).toEqual([...up].sort((x, y) => x - y));
    const down = unwrap(listApps(world, query({ sort_key: 'featured_weight', sort_direction: 'desc' }))).data.map(
      (app) => app.featured_weight,
    );
    expect(down).toEqual([...up].reverse());
  });

  it('pages with the cursors of the other lists, and finds an app by slug or ID', () => {
    const world = createStore({ seed: 1 }).world('t');
    const first = unwrap(listApps(world, query({ limit: 4 })));
    const second = unwrap(listApps(world, query({ limit: 4, after: first.page_info.end_cursor })));
    const all = unwrap(listApps(world, query())).data;
    expect([...first.data, ...second.data]).toEqual(all.slice(0, 8));
    expect(listApps(world, query({ after: 'bm8' }))).toMatchObject({ ok: false, error: { status: 400 } });
    const github = unwrap(getApp(world, 'github')).data;
    expect(unwrap(getApp(world, github.id)).data).toBe(github);
    expect(getApp(world, 'no_such_app')).toMatchObject({ ok: false, error: { status: 404 } });
  });
});
