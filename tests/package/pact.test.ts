// Issue 31, item 6b (docs/pact.md, "From the Playwright fixture"): the installed kit's Playwright
// fixture with its `pact` option, the dashboard app built by Vite and driven in Debian's Chromium by
// two workers, writes one Pact file for the consumer that `pact check` accepts; with `fromPage`, it
// takes what a page's own MSW worker recorded ("In a browser"). The files stay at known paths
// (pactFile, pagePactFile), for the official verifier to be pointed at.
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveFolder } from './static-server.ts';
import { createConsumer, devVersion, packKit, run, userEnv, viteBuild } from './tarball.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FIXTURES = new URL('./consumer/playwright/', import.meta.url);
const PAGE_FIXTURES = new URL('./consumer/pact-page/', import.meta.url);

let consumer: string;
/** Where the runs' pacts are written: one file per consumer. */
const pactDir = mkdtempSync(join(tmpdir(), 'kit-pacts-'));
const pactFile = join(pactDir, 'dashboard-workflow-api.json');
const pagePactFile = join(pactDir, 'page-app-workflow-api.json');

/** The consumer's Playwright run of `config` against the app built in `dist`, with PACT_DIR; answers its output. */
async function playwright(config: string, dist: string): Promise<string> {
  const site = await serveFolder(join(consumer, dist));
  try {
    const result = await run(join(consumer, 'node_modules', '.bin', 'playwright'), ['test', '-c', config], {
      cwd: consumer,
      env: userEnv({
        APP_URL: site.url,
        CHROMIUM_PATH: CHROMIUM,
        PACT_DIR: pactDir,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        CI: '1',
      }),
      timeoutMs: 400_000,
    });
    const output = stripVTControlCharacters(result.stdout + result.stderr);
    expect(result.code, output).toBe(0);
    return output;
  } finally {
    await site.close();
  }
}

/** `workflow-api-mock pact check FILE` of the installed kit: passes, every interaction counted. */
async function expectChecked(file: string, interactions: number): Promise<void> {
  const checked = await run(join(consumer, 'node_modules', '.bin', 'workflow-api-mock'), ['pact', 'check', file], {
    cwd: consumer,
  });
  expect(checked.stdout, checked.stderr).toContain(`${interactions} interactions, all match the document`);
  expect(checked.code).toBe(0);
}

describe.skipIf(!existsSync(CHROMIUM))('the Playwright fixture with pact, from the installed tarball', () => {
  beforeAll(async () => {
    const kit = await packKit();
    // @playwright/test is an optional peer of the kit; no browser is downloaded: Debian's Chromium runs.
    consumer = await createConsumer(kit, [
      `@playwright/test@${devVersion('@playwright/test')}`,
      `vite@${devVersion('vite')}`,
      `msw@${devVersion('msw')}`,
    ]);
    cpSync(FIXTURES, join(consumer, 'playwright'), { recursive: true });
    cpSync(PAGE_FIXTURES, join(consumer, 'pact-page'), { recursive: true });
    // What `msw init public` does: the worker script in the page app's public folder.
    mkdirSync(join(consumer, 'pact-page', 'app', 'public'));
    copyFileSync(
      join(consumer, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'),
      join(consumer, 'pact-page', 'app', 'public', 'mockServiceWorker.js'),
    );
    for (const app of ['playwright', 'pact-page']) await viteBuild(consumer, join(consumer, app, 'app'), '../dist');
  }, 900_000);

  it('two workers merge every test into one pact, described by the test titles, which pact check accepts', async () => {
    const output = await playwright('playwright/pact.config.ts', join('playwright', 'dist'));
    expect(output).toMatch(/Running 8 tests using 2 workers/);
    // Each worker merged its part into the one file.
    const merged = [...output.matchAll(/worker (\d): pact of dashboard: \d+ new interactions, \d+ in (\S+)/g)];
    expect(new Set(merged.map((match) => match[1])).size, output).toBe(2);
    expect(merged.every((match) => match[2] === pactFile)).toBe(true);
    const pact = JSON.parse(readFileSync(pactFile, 'utf8')) as {
      consumer: { name: string };
      interactions: Array<{ key: string; description: string; providerStates: Array<{ name: string }> }>;
    };
    expect(pact.consumer).toEqual({ name: 'dashboard' });
    // The app's first call in the empty-account test, described by the describe block and the test.
    expect(pact.interactions.map((interaction) => interaction.description)).toContain(
      'empty-account > shows a workspace with no sources and no usage: getCurrentUser answers 200',
    );
    // Tests of both workers (the list is sorted by key, so a worker's part is not contiguous).
    const states = new Set(pact.interactions.flatMap((interaction) => interaction.providerStates.map((s) => s.name)));
    for (const state of [
      'scenario empty-account',
      'scenario busy-workspace',
      'scenario workflow-errors',
      'a fresh world',
    ])
      expect(states).toContain(state);
    const keys = pact.interactions.map((interaction) => interaction.key);
    expect(keys).toEqual([...keys].sort());
    await expectChecked(pactFile, pact.interactions.length);
  }, 600_000);

  it("fromPage: each test's page records with its own MSW worker, described by the test, merged across workers", async () => {
    const output = await playwright('pact-page/playwright.config.ts', join('pact-page', 'dist'));
    expect(output).toMatch(/Running 2 tests using 2 workers/);
    const pact = JSON.parse(readFileSync(pagePactFile, 'utf8')) as {
      consumer: { name: string };
      interactions: Array<{ key: string; description: string; providerStates: Array<{ params: object }> }>;
    };
    expect(pact.consumer).toEqual({ name: 'page-app' });
    // Both tests loaded the user ('says ...' sorts first, so its interaction is kept); the 404 only the second.
    expect(pact.interactions.map((interaction) => [interaction.key, interaction.description])).toEqual([
      ['getCurrentUser 200 a fresh world', 'says a workflow is not there: getCurrentUser answers 200'],
      ['getWorkflow 404 a fresh world', 'says a workflow is not there: getWorkflow answers 404'],
    ]);
    // Answered by the page's worker (seed 4), not the fixture's server (no seed): its provider states say so.
    expect(pact.interactions.map((interaction) => interaction.providerStates[0]!.params)).toEqual([
      { seed: '4' },
      { id: 'p_gone123', seed: '4' },
    ]);
    await expectChecked(pagePactFile, 2);
  }, 600_000);
});
