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
import { itFailsThroughVariants, verifiedAgainst } from '../../support/pact-verifier.ts';

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
