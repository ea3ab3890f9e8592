// Factories and the OpenAPI document can never drift apart: 500+ values of every factory are
// validated against their components.schemas entry with the document's own validator (Ajv).
import { describe, expect, it } from 'vitest';
import { validator } from '../../openapi/validator.ts';
import { createContext } from '../ids/random.ts';
import type { FactoryContext } from '../ids/random.ts';
import { kindOf } from '../ids/ids.ts';
import { makeApp, makeConnectToken, makeConnectedAccount } from './connect.ts';
import { makeDeployedTrigger, TRIGGER_COMPONENTS } from './deployed-trigger.ts';
import {
  makeEmailTrigger,
  makeEventSourceTrigger,
  makeHttpTrigger,
  makeTimerTrigger,
  makeTriggerFromDefinition,
} from './trigger.ts';
import { makeErrorEventSummary } from './error-event.ts';
import {
  makeEventSource,
  makeProject,
  makeSubscription,
  makeTemplate,
  makeUser,
  makeWebhook,
  makeWorkflow,
  makeWorkspace,
} from './resources.ts';
import { makeSavedComponent, makeStep, makeStepFromDefinition } from './step.ts';
import { truncateEvent } from '../store/api/error-events.ts';

const COUNT = 500;

function expectValid(schema: string, make: (ctx: FactoryContext, i: number) => unknown, count = COUNT): void {
  const ctx = createContext(`factories-${schema}`);
  for (let i = 0; i < count; i++) {
    const value = make(ctx, i);
    const issues = validator.validateSchema(schema, value);
    if (issues.length > 0)
      expect.fail(`${schema} #${i} is invalid: ${JSON.stringify(issues)}\n${JSON.stringify(value, null, 2)}`);
  }
}

describe('every factory value validates against its components.schemas entry', () => {
  // Compute time is in milliseconds (DailyComputeTimeMilliseconds): a quota of at least 30 minutes
  // a day, as the service's examples (1,800,000 and 95,400,000), never the seconds it once was.
  const MS_30_MIN = 1_800_000;
  it('User (with its workspaces)', () =>
    expectValid('User', (ctx) => {
      const user = makeUser(ctx);
      expect(user.daily_compute_time_quota).toBeGreaterThanOrEqual(MS_30_MIN);
      expect(user.daily_compute_time_used).toBeLessThanOrEqual(user.daily_compute_time_quota!);
      return user;
    }));
  it('Workspace with the optional compute/invocation fields', () =>
    expectValid('Workspace', (ctx) => {
      const workspace = makeWorkspace(ctx, undefined, { usageFields: true });
      expect(workspace.daily_invocations_quota).toEqual(expect.any(Number));
      expect(workspace.daily_compute_time_quota).toBeGreaterThanOrEqual(MS_30_MIN);
      return workspace;
    }));
  it('Workspace whose long name is cut at a hyphen: its orgname and email domain end in a letter or digit', () => {
    const ctx = createContext('long-name');
    // 40 characters of slug end with a hyphen (before "partners") (the cut the clean-clone CI met through Prism's email format).
    ctx.faker.company.name = () => 'Bednar, Wintheiser and Schowalter-Kuhlma Partners';
    const workspace = makeWorkspace(ctx);
    expect(workspace.orgname).toBe('bednar-wintheiser-and-schowalter-kuhlma');
    expect(workspace.email).toMatch(/^[a-z]+@bednar-wintheiser-and-schowalter-kuhlma\.example\.com$/);
    expect(validator.validateSchema('Workspace', workspace)).toEqual([]);
  });
  it('Workspace without them', () =>
    expectValid('Workspace', (ctx) => {
      const workspace = makeWorkspace(ctx, undefined, { usageFields: false });
      expect(workspace).not.toHaveProperty('daily_compute_time_quota');
      return workspace;
    }));
  it('EventSource', () => expectValid('EventSource', (ctx) => makeEventSource(ctx)));
  it('Workflow with each trigger kind', () =>
    expectValid('Workflow', (ctx, i) =>
      makeWorkflow(ctx, undefined, {
        triggerKind: (['http', 'source', 'timer', 'email'] as const)[i % 4]!,
        ownerId: i % 2 ? 'o_Abc1234' : undefined,
      }),
    ));
  it('Step and SavedComponent', () => {
    expectValid('Step', (ctx) => makeStep(ctx));
    expectValid('SavedComponent', (ctx) => makeSavedComponent(ctx));
  });
  it('the four trigger shapes, each only as its own variant', () => {
    expectValid('HttpTrigger', (ctx) => makeHttpTrigger(ctx));
    expectValid('TimerTrigger', (ctx) => makeTimerTrigger(ctx));
    expectValid('EmailTrigger', (ctx) => makeEmailTrigger(ctx));
    expectValid('EventSourceTrigger', (ctx) => makeEventSourceTrigger(ctx));
    expectValid('Trigger', (ctx, i) =>
      [makeHttpTrigger, makeTimerTrigger, makeEmailTrigger, makeEventSourceTrigger][i % 4]!(ctx),
    );
    const ctx = createContext(1);
    expect(validator.validateSchema('TimerTrigger', makeHttpTrigger(ctx))).not.toEqual([]);
  });
  it('Webhook', () => expectValid('Webhook', (ctx) => makeWebhook(ctx)));
  it('Subscription (concrete and glob emitters)', () => expectValid('Subscription', (ctx) => makeSubscription(ctx)));
  it('WorkflowErrorEventSummary, full and truncated', () => {
    expectValid('WorkflowErrorEventSummary', (ctx, i) => makeErrorEventSummary(ctx, { largeEvent: i % 5 === 0 }));
    expectValid('WorkflowErrorEventSummary', (ctx) => {
      const summary = makeErrorEventSummary(ctx, { largeEvent: true });
      summary.event.original_event = truncateEvent(summary.event.original_event);
      expect(summary.event.original_event).toMatchObject({ truncated: true });
      return summary;
    });
  });
  it('ConnectedAccount, App and ConnectToken', () => {
    // The factory makes the account as the store keeps it and the connection webhook shows it (app with `connect`).
    expectValid('ConnectionAccount', (ctx) => makeConnectedAccount(ctx));
    expectValid('App', (ctx) => makeApp(ctx));
    expectValid('ConnectToken', (ctx) => makeConnectToken(ctx));
  });
  it('deployed triggers (dc_) have the event-source trigger shape and the SDK DeployedComponent fields', () => {
    expectValid('EventSourceTrigger', (ctx) => makeDeployedTrigger(ctx));
    expectValid('DeployedComponent', (ctx) => makeDeployedTrigger(ctx));
  });
  it('the trigger catalogue: one valid component per app event, unique keys, and a deployed trigger names its own', () => {
    for (const component of TRIGGER_COMPONENTS)
      expect(validator.validateSchema('TriggerComponent', component), component.key).toEqual([]);
    expect(new Set(TRIGGER_COMPONENTS.map((c) => c.key)).size).toBe(TRIGGER_COMPONENTS.length);
    const ctx = createContext('catalogue');
    for (let i = 0; i < 20; i++) {
      const trigger = makeDeployedTrigger(ctx);
      expect(TRIGGER_COMPONENTS.find((c) => c.key === trigger.component_key)?.name).toBe(trigger.name);
    }
  });
  it('steps and triggers built from POST /workflows definitions', () => {
    const definitions = [
      { cron: '0 * * * *' },
      { interval_seconds: 60 },
      { email: true },
      { component_id: 'sc_Abc1234' },
      { app: { authProvisionId: 'apn_Abc1234' } },
      {},
    ];
    expectValid('Trigger', (ctx, i) =>
      makeTriggerFromDefinition(ctx, { props: definitions[i % definitions.length]! }, 'o_Abc1234'),
    );
    expectValid('Step', (ctx, i) =>
      makeStepFromDefinition(ctx, {
        namespace: `step_${i}`,
        props: { a: i, b: 'x', slack: { authProvisionId: 'apn_Abc1234' } },
      }),
    );
  });
  it('templates hold a valid POST /workflows body; projects carry proj_ and o_ IDs', () => {
    expectValid('CreateWorkflowRequest', (ctx) => {
      const template = makeTemplate(ctx);
      expect(kindOf(template.id)).toBe('template');
      return {
        project_id: 'proj_Abc1234',
        org_id: 'o_Abc1234',
        template_id: template.id,
        steps: template.steps,
        triggers: template.triggers,
      };
    });
    const ctx = createContext(2);
    for (let i = 0; i < COUNT; i++) {
      const project = makeProject(ctx);
      expect([kindOf(project.id), kindOf(project.org_id)]).toEqual(['project', 'workspace']);
    }
  });
});

describe('factories', () => {
  it('take field-by-field overrides', () => {
    const ctx = createContext(3);
    expect(makeWorkflow(ctx, { active: false }).active).toBe(false);
    expect(makeWorkflow(ctx, { active: true, name: 'Mine' })).toMatchObject({ active: true, name: 'Mine' });
    expect(makeWebhook(ctx, { url: 'http://localhost:1/x' }).url).toBe('http://localhost:1/x');
    expect(makeWorkspace(ctx, { id: 'o_Fixed12' }).id).toBe('o_Fixed12');
  });

  it('are deterministic under a seed', () => {
    const draw = (seed: number) => {
      const ctx = createContext(seed, () => Date.UTC(2025, 0, 1));
      return JSON.stringify([makeUser(ctx), makeWorkflow(ctx), makeConnectedAccount(ctx), makeErrorEventSummary(ctx)]);
    };
    expect(draw(5)).toBe(draw(5));
    expect(draw(5)).not.toBe(draw(6));
  });

  it('draw timestamps from the context clock (UNIX seconds; ISO 8601 for accounts)', () => {
    const now = Date.UTC(2025, 0, 1);
    const ctx = createContext(4, () => now);
    for (let i = 0; i < 50; i++) {
      const webhook = makeWebhook(ctx);
      expect(webhook.created_at).toBeLessThanOrEqual(now / 1000);
      expect(webhook.updated_at).toBeGreaterThanOrEqual(webhook.created_at);
      expect(Number.isInteger(webhook.created_at)).toBe(true);
      const account = makeConnectedAccount(ctx);
      expect(Date.parse(account.created_at)).toBeLessThanOrEqual(now);
      expect(new Date(Date.parse(account.created_at)).toISOString()).toBe(account.created_at);
    }
  });
});
