// Issue 31, item 6a (docs/pact.md, "From the MSW handlers"): a frontend's Vitest suite of two test
// files, run in two workers through createHandlers({ pact }) and setupServer, merges its
// interactions into one Pact file, each described by its test's title, which `pact check` passes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killRunning, runCli } from '../../support/cli.ts';
import { runPactSuite } from '../../support/pact-suite/run.ts';
import type { PactFile } from '../index.ts';
import { createHandlers } from './handlers.ts';
import { createMock } from '../index.ts';

afterEach(killRunning);

const dir = mkdtempSync(join(tmpdir(), 'pact-msw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createHandlers({ pact })', () => {
  it('a Vitest suite through setupServer writes one pact for its two files, described by test titles, that pact check passes', async () => {
    const run = await runPactSuite(dir);
    expect(run.code, run.output).toBe(0);
    const pact = JSON.parse(readFileSync(run.file, 'utf8')) as PactFile;
    expect(pact.consumer).toEqual({ name: 'vitest-app' });
    // Both files' interactions, one per operation, status and state; getCurrentUser ran in both
    // files, and the merge rule keeps the one whose text sorts first ('account page > ...').
    expect(pact.interactions.map((interaction) => [interaction.key, interaction.description])).toEqual([
      ['createWebhook 200 a fresh world', 'adds an alerts webhook: createWebhook answers 200'],
      ['getCurrentUser 200 a fresh world', 'account page > shows the signed-in user: getCurrentUser answers 200'],
      ['getWorkflow 404 a fresh world', 'account page > says when a workflow is gone: getWorkflow answers 404'],
      ['getWorkspace 200 a fresh world', 'shows the workspace of the signed-in user: getWorkspace answers 200'],
      [
        'listWorkspaceSources 200 a fresh world',
        'lists the sources of the workspace, a page at a time: listWorkspaceSources answers 200',
      ],
    ]);
    const checked = await runCli(['pact', 'check', run.file]);
    expect(checked.stdout).toContain('5 interactions, all match the document');
    expect(checked.code).toBe(0);
  }, 180_000);

  it('refuses pact beside a mock of the caller, whose own pact option it is', () => {
    expect(() => createHandlers({ mock: createMock(), pact: { consumer: 'web' } })).toThrow(
      'createHandlers: pact goes into the mock created here',
    );
    expect(createHandlers({ pact: { consumer: 'web' } }).pact?.consumer).toBe('web');
  });
});
