// Helpers the area suites share: status assertions that show the answer, unknown-but-well-formed
// IDs, the `ignored_auth` cases (every operation refused without / with a malformed bearer), the
// webhooks and workflows the suites create (the harness registers their undo), and what every
// Connect call must name.
import { describe, expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import { document } from '../openapi/generated/document.ts';
import { exampleRequests } from '../openapi/example-requests.ts';
import type { Answer, CallOptions } from './api.ts';
import type { Discovery } from './discover.ts';
import type { Contract } from './harness.ts';

export function expectStatus(answer: Answer, status: number | number[], what = ''): void {
  const allowed = Array.isArray(status) ? status : [status];
  expect(allowed, `${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
}

/** The error answer of docs/errors.md: status and `error`; the `code` too where the target enforces the kit's rules. */
export function expectError(contract: Contract, answer: Answer, status: number, code: string, what = ''): void {
  expectStatus(answer, status, what);
  expect(typeof answer.body?.error, `${what}: error body must carry "error"`).toBe('string');
  if (contract.can('control', 'enforcesRules')) expect(answer.body.code, `${what}: code`).toBe(code);
}

/**
 * expectError bound to a status and code, awaiting the answer: `await refusals(contract).notFound(api.get(path))`.
 *
 * @example
 * const { badRequest } = refusals(contract);
 * await badRequest(api.get('/apps?limit=0'), 'limit 0');
 */
export function refusals(contract: Contract) {
  const refusedAs = (status: number, code: string) => async (answer: Promise<Answer>, what?: string) =>
    expectError(contract, await answer, status, code, what);
  return {
    badRequest: refusedAs(400, 'bad_request'),
    notFound: refusedAs(404, 'not_found'),
    unprocessable: refusedAs(422, 'unprocessable'),
  };
}

/** 4xx, never 2xx/5xx (5xx is also caught by the checks). */
export function expectRefused(answer: Answer, what = ''): void {
  expect(
    answer.status >= 400 && answer.status < 500,
    `${what} should be refused with a 4xx; got ${answer.status}: ${JSON.stringify(answer.body)}`,
  ).toBe(true);
  expect(typeof answer.body?.error, `${what}: error body must carry "error"`).toBe('string');
}

/** The Connect project's ID; the case fails when the target has none (on live: set CONTRACT_PROJECT_ID). */
export async function projectIdOf(contract: Contract): Promise<string> {
  const id = await contract.ids.projectId();
  expect(id, 'no project id: set CONTRACT_PROJECT_ID').toBeDefined();
  return id!;
}

/** A syntactically valid ID of that kind that no world holds. */
export function unknownId(prefix: string): string {
  return `${prefix}Unknown${randomBytes(5).toString('hex')}`;
}

export function uniqueName(label: string): string {
  return `contract-${label}-${randomBytes(4).toString('hex')}`;
}

/** What the `ignored_auth` cases send instead of the bearer: none, then malformed Authorization headers. */
const BAD_AUTH: Array<[string, CallOptions]> = [
  ['without a token', { token: null }],
  ['with an empty Authorization header', { authorization: '' }],
  ['with an empty bearer', { authorization: 'Bearer ' }],
  ['with a bearer with characters RFC 6750 forbids', { authorization: 'Bearer not a token!' }],
  ['with another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
];

/** `ignored_auth` for the given operations, with the document's own example requests. */
export function authCases(contract: Contract, operationIds: string[]): void {
  const requests = exampleRequests(document).filter((request) => operationIds.includes(request.operationId));
  expect(requests.map((request) => request.operationId).sort()).toEqual([...operationIds].sort());
  describe('ignored_auth', () => {
    for (const request of requests) {
      const options = { query: request.query, headers: request.headers, body: request.body };
      for (const [label, auth] of BAD_AUTH)
        contract.caseIf(['enforcesRules'], `${request.operationId} ${label} is 401`, async () => {
          const answer = await contract.api.call(request.method, request.path, { ...options, ...auth });
          expectError(contract, answer, 401, 'unauthorized', request.operationId);
        });
    }
  });
}

/** A second user API key for the mock (a fresh world); never used against live. */
export function randomTokenFor(contract: Contract): string {
  if (contract.target.name === 'live') throw new Error('a second token is a mock-only device');
  return `contract-other-${randomBytes(8).toString('hex')}`;
}

export async function createWebhook(
  contract: Contract,
  url = 'https://example.com/contract-hook',
): Promise<{ id: string } & Record<string, any>> {
  const name = uniqueName('webhook');
  const answer = await contract.api.post('/webhooks', {
    query: { url, name, description: 'created by the contract suite' },
  });
  expectStatus(answer, 200, 'POST /webhooks');
  return answer.body.data;
}

export interface WorkflowOptions {
  autoDeploy?: boolean;
  templateId?: string;
}

export async function workflowBody(
  contract: Contract,
  options: WorkflowOptions = {},
): Promise<Record<string, unknown>> {
  const projectId = await contract.ids.projectId();
  if (projectId === undefined) throw new Error('no project id: set CONTRACT_PROJECT_ID');
  const body: Record<string, unknown> = {
    project_id: projectId,
    org_id: await contract.ids.orgId(),
    settings: { name: uniqueName('workflow'), auto_deploy: options.autoDeploy ?? false },
  };
  if (options.templateId) body.template_id = options.templateId;
  else {
    body.steps = [{ namespace: 'send_message', props: { text: 'hello from the contract suite' } }];
    body.triggers = [{ props: { cron: '0 * * * *' } }];
  }
  return body;
}

/** POST /workflows with a valid body; there is no DELETE /workflows, so the harness registers its deactivation. */
export async function createWorkflow(
  contract: Contract,
  options: WorkflowOptions = {},
): Promise<{ id: string; active: boolean } & Record<string, any>> {
  const body = await workflowBody(contract, options);
  const answer = await contract.api.post('/workflows', { body });
  expectStatus(answer, 200, 'POST /workflows');
  return answer.body.data;
}

export type Environment = 'development' | 'production';

/** CONTRACT_ENVIRONMENT (the environment of the given account and trigger), else `production`, where the mock seeds its accounts. */
const ENVIRONMENT: Environment = process.env.CONTRACT_ENVIRONMENT === 'development' ? 'development' : 'production';

/** The `x-pd-environment` header every Connect call names (openapi/openapi.yaml). */
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
