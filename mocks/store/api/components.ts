// Components as the REST API's reference shows them (Create a component, Get a component, the registry): saved in a
// world from code or a URL, and the public registry, which is the Connect catalogue's components (the same everywhere).
import type { RegistryComponent, Schemas } from '../../factories/types.ts';
import { type Result, fail, notFound, ok } from '../../common/errors.ts';
import { COMPONENTS_BY_KEY } from '../../factories/components.ts';
import { slugify } from '../../factories/common.ts';
import { isId, newId } from '../../ids/ids.ts';
import { stableKey, unixSeconds } from '../../ids/random.ts';
import { collectionFull } from '../world/retention.ts';
import type { World } from '../world/world.ts';

type CreateSavedComponentBody = Schemas['CreateSavedComponentRequest'];

/** When the registry's components were published: a fixed time, so every world reads the same registry. */
const REGISTRY_PUBLISHED = 1_748_779_200;

/**
 * The registry's component of `key` (the Connect catalogue's), as Get a component shows one: an `sc_` ID and code
 * derived from the key.
 *
 * @example
 * getRegistryComponent('github-new-issue'); // ok({ data: { id: 'sc_…', key: 'github-new-issue', configurable_props: [{ name: 'github', … }], … } })
 */
export function getRegistryComponent(key: string): Result<{ data: RegistryComponent }> {
  const found = registryComponent(key);
  if (found === undefined) return fail('not_found', `registry component ${key} not found`, { key });
  return ok({ data: found });
}

/**
 * Saves a component in this world from its code (its `key`, `name` and `version` read, not run) or its URL (the
 * registry's component the URL names, else one named after its file).
 *
 * @example
 * createSavedComponent(world, { component_url: 'https://example.com/github/sources/new-issue/new-issue.ts' }); // ok({ data: { key: 'github-new-issue', … } })
 */
export function createSavedComponent(
  world: World,
  body: CreateSavedComponentBody,
): Result<{ data: RegistryComponent }> {
  const full = collectionFull('saved components', world.savedComponents.size);
  if (full !== undefined) return full;
  return ok({ data: saveComponent(world, body.component_code, body.component_url) });
}

/**
 * A component this world saved, by its `sc_` ID or its key (the newest saved with it); 404 otherwise.
 *
 * @example
 * getSavedComponent(world, 'github-new-issue'); // ok({ data }) once POST /components saved it
 */
export function getSavedComponent(world: World, keyOrId: string): Result<{ data: RegistryComponent }> {
  if (isId('savedComponent', keyOrId)) {
    const saved = world.savedComponents.get(keyOrId);
    return saved === undefined ? notFound('component', keyOrId) : ok({ data: saved });
  }
  const newest = [...world.savedComponents.values()].reverse().find((component) => component.key === keyOrId);
  if (newest === undefined) return fail('not_found', `component ${keyOrId} not found`, { key: keyOrId });
  return ok({ data: newest });
}

/** The component saved from code or a URL (POST /components, or a source created from code: ./sources.ts). */
export function saveComponent(world: World, code: string | undefined, url: string | undefined): RegistryComponent {
  const now = unixSeconds(world.ctx.now());
  const registry = registryComponent(keyOfUrl(url) ?? '');
  const read = (field: string) =>
    code === undefined ? undefined : new RegExp(`\\b${field}:\\s*(["'\`])(.+?)\\1`).exec(code)?.[2];
  const fileName =
    slugify(
      url
        ?.split(/[?#]/)[0]
        ?.split('/')
        .pop()
        ?.replace(/\.[^.]*$/, '') ?? '',
    ) || 'component';
  const key = code === undefined ? registry?.key : read('key');
  const name = code === undefined ? (registry?.name ?? fileName) : (read('name') ?? key ?? fileName);
  const source = code ?? registry?.code ?? `export default { name: "${name}", version: "0.0.1", type: "source" };`;
  const component: RegistryComponent = {
    id: newId('savedComponent', world.ctx),
    ...(key !== undefined && /^[a-z0-9_]+(-[a-z0-9_]+)+$/.test(key) ? { key } : {}),
    code: source,
    code_hash: hashOf(source),
    name,
    version: (code === undefined ? registry?.version : read('version')) ?? '0.0.1',
    configurable_props: structuredClone(
      registry?.configurable_props ?? registryComponent(key ?? '')?.configurable_props ?? [],
    ),
    created_at: now,
    updated_at: now,
  };
  world.savedComponents.set(component.id, component);
  return component;
}

function registryComponent(key: string): RegistryComponent | undefined {
  const found = COMPONENTS_BY_KEY.get(key)?.component;
  if (found === undefined) return undefined;
  const type = found.component_type === 'trigger' ? 'source' : 'action';
  const code = `export default { key: "${found.key}", name: "${found.name}", version: "${found.version}", type: "${type}" };`;
  return {
    id: `sc_${stableKey(`registry:${found.key}`).slice(0, 8)}`,
    key: found.key,
    code,
    code_hash: hashOf(code),
    name: found.name,
    version: found.version,
    configurable_props: found.configurable_props,
    created_at: REGISTRY_PUBLISHED,
    updated_at: REGISTRY_PUBLISHED,
  };
}

/** A URL `…/<app>/sources/<name>/<name>.ts` (the layout of the service's components) names the registry's `<app>-<name>`. */
function keyOfUrl(url: string | undefined): string | undefined {
  const match = url === undefined ? null : /\/([a-z0-9_]+)\/(?:sources|actions)\/([a-z0-9-]+)\//.exec(url);
  return match === null ? undefined : `${match[1]}-${match[2]}`;
}

/** 64 hex digits from the code (four FNV-1a 64-bit keys): the length of the service's SHA-256 `code_hash`, not SHA-256. */
function hashOf(code: string): string {
  return [0, 1, 2, 3].map((part) => stableKey(`${part}:${code}`)).join('');
}
