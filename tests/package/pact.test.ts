// Issue 31, item 6b (docs/pact.md, "From the Playwright fixture"): the installed kit's Playwright
// fixture with its `pact` option, the dashboard app built by Vite and driven in Debian's Chromium by
// two workers, writes one Pact file for the consumer that `pact check` accepts; with `fromPage`, it
// takes what a page's own MSW worker recorded ("In a browser"). The official verifier, from the kit's
// own devDependency in this process, then verifies the fixture's file against a fresh mock server of the
// installed CLI, each test's interactions with that test's bearer, and fails it against broken variants
// of the self-test (docs/pact.md, "The official verifier"). support/pact-verifier.ts sets
// PACT_DO_NOT_TRACK as it loads, before the verifier's core is.
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  itFailsThroughVariants,
  type VerifierResult,
  verifiedAgainst,
  verifyPact,
  withProvider,
} from '../../support/pact-verifier.ts';
import { serveFolder } from './static-server.ts';
import { createConsumer, devVersion, packKit, run, startKitCli, userEnv, viteBuild } from './tarball.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FIXTURES = new URL('./consumer/playwright/', import.meta.url);
const PAGE_FIXTURES = new URL('./consumer/pact-page/', import.meta.url);

let consumer: string;
/** Where the runs' pacts are written: one file per consumer. */
const pactDir = mkdtempSync(join(tmpdir(), 'kit-pacts-'));
const pactFile = join(pactDir, 'dashboard-workflow-api.json');
const pagePactFile = join(pactDir, 'page-app-workflow-api.json');
/** Playwright's JSON report of a run (beside its list output): which worker ran which test. */
const reportFile = join(pactDir, 'playwright-report.json');

/** The consumer's Playwright run of `config` against the app built in `dist`, with PACT_DIR; answers its output. */
async function playwright(config: string, dist: string): Promise<string> {
  const site = await serveFolder(join(consumer, dist));
  try {
    const args = ['test', '-c', config, '--reporter=list,json'];
    const result = await run(join(consumer, 'node_modules', '.bin', 'playwright'), args, {
      cwd: consumer,
      env: userEnv({
        APP_URL: site.url,
        CHROMIUM_PATH: CHROMIUM,
        PACT_DIR: pactDir,
        PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
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

interface ReportSuite {
  title: string;
  specs: Array<{ title: string; id: string; tests: Array<{ results: Array<{ workerIndex: number }> }> }>;
  suites?: ReportSuite[];
}

/**
 * Each test's own bearer in the last run, by its title path ('describe > test', as its interactions are
 * described): the fixture's `pw-<worker>-<test id>` (docs/scenarios.md), read from Playwright's JSON report.
 */
function ownTokens(): Map<string, string> {
  const tokens = new Map<string, string>();
  const walk = (suite: ReportSuite, path: string[]) => {
    for (const spec of suite.specs)
      tokens.set([...path, spec.title].join(' > '), `pw-${spec.tests[0]!.results.at(-1)!.workerIndex}-${spec.id}`);
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  // The report's top suites are the spec files, whose names are no part of a title path.
  for (const file of (JSON.parse(readFileSync(reportFile, 'utf8')) as { suites: ReportSuite[] }).suites) walk(file, []);
  return tokens;
}

interface PactPart {
  token: string;
  file: string;
  descriptions: string[];
}

/**
 * The fixture's pact split by the bearer each interaction ran under, one file each beside it: every test
 * has its own token, and so its own world, while the verifier sends one bearer (docs/pact.md, "The
 * official verifier"). A scenario's token is `scenario_<name>_<own>` (docs/scenarios.md).
 */
function splitByToken(file: string): PactPart[] {
  const tokens = ownTokens();
  const pact = JSON.parse(readFileSync(file, 'utf8')) as {
    interactions: Array<{ description: string; providerStates: Array<{ name: string }> }>;
  };
  const byToken = new Map<string, typeof pact.interactions>();
  for (const interaction of pact.interactions) {
    const title = interaction.description.slice(0, interaction.description.lastIndexOf(': '));
    const own = tokens.get(title);
    if (own === undefined) throw new Error(`${file}: no test of the run is titled "${title}"`);
    const scenario = /^scenario (.+)$/.exec(interaction.providerStates[0]?.name ?? '')?.[1];
    const token = scenario === undefined ? own : `scenario_${scenario}_${own}`;
    byToken.set(token, [...(byToken.get(token) ?? []), interaction]);
  }
  return [...byToken].map(([token, interactions], index) => {
    const part = join(pactDir, `part-${index}.json`);
    writeFileSync(part, JSON.stringify({ ...pact, interactions }));
    return { token, file: part, descriptions: interactions.map((interaction) => interaction.description) };
  });
}

describe.skipIf(!existsSync(CHROMIUM))('the Playwright fixture with pact, from the installed tarball', () => {
  /** The one interaction of the dashboard's pact that reads back what its test created earlier. */
  const READ_BACK = 'the clock moves a Connect token past its expiry: validateConnectToken answers 200';
  /** The dashboard run's pact, split by test token once the run has written it. */
  let dashboardParts: PactPart[] = [];

  /** A fresh mock server of the installed CLI (no seed unless given, as the fixture's); its origin and stop. */
  const freshServer = async (...extra: string[]) => {
    const served = await startKitCli(consumer, ['serve', '--port', '0', '--quiet', ...extra]);
    return { origin: new URL(served.baseUrl).origin, stop: served.stop };
  };

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
    dashboardParts = splitByToken(pactFile);
  }, 600_000);

  it("the official verifier passes the fixture's pact against a fresh mock server, each test's part with its bearer", async () => {
    expect(dashboardParts.length, 'the run above wrote the pact').toBeGreaterThan(1);
    const results: string[] = [];
    const errors: VerifierResult['errors'] = [];
    await withProvider(freshServer, async (origin) => {
      for (const part of dashboardParts) {
        const verified = await verifyPact(part.file, origin, part.token);
        results.push(...verified.interactionResults.map((result) => `${result.description}: ${result.result}`));
        errors.push(...verified.errors);
      }
    });
    // Every interaction but one passes. That one reads back a Connect token its test created: a fresh
    // world has no such token, so it is 404, as docs/pact.md says ("The official verifier").
    expect(errors.map((error) => error.interaction.slice(error.interaction.indexOf(' - ') + 3))).toEqual([READ_BACK]);
    expect(JSON.stringify(errors[0]!.mismatch)).toContain('expected 200 but was 404');
    const pact = JSON.parse(readFileSync(pactFile, 'utf8')) as { interactions: Array<{ description: string }> };
    expect(results.filter((result) => !result.startsWith(`${READ_BACK}: `)).sort()).toEqual(
      pact.interactions
        .map((interaction) => interaction.description)
        .filter((description) => description !== READ_BACK)
        .map((description) => `${description}: OK`)
        .sort(),
    );
    // The app's webhooks and sources are in it: what the broken variants below corrupt.
    expect(results).toContain('the clock moves a Connect token past its expiry: listWebhooks answers 200: OK');
  }, 300_000);

  itFailsThroughVariants(
    "the official verifier fails the fixture's pact",
    [
      ['wrong-id-prefix', 'the clock moves a Connect token past its expiry: listWebhooks answers 200', '$.data[0].id'],
      [
        'missing-page-info',
        'busy-workspace > shows 450 sources, the first page of 100: listWorkspaceSources answers 200',
        'page_info',
      ],
    ],
    (interaction) => {
      // The part of the test that made the interaction, with that test's bearer.
      const part = dashboardParts.find((candidate) => candidate.descriptions.includes(interaction));
      if (part === undefined) throw new Error(`no interaction "${interaction}" in the dashboard run's pact`);
      return { file: part.file, token: part.token, start: freshServer };
    },
    300_000,
  );

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

  it("the official verifier passes the page's pact against a fresh mock server given the page's seed and bearer", async () => {
    expect(existsSync(pagePactFile), 'the run above wrote the pact').toBe(true);
    // The page's worker answered from seed 4 with its own key, page-app (consumer/pact-page/app).
    expect(await verifiedAgainst(() => freshServer('--seed', '4'), pagePactFile, 'page-app')).toEqual([
      'says a workflow is not there: getCurrentUser answers 200: OK',
      'says a workflow is not there: getWorkflow answers 404: OK',
    ]);
  }, 300_000);
});
