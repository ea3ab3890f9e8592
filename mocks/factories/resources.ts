// One factory per resource of the core API (users, workspaces, sources, projects, webhooks, subscriptions,
// templates, workflows): each takes the world's FactoryContext and optional field overrides.
import type { FactoryContext } from '../ids/random.ts';
import type {
  EventSource,
  Project,
  StepDefinition,
  Subscription,
  Template,
  TriggerDefinition,
  TriggerKind,
  User,
  Webhook,
  Workflow,
  Workspace,
} from './types.ts';
import { newId } from '../ids/ids.ts';
import { overrideWith, pickApp, slugify, timestamps, token } from './common.ts';
import { makeStep } from './step.ts';
import { makeTrigger } from './trigger.ts';

export function makeUser(ctx: FactoryContext, overrides?: Partial<User>): User {
  const { faker } = ctx;
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  // Compute time in ms per day (the document's DailyComputeTimeMilliseconds; its user example is 95,400,000).
  const computeQuota = faker.helpers.arrayElement([1_800_000, 3_600_000, 95_400_000]);
  const invocationsQuota = faker.helpers.arrayElement([10_000, 100_000]);
  const user: User = {
    id: overrides?.id ?? newId('user', ctx),
    username: faker.internet
      .username({ firstName, lastName })
      .toLowerCase()
      .replace(/[^a-z0-9_.-]/g, ''),
    email: faker.internet.email({ firstName, lastName }).toLowerCase(),
    daily_compute_time_quota: computeQuota,
    daily_compute_time_used: faker.number.int({ min: 0, max: computeQuota }),
    daily_invocations_quota: invocationsQuota,
    daily_invocations_used: faker.number.int({ min: 0, max: invocationsQuota / 10 }),
    // Only built when not overridden: the store passes its own workspaces.
    orgs: overrides?.orgs ?? [
      makeWorkspace(ctx, undefined, { usageFields: true }),
      makeWorkspace(ctx, undefined, { usageFields: false }),
    ],
  };
  return overrideWith(user, overrides);
}

export interface WorkspaceOptions {
  /** Include the compute-time/invocation fields ("present for some workspaces only"); random when omitted. */
  usageFields?: boolean;
}

export function makeWorkspace(
  ctx: FactoryContext,
  overrides?: Partial<Workspace>,
  options: WorkspaceOptions = {},
): Workspace {
  const { faker } = ctx;
  const name = faker.company.name();
  // Cut to 40 and slugified again: a cut at a hyphen would end the email's domain label with one, which no email format accepts.
  const orgname = slugify(slugify(name).slice(0, 40)) || 'workspace';
  const creditsQuota = faker.helpers.arrayElement([1_000, 10_000, 25_000, 100_000]);
  const workspace: Workspace = {
    id: overrides?.id ?? newId('workspace', ctx),
    name,
    orgname,
    email: `${faker.helpers.arrayElement(['admin', 'ops', 'team', 'billing'])}@${orgname}.example.com`,
    daily_credits_quota: creditsQuota,
    daily_credits_used: faker.number.int({ min: 0, max: creditsQuota }),
  };
  if (options.usageFields ?? faker.datatype.boolean()) {
    // Compute time in ms per day (DailyComputeTimeMilliseconds; its workspace example is 1,800,000).
    const computeQuota = faker.helpers.arrayElement([1_800_000, 3_600_000, 7_200_000, 86_400_000]);
    const invocationsQuota = faker.helpers.arrayElement([10_000, 100_000, 1_000_000]);
    workspace.daily_compute_time_quota = computeQuota;
    workspace.daily_compute_time_used = faker.number.int({ min: 0, max: computeQuota });
    workspace.daily_invocations_quota = invocationsQuota;
    workspace.daily_invocations_used = faker.number.int({ min: 0, max: invocationsQuota });
  }
  return overrideWith(workspace, overrides);
}

/** An event source as listed by GET /orgs/{org_id}/sources (no owner_id: that appears on triggers only). */
export function makeEventSource(ctx: FactoryContext, overrides?: Partial<EventSource>): EventSource {
  const { faker } = ctx;
  const app = pickApp(ctx);
  const name = `${faker.helpers.arrayElement(app.events)} (${app.name})`;
  const source: EventSource = {
    id: overrides?.id ?? newId('source', ctx),
    component_id: overrides?.component_id ?? newId('savedComponent', ctx),
    configured_props: { http: { endpoint_url: `https://${token(ctx, 14)}.m.example.net` } },
    active: faker.datatype.boolean({ probability: 0.8 }),
    ...timestamps(ctx),
    name,
    name_slug: slugify(name),
  };
  return overrideWith(source, overrides);
}

export function makeProject(ctx: FactoryContext, overrides?: Partial<Project>): Project {
  const { faker } = ctx;
  const project: Project = {
    id: overrides?.id ?? newId('project', ctx),
    name: `${faker.commerce.productAdjective()} ${faker.commerce.product()} integration`,
    org_id: overrides?.org_id ?? newId('workspace', ctx),
    ...timestamps(ctx),
  };
  return overrideWith(project, overrides);
}

export function makeWebhook(ctx: FactoryContext, overrides?: Partial<Webhook>): Webhook {
  const { faker } = ctx;
  const webhook: Webhook = {
    id: overrides?.id ?? newId('webhook', ctx),
    user_id: overrides?.user_id ?? newId('user', ctx),
    name: `${faker.word.adjective()} ${faker.word.noun()} hook`,
    description: faker.datatype.boolean({ probability: 0.8 }) ? faker.lorem.sentence() : null,
    // Always under example.com (RFC 2606): a seeded webhook must never reach a real host.
    url: `https://hooks.${faker.internet.domainWord()}.example.com${faker.helpers.arrayElement(['/hooks/events', '/webhook', '/api/incoming', ':8443/events'])}`,
    active: true,
    ...timestamps(ctx),
  };
  return overrideWith(webhook, overrides);
}

export function makeSubscription(ctx: FactoryContext, overrides?: Partial<Subscription>): Subscription {
  const { faker } = ctx;
  const subscription: Subscription = {
    id: overrides?.id ?? newId('subscription', ctx),
    emitter_id:
      overrides?.emitter_id ??
      (faker.datatype.boolean({ probability: 0.2 })
        ? faker.helpers.arrayElement(['p_*', 'dc_*'])
        : newId('workflow', ctx)),
    listener_id:
      overrides?.listener_id ?? newId(faker.helpers.arrayElement(['workflow', 'source', 'webhook'] as const), ctx),
    event_name: faker.helpers.arrayElement(['$errors', '$logs', '', 'order.created']),
  };
  return overrideWith(subscription, overrides);
}

/** A shared workflow template: step and trigger definitions in the POST /workflows body form. */
export function makeTemplate(ctx: FactoryContext, overrides?: Partial<Template>): Template {
  const { faker } = ctx;
  const app = pickApp(ctx);
  const trigger: TriggerDefinition = faker.helpers.arrayElement<TriggerDefinition>([
    { props: {} },
    { props: { cron: '0 9 * * 1-5', timezone: 'UTC' } },
    { props: { interval_seconds: 900 } },
    { props: { email: true } },
  ]);
  const steps: StepDefinition[] = [
    { namespace: 'transform', props: { expression: 'steps.trigger.event.body' } },
    {
      namespace: `send_to_${app.slug}`,
      props: { [app.slug]: { authProvisionId: newId('account', ctx) }, text: faker.lorem.sentence() },
    },
  ];
  const template: Template = {
    id: overrides?.id ?? newId('template', ctx),
    name: `Send ${faker.hacker.noun()} events to ${app.name}`,
    description: faker.lorem.sentence(),
    steps,
    triggers: [trigger],
  };
  return overrideWith(template, overrides);
}

export interface WorkflowOptions {
  /** Kind of the single trigger; random when omitted. */
  triggerKind?: TriggerKind;
  /** Workspace owning an event-source trigger. */
  ownerId?: string;
  stepCount?: number;
}

export function makeWorkflow(
  ctx: FactoryContext,
  overrides?: Partial<Workflow>,
  options: WorkflowOptions = {},
): Workflow {
  const { faker } = ctx;
  const kind = options.triggerKind ?? faker.helpers.arrayElement<TriggerKind>(['http', 'source', 'timer', 'email']);
  const stepCount = options.stepCount ?? faker.number.int({ min: 1, max: 3 });
  const workflow: Workflow = {
    id: overrides?.id ?? newId('workflow', ctx),
    name: `${faker.hacker.verb()} ${faker.hacker.noun()}`.replace(/^./, (c) => c.toUpperCase()),
    active: faker.datatype.boolean(),
    steps: overrides?.steps ?? Array.from({ length: stepCount }, () => makeStep(ctx)),
    triggers: overrides?.triggers ?? [makeTrigger(ctx, kind, options.ownerId)],
  };
  return overrideWith(workflow, overrides);
}
