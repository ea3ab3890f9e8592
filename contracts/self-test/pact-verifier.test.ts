// Issue 31, items 5 and 6: the official Pact verifier (@pact-foundation/pact, its native core)
// verifies the pact files of two faces of the mock against a fresh mock server, with the mock's own
// state-change route, and fails them against broken variants of the self-test (variants.ts), naming
// the field: one recorded by a real `serve --pact-dir` run, one written by a Vitest suite through the
// MSW handlers (support/pact-suite/). Everything on 127.0.0.1 (docs/pact.md, "The official verifier").
// support/pact-verifier.ts sets PACT_DO_NOT_TRACK as it loads, before the core is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PACT, startSeededServer as freshServer, useSamplePact } from '../../support/pact-recording.ts';
import { runPactSuite, SUITE_WORLD } from '../../support/pact-suite/run.ts';
import {
  itFailsThroughVariants,
  type StartedProvider,
  verifiedAgainst,
  verifyPact,
  withProvider,
} from '../../support/pact-verifier.ts';
import { serveThrough } from './serve-variant.ts';
import { rewriteJson } from './variants.ts';

const TOKEN = SAMPLE_PACT.token;

const sample = useSamplePact();

describe('the official Pact verifier', () => {
  it('verifies a pact recorded by serve --pact-dir against a fresh mock server', async () => {
    expect(await verifiedAgainst(freshServer, sample.file(), TOKEN)).toEqual([
      'createWebhook answers 200 in a fresh world: OK',
      'getCurrentUser answers 200 in a fresh world: OK',
      'getWorkflow answers 404 in a fresh world: OK',
      'listWebhooks answers 200 in a fresh world: OK',
      'listWebhooks answers 200 in scenario empty-account: OK',
      'listWorkspaceSources answers 200 in a fresh world: OK',
    ]);
  }, 120_000);

  itFailsThroughVariants(
    'fails the same pact',
    [
      ['wrong-id-prefix', 'createWebhook answers 200 in a fresh world', '$.data.id'],
      ['missing-page-info', 'listWorkspaceSources answers 200 in a fresh world', 'page_info'],
    ],
    () => ({ file: sample.file(), token: TOKEN, start: freshServer }),
    120_000,
  );
});

describe('the official Pact verifier over the pact of a Vitest suite through the MSW handlers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pact-msw-verify-'));
  let file = '';
  /** A fresh server with the suite's seed: its bearer then opens the world its handlers answered from. */
  const suiteServer = () => freshServer([], String(SUITE_WORLD.seed));
  beforeAll(async () => {
    const run = await runPactSuite(dir);
    expect(run.code, run.output).toBe(0);
    file = run.file;
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('verifies it against a fresh mock server given the suite seed and bearer', async () => {
    // One per interaction the suite's two files made, each described by its test's title.
    expect(await verifiedAgainst(suiteServer, file, SUITE_WORLD.token)).toEqual([
      'adds an alerts webhook: createWebhook answers 200: OK',
      'account page > shows the signed-in user: getCurrentUser answers 200: OK',
      'account page > says when a workflow is gone: getWorkflow answers 404: OK',
      'shows the workspace of the signed-in user: getWorkspace answers 200: OK',
      'lists the sources of the workspace, a page at a time: listWorkspaceSources answers 200: OK',
    ]);
  }, 120_000);

  itFailsThroughVariants(
    'fails it',
    [
      ['wrong-id-prefix', 'adds an alerts webhook: createWebhook answers 200', '$.data.id'],
      [
        'missing-page-info',
        'lists the sources of the workspace, a page at a time: listWorkspaceSources answers 200',
        'page_info',
      ],
    ],
    () => ({ file, token: SUITE_WORLD.token, start: suiteServer }),
    120_000,
  );
});

describe('the official Pact verifier over what the document allows, not only what one world held', () => {
  // Under the sample's seed the first webhook of this token's world has a null description (a
  // `[string, null]` field), and the sample token's workflow with errors holds owner IDs that are
  // workspaces (`o_`, of a oneOf of a user `u_` or a workspace `o_`): docs/pact.md, "Matchers, not values".
  const NULL_DESCRIPTION_TOKEN = 'nullable-7';
  const dir = mkdtempSync(join(tmpdir(), 'pact-allowed-'));
  const file = join(dir, `${SAMPLE_PACT.consumer}-workflow-api.json`);
  beforeAll(async () => {
    const server = await freshServer(['--pact-dir', dir, '--pact-consumer', SAMPLE_PACT.consumer]);
    const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const hooks = await fetch(`${server.origin}/v1/users/me/webhooks`, bearer(NULL_DESCRIPTION_TOKEN));
    expect(((await hooks.json()) as { data: Array<{ description: unknown }> }).data[0]?.description).toBeNull();
    const world = await fetch(`${server.origin}/__mock/world`, bearer(TOKEN));
    const workflows = ((await world.json()) as { data: { workflows: Array<{ id: string; error_events: number }> } })
      .data.workflows;
    const failing = workflows.find((workflow) => workflow.error_events > 0)!.id;
    const errors = await fetch(`${server.origin}/v1/workflows/${failing}/$errors/event_summaries`, bearer(TOKEN));
    expect(JSON.stringify(await errors.json())).toMatch(/"owner_id":"o_/);
    expect(await server.stop()).toBe(0);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A fresh mock server behind a proxy that sets every error event's owner_id to `prefix` + the rest of it. */
  const ownersAs = (prefix: string) => async (): Promise<StartedProvider> => {
    const server = await freshServer();
    type Summary = { event?: { original_context?: { owner_id?: string } } };
    const edit = (body: { data?: unknown } | null) => {
      for (const item of Array.isArray(body?.data) ? (body.data as Summary[]) : []) {
        const context = item.event?.original_context;
        if (context?.owner_id !== undefined) context.owner_id = context.owner_id.replace(/^[a-z]+_/, prefix);
      }
    };
    const proxy = await serveThrough(async (input, init) => rewriteJson(await fetch(input, init), edit), server.origin);
    return { origin: proxy.origin, stop: async () => [await proxy.close(), await server.stop()] };
  };

  it('passes a provider answering a string where the recorded description was null, a user where it was a workspace', async () => {
    // Verified under the sample token: its world's webhooks all have descriptions.
    expect(await verifiedAgainst(ownersAs('u_'), file, TOKEN)).toEqual([
      'getWorkflowErrorEventSummaries answers 200 in a fresh world: OK',
      'listWebhooks answers 200 in a fresh world: OK',
    ]);
  }, 120_000);

  it('fails a provider answering an owner the document forbids (a project, p_), naming owner_id', async () => {
    const verified = await withProvider(ownersAs('p_'), (origin) => verifyPact(file, origin, TOKEN));
    expect(verified.result).toBe(false);
    expect(verified.errors.map((error) => error.interaction)).toEqual([
      expect.stringMatching(/ - getWorkflowErrorEventSummaries answers 200 in a fresh world$/),
    ]);
    expect(JSON.stringify(verified.errors[0]!.mismatch)).toContain('owner_id');
  }, 120_000);
});
