// What every Connect call must name (openapi/openapi.yaml): `x-pd-environment` and, on deployed triggers, the end
// user; from CONTRACT_ENVIRONMENT and CONTRACT_EXTERNAL_USER_ID on a live target, from the world on a mock.
import type { Discovery } from './discover.ts';

export type Environment = 'development' | 'production';

/** CONTRACT_ENVIRONMENT (the environment of the given account and trigger), else `production`, where the mock seeds its accounts. */
const ENVIRONMENT: Environment = process.env.CONTRACT_ENVIRONMENT === 'development' ? 'development' : 'production';

export function inEnvironment(environment: Environment = ENVIRONMENT): Record<string, string> {
  return { 'x-pd-environment': environment };
}

export function otherEnvironment(environment: Environment): Environment {
  return environment === 'production' ? 'development' : 'production';
}

/** The trigger's environment and end user: the mock's world, else CONTRACT_ENVIRONMENT, CONTRACT_EXTERNAL_USER_ID. */
export async function triggerOwner(ids: Discovery) {
  const triggerId = await ids.triggerId();
  const projects = (await ids.world())?.projects ?? [];
  const seeded = projects.flatMap((p) => p.deployed_triggers ?? []).find((t) => t.id === triggerId);
  const environment = (seeded?.environment as Environment | undefined) ?? ENVIRONMENT;
  const owner = seeded?.external_user_id ?? process.env.CONTRACT_EXTERNAL_USER_ID ?? 'contract-user';
  return { headers: inEnvironment(environment), query: { external_user_id: owner }, environment };
}
