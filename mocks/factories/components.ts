// The action and trigger components of the catalogue, built once from catalogue.ts's table (the same for every
// seed and world); props have the SDK's `ConfigurableProp` shapes. The seeded worlds' triggers come first.
import { fnv1a32 } from '../ids/random.ts';
import type { ConnectApp, Component, ComponentProp } from './types.ts';
import { type ActionKind, APP_TABLE, type AppSpec, type ResourceKind } from './catalogue.ts';
import { slugify } from './common.ts';
import { TRIGGER_COMPONENTS } from './deployed-trigger.ts';

/** The labels of each resource kind's remote options, in the order configureProp pages them. */
// biome-ignore format: one kind per line reads as a table
const RESOURCE_WORDS: Record<ResourceKind, { prop: string; label: string; labels: readonly string[] }> = {
  channel: { prop: 'channel', label: 'Channel', labels: ['#general', '#random', '#engineering', '#sales', '#support', '#marketing', '#design', '#ops', '#finance', '#product', '#research', '#announcements'] },
  repo: { prop: 'repo', label: 'Repository', labels: ['acme/api', 'acme/web', 'acme/mobile', 'acme/infra', 'acme/docs', 'acme/design-system', 'acme/data', 'acme/cli', 'acme/sdk', 'acme/website', 'acme/billing', 'acme/search'] },
  sheet: { prop: 'sheetId', label: 'Sheet', labels: ['Q3 Pipeline', 'Customers', 'Inventory', 'Budget 2025', 'Hiring Plan', 'Leads', 'Orders', 'Expenses', 'Roadmap', 'Support Queue', 'Partners', 'Events'] },
  folder: { prop: 'folder', label: 'Folder', labels: ['/Reports', '/Invoices', '/Contracts', '/Design', '/Exports', '/Marketing', '/Legal', '/Archive', '/Photos', '/Shared', '/Templates', '/Receipts'] },
  list: { prop: 'list', label: 'List', labels: ['Roadmap', 'Bugs', 'Sprint 42', 'Backlog', 'Launch', 'Onboarding', 'Newsletter', 'Customers', 'Team', 'Ideas', 'Releases', 'Ops'] },
  base: { prop: 'parent', label: 'Parent page', labels: ['Engineering Wiki', 'Meeting Notes', 'Product Specs', 'Team Home', 'Onboarding', 'Roadmap', 'Handbook', 'Research', 'Retros', 'Design Docs', 'Marketing', 'Sales Playbook'] },
};

/** The columns a sheet-like resource may hold; reloadProps shows four of them, chosen by the resource. */
const COLUMNS = ['Name', 'Email', 'Company', 'Status', 'Amount', 'Due Date', 'Owner', 'Notes'] as const;

/** One remote option: its label and the value the prop takes. */
export interface ResourceOption {
  label: string;
  value: string;
}

/** The remote options of an app's resource, the same for every account of the app. */
export function resourceOptions(app: string, kind: ResourceKind): ResourceOption[] {
  return RESOURCE_WORDS[kind].labels.map((label) => ({
    label,
    // A repository's value is its full name, as GitHub's and GitLab's APIs take it; others an opaque ID.
    value:
      kind === 'repo'
        ? label
        : `${kind.slice(0, 1).toUpperCase()}${fnv1a32(`${app}:${label}`).toString(36).toUpperCase().padStart(7, '0')}`,
  }));
}

/** The dynamic props a sheet-like resource value adds: four of its columns, each an optional string. */
export function columnProps(value: string): ComponentProp[] {
  const start = fnv1a32(value) % COLUMNS.length;
  return [0, 1, 2, 3].map((i) => {
    const column = COLUMNS[(start + i * 3) % COLUMNS.length]!;
    return { name: `col_${slugify(column).replace(/-/g, '_')}`, type: 'string', label: column, optional: true };
  });
}

function appProp(spec: AppSpec): ComponentProp {
  return { name: spec.slug, type: 'app', app: spec.slug };
}

function resourceProp(spec: AppSpec, reload: boolean): ComponentProp {
  const words = RESOURCE_WORDS[spec.resource!];
  const prop: ComponentProp = {
    name: words.prop,
    type: 'string',
    label: words.label,
    description: `The ${words.label.toLowerCase()} in ${spec.name}.`,
    remoteOptions: true,
    useQuery: true,
  };
  return reload ? { ...prop, reloadProps: true } : prop;
}

function actionProps(spec: AppSpec, kind: ActionKind): ComponentProp[] {
  const app = spec.auth === 'none' ? [] : [appProp(spec)];
  const resource = spec.resource === undefined ? [] : [resourceProp(spec, spec.resource === 'sheet')];
  switch (kind) {
    case 'message':
      return [
        ...app,
        ...resource,
        { name: 'text', type: 'string', label: 'Text', description: 'The message to send.' },
      ];
    case 'issue':
      return [
        ...app,
        ...resource,
        { name: 'title', type: 'string', label: 'Title' },
        { name: 'body', type: 'string', label: 'Body', optional: true },
        { name: 'labels', type: 'string[]', label: 'Labels', optional: true },
        {
          name: 'priority',
          type: 'string',
          label: 'Priority',
          optional: true,
          options: ['low', 'medium', 'high'],
          default: 'medium',
        },
      ];
    case 'row':
      return [...app, ...resource];
    case 'record':
      return [
        ...app,
        ...resource,
        { name: 'name', type: 'string', label: 'Name' },
        { name: 'description', type: 'string', label: 'Description', optional: true },
      ];
    case 'search':
      return [
        ...app,
        { name: 'query', type: 'string', label: 'Search query' },
        { name: 'maxResults', type: 'integer', label: 'Max results', optional: true, min: 1, max: 100, default: 10 },
      ];
    case 'email':
      return [
        ...app,
        { name: 'to', type: 'string', label: 'To' },
        // The UI flags of the SDK's ConfigurableProp, where a prop needs them (both shapes in one catalogue).
        {
          name: 'from',
          type: 'string',
          label: 'From',
          description: "The connected account's address.",
          optional: true,
          disabled: true,
          readOnly: true,
        },
        { name: 'subject', type: 'string', label: 'Subject', optional: true },
        { name: 'body', type: 'string', label: 'Body' },
      ];
    case 'prompt':
      return [
        ...app,
        {
          name: 'model',
          type: 'string',
          label: 'Model',
          options: spec.slug === 'openai' ? ['gpt-4o', 'gpt-4o-mini'] : ['claude-sonnet-4', 'claude-haiku-4'],
        },
        { name: 'prompt', type: 'string', label: 'Prompt' },
        { name: 'user', type: 'string', label: 'End-user ID', optional: true, hidden: true },
        { name: 'maxTokens', type: 'integer', label: 'Max tokens', optional: true, min: 1, max: 4096, default: 1024 },
      ];
    case 'file':
      return [...app, ...resource, { name: 'filename', type: 'string', label: 'File name' }];
    case 'request':
      return [
        { name: 'url', type: 'string', label: 'URL' },
        { name: 'token', type: 'string', label: 'Bearer token', optional: true, secret: true },
        {
          name: 'method',
          type: 'string',
          label: 'Method',
          options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
          default: 'GET',
          optional: true,
        },
        { name: 'body', type: 'object', label: 'Body', optional: true },
      ];
  }
}

/** An action of the catalogue with what its run does. */
export interface CatalogueAction {
  component: Component;
  kind: ActionKind;
  app: string;
  domain: string;
  resource?: ResourceKind;
}

function action(spec: AppSpec, name: string, kind: ActionKind): CatalogueAction {
  const component: Component = {
    key: `${spec.slug}-${slugify(name)}`,
    name,
    version: '0.1.0',
    description: `${name} in ${spec.name}.`,
    component_type: 'action',
    configurable_props: actionProps(spec, kind),
    annotations: { readOnlyHint: kind === 'search', destructiveHint: false, openWorldHint: true, title: name },
  };
  // A search is known idempotent; the other actions leave the hint out (unknown), as the SDK's ToolAnnotations allow.
  if (kind === 'search') component.annotations = { ...component.annotations, idempotentHint: true };
  if (kind === 'file') component.stash = 'optional';
  const found: CatalogueAction = { component, kind, app: spec.slug, domain: spec.domain };
  if (spec.resource !== undefined) found.resource = spec.resource;
  return found;
}

function trigger(spec: AppSpec, name: string): Component {
  const props = spec.auth === 'none' ? [] : [appProp(spec)];
  const resource = spec.resource === undefined ? [] : [resourceProp(spec, spec.resource === 'sheet')];
  const noun = name
    .replace(/^New /, '')
    .replace(/ In .*$/, '')
    .toLowerCase();
  return {
    key: `${spec.slug}-${slugify(name)}`,
    name: `${name} (Instant)`,
    version: '0.1.0',
    description: `Emit an event for each new ${noun} in ${spec.name}.`,
    component_type: 'trigger',
    configurable_props: [...props, ...resource],
  };
}

/** Every action, app by app. */
export const CATALOGUE_ACTIONS: readonly CatalogueAction[] = APP_TABLE.flatMap((spec) =>
  spec.actions.map(([name, kind]) => action(spec, name, kind)),
);

/**
 * Every trigger component: those deployed-trigger.ts always had (as they were, with `component_type`
 * and `configurable_props` only), then one per resource trigger of the apps above.
 */
export const CATALOGUE_TRIGGERS: readonly Component[] = [
  ...TRIGGER_COMPONENTS.map((component) => ({ ...component, component_type: 'trigger' as const })),
  ...APP_TABLE.flatMap((spec) => spec.triggers.map((name) => trigger(spec, name))),
];

/** Each component by key, with the action it runs as (triggers have none). */
export const COMPONENTS_BY_KEY: ReadonlyMap<string, { component: Component; action?: CatalogueAction }> = new Map([
  ...CATALOGUE_ACTIONS.map((found) => [found.component.key, { component: found.component, action: found }] as const),
  ...CATALOGUE_TRIGGERS.map((component) => [component.key, { component }] as const),
]);

/** The app behind a slug: its domain (for the proxy) and its resource kind. */
export const APP_DETAILS: ReadonlyMap<
  string,
  { domain: string; auth: ConnectApp['auth_type']; resource?: ResourceKind }
> = new Map(
  APP_TABLE.map((spec) => [
    spec.slug,
    spec.resource === undefined
      ? { domain: spec.domain, auth: spec.auth }
      : { domain: spec.domain, auth: spec.auth, resource: spec.resource },
  ]),
);
