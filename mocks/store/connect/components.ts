// The catalogue's components as a project reads them: lists, reads, configureProp, reloadProps and action runs.
// Components are the same for every world; what depends on the world is whose accounts a prop may take.
import type {
  Component,
  ComponentProp,
  ConfiguredProps,
  PageInfo,
  ProjectEnvironment,
  Schemas,
} from '../../factories/types.ts';
import { type Result, fail, ok } from '../../common/errors.ts';
import {
  APP_DETAILS,
  CATALOGUE_ACTIONS,
  CATALOGUE_TRIGGERS,
  type CatalogueAction,
  COMPONENTS_BY_KEY,
  columnProps,
  resourceOptions,
} from '../../factories/components.ts';
import { fnv1a32 } from '../../ids/random.ts';
import { projectOf } from './connect.ts';
import { stashFile } from './file-stash.ts';
import { type PageQuery, pageOfList } from '../world/pagination.ts';
import type { World } from '../world/world.ts';

/** Which part of the catalogue an operation reads: `components.*` all of it, `actions.*` and `triggers.*` their own. */
export type ComponentScope = 'component' | 'action' | 'trigger';

export interface ComponentListQuery extends PageQuery {
  q?: string;
  app?: string;
  registry?: 'public' | 'private' | 'all';
  component_type?: 'action' | 'trigger';
}

const ALL: readonly Component[] = [...CATALOGUE_ACTIONS.map((found) => found.component), ...CATALOGUE_TRIGGERS];

function inScope(component: Component, scope: ComponentScope): boolean {
  return scope === 'component' || component.component_type === scope;
}

function appsOf(component: Component): string[] {
  return component.configurable_props.flatMap((prop) =>
    prop.type === 'app' && prop.app !== undefined ? [prop.app] : [],
  );
}

/**
 * One page of the components in scope: actions in catalogue order, then triggers (those seeded
 * worlds deploy first), filtered by `q` (key or name), `app`, `component_type` and `registry`.
 */
export function listComponents(
  world: World,
  projectId: string,
  scope: ComponentScope,
  query: ComponentListQuery,
): Result<{ data: Component[]; page_info: PageInfo }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const text = query.q === undefined || query.q === '' ? undefined : query.q.toLowerCase();
  // The mock holds no project-private components: `private` lists none.
  const components =
    query.registry === 'private'
      ? []
      : ALL.filter(
          (component) =>
            inScope(component, scope) &&
            (query.component_type === undefined || component.component_type === query.component_type) &&
            (text === undefined || component.key.includes(text) || component.name.toLowerCase().includes(text)) &&
            (query.app === undefined ||
              appsOf(component).includes(query.app) ||
              component.key.startsWith(`${query.app}-`)),
        );
  return pageOfList(
    components,
    (component) => component.key,
    query,
    (c) => COMPONENTS_BY_KEY.get(c.key)!.component,
  );
}

function componentOf(key: string, scope: ComponentScope, version: string | undefined): Component | undefined {
  const found = COMPONENTS_BY_KEY.get(key)?.component;
  if (found === undefined || !inScope(found, scope)) return undefined;
  return version === undefined || version === found.version ? found : undefined;
}

export function getComponent(
  world: World,
  projectId: string,
  scope: ComponentScope,
  key: string,
  version?: string,
): Result<{ data: Component }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const component = componentOf(key, scope, version);
  if (component === undefined)
    return fail('not_found', notInCatalogue(scope, key, version), {
      key,
      ...(version === undefined ? {} : { version }),
    });
  return ok({ data: component });
}

function notInCatalogue(scope: ComponentScope, key: string, version: string | undefined): string {
  return `${version === undefined ? key : `${key}@${version}`} is not ${scope === 'action' ? 'an' : 'a'} ${scope} of the catalogue`;
}

/** A body's `id` (and `version`) that must name a component in scope: 422 otherwise, as for deployTrigger. */
function bodyComponent(
  world: World,
  projectId: string,
  scope: ComponentScope,
  key: string,
  version: string | undefined,
): Result<Component> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const component = componentOf(key, scope, version);
  if (component !== undefined) return ok(component);
  return fail('unprocessable', notInCatalogue(scope, key, version), { field: 'id', key });
}

/** Who configures or runs: the project, its environment and the end user. */
interface PropScope {
  projectId: string;
  environment: ProjectEnvironment;
  externalUserId: string;
}

/** Why an `app` prop's value is not one of the end user's accounts of that app, or undefined when it is. */
function accountProblem(world: World, prop: ComponentProp, value: unknown, who: PropScope): string | undefined {
  const id =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as { authProvisionId?: unknown }).authProvisionId
      : undefined;
  if (typeof id !== 'string') return `${prop.name}: must be {authProvisionId} of a ${prop.app} account`;
  const record = world.accounts.get(id);
  if (record === undefined || record.projectId !== who.projectId || record.environment !== who.environment) {
    return `${prop.name}: account ${id} is not connected in this project's ${who.environment} environment`;
  }
  if (record.account.external_id !== who.externalUserId)
    return `${prop.name}: account ${id} belongs to another end user`;
  if (record.account.app.name_slug !== prop.app)
    return `${prop.name}: account ${id} is an account of ${record.account.app.name_slug}, not of ${prop.app}`;
  return undefined;
}

type ConfigurePropInput = Schemas['ConfigurePropRequest'];

interface PropOptions {
  options?: Array<{ label: string; value: string | number | boolean }>;
  stringOptions?: string[];
  observations?: Observation[];
  context?: Record<string, unknown>;
  errors: string[];
}

/** Options answered per page of configureProp. */
const OPTIONS_PAGE_SIZE = 10;

/** The props of a component with the dynamic ones its configured reload prop brings (when it has a value). */
function propsWith(component: Component, configured: ConfiguredProps): ComponentProp[] {
  const reload = component.configurable_props.find((prop) => prop.reloadProps === true);
  const value = reload === undefined ? undefined : configured[reload.name];
  return typeof value === 'string'
    ? [...component.configurable_props, ...columnProps(value)]
    : component.configurable_props;
}

/**
 * The options of one prop for an end user: an `app` prop's are the user's accounts of that app, a `remoteOptions`
 * prop's the app's resources once its app prop holds one (ten a page, filtered by `query`), static ones as they are.
 */
export function configureProp(
  world: World,
  scope: ComponentScope,
  who: Omit<PropScope, 'externalUserId'>,
  input: ConfigurePropInput,
): Result<PropOptions> {
  const found = bodyComponent(world, who.projectId, scope, input.id, input.version);
  if (!found.ok) return found;
  const component = found.value;
  const configured = input.configured_props ?? {};
  const prop = propsWith(component, configured).find((candidate) => candidate.name === input.prop_name);
  if (prop === undefined) {
    return fail('unprocessable', `${component.key} has no prop ${input.prop_name}`, {
      field: 'prop_name',
      prop_name: input.prop_name,
    });
  }
  const user: PropScope = { ...who, externalUserId: input.external_user_id };
  if (prop.type === 'app') {
    const accounts = [...world.accounts.values()].filter(
      (record) =>
        record.projectId === who.projectId &&
        record.environment === who.environment &&
        record.account.external_id === input.external_user_id &&
        record.account.app.name_slug === prop.app,
    );
    return ok({
      options: accounts.map((record) => ({
        label: record.account.name ?? record.account.id,
        value: record.account.id,
      })),
      errors: [],
    });
  }
  if (prop.remoteOptions === true) {
    const appProp = component.configurable_props.find((candidate) => candidate.type === 'app');
    if (appProp !== undefined) {
      const problem =
        configured[appProp.name] === undefined
          ? `configure the ${appProp.name} prop first`
          : accountProblem(world, appProp, configured[appProp.name], user);
      if (problem !== undefined) return ok({ options: [], errors: [problem] });
    }
    const text = input.query?.toLowerCase();
    const all = resourcesOf(component).filter(
      (option) => text === undefined || option.label.toLowerCase().includes(text),
    );
    const page = input.page ?? 0;
    const options = all.slice(page * OPTIONS_PAGE_SIZE, (page + 1) * OPTIONS_PAGE_SIZE);
    const more = (page + 1) * OPTIONS_PAGE_SIZE < all.length;
    // The log of the component's options() run, as the service answers a remote-options prop's observations.
    const observations = [{ k: 'log', ts: world.ctx.now(), msg: `${prop.name}: ${all.length} options, page ${page}` }];
    return ok(
      more ? { options, observations, context: { page: page + 1 }, errors: [] } : { options, observations, errors: [] },
    );
  }
  if (prop.options !== undefined) {
    const options = prop.options.map((option) =>
      typeof option === 'object' && option !== null ? option : { label: String(option), value: option },
    );
    // Options without labels come as the SDK's `stringOptions` too (the labelled list kept for frontends reading it).
    const strings = prop.options.filter((option): option is string => typeof option === 'string');
    return ok(
      strings.length === options.length ? { options, stringOptions: strings, errors: [] } : { options, errors: [] },
    );
  }
  return ok({ options: [], errors: [`${prop.name} has no options: configure it with any ${prop.type} value`] });
}

/** The resources of the component's app its remote options list (none for an app without them). */
function resourcesOf(component: Component): ReturnType<typeof resourceOptions> {
  const kind = APP_DETAILS.get(appOfComponent(component))?.resource;
  return kind === undefined ? [] : resourceOptions(appOfComponent(component), kind);
}

/** The app a component belongs to: its app prop's, or its key's first part (apps without auth). */
function appOfComponent(component: Component): string {
  return appsOf(component)[0] ?? component.key.slice(0, component.key.indexOf('-'));
}

/** The ID of the dynamic props a reload prop's value brings: the same for the same component and value. */
function dynamicPropsId(key: string, value: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let n = fnv1a32(`${key}\u0000${value}`) * 4096 + (fnv1a32(`${value}\u0000${key}`) % 4096);
  let out = '';
  for (let i = 0; i < 7; i++) {
    out += alphabet[n % 62];
    n = Math.floor(n / 62);
  }
  return `dyp_${out}`;
}

type ReloadPropsInput = Schemas['ReloadPropsRequest'];

interface ReloadedProps {
  dynamicProps?: { id?: string; configurableProps: ComponentProp[] };
  observations?: Observation[];
  errors: string[];
}

/** The props a component has once its reload prop holds one of the app's resources, and their ID. */
export function reloadProps(
  world: World,
  scope: ComponentScope,
  who: Omit<PropScope, 'externalUserId'>,
  input: ReloadPropsInput,
): Result<ReloadedProps> {
  const found = bodyComponent(world, who.projectId, scope, input.id, input.version);
  if (!found.ok) return found;
  const component = found.value;
  const reload = component.configurable_props.find((prop) => prop.reloadProps === true);
  if (reload === undefined)
    return ok({ dynamicProps: { configurableProps: component.configurable_props }, errors: [] });
  const value = input.configured_props?.[reload.name];
  const problem = reloadProblem(component, reload, value);
  if (problem !== undefined) return ok({ errors: [problem] });
  const configurableProps = propsWith(component, { [reload.name]: value as string });
  // The log of the component's additionalProps() run, as the service answers it with the props.
  const added = configurableProps.length - component.configurable_props.length;
  return ok({
    dynamicProps: { id: dynamicPropsId(component.key, value as string), configurableProps },
    observations: [{ k: 'log', ts: world.ctx.now(), msg: `${reload.name}: ${added} props added` }],
    errors: [],
  });
}

function reloadProblem(component: Component, reload: ComponentProp, value: unknown): string | undefined {
  if (value === undefined) return `configure ${reload.name} before reloading the props of ${component.key}`;
  return resourcesOf(component).some((option) => option.value === value)
    ? undefined
    : `${reload.name}: ${JSON.stringify(value)} is not one of the ${reload.label ?? reload.name} options`;
}

type RunActionInput = Schemas['RunActionRequest'];

interface Observation {
  k: string;
  ts: number;
  msg?: string;
  err?: { name: string; message: string };
}

interface ActionRun {
  exports: Record<string, unknown>;
  os: Observation[];
  ret: unknown;
  stash_id?: string;
  error?: { name: string; message: string; attribution: { origin: 'user' }; props: string[] };
}

function propProblem(
  world: World,
  prop: ComponentProp,
  value: unknown,
  who: PropScope,
  component: Component,
): string | undefined {
  if (value === undefined || value === null)
    return prop.optional === true || prop.default !== undefined ? undefined : `${prop.name}: required, not configured`;
  switch (prop.type) {
    case 'app':
      return accountProblem(world, prop, value, who);
    case 'integer':
      if (!Number.isInteger(value)) return `${prop.name}: must be an integer`;
      if (prop.min !== undefined && (value as number) < prop.min) return `${prop.name}: must be at least ${prop.min}`;
      if (prop.max !== undefined && (value as number) > prop.max) return `${prop.name}: must be at most ${prop.max}`;
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${prop.name}: must be a boolean`;
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? undefined
        : `${prop.name}: must be a list of strings`;
    case 'object':
      return typeof value === 'object' && !Array.isArray(value) ? undefined : `${prop.name}: must be an object`;
    default: {
      if (typeof value !== 'string') return `${prop.name}: must be a string`;
      if (
        prop.options !== undefined &&
        !prop.options.some(
          (option) => (typeof option === 'object' && option !== null ? option.value : option) === value,
        )
      ) {
        return `${prop.name}: ${JSON.stringify(value)} is not one of its options`;
      }
      if (prop.remoteOptions === true) {
        const kind = APP_DETAILS.get(appOfComponent(component))?.resource;
        if (
          kind !== undefined &&
          !resourceOptions(appOfComponent(component), kind).some((option) => option.value === value)
        ) {
          return `${prop.name}: ${JSON.stringify(value)} is not one of the options configureProp lists`;
        }
      }
      return undefined;
    }
  }
}

/**
 * Runs an action for an end user: a configured prop that fails the component's props fails the run with an `error`
 * attributed to the user's configuration (the service's docs); else what the action would do, the same per props.
 */
export function runAction(
  world: World,
  who: Omit<PropScope, 'externalUserId'>,
  input: RunActionInput,
): Result<ActionRun> {
  const found = bodyComponent(world, who.projectId, 'action', input.id, input.version);
  if (!found.ok) return found;
  const component = found.value;
  const action = COMPONENTS_BY_KEY.get(component.key)!.action!;
  const configured = input.configured_props ?? {};
  const user: PropScope = { ...who, externalUserId: input.external_user_id };
  const ts = world.ctx.now();
  const problems: Array<[prop: string, message: string]> = [];
  const reload = component.configurable_props.find((prop) => prop.reloadProps === true);
  const reloadValue = reload === undefined ? undefined : configured[reload.name];
  if (
    reload !== undefined &&
    typeof reloadValue === 'string' &&
    input.dynamic_props_id !== dynamicPropsId(component.key, reloadValue)
  ) {
    problems.push([
      reload.name,
      input.dynamic_props_id === undefined
        ? `${reload.name}: its props were not reloaded: call reloadProps and pass its dynamicProps.id as dynamic_props_id`
        : `dynamic_props_id ${input.dynamic_props_id} is not the one of ${reload.name} ${JSON.stringify(reloadValue)}: reload the props`,
    ]);
  }
  for (const prop of propsWith(component, configured)) {
    const problem = propProblem(world, prop, configured[prop.name], user, component);
    if (problem !== undefined) problems.push([prop.name, problem]);
  }
  if (problems.length > 0) {
    const message = problems.map(([, text]) => text).join('; ');
    return ok({
      exports: {},
      os: [{ k: 'error', ts, err: { name: 'ConfigurationError', message } }],
      ret: null,
      error: {
        name: 'ConfigurationError',
        message,
        attribution: { origin: 'user' },
        props: [...new Set(problems.map(([prop]) => prop))],
      },
    });
  }
  const values = Object.fromEntries(
    propsWith(component, configured).map((prop) => [prop.name, configured[prop.name] ?? prop.default]),
  );
  const hash = fnv1a32(
    `${component.key}\u0000${JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1)))}`,
  );
  const outcome = outcomeOf(action, values, hash);
  const run: ActionRun = {
    exports: { $summary: outcome.summary },
    os: [{ k: 'log', ts, msg: `${component.name}: ${outcome.request}` }],
    ret: outcome.ret,
  };
  if (input.stash_id !== undefined && input.stash_id !== false) {
    const stashId =
      typeof input.stash_id === 'string' && input.stash_id !== 'NEW' && input.stash_id !== ''
        ? input.stash_id
        : `stash_${hash.toString(36)}`;
    run.stash_id = stashId;
    // A file the run wrote to /tmp is synced to the stash and named in `$filestash_uploads` (file-stash.ts).
    const written = outcome.file;
    if (component.stash !== undefined && written !== undefined) {
      const upload = stashFile(world, user, stashId, { ...written, hash });
      if (!upload.ok) return upload;
      run.exports.$filestash_uploads = [upload.value];
    }
  }
  return ok(run);
}

interface Outcome {
  /** The file the action wrote to /tmp, if any. */
  file?: { filename: string; size: number };
  summary: string;
  /** The request the action would have sent upstream, for its log line. */
  request: string;
  ret: unknown;
}

function labelOf(action: CatalogueAction, value: unknown): string {
  if (action.resource === undefined) return String(value);
  return resourceOptions(action.app, action.resource).find((option) => option.value === value)?.label ?? String(value);
}

/** What an action of each kind answers: a `$summary`, the upstream request it stands for, and its return value. */
function outcomeOf(action: CatalogueAction, values: Record<string, unknown>, hash: number): Outcome {
  const base = `https://${action.domain || 'example.com'}`;
  const resource = action.resource === undefined ? undefined : values[resourcePropName(action)];
  switch (action.kind) {
    case 'message': {
      const ts = `${1_748_779_200 + (hash % 100_000)}.${String(hash % 1_000_000).padStart(6, '0')}`;
      return {
        summary: `Sent a message to ${labelOf(action, resource)}`,
        request: `POST ${base}/api/chat.postMessage`,
        ret: { ok: true, channel: resource, ts, message: { text: values.text, ts } },
      };
    }
    case 'issue': {
      const number = 1 + (hash % 900);
      return {
        summary: `Created issue #${number} in ${String(resource)}`,
        request: `POST ${base}/repos/${String(resource)}/issues`,
        ret: {
          number,
          title: values.title,
          state: 'open',
          labels: values.labels ?? [],
          priority: values.priority,
          html_url: `https://github.example/${String(resource)}/issues/${number}`,
        },
      };
    }
    case 'row': {
      const row = 2 + (hash % 500);
      const cells = Object.entries(values).filter(([name]) => name.startsWith('col_'));
      return {
        summary: `Added 1 row to ${labelOf(action, resource)}`,
        request: `POST ${base}/v4/spreadsheets/${String(resource)}/values:append`,
        ret: { updatedRange: `Sheet1!A${row}:D${row}`, updatedRows: 1, values: Object.fromEntries(cells) },
      };
    }
    case 'record': {
      const noun = action.component.name.replace(/^(Create|Add|Track) /, '').toLowerCase();
      return {
        summary: `Created ${noun} "${String(values.name)}"`,
        request: `POST ${base}/v1/${noun.replace(/ /g, '_')}s`,
        ret: {
          key: `rec${hash.toString(36)}`,
          name: values.name,
          description: values.description ?? null,
          created: true,
        },
      };
    }
    case 'search': {
      const count = Math.min(Number(values.maxResults ?? 10), 1 + (hash % 3));
      const results = Array.from({ length: count }, (_, i) => ({
        title: `${String(values.query)} (${i + 1})`,
        url: `${base}/r/${(hash + i).toString(36)}`,
      }));
      return {
        summary: `Found ${count} result${count === 1 ? '' : 's'} for "${String(values.query)}"`,
        request: `GET ${base}/search?q=${encodeURIComponent(String(values.query))}`,
        ret: { results },
      };
    }
    case 'email':
      return {
        summary: `Sent to ${String(values.to)}`,
        request: `POST ${base}/v1/messages`,
        ret: { to: values.to, status: 'queued', message_key: `msg${hash.toString(36)}` },
      };
    case 'prompt': {
      const prompt = String(values.prompt);
      const tokens = 12 + (hash % 200);
      return {
        summary: `Generated ${tokens} tokens with ${String(values.model)}`,
        request: `POST ${base}/v1/chat/completions`,
        ret: {
          model: values.model,
          text: `A deterministic answer to: ${prompt.slice(0, 80)}`,
          usage: { input_tokens: Math.ceil(prompt.length / 4), output_tokens: tokens },
        },
      };
    }
    case 'file': {
      const size = 1_024 + (hash % 50_000);
      return {
        file: { filename: String(values.filename), size },
        summary: `Downloaded ${String(values.filename)} (${size} bytes) from ${labelOf(action, resource)}`,
        request: `GET ${base}/files/${encodeURIComponent(String(values.filename))}`,
        ret: { name: values.filename, path: `/tmp/${String(values.filename)}`, size },
      };
    }
    case 'request':
      return {
        summary: `${String(values.method)} ${String(values.url)} answered 200`,
        request: `${String(values.method)} ${String(values.url)}`,
        ret: { status: 200, url: values.url, method: values.method, echo: values.body ?? null },
      };
  }
}

function resourcePropName(action: CatalogueAction): string {
  return action.component.configurable_props.find((prop) => prop.remoteOptions === true)?.name ?? '';
}
