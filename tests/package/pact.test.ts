// Issue 31, item 6b (docs/pact.md, "From the Playwright fixture"): the installed kit's Playwright
// fixture with its `pact` option, the dashboard app built by Vite and driven in Debian's Chromium by
// two workers, writes one Pact file for the consumer that `pact check` accepts. The file stays in
// the consumer project (pactFile), for the official verifier to be pointed at.
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveFolder } from './static-server.ts';
import { createConsumer, devVersion, packKit, run, runOk, userEnv } from './tarball.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FIXTURES = new URL('./consumer/playwright/', import.meta.url);

let consumer: string;
/** Where the run's pact is written: `<pactDir>/dashboard-workflow-api.json`. */
const pactDir = mkdtempSync(join(tmpdir(), 'kit-pacts-'));
const pactFile = join(pactDir, 'dashboard-workflow-api.json');

describe.skipIf(!existsSync(CHROMIUM))('the Playwright fixture with pact, from the installed tarball', () => {
  beforeAll(async () => {
    const kit = await packKit();
    // @playwright/test is an optional peer of the kit; no browser is downloaded: Debian's Chromium runs.
    consumer = await createConsumer(kit, [
      `@playwright/test@${devVersion('@playwright/test')}`,
      `vite@${devVersion('vite')}`,
    ]);
    cpSync(FIXTURES, join(consumer, 'playwright'), { recursive: true });
    await runOk(
      process.execPath,
      [join(consumer, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '--outDir', '../dist'],
      { cwd: join(consumer, 'playwright', 'app') },
    );
  }, 900_000);

  it('two workers merge every test into one pact, described by the test titles, which pact check accepts', async () => {
    const site = await serveFolder(join(consumer, 'playwright', 'dist'));
    try {
      const result = await run(
        join(consumer, 'node_modules', '.bin', 'playwright'),
        ['test', '-c', 'playwright/pact.config.ts'],
        {
          cwd: consumer,
          env: userEnv({
            APP_URL: site.url,
            CHROMIUM_PATH: CHROMIUM,
            PACT_DIR: pactDir,
            PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
            CI: '1',
          }),
          timeoutMs: 400_000,
        },
      );
      const output = stripVTControlCharacters(result.stdout + result.stderr);
      expect(result.code, output).toBe(0);
      expect(output).toMatch(/Running 8 tests using 2 workers/);
      // Each worker merged its part into the one file.
      const merged = [...output.matchAll(/worker (\d): pact of dashboard: \d+ new interactions, \d+ in (\S+)/g)];
      expect(new Set(merged.map((match) => match[1])).size, output).toBe(2);
      expect(merged.every((match) => match[2] === pactFile)).toBe(true);
    } finally {
      await site.close();
    }
    const pact = JSON.parse(readFileSync(pactFile, 'utf8')) as {
      consumer: { name: string };
      interactions: Array<{ key: string; description: string; providerStates: Array<{ name: string }> }>;
    };
    expect(pact.consumer).toEqual({ name: 'dashboard' });
    const described = pact.interactions.map((interaction) => interaction.description);
    // The app's first call in the empty-account test, described by the describe block and the test.
    expect(described).toContain(
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
    expect(pact.interactions.map((interaction) => interaction.key)).toEqual(
      pact.interactions.map((interaction) => interaction.key).sort(),
    );
    const checked = await run(
      join(consumer, 'node_modules', '.bin', 'workflow-api-mock'),
      ['pact', 'check', pactFile],
      {
        cwd: consumer,
      },
    );
    expect(checked.stdout, checked.stderr).toContain(
      `${pact.interactions.length} interactions, all match the document`,
    );
    expect(checked.code).toBe(0);
  }, 600_000);
});
