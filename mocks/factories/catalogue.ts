// The catalogue of Connect (docs/worlds.md): fixed apps, each one's `oa_` ID and weight drawn from the server
// seed (once per seed, shared read-only by worlds). common.ts's ten apps come first, so seeded accounts' apps exist.
import type { FactoryContext } from '../ids/random.ts';
import { newId } from '../ids/ids.ts';
import type { AppCategory, ConnectApp } from './types.ts';
import { slugify } from './common.ts';
import { TRIGGER_COMPONENTS } from './deployed-trigger.ts';

/** What a component does when run: decides its props, its exports and its `$summary`. */
export type ActionKind = 'message' | 'issue' | 'row' | 'record' | 'search' | 'email' | 'prompt' | 'file' | 'request';

/** The kind of thing an app's remote options list (a Slack channel, a GitHub repository, ...). */
export type ResourceKind = 'channel' | 'repo' | 'sheet' | 'folder' | 'list' | 'base';

export interface AppSpec {
  name: string;
  slug: string;
  auth: ConnectApp['auth_type'];
  categories: string[];
  domain: string;
  blurb: string;
  resource?: ResourceKind;
  actions: Array<[name: string, kind: ActionKind]>;
  /** Trigger components besides those of deployed-trigger.ts: `New <noun>` on the app's resource. */
  triggers: string[];
}

const CATEGORIES: ReadonlyArray<[name: string, description: string]> = [
  ['Accounting', 'Invoices, ledgers and bookkeeping.'],
  ['Analytics', 'Product and marketing analytics, events and funnels.'],
  ['Artificial Intelligence (AI)', 'Language models, embeddings and AI assistants.'],
  ['Communication', 'Chat, calls and messages between people and teams.'],
  ['CRM', 'Contacts, deals and the customer pipeline.'],
  ['Customer Support', 'Tickets, help centers and live chat.'],
  ['Databases', 'Tables, records and hosted databases.'],
  ['Developer Tools', 'Code hosting, issue tracking, CI and monitoring.'],
  ['E-commerce', 'Stores, orders, products and fulfilment.'],
  ['Email', 'Mailboxes, transactional email and newsletters.'],
  ['File Storage', 'Files and folders in the cloud.'],
  ['Marketing', 'Campaigns, audiences, forms and sites.'],
  ['Payment Processing', 'Payments, customers and subscriptions.'],
  ['Productivity', 'Documents, spreadsheets, calendars and notes.'],
  ['Project Management', 'Boards, tasks, sprints and roadmaps.'],
];

/** The table of apps; components.ts builds the components from it. */
// biome-ignore format: one app per line reads as a table
export const APP_TABLE: readonly AppSpec[] = [
  { name: 'Slack', slug: 'slack', auth: 'oauth', categories: ['Communication'], domain: 'slack.com', blurb: 'Team messaging in channels and direct messages', resource: 'channel', actions: [['Send Message', 'message'], ['Search Messages', 'search']], triggers: ['New Message In Channel'] },
  { name: 'GitHub', slug: 'github', auth: 'oauth', categories: ['Developer Tools'], domain: 'api.github.com', blurb: 'Where the world builds software', resource: 'repo', actions: [['Create Issue', 'issue'], ['Search Issues and Pull Requests', 'search']], triggers: ['New Issue In Repository'] },
  { name: 'Google Sheets', slug: 'google_sheets', auth: 'oauth', categories: ['Productivity'], domain: 'sheets.googleapis.com', blurb: 'Spreadsheets in the browser', resource: 'sheet', actions: [['Add Single Row', 'row']], triggers: ['New Row In Sheet'] },
  { name: 'Stripe', slug: 'stripe', auth: 'keys', categories: ['Payment Processing'], domain: 'api.stripe.com', blurb: 'Online payments for internet businesses', actions: [['Create Customer', 'record'], ['Search Payments', 'search']], triggers: [] },
  { name: 'Shopify', slug: 'shopify', auth: 'oauth', categories: ['E-commerce'], domain: 'myshopify.com', blurb: 'Commerce for online stores', actions: [['Create Product', 'record']], triggers: [] },
  { name: 'Gmail', slug: 'gmail', auth: 'oauth', categories: ['Email'], domain: 'gmail.googleapis.com', blurb: 'Email from Google', resource: 'list', actions: [['Send Email', 'email'], ['Find Email', 'search']], triggers: [] },
  { name: 'Notion', slug: 'notion', auth: 'oauth', categories: ['Productivity'], domain: 'api.notion.com', blurb: 'Notes, docs and wikis in one workspace', resource: 'base', actions: [['Create Page', 'record'], ['Search Pages', 'search']], triggers: [] },
  { name: 'Airtable', slug: 'airtable', auth: 'oauth', categories: ['Databases'], domain: 'api.airtable.com', blurb: 'Spreadsheets with the power of a database', resource: 'sheet', actions: [['Create Record', 'row']], triggers: ['New Record In Table'] },
  { name: 'Discord', slug: 'discord', auth: 'oauth', categories: ['Communication'], domain: 'discord.com', blurb: 'Voice, video and text for communities', resource: 'channel', actions: [['Send Message', 'message']], triggers: [] },
  { name: 'HubSpot', slug: 'hubspot', auth: 'oauth', categories: ['CRM'], domain: 'api.hubapi.com', blurb: 'Marketing, sales and service software', actions: [['Create Contact', 'record'], ['Search CRM', 'search']], triggers: [] },
  { name: 'OpenAI (ChatGPT)', slug: 'openai', auth: 'keys', categories: ['Artificial Intelligence (AI)'], domain: 'api.openai.com', blurb: 'Language models for text and code', actions: [['Chat', 'prompt']], triggers: [] },
  { name: 'Anthropic (Claude)', slug: 'anthropic', auth: 'keys', categories: ['Artificial Intelligence (AI)'], domain: 'api.anthropic.com', blurb: 'Helpful, harmless and honest AI assistants', actions: [['Chat', 'prompt']], triggers: [] },
  { name: 'Google Drive', slug: 'google_drive', auth: 'oauth', categories: ['File Storage'], domain: 'www.googleapis.com', blurb: 'Files in the cloud from Google', resource: 'folder', actions: [['Download File', 'file'], ['Find File', 'search']], triggers: ['New File In Folder'] },
  { name: 'Dropbox', slug: 'dropbox', auth: 'oauth', categories: ['File Storage'], domain: 'api.dropboxapi.com', blurb: 'Files in sync across devices', resource: 'folder', actions: [['Download File', 'file']], triggers: ['New File In Folder'] },
  { name: 'Trello', slug: 'trello', auth: 'oauth', categories: ['Project Management'], domain: 'api.trello.com', blurb: 'Boards, lists and cards', resource: 'list', actions: [['Create Card', 'record']], triggers: ['New Card In List'] },
  { name: 'Asana', slug: 'asana', auth: 'oauth', categories: ['Project Management'], domain: 'app.asana.com', blurb: 'Work management for teams', resource: 'list', actions: [['Create Task', 'record']], triggers: ['New Task In Project'] },
  { name: 'Jira', slug: 'jira', auth: 'oauth', categories: ['Project Management', 'Developer Tools'], domain: 'api.atlassian.com', blurb: 'Issue and project tracking for software teams', resource: 'list', actions: [['Create Issue', 'record'], ['Search Issues', 'search']], triggers: ['New Issue In Project'] },
  { name: 'Linear', slug: 'linear_app', auth: 'oauth', categories: ['Project Management', 'Developer Tools'], domain: 'api.linear.app', blurb: 'Issue tracking built for speed', resource: 'list', actions: [['Create Issue', 'record']], triggers: ['New Issue In Team'] },
  { name: 'GitLab', slug: 'gitlab', auth: 'oauth', categories: ['Developer Tools'], domain: 'gitlab.com', blurb: 'The DevSecOps platform', resource: 'repo', actions: [['Create Issue', 'issue']], triggers: ['New Merge Request In Project'] },
  { name: 'Zendesk', slug: 'zendesk', auth: 'oauth', categories: ['Customer Support'], domain: 'zendesk.com', blurb: 'Customer service software', actions: [['Create Ticket', 'record']], triggers: [] },
  { name: 'Intercom', slug: 'intercom', auth: 'oauth', categories: ['Customer Support', 'Communication'], domain: 'api.intercom.io', blurb: 'Customer messaging and support', actions: [['Send Message', 'email']], triggers: [] },
  { name: 'Mailchimp', slug: 'mailchimp', auth: 'oauth', categories: ['Marketing', 'Email'], domain: 'api.mailchimp.com', blurb: 'Email marketing and audiences', resource: 'list', actions: [['Add Subscriber', 'record']], triggers: ['New Subscriber In Audience'] },
  { name: 'SendGrid', slug: 'sendgrid', auth: 'keys', categories: ['Email', 'Marketing'], domain: 'api.sendgrid.com', blurb: 'Email delivery at scale', actions: [['Send Email', 'email']], triggers: [] },
  { name: 'Twilio', slug: 'twilio', auth: 'keys', categories: ['Communication'], domain: 'api.twilio.com', blurb: 'SMS, voice and messaging APIs', actions: [['Send SMS', 'email']], triggers: [] },
  { name: 'Salesforce', slug: 'salesforce_rest_api', auth: 'oauth', categories: ['CRM'], domain: 'login.salesforce.com', blurb: 'The customer platform', actions: [['Create Record', 'record'], ['Search Records', 'search']], triggers: [] },
  { name: 'Pipedrive', slug: 'pipedrive', auth: 'oauth', categories: ['CRM'], domain: 'api.pipedrive.com', blurb: 'Sales pipeline management', actions: [['Create Deal', 'record']], triggers: [] },
  { name: 'Microsoft Teams', slug: 'microsoft_teams', auth: 'oauth', categories: ['Communication'], domain: 'graph.microsoft.com', blurb: 'Chat and meetings for work', resource: 'channel', actions: [['Send Channel Message', 'message']], triggers: ['New Message In Channel'] },
  { name: 'Zoom', slug: 'zoom', auth: 'oauth', categories: ['Communication'], domain: 'api.zoom.us', blurb: 'Video meetings and webinars', actions: [['Create Meeting', 'record']], triggers: [] },
  { name: 'Google Calendar', slug: 'google_calendar', auth: 'oauth', categories: ['Productivity'], domain: 'www.googleapis.com', blurb: 'Calendars and events from Google', resource: 'list', actions: [['Create Event', 'record']], triggers: ['New Event In Calendar'] },
  { name: 'Calendly', slug: 'calendly_v2', auth: 'oauth', categories: ['Productivity'], domain: 'api.calendly.com', blurb: 'Scheduling without the back and forth', actions: [], triggers: [] },
  { name: 'Typeform', slug: 'typeform', auth: 'oauth', categories: ['Productivity', 'Marketing'], domain: 'api.typeform.com', blurb: 'Forms and surveys people enjoy', resource: 'list', actions: [], triggers: ['New Response To Form'] },
  { name: 'Supabase', slug: 'supabase', auth: 'keys', categories: ['Databases'], domain: 'supabase.co', blurb: 'The open source Postgres development platform', resource: 'sheet', actions: [['Insert Row', 'row']], triggers: [] },
  { name: 'Segment', slug: 'segment', auth: 'keys', categories: ['Analytics'], domain: 'api.segment.io', blurb: 'Customer data platform', actions: [['Track Event', 'record']], triggers: [] },
  { name: 'Mixpanel', slug: 'mixpanel', auth: 'keys', categories: ['Analytics'], domain: 'mixpanel.com', blurb: 'Product analytics', actions: [], triggers: [] },
  { name: 'QuickBooks', slug: 'quickbooks', auth: 'oauth', categories: ['Accounting'], domain: 'quickbooks.api.intuit.com', blurb: 'Accounting for small businesses', actions: [['Create Invoice', 'record']], triggers: [] },
  { name: 'Xero Accounting', slug: 'xero_accounting_api', auth: 'oauth', categories: ['Accounting'], domain: 'api.xero.com', blurb: 'Online accounting software', actions: [], triggers: [] },
  { name: 'HTTP / Webhook', slug: 'http', auth: 'none', categories: ['Developer Tools'], domain: '', blurb: 'Requests to any HTTP endpoint', actions: [['Send HTTP Request', 'request']], triggers: [] },
  { name: 'RSS', slug: 'rss', auth: 'none', categories: ['Productivity'], domain: '', blurb: 'Feeds from any site', resource: 'list', actions: [], triggers: ['New Item In Feed'] },
];

export type Catalogue = ReturnType<typeof makeCatalogue>;

function scopeProfiles(spec: AppSpec): ConnectApp['scope_profiles'] {
  if (spec.auth !== 'oauth') return [];
  const read = [`${spec.slug}:read`, 'profile'];
  return [
    { name: 'read_only', scopes: read },
    { name: 'read_write', scopes: [...read, `${spec.slug}:write`] },
  ];
}

/**
 * The catalogue of one server seed: each app's `oa_` ID and featured weight are drawn from `ctx`
 * (a generator of the seed's own), everything else is the table above.
 *
 * @example
 * const catalogue = makeCatalogue(createContext(seedFrom(0, 'catalogue')));
 * catalogue.apps.find((app) => app.name_slug === 'github')?.id; // 'oa_...', the same for seed 0 every time
 */
export function makeCatalogue(ctx: FactoryContext) {
  const apps = APP_TABLE.map(
    (spec): ConnectApp => ({
      id: newId('app', ctx),
      name_slug: spec.slug,
      name: spec.name,
      auth_type: spec.auth,
      description: `${spec.blurb}.`,
      img_src: `https://assets.example.com/apps/${spec.slug}.svg`,
      custom_fields_json:
        spec.auth === 'keys'
          ? JSON.stringify([{ name: 'api_key', label: 'API Key', type: 'string', secret: true }])
          : '[]',
      categories: [...spec.categories],
      featured_weight: ctx.faker.number.int({ min: 0, max: 10_000 }),
      scope_profiles: scopeProfiles(spec),
    }),
  );
  const categories = CATEGORIES.map(([name, description]) => ({
    id: slugify(name.replace(/\(AI\)/, '')),
    name,
    description,
  }));
  // Apps in table order (the list sorts per request), categories by name.
  return { apps: apps as readonly ConnectApp[], categories: categories as readonly AppCategory[] };
}

/** The apps with actions, and those with triggers (the list's `has_actions`, `has_triggers`). */
export const APPS_WITH_ACTIONS: ReadonlySet<string> = new Set(
  APP_TABLE.filter((spec) => spec.actions.length > 0).map((spec) => spec.slug),
);
export const APPS_WITH_TRIGGERS: ReadonlySet<string> = new Set([
  ...TRIGGER_COMPONENTS.flatMap((component) =>
    component.configurable_props.flatMap((prop) => (prop.app === undefined ? [] : [prop.app])),
  ),
  ...APP_TABLE.filter((spec) => spec.triggers.length > 0).map((spec) => spec.slug),
]);
