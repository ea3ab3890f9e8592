// Which app a Connect call names: the factories' apps (common.ts APPS, then the catalogue's APP_TABLE), one `App`
// per slug and world, so an app keeps its `oa_` ID wherever the world shows it.
import type { App } from '../../factories/types.ts';
import { APP_TABLE } from '../../factories/catalogue.ts';
import { APPS } from '../../factories/common.ts';
import { makeApp } from '../../factories/connect.ts';
import type { World } from '../world/world.ts';

/**
 * The world's `App` for a catalogue slug (made on first use, then the same object's fields), or
 * undefined for a slug the catalogue does not hold.
 *
 * @example
 * appForSlug(world, 'github')?.name; // 'GitHub'
 */
export function appForSlug(world: World, slug: string): App | undefined {
  const known = knownApps(world).find((app) => app.name_slug === slug);
  if (known !== undefined) return known;
  // The apps accounts were first made of, then the rest of the catalogue (its actions need accounts of their apps too).
  const seeded = APPS.find((app) => app.slug === slug);
  const entry =
    seeded === undefined ? APP_TABLE.find((app) => app.slug === slug) : { ...seeded, categories: [seeded.category] };
  if (entry === undefined) return undefined;
  return makeApp(world.ctx, {
    name_slug: entry.slug,
    name: entry.name,
    img_src: `https://assets.example.com/apps/${entry.slug}.svg`,
    categories: entry.categories,
    ...('auth' in entry ? { auth_type: entry.auth } : {}),
    connect: { allowed_domains: [entry.domain], base_proxy_target_url: `https://${entry.domain}`, proxy_enabled: true },
  });
}

/** Whether an app is named by `slugOrId` (its name slug or its ID). */
export function appMatches(app: { id: string; name_slug: string }, slugOrId: string): boolean {
  return app.name_slug === slugOrId || app.id === slugOrId;
}

/** The apps the world already shows, accounts first. */
function knownApps(world: World): App[] {
  const apps: App[] = [...world.accounts.values()].map((record) => record.account.app);
  for (const record of world.appOverrides.values()) apps.push(record.app);
  return apps.filter((app) => app.connect !== undefined);
}
