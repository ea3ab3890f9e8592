// The scenarios every mock holds (docs/scenarios.md, "Built-in scenarios"): the worlds a frontend
// test most often needs and cannot get from a seeded world without glue.
import { defineScenario } from './define.ts';

const emptyAccount = defineScenario({
  name: 'empty-account',
  description:
    'A new user with one workspace and nothing in it: no workflows, sources, webhooks, subscriptions or Connect projects; no usage yet',
  user: { daily_invocations_used: 0, daily_compute_time_used: 0 },
  workspaces: [{ daily_credits_used: 0, daily_invocations_used: 0, daily_compute_time_used: 0 }],
});

const busyWorkspace = defineScenario({
  name: 'busy-workspace',
  description:
    'One workspace with 300 workflows and 450 event sources (five pages of 100), 12 webhooks and a subscription of every workflow error to the first webhook',
  workspaces: [{ name: 'Busy Workspace', workflows: 300, sources: 450 }],
  webhooks: [{ id: 'wh_Busy001', name: 'errors of every workflow' }, ...Array.from({ length: 11 }, () => ({}))],
  subscriptions: [{ emitter_id: 'p_*', listener_id: 'wh_Busy001', event_name: '$errors' }],
});

const quotasExhausted = defineScenario({
  name: 'quotas-exhausted',
  description:
    "The user's daily invocations and the workspace's daily credits and invocations all used up; an active HTTP-triggered workflow and an event source to run",
  user: { daily_invocations_quota: 10_000, daily_invocations_used: 10_000 },
  workspaces: [
    {
      daily_credits_quota: 1_000,
      daily_credits_used: 1_000,
      daily_invocations_quota: 10_000,
      daily_invocations_used: 10_000,
      workflows: [{ name: 'Order intake', active: true, trigger: 'http' }],
      sources: 1,
    },
  ],
});

const connectBrokenAccounts = defineScenario({
  name: 'connect-broken-accounts',
  description:
    'A Connect project with three accounts in production: one healthy, one failing (healthy: false) and one dead (dead: true)',
  workspaces: [{}],
  projects: [
    { name: 'Customer integrations', accounts: [{ state: 'healthy' }, { state: 'failing' }, { state: 'dead' }] },
  ],
});

const workflowErrors = defineScenario({
  name: 'workflow-errors',
  description:
    'An active HTTP-triggered workflow with a full page of recorded $errors events (100, the most a workflow keeps), subscribed to a webhook',
  workspaces: [
    { workflows: [{ id: 'p_Err0r5x', name: 'Failing checkout', active: true, trigger: 'http', errors: 100 }] },
  ],
  webhooks: [{ id: 'wh_Err0r5x', name: 'error alerts' }],
  subscriptions: [{ emitter_id: 'p_Err0r5x', listener_id: 'wh_Err0r5x', event_name: '$errors' }],
});

// The reference's "Paid user" of GET /users/me: a billing period (2025-05-15 to 2025-06-15, around the seeding's
// reference time, 2025-06-01) and its credits, in place of the daily quotas.
const paidUser = defineScenario({
  name: 'paid-user',
  description:
    'A user on a paid plan: GET /users/me answers the billing period (billing_period_start_ts, billing_period_end_ts, billing_period_credits) in place of the daily quotas',
  user: {
    billing_period_start_ts: 1_747_267_200,
    billing_period_end_ts: 1_749_945_600,
    billing_period_credits: 12_345,
  },
});

/** Every built-in scenario, in the order the docs list them. */
export const BUILTIN_SCENARIOS = [
  emptyAccount,
  busyWorkspace,
  quotasExhausted,
  connectBrokenAccounts,
  workflowErrors,
  paidUser,
] as const;
