// The catalogue a world reads: its server seed's apps and categories, built once per seed and shared read-only by
// every world (not copied into any); `apps.list` filters, sorts and pages it per request.
import type { AppCategory, ConnectApp, PageInfo } from '../../factories/types.ts';
import { type Result, fail, ok } from '../../common/errors.ts';
import { APPS_WITH_ACTIONS, APPS_WITH_TRIGGERS, type Catalogue, makeCatalogue } from '../../factories/catalogue.ts';
import { createContext, seedFrom } from '../../ids/random.ts';
import { type PageQuery, pageOfList } from '../world/pagination.ts';
import { REFERENCE_TIME_MS } from '../world/seed.ts';
import type { World } from '../world/world.ts';

/** A seed's catalogue with the lookups the operations need. */
export interface CatalogueIndex {
  catalogue: Catalogue;
  bySlug: ReadonlyMap<string, ConnectApp>;
  byId: ReadonlyMap<string, ConnectApp>;
  categoryById: ReadonlyMap<string, AppCategory>;
  /** Category name -> ID (an app lists its categories by name). */
  categoryIdByName: ReadonlyMap<string, string>;
}

// A server has one seed; tests build stores of a few. Each seed's catalogue is a few kB.
const bySeed = new Map<string, CatalogueIndex>();

/**
 * The catalogue of the world's server seed (built on first use, then shared).
 *
 * @example
 * catalogueOf(world).bySlug.get('github')?.name; // 'GitHub'
 */
export function catalogueOf(world: Pick<World, 'seed'>): CatalogueIndex {
  const key = JSON.stringify(world.seed);
  let index = bySeed.get(key);
  if (index === undefined) {
    // Its own generator and the seeding clock: the same seed gives the same catalogue in any process.
    const catalogue = makeCatalogue(createContext(seedFrom(world.seed, 'catalogue'), () => REFERENCE_TIME_MS));
    index = {
      catalogue,
      bySlug: new Map(catalogue.apps.map((app) => [app.name_slug, app])),
      byId: new Map(catalogue.apps.map((app) => [app.id, app])),
      categoryById: new Map(catalogue.categories.map((category) => [category.id, category])),
      categoryIdByName: new Map(catalogue.categories.map((category) => [category.name, category.id])),
    };
    bySeed.set(key, index);
  }
  return index;
}

export interface AppListQuery extends PageQuery {
  q?: string;
  category_ids?: string[];
  has_components?: boolean;
  has_actions?: boolean;
  has_triggers?: boolean;
  sort_key: 'name' | 'name_slug' | 'featured_weight';
  sort_direction: 'asc' | 'desc';
}

function matches(index: CatalogueIndex, app: ConnectApp, query: AppListQuery, text: string | undefined): boolean {
  if (text !== undefined && !app.name.toLowerCase().includes(text) && !app.name_slug.includes(text)) return false;
  if (
    query.category_ids !== undefined &&
    !app.categories.some((name) => query.category_ids!.includes(index.categoryIdByName.get(name) ?? ''))
  )
    return false;
  const actions = APPS_WITH_ACTIONS.has(app.name_slug);
  const triggers = APPS_WITH_TRIGGERS.has(app.name_slug);
  if (query.has_actions !== undefined && actions !== query.has_actions) return false;
  if (query.has_triggers !== undefined && triggers !== query.has_triggers) return false;
  return query.has_components === undefined || (actions || triggers) === query.has_components;
}

function compare(key: AppListQuery['sort_key']): (a: ConnectApp, b: ConnectApp) => number {
  const bySlug = (a: ConnectApp, b: ConnectApp) => (a.name_slug < b.name_slug ? -1 : a.name_slug > b.name_slug ? 1 : 0);
  if (key === 'featured_weight') return (a, b) => a.featured_weight - b.featured_weight || bySlug(a, b);
  if (key === 'name') return (a, b) => a.name.localeCompare(b.name, 'en') || bySlug(a, b);
  return bySlug;
}

/** One page of the apps that match, in the asked order (by name when not asked). */
export function listApps(world: World, query: AppListQuery): Result<{ data: ConnectApp[]; page_info: PageInfo }> {
  const index = catalogueOf(world);
  const text = query.q === undefined || query.q === '' ? undefined : query.q.toLowerCase();
  const apps = index.catalogue.apps.filter((app) => matches(index, app, query, text)).sort(compare(query.sort_key));
  if (query.sort_direction === 'desc') apps.reverse();
  return pageOfList(apps, (app) => app.id, query);
}

/** One app by its name slug or its `oa_` ID. */
export function getApp(world: World, appId: string): Result<{ data: ConnectApp }> {
  const index = catalogueOf(world);
  const app = index.bySlug.get(appId) ?? index.byId.get(appId);
  return app === undefined
    ? fail('not_found', `app ${appId} is not in the catalogue`, { app: appId })
    : ok({ data: app });
}

/** Every category, by name (the SDK's `ListAppCategoriesResponse` is a bare list). */
export function listAppCategories(world: World): Result<AppCategory[]> {
  return ok([...catalogueOf(world).catalogue.categories]);
}

export function getAppCategory(world: World, id: string): Result<AppCategory> {
  const category = catalogueOf(world).categoryById.get(id);
  return category === undefined
    ? fail('not_found', `app category ${id} is not in the catalogue`, { category: id })
    : ok(category);
}
