// The IDs a suite needs, never hard-coded: from GET /users/me, the environment (CONTRACT_*_ID), the control
// API's world (mock targets only), or, on a stateless target (Prism), a syntactically valid placeholder.
import type { Api } from './api.ts';
import type { Control } from './control.ts';
import type { Target } from './targets/types.ts';

/** Every string under `value` that starts with `prefix` (the world summary's shape is the fake's business). */
export function collectIds(value: unknown, prefix: string, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.startsWith(prefix) && !found.includes(value)) found.push(value);
  } else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) collectIds(item, prefix, found);
  return found;
}

export type Discovery = ReturnType<typeof createDiscovery>;

/** A live target lacks an ID no API lists: the case is skipped naming the variable to set (docs/contracts.md). */
export class NotConfigured extends Error {
  override name = 'NotConfigured';
}

function memo<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
}

export function createDiscovery(target: Target, api: Api, control: Control | null) {
  const placeholder = (id: string) => (target.caps.stateful ? undefined : id);
  // Only a live target (stateful, no control API) lacks an ID for want of configuration; on a mock it is a failure.
  const configured = (id: string | undefined, variable: string, what: string): string | undefined => {
    if (id === undefined && control === null && target.caps.stateful)
      throw new NotConfigured(`needs ${variable} (${what} of this account)`);
    return id;
  };
  /** The control API's world summary (mock targets only). */
  const world = memo(async () => (control ? await control.world() : undefined));
  type User = { id: string; orgs: Array<{ id: string }> } & Record<string, unknown>;
  const user = memo(async (): Promise<User> => {
    const answer = await api.get('/users/me');
    if (answer.status !== 200) throw new Error(`GET /users/me answered ${answer.status}; cannot discover IDs`);
    return answer.body.data;
  });
  /** The world's project with the most to test (deployed triggers and accounts), mock targets only. */
  const worldProject = memo(async () => {
    const projects = ((await world())?.projects ?? []) as Array<Record<string, unknown>>;
    const score = (p: Record<string, unknown>) => collectIds(p, 'dc_').length + collectIds(p, 'apn_').length;
    return [...projects].sort((a, b) => score(b) - score(a))[0];
  });
  /** The ID given, else the world project's (accounts and triggers belong to it), else a placeholder. */
  const scoped = (given: string | undefined, prefix: string, variable: string, what: string) =>
    memo(async () =>
      configured(
        given ?? collectIds(await worldProject(), prefix)[0] ?? placeholder(`${prefix}contract`),
        variable,
        what,
      ),
    );
  const orgId = memo(async () => target.given.orgId ?? (await user()).orgs[0]!.id);
  return {
    user,
    orgId,
    /** A second workspace of the user, if there is one. */
    otherOrgId: memo(async (): Promise<string | undefined> => {
      const primary = await orgId();
      return (await user()).orgs.map((org) => org.id).find((id) => id !== primary);
    }),
    projectId: scoped(target.given.projectId, 'proj_', 'CONTRACT_PROJECT_ID', 'a Connect project'),
    accountId: scoped(target.given.accountId, 'apn_', 'CONTRACT_ACCOUNT_ID', 'a connected account'),
    triggerId: scoped(target.given.triggerId, 'dc_', 'CONTRACT_TRIGGER_ID', 'a deployed trigger'),
    /** An existing workflow: seeded on the mock, or emitter/listener of a subscription elsewhere. */
    workflowId: memo(async (): Promise<string | undefined> => {
      const fromWorld = collectIds((await world())?.workflows, 'p_')[0];
      if (fromWorld) return fromWorld;
      const subscriptions = await api.get(`/workspaces/${await orgId()}/subscriptions`);
      const fromSubscriptions = collectIds(subscriptions.body?.data, 'p_').find((id) => id !== 'p_*');
      return fromSubscriptions ?? placeholder('p_contract');
    }),
    world,
  };
}
