// The package as its users get it: `npm pack` (prepack builds dist/), the tarball installed into
// fresh projects, and everything a user does from there: plain Node on the oldest version the
// package claims and on 24, a strict TypeScript consumer, the CLI (serve, contracts, prism), and a
// Vite app in Debian's Chromium. Nothing here reaches past loopback except npm's own installs,
// which come from the npm cache when it holds them.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, posix } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { DOC_FILES, docBlocks, packageBlock, sessionExchanges, shellCommands } from '../readme/blocks.ts';
import { matchOutput, realCommand } from '../readme/match.ts';
import { serveFolder } from './static-server.ts';
import {
  createConsumer,
  devVersion,
  packKit,
  ROOT,
  run,
  runOk,
  startKitCli,
  userEnv,
  type PackedKit,
} from './tarball.ts';

const FIXTURES = new URL('./consumer/', import.meta.url);
/** The Jest the README's snippet is proven with. */
const JEST_VERSION = '30.5.2';
const TS_JEST_VERSION = '29.4.15';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM) && process.env.CI) {
  throw new Error(`the package test needs Chromium at ${CHROMIUM} (apt-get install -y chromium); .ci/run installs it`);
}
/** The oldest Node that `engines.node` claims; the test runs the package on it. */
const OLDEST_NODE = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node.match(/\^?(\d+\.\d+\.\d+)/)![1]!;

let kit: PackedKit;
let consumer: string;
const bin = () => join(consumer, 'node_modules', '.bin', 'workflow-api-mock');
/** The README's CI job, the environment its steps run with here, and what its first step (`npm ci`) did. */
let ci: { job: CiJob; env: NodeJS.ProcessEnv; install: StepResult };

beforeAll(async () => {
  kit = await packKit();
  // The consumer is installed the way the README's CI job installs a project: package.json and a
  // lockfile, then the job's own first step, `npm ci` (the one install of this project).
  // Besides the install line: the project's own test runner, Vitest, on which `contracts` runs too, and
  // fast-check for `contracts --explore` (optional peers, docs/ci.md), and Vite for its app (README, step 5).
  const peers = ['vitest', 'fast-check', 'vite'].map((name) => `${name}@${devVersion(name)}`);
  consumer = await createConsumer(kit, [...readmeInstall(), ...peers, `@types/node@${devVersion('@types/node')}`], {
    lockfileOnly: true,
  });
  const job = ciJob();
  // The job's variables; its own port on this shared machine (the steps read PORT, so only the value
  // changes); the Node the tests run on first on PATH, and none of the checkout's tools.
  const env = userEnv({
    ...job.env,
    PORT: String(await freePort()),
    CI: 'true',
    PATH: pathWith(dirname(process.execPath)),
  });
  const [install] = runSteps(job);
  expect(install?.run).toBe('npm ci');
  ci = { job, env, install: await runStep(install!.run!, consumer, env) };
  if (ci.install.code !== 0) throw new Error(`the CI job's npm ci failed:\n${ci.install.output}`);
  cpSync(FIXTURES, consumer, { recursive: true });
  // The Vite app is a project of its own (msw init --save writes its package.json), on the consumer's packages.
  symlinkSync(join(consumer, 'node_modules'), join(consumer, 'vite-app', 'node_modules'));
}, 600_000);

describe('the tarball', () => {
  it('holds the build, the document, README, ASSUMPTIONS, LICENSE, notices; no test, CI, bench or source file', () => {
    const shipped = [
      String.raw`dist\/.+\.(js|d\.ts|js\.map|json)`,
      String.raw`openapi\/openapi\.yaml|openapi\/generated\/openapi(-3\.0)?\.json|openapi\/ASSUMPTIONS\.md`,
      String.raw`mocks\/console\/(index\.html|console\.js|console\.css)`,
      String.raw`mocks\/console\/vendor\/(swagger-ui-bundle\.js(\.LICENSE\.txt)?|swagger-ui\.css)`,
      String.raw`mocks\/console\/vendor\/(LICENSE|NOTICE|README\.md)`,
      String.raw`README\.md|LICENSE|THIRD_PARTY_NOTICES\.md|package\.json`,
      String.raw`docs\/[\w-]+\.(md|png)`,
    ];
    const allowed = new RegExp(`^(${shipped.join('|')})$`);
    expect(kit.files.filter((file) => !allowed.test(file))).toEqual([]);
    // docs/bench.md is the page of the benchmark's figures, not the benchmark.
    const testOnly =
      /\.test\.|self-test|\.ci\/|(?<!docs\/)bench|(^|\/)(scripts|support)\/|loopback-receiver|vitest\.config|ajv/;
    expect(kit.files.filter((file) => testOnly.test(file))).toEqual([]);
    const needed = ['dist/cli/bin.js', 'dist/mocks/msw/handlers.js', 'dist/mocks/msw/handlers.d.ts'];
    needed.push('dist/openapi/generated/openapi.json', 'LICENSE', 'README.md', 'THIRD_PARTY_NOTICES.md');
    for (const file of needed) expect(kit.files).toContain(file);
  });

  it("ships the third-party notices: each licence's text, for files the tarball holds, at the versions copied", () => {
    const installed = join(consumer, 'node_modules', 'workflow-api-mock-kit');
    const notices = readFileSync(join(installed, 'THIRD_PARTY_NOTICES.md'), 'utf8');
    const named = [...notices.matchAll(/`((?:dist|mocks)\/[^`]*)`/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(5);
    const folder = (path: string) => path.endsWith('/') && kit.files.some((file) => file.startsWith(path));
    expect(named.filter((path) => !kit.files.includes(path) && !folder(path))).toEqual([]);
    // The licences' own words: faker's MIT, MT19937's BSD, Swagger UI's NOTICE, ajv-formats' and Ajv's MIT.
    for (const line of [
      'Faker - Copyright (c) 2022-2025',
      'Copyright (C) 1997 - 2002, Makoto Matsumoto and Takuji Nishimura,',
      'Copyright 2020-2021 SmartBear Software Inc.',
      'Copyright (c) 2020 Evgeny Poberezkin',
      'Copyright (c) 2015-2021 Evgeny Poberezkin',
    ])
      expect(notices).toContain(line);
    const vendorReadme = readFileSync(join(installed, 'mocks/console/vendor/README.md'), 'utf8');
    const vendored = /Swagger UI (\d+\.\d+\.\d+)/.exec(vendorReadme)?.[1];
    expect(notices).toContain(`## Swagger UI ${vendored}, Apache-2.0`);
    expect(notices).toContain(`## Faker (\`@faker-js/faker\` ${devVersion('@faker-js/faker')}), MIT`);
  });

  it('is the size docs/getting-started.md quotes, within 15% (measured with node scripts/install-size.ts)', () => {
    const quoted = /the tarball is ([\d.]+) kB/.exec(
      readFileSync(join(ROOT, 'docs', 'getting-started.md'), 'utf8'),
    )?.[1];
    expect(quoted, 'docs/getting-started.md: "the tarball is N kB"').toBeDefined();
    expect(
      Math.abs(kit.size / 1000 - Number(quoted)) / Number(quoted),
      `packed ${(kit.size / 1000).toFixed(1)} kB, docs/getting-started.md ${quoted} kB`,
    ).toBeLessThan(0.15);
  });

  it('ships the docs: every relative link of README.md and docs/*.md, and every docs/ page the code cites, is in it', () => {
    const shipped = new Set(kit.files);
    expect(
      DOC_FILES.filter((file) => !shipped.has(file)),
      'docs/*.md of the checkout',
    ).toEqual([]);
    const missing: string[] = [];
    for (const file of DOC_FILES) {
      // Links outside code: fences and inline code hold patterns and examples, not links.
      const prose = readFileSync(join(ROOT, file), 'utf8')
        .replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][\w+.-]*:/i.test(target!) || target!.startsWith('#')) continue;
        const path = posix.normalize(posix.join(posix.dirname(file), target!.split('#')[0]!));
        if (!shipped.has(path)) missing.push(`${file}: (${target}) -> ${path}`);
      }
    }
    // The pages the runtime sources name (error messages, --help, comments): a user reads them installed.
    for (const source of runtimeSources()) {
      for (const [page] of readFileSync(join(ROOT, source), 'utf8').matchAll(/\bdocs\/[\w-]+\.md\b/g))
        if (!shipped.has(page)) missing.push(`${source}: ${page}`);
    }
    expect(missing).toEqual([]);
  });

  it('installs with no install script anywhere in its dependencies, and no telemetry package', async () => {
    const bare = await kitOnly();
    const withScripts = installedPackages(join(bare, 'node_modules')).filter((manifest) =>
      ['preinstall', 'install', 'postinstall'].some((name) => manifest.scripts?.[name] !== undefined),
    );
    expect(withScripts.map((manifest) => `${manifest.name}@${manifest.version}`)).toEqual([]);
    expect(existsSync(join(bare, 'node_modules', '@scarf'))).toBe(false);
    expect(existsSync(join(bare, 'node_modules', 'swagger-ui-dist'))).toBe(false);
  });

  it('declares every export with types and a default, and a bin that exists', () => {
    const manifest = JSON.parse(
      readFileSync(join(consumer, 'node_modules', 'workflow-api-mock-kit', 'package.json'), 'utf8'),
    );
    expect(manifest.private).toBeUndefined();
    for (const [entry, target] of Object.entries<string | { types: string; default: string }>(manifest.exports)) {
      const files = typeof target === 'string' ? [target] : [target.types, target.default];
      if (typeof target !== 'string') expect(target.types, entry).toMatch(/\.d\.ts$/);
      for (const file of files)
        expect(existsSync(join(consumer, 'node_modules', 'workflow-api-mock-kit', file)), `${entry} -> ${file}`).toBe(
          true,
        );
    }
    expect(existsSync(bin())).toBe(true);
  });
});

describe("the README's CI job", () => {
  it('runs its steps in order from the tarball: npm ci, serve &, contracts with JUnit, your tests, the server stopped; no colour code', async () => {
    const { job, env, install } = ci;
    // The Node it sets up is the one these steps run on here (a version the kit claims).
    const setupNode = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(String(setupNode?.with?.['node-version'])).toBe(process.versions.node.split('.')[0]);
    expect(job.env.NO_COLOR).toBeTruthy();
    const steps = runSteps(job);
    expect(steps.map((step) => step.run!.trim())).toEqual([
      'npm ci',
      'npx workflow-api-mock --version',
      'PATH="$PWD/node_modules/.bin:$PATH" workflow-api-mock serve --quiet & echo $! > mock.pid',
      'npx workflow-api-mock contracts --base-url http://127.0.0.1:$PORT/v1 --reporter junit --output contracts.xml',
      'npm test',
      'kill "$(cat mock.pid)"',
    ]);
    // "npm test": the project's own tests, which call the mock at $PORT (tests/package/consumer/ci-app.test.mjs).
    const manifest = JSON.parse(readFileSync(join(consumer, 'package.json'), 'utf8'));
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ ...manifest, scripts: { test: 'node --test ci-app.test.mjs' } }, null, 2),
    );

    const results: StepResult[] = [install];
    try {
      // The first step, npm ci, installed this project (beforeAll); the others run now, in order, as a runner runs them.
      for (const step of steps.slice(1)) {
        if (results.some((result) => result.code !== 0) && step.if !== 'always()') continue;
        results.push(await runStep(step.run!, consumer, env));
      }
    } finally {
      // Whatever failed, no server is left behind.
      const pid = existsSync(join(consumer, 'mock.pid'))
        ? Number(readFileSync(join(consumer, 'mock.pid'), 'utf8'))
        : undefined;
      if (pid && !(await portRefuses(Number(env.PORT), 0))) process.kill(pid, 'SIGKILL');
    }
    for (const [index, result] of results.entries()) {
      expect(result.code, `${steps[index]!.run}\n${result.output}`).toBe(0);
      expect(result.output, steps[index]!.run).not.toContain('\u001b[');
    }
    expect(results).toHaveLength(steps.length);
    const [, version, , contracts, tests] = results;
    expect(version!.output.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(contracts!.output).toMatch(/Tests\s+\d+ passed \(\d+\)/);
    const xml = readFileSync(join(consumer, 'contracts.xml'), 'utf8');
    expect(xml).toMatch(/^<\?xml/);
    expect(Number(xml.match(/<testsuites[^>]*tests="(\d+)"/)?.[1])).toBeGreaterThan(100);
    expect(xml).not.toMatch(/<failure/);
    expect(xml).toMatch(/<property name="coverage.operations" value="\d+\/\d+ \([\d.]+%\)"\/>/);
    expect(tests!.output).toMatch(/^\S+ pass 2$/m);
    expect(tests!.output).toMatch(/^\S+ fail 0$/m);
    expect(await portRefuses(Number(env.PORT), 10_000), 'the mock server is stopped by the last step').toBe(true);
  });
});

describe('plain Node, no loader', () => {
  const nodeCheck = async (nodeBinary: string) => {
    const { stdout } = await runOk(nodeBinary, ['node-check.mjs'], { cwd: consumer });
    return JSON.parse(stdout.trim().split('\n').at(-1)!);
  };
  const expectWorking = (result: Record<string, any>) => {
    for (const [entry, names] of Object.entries<string[]>(result.exported))
      expect(names.length, entry).toBeGreaterThan(0);
    expect(result.exported.msw).toContain('createHandlers');
    expect(result.exported.client).toContain('createApiClient');
    expect(result.exported.contracts).toContain('runContracts');
    expect(result.documentTitle).toMatch(/Workflow/);
    expect(result.yamlShipped).toBe(true);
    expect(result.versions).toEqual(['3.1.0', '3.0.3']);
    expect(result.created.status).toBe(200);
    expect(result.created.id).toMatch(/^wh_/);
    expect(result.listedIds).toContain(result.created.id);
    expect(result.refused).toEqual({ status: 400, code: 'unsupported_url' });
    expect(result.server.status).toBe(200);
    expect(result.server.userId).toMatch(/^u_/);
    expect(result.signatureOk).toBe(true);
  };

  it('Node 24 imports every entry point and runs a stateful exchange through setupServer and the server', async () => {
    const result = await nodeCheck(process.execPath);
    expect(result.node).toMatch(/^v24\./);
    expectWorking(result);
  });

  it('node:test runs the README snippet (setupServer + typed client) and passes', async () => {
    const result = await run(process.execPath, ['--test', 'node-test.test.mjs'], { cwd: consumer });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\bpass 2\b/);
    expect(result.stdout).toMatch(/\bfail 0\b/);
  });

  describe('Jest, as the README sets it up', () => {
    beforeAll(async () => {
      // README: `npm i -D jest ts-jest typescript` (the JavaScript recipe needs jest alone), at the versions it is proven with.
      const [install] = shellCommands(packageBlock('jest-ts-install').text);
      expect(install).toBe('npm i -D jest ts-jest typescript');
      const pinned = {
        jest: `jest@${JEST_VERSION}`,
        'ts-jest': `ts-jest@${TS_JEST_VERSION}`,
        typescript: `typescript@${devVersion('typescript')}`,
      };
      await runOk('npm', ['i', '-D', '--no-audit', '--no-fund', '--prefer-offline', ...Object.values(pinned)], {
        cwd: consumer,
        timeoutMs: 300_000,
      });
    }, 600_000);

    /**
     * A project of its own in `folder` of the consumer (its packages resolve from the consumer's
     * node_modules): `npm init -y`, which writes "type": "commonjs", then exactly the package.json
     * change docs/testing.md asks for, the page's files, and the page's jest command.
     */
    async function jestRecipe(folder: string, files: Record<string, string>) {
      const dir = join(consumer, folder);
      mkdirSync(dir, { recursive: true });
      await runOk('npm', ['init', '-y'], { cwd: dir });
      expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).type).not.toBe('module');
      for (const command of shellCommands(packageBlock('jest-type-module').text))
        await runOk('bash', ['-c', command], { cwd: dir });
      for (const [label, file] of Object.entries(files))
        writeFileSync(join(dir, file), `${packageBlock(label).text}\n`);
      const [command] = shellCommands(packageBlock('jest-ts-run').text);
      expect(readFileSync(join(ROOT, 'docs', 'testing.md'), 'utf8')).toContain(`and the same \`${command}\``);
      return run('bash', ['-c', command!], { cwd: dir, timeoutMs: 300_000 });
    }

    it('TypeScript: ts-jest ESM preset, tsconfig and test file from the README pass', async () => {
      const result = await jestRecipe('jest-ts', {
        'jest-ts-config': 'jest.config.js',
        'jest-ts-tsconfig': 'tsconfig.json',
        'jest-ts-test': 'webhooks.test.ts',
      });
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stderr).toMatch(/PASS \.\/webhooks\.test\.ts/);
      expect(result.stderr).toMatch(/Tests:\s+1 passed, 1 total/);
    });

    it('JavaScript: transform {} and the test file from the README pass', async () => {
      const result = await jestRecipe('jest-js', {
        'jest-js-config': 'jest.config.js',
        'jest-js-test': 'webhooks.test.js',
      });
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stderr).toMatch(/PASS \.\/webhooks\.test\.js/);
      expect(result.stderr).toMatch(/Tests:\s+1 passed, 1 total/);
    });
  });

  it(`the oldest Node the package claims (${OLDEST_NODE}) does the same`, async () => {
    const result = await nodeCheck(join(await oldestNode(), 'node'));
    expect(result.node).toBe(`v${OLDEST_NODE}`);
    expectWorking(result);
  });
});

describe('a Node older than engines.node', () => {
  it('gets one line naming the versions the command needs, and exit 1 (Node 20, end-of-life, what some machines still ship)', async () => {
    const result = await run(join(await nodeBin('20'), 'node'), [bin(), '--version'], { cwd: consumer });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^workflow-api-mock needs Node \^22\.13\.0 \|\| \^24\.0\.0 \|\| >=26\.0\.0; this is Node 20\.\d+\.\d+\./,
    );
  });
});

describe("the README's quick start, from an empty folder on a machine whose Node is 20", () => {
  let app = '';
  let env: NodeJS.ProcessEnv = {};
  let port = 0;
  let server: ChildProcess | undefined;
  /** The README's session blocks, in order: the quick start's `serve`, then its one request. */
  const sessions = () => docBlocks().filter((block) => block.file === 'README.md' && block.kind === 'session');
  const ids = new Map<string, string>();
  const shownMatches = (shown: string, printed: string) =>
    matchOutput(shown, printed, { ids, cwd: app, tolerance: 0.1, numbersVary: false });

  afterAll(() => {
    if (server?.pid) process.kill(-server.pid, 'SIGINT');
  });

  it('step 1: npm init, "type": "module", npm i -D node@24 and the kit, as written; node is still 20, npx runs 24', async () => {
    const home = mkdtempSync(join(tmpdir(), 'kit-quickstart-'));
    port = await freePort();
    // The machine's Node 20 first on PATH; PORT keeps this shared machine's 4010 free (serve reads it);
    // npm from its cache where it can, and quiet.
    env = userEnv({
      PATH: pathWith(await nodeBin('20')),
      PORT: String(port),
      NO_COLOR: '1',
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    });
    const commands = shellCommands(packageBlock('quickstart-project').text);
    expect(commands[0]).toBe('mkdir my-app && cd my-app');
    // The kit is the packed tarball where the README installs it from the registry.
    const script = commands.map((command) =>
      command.replace(/^(npm i -D .*)\bworkflow-api-mock-kit\b/, `$1${kit.tarball}`),
    );
    expect(script.join('\n')).toContain(kit.tarball);
    const result = await runStep(
      ['node --version', ...script, 'node --version', 'npx node --version'].join('\n'),
      home,
      env,
      600_000,
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/^v20\.\d+\.\d+\n/);
    expect(result.output).toMatch(/\nv20\.\d+\.\d+\nv24\.\d+\.\d+\n$/);
    app = join(home, 'my-app');
    expect(JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).type).toBe('module');
  }, 900_000);

  it('steps 2 to 4: npx workflow-api-mock serve prints what the README shows, the curl answers it, the console loads', async () => {
    expect(app, 'step 1 ran').not.toBe('');
    const [serve, request] = sessions();
    const [started] = sessionExchanges(serve!);
    expect(started!.command).toBe('npx workflow-api-mock serve');
    let printed = '';
    server = spawn('bash', ['-c', started!.command], {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve printed:\n${printed}`)), 120_000);
      const collect = (chunk: Buffer) => {
        printed += chunk.toString();
        if (shownMatches(started!.expected, printed).ok) {
          clearTimeout(timer);
          resolve();
        }
      };
      server!.stdout!.on('data', collect);
      server!.stderr!.on('data', collect);
      server!.once('exit', (code) => reject(new Error(`serve exited ${code}:\n${printed}`)));
    });
    expect(printed).toContain(`http://127.0.0.1:${port}/v1`);
    for (const exchange of sessionExchanges(request!)) {
      const command = realCommand(exchange.command, { ids, address: `127.0.0.1:${port}` });
      const result = await runStep(command, app, env);
      expect(result.code, result.output).toBe(0);
      const verdict = shownMatches(exchange.expected, result.output);
      expect(verdict, `${exchange.command}\n${result.output}`).toEqual({ ok: true });
    }
    const consolePage = await fetch(`http://127.0.0.1:${port}/__mock/ui/?token=dev-token`);
    expect(consolePage.status).toBe(200);
    expect(await consolePage.text()).toMatch(/<html/i);
  }, 300_000);

  it('step 5: msw init puts the worker in public/, and src/main.ts type-checks strictly in a Vite project', async () => {
    // The step's own words: "(`npm i -D vite`, an `index.html` that loads `/src/main.ts`)".
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('(`npm i -D vite`, an `index.html`');
    await runOk('bash', ['-c', `npm i -D vite@${devVersion('vite')}`], { cwd: app, env });
    for (const command of shellCommands(packageBlock('msw-init').text))
      await runOk('bash', ['-c', command], { cwd: app, env });
    expect(existsSync(join(app, 'public', 'mockServiceWorker.js'))).toBe(true);
    mkdirSync(join(app, 'src'), { recursive: true });
    writeFileSync(join(app, 'index.html'), `${packageBlock('vite-index').text}\n`);
    writeFileSync(join(app, 'src', 'main.ts'), `${packageBlock('vite-main').text}\n`);
    // A Vite project's tsconfig (vite/client for import.meta.env), strict.
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: ['vite/client'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          verbatimModuleSyntax: true,
        },
        files: ['src/main.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it("step 6: the Vitest test passes with the README's command; under onUnhandledFrame 'error' an unhandled request fails it", async () => {
    const testFile = packageBlock('vitest.test.ts').text;
    writeFileSync(join(app, 'webhooks.test.ts'), `${testFile}\n`);
    const passed = await runStep(shellCommands(packageBlock('vitest-run').text).join('\n'), app, env, 600_000);
    expect(passed.code, passed.output).toBe(0);
    expect(passed.output).toMatch(/Tests\s+1 passed \(1\)/);

    // A request no handler answers, to a loopback server that would answer it 200 if it got there.
    const elsewhere = createServer((_, res) => res.end('reached'));
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(elsewhere.address() as { port: number }).port}/not-mocked`;
      const unhandled = `${testFile}\ntest('a request no handler answers', async () => {\n  expect(await (await fetch('${url}')).text()).toBe('reached');\n});\n`;
      expect(testFile).toContain("onUnhandledFrame: 'error'");
      writeFileSync(join(app, 'unhandled.test.ts'), unhandled);
      const strict = await runStep('npx vitest run unhandled.test.ts', app, env, 600_000);
      expect(strict.code, strict.output).toBe(1);
      expect(strict.output).toMatch(/Tests\s+1 failed \| 1 passed \(2\)/);
      expect(strict.output).toContain('/not-mocked');
      // The same file with MSW's default instead: the request reaches the server and the test passes,
      // so what failed it above is the option.
      writeFileSync(
        join(app, 'unhandled.test.ts'),
        unhandled.replace("onUnhandledFrame: 'error'", "onUnhandledFrame: 'bypass'"),
      );
      const bypassed = await runStep('npx vitest run unhandled.test.ts', app, env, 600_000);
      expect(bypassed.code, bypassed.output).toBe(0);
    } finally {
      elsewhere.close();
    }
  }, 900_000);

  it.skipIf(!existsSync(CHROMIUM))(
    "the Playwright section in the same project: its config and test pass beside step 5's in-page worker, and Vitest leaves e2e/ alone",
    async () => {
      // Step 6's second file was the test's own probe, not the README's.
      rmSync(join(app, 'unhandled.test.ts'), { force: true });
      const browserEnv = { ...env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
      await runOk('bash', ['-c', `npm i -D @playwright/test@${devVersion('@playwright/test')}`], {
        cwd: app,
        env: browserEnv,
        timeoutMs: 300_000,
      });
      // This shared machine's free port in place of the README's 5173, and its Chromium where it is.
      const vitePort = String(await freePort());
      const config = packageBlock('playwright-config').text;
      writeFileSync(
        join(app, 'playwright.config.ts'),
        config.replaceAll('5173', vitePort).replace("'/usr/bin/chromium'", JSON.stringify(CHROMIUM)),
      );
      mkdirSync(join(app, 'e2e'), { recursive: true });
      writeFileSync(join(app, 'e2e', 'dashboard.spec.ts'), `${packageBlock('playwright-test').text}\n`);
      writeFileSync(join(app, 'vitest.config.ts'), `${packageBlock('vitest-config').text}\n`);
      // src/main.ts starts the worker in development, as step 5 wrote it: the fixture's scenario must still answer.
      expect(readFileSync(join(app, 'src', 'main.ts'), 'utf8')).toContain('await startMockWorker(');
      const e2e = await runStep('npx playwright test --reporter list', app, { ...browserEnv, CI: '1' }, 600_000);
      expect(e2e.code, e2e.output).toBe(0);
      expect(e2e.output).toMatch(/\b1 passed\b/);
      const unit = await runStep('npx vitest run', app, env, 600_000);
      expect(unit.code, unit.output).toBe(0);
      expect(unit.output).toMatch(/Tests\s+1 passed \(1\)/);
    },
    900_000,
  );

  it("docs/pact.md's Vitest recipe (its config and setup file) beside the quick start's test: both servers listen, nothing is printed", async () => {
    rmSync(join(app, 'unhandled.test.ts'), { force: true });
    writeFileSync(join(app, 'vitest.config.ts'), `${packageBlock('pact-vitest-config').text}\n`);
    writeFileSync(join(app, 'vitest.setup.ts'), `${packageBlock('pact-vitest-setup').text}\n`);
    const result = await runStep('npx vitest run', app, env, 600_000);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Tests\s+1 passed \(1\)/);
    expect(result.output).not.toContain('Body is unusable');
    expect(result.output).not.toContain('[MSW]');
  }, 600_000);

  it('the CI section: npx workflow-api-mock contracts against the running mock passes', async () => {
    const [command] = shellCommands(packageBlock('contracts-run').text);
    const result = await runStep(realCommand(command!, { ids, address: `127.0.0.1:${port}` }), app, env, 600_000);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Tests\s+\d+ passed \(\d+\)/);
    expect(readFileSync(join(app, 'contracts.xml'), 'utf8')).not.toMatch(/<failure/);
  }, 600_000);

  it('the Connect SDK example runs with the command the README gives, against the running mock', async () => {
    for (const command of shellCommands(packageBlock('sdk-install').text)) {
      const installed = await runStep(command, app, env, 600_000);
      expect(installed.code, installed.output).toBe(0);
    }
    const example = packageBlock('sdk-example').text;
    const file = /^\/\/ (\S+\.mjs)$/m.exec(example)?.[1];
    expect(file).toBe('sdk.mjs');
    writeFileSync(join(app, file!), realCommand(example, { ids, address: `127.0.0.1:${port}` }));
    const [command] = shellCommands(packageBlock('sdk-run').text);
    const result = await runStep(command!, app, env, 300_000);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/^apps: .*github/m);
    const deployed = /^deployed: (dc_\w+)$/m.exec(result.output)?.[1];
    expect(deployed, result.output).toBeDefined();
    expect(result.output).toContain(`listed: ${deployed}`);
  }, 600_000);
});

describe('a strict TypeScript consumer', () => {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  it('type-checks every TypeScript recipe of README.md and docs/*.md strictly, as `npx tsc --noEmit` would', async () => {
    // The Playwright recipe's types come from its optional peer, the Jest recipe's from jest (@jest/globals),
    // which their users install; installed here too, so this test holds when run alone (-t).
    const recipeTypes = [`@playwright/test@${devVersion('@playwright/test')}`, `jest@${JEST_VERSION}`];
    await runOk('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...recipeTypes], {
      cwd: consumer,
      env: userEnv({ PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }),
      timeoutMs: 300_000,
    });
    const dir = join(consumer, 'recipes');
    mkdirSync(dir, { recursive: true });
    // vite-main needs a Vite project's types (import.meta.env): the quick start's step 5 checks it.
    const recipes = docBlocks().filter(
      (block) => block.kind === 'package' && block.lang === 'ts' && !block.args.startsWith('vite-main'),
    );
    expect(recipes.length).toBeGreaterThanOrEqual(4);
    // docs/pact.md's recipes are type-checked here; the tests its prose names run what they do.
    const labels = recipes.map((block) => block.args.split(/\s+/)[0]);
    for (const label of ['pact-vitest-setup', 'pact-playwright-config', 'pact-contracts'])
      expect(labels).toContain(label);
    const files = recipes.map((block) => {
      const name = `${block.args.split(/\s+/)[0]!.replace(/\.ts$/, '')}.ts`;
      writeFileSync(join(dir, name), `${block.text}\n`);
      return name;
    });
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files,
      }),
    );
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 600_000);

  for (const config of ['tsconfig.nodenext.json', 'tsconfig.vite.json']) {
    it(`type-checks against the shipped declarations (${config}), and the @ts-expect-error lines prove answers are typed`, async () => {
      const result = await run(process.execPath, [tsc, '-p', config], { cwd: join(consumer, 'types') });
      expect(result.stdout + result.stderr).toBe('');
      expect(result.code).toBe(0);
    });
  }
});

describe('the CLI from the install', () => {
  let brokenServer: Server | undefined;
  afterAll(() => brokenServer?.close());

  it('--version prints the package version and --help lists the subcommands', async () => {
    const version = await runOk(bin(), ['--version'], { cwd: consumer });
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    const help = await runOk(bin(), ['--help'], { cwd: consumer });
    for (const command of ['serve', 'contracts', 'prism', 'receiver-check', 'deliver'])
      expect(help.stdout).toContain(command);
    const usage = await run(bin(), ['no-such-command'], { cwd: consumer });
    expect(usage.code).toBe(2);
  });

  // `serve &` and `contracts` passing with a JUnit report: the README's CI job above.
  it('`serve` answers with its console, `contracts --explore` holds against it, and both fail against a broken server', async () => {
    const served = await startKitCli(consumer, ['serve', '--port', '0', '--quiet']);
    try {
      const me = await fetch(`${served.baseUrl}/users/me`, { headers: { authorization: 'Bearer cli-token' } });
      expect(me.status).toBe(200);
      // The console ships too: its page, its script and Swagger UI's bundle, from the installed files.
      const origin = new URL(served.baseUrl).origin;
      for (const path of ['/__mock/ui/', '/__mock/ui/console.js', '/__mock/ui/swagger-ui-bundle.js']) {
        expect((await fetch(`${origin}${path}`)).status, path).toBe(200);
      }

      // The installed explorer (fast-check, an optional peer the project installed), with its coverage files.
      const coverageDir = mkdtempSync(join(tmpdir(), 'kit-coverage-'));
      const explored = await run(
        bin(),
        [
          'contracts',
          '--explore',
          '--runs',
          '30',
          '--seed',
          '1',
          '--base-url',
          served.baseUrl,
          '--coverage-dir',
          coverageDir,
        ],
        {
          cwd: consumer,
          timeoutMs: 300_000,
        },
      );
      expect(explored.code, explored.stdout + explored.stderr).toBe(0);
      expect(explored.stdout).toContain('contracts: every invariant held');
      expect(
        JSON.parse(readFileSync(join(coverageDir, 'coverage.json'), 'utf8')).totals.operations.covered,
      ).toBeGreaterThan(0);

      // The same server behind a proxy that renames one ID prefix: the suites must notice.
      brokenServer = await startBrokenProxy(served.baseUrl);
      const address = brokenServer.address() as { port: number };
      const failed = await run(bin(), ['contracts', '--base-url', `http://127.0.0.1:${address.port}/v1`], {
        cwd: consumer,
        timeoutMs: 300_000,
      });
      expect(failed.code, failed.stdout + failed.stderr).toBe(1);
      expect(failed.stdout + failed.stderr).toMatch(/wh_|prefix/);
      // --explore alone notices too, and prints the curl commands and the command that replay it.
      const caught = await run(
        bin(),
        ['contracts', '--explore', '--runs', '100', '--seed', '1', '--base-url', `http://127.0.0.1:${address.port}/v1`],
        {
          cwd: consumer,
          timeoutMs: 300_000,
        },
      );
      expect(caught.code, caught.stdout + caught.stderr).toBe(1);
      expect(caught.stdout).toMatch(/^ {2}curl -sS -X \w+ 'http:\/\/127\.0\.0\.1:\d+\/v1\//m);
      expect(caught.stdout).toContain('Replay with: workflow-api-mock contracts --explore --seed 1 --path ');
    } finally {
      served.stop();
    }
  });

  it('`contracts --target msw` without msw (an optional peer) says what to install, exit 1; the inprocess target needs none', async () => {
    const bare = await kitWithVitest();
    const withoutMsw = join(bare, 'node_modules', '.bin', 'workflow-api-mock');
    const result = await run(withoutMsw, ['contracts', '--target', 'msw'], { cwd: bare });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toContain(
      "workflow-api-mock contracts: the msw target runs the kit's MSW handlers, and msw is not installed in this project",
    );
    expect(result.stderr).toContain('npm i -D msw@^3');
    expect(result.stdout + result.stderr).not.toContain('Cannot find package');
    const inprocess = await run(withoutMsw, ['contracts', '--target', 'inprocess', 'users-workspaces'], { cwd: bare });
    expect(inprocess.code, inprocess.stdout + inprocess.stderr).toBe(0);
  });

  it('`prism` without @stoplight/prism-cli says exactly what to install', async () => {
    const bare = await kitOnly();
    const result = await run(join(bare, 'node_modules', '.bin', 'workflow-api-mock'), ['prism'], { cwd: bare });
    expect(result.code).not.toBe(0);
    expect(result.stdout + result.stderr).toContain('npm i -D @stoplight/prism-cli');
  });
});

describe('the kit alone, with no peer installed', () => {
  const kitManifest = async () =>
    JSON.parse(
      readFileSync(join(await kitOnly(), 'node_modules', 'workflow-api-mock-kit', 'package.json'), 'utf8'),
    ) as {
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };

  it("installs in at most 20 MB as the README's install-kinds block says; each other line adds one optional peer", async () => {
    const bare = await kitOnly();
    const du = await runOk('du', ['-s', '--block-size=1', 'node_modules'], { cwd: bare });
    const bytes = Number(du.stdout.split('\t')[0]);
    expect(bytes, `node_modules: ${(bytes / 1e6).toFixed(1)} MB`).toBeLessThanOrEqual(20e6);
    const manifest = await kitManifest();
    const added = shellCommands(packageBlock('install-kinds').text)
      .slice(1)
      .map((line) => line.replace(/^npm i -D /, ''));
    expect([...added].sort()).toEqual(Object.keys(manifest.peerDependencies).sort());
    for (const peer of added) {
      expect(manifest.peerDependenciesMeta[peer]?.optional, peer).toBe(true);
      expect(existsSync(join(bare, 'node_modules', peer)), `${peer} installed with the kit alone`).toBe(false);
    }
  });

  it('`npx workflow-api-mock contracts` asks for vitest, `contracts --explore` for fast-check, `mcp` for the MCP SDK: one line each', async () => {
    const bare = await kitOnly();
    const { peerDependencies } = await kitManifest();
    const env = userEnv({ PATH: pathWith(dirname(process.execPath)), NO_COLOR: '1' });
    const asks = [
      { args: ['contracts', '--base-url', 'http://127.0.0.1:9/v1', '--target', 'mock'], peer: 'vitest' },
      { args: ['contracts', '--explore', '--runs', '5'], peer: 'fast-check' },
    ];
    for (const { args, peer } of asks) {
      const result = await run('npx', ['workflow-api-mock', ...args], { cwd: bare, env });
      expect(result.code, result.stdout + result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      const major = /^\^(\d+)\./.exec(peerDependencies[peer]!)?.[1];
      expect(result.stderr).toBe(`workflow-api-mock contracts needs ${peer}: npm i -D ${peer}@^${major}\n`);
    }
    // The MCP face asks for the SDK: `mcp` as a missing peer (2), `serve --mcp` as a server that cannot start (1).
    const sdk = '@modelcontextprotocol/sdk';
    const major = /^\^(\d+)\./.exec(peerDependencies[sdk]!)?.[1];
    const mcp = await run('npx', ['workflow-api-mock', 'mcp'], { cwd: bare, env });
    expect(mcp.code, mcp.stdout + mcp.stderr).toBe(2);
    expect(mcp.stderr).toBe(`workflow-api-mock mcp needs ${sdk}: npm i -D ${sdk}@^${major}\n`);
    const serve = await run('npx', ['workflow-api-mock', 'serve', '--port', '0', '--mcp'], { cwd: bare, env });
    expect(serve.code, serve.stdout + serve.stderr).toBe(1);
    expect(serve.stderr).toBe(`workflow-api-mock serve: --mcp needs ${sdk}: npm i -D ${sdk}@^${major}\n`);
  });

  it('`serve` answers the API, Connect (whose operations load on the first Connect request) and the console; the entries load', async () => {
    const bare = await kitOnly();
    const served = await startKitCli(bare, ['serve', '--port', '0', '--quiet']);
    try {
      const headers = { authorization: 'Bearer kit-alone' };
      expect((await fetch(`${served.baseUrl}/users/me`, { headers })).status).toBe(200);
      const projects = await fetch(`${served.baseUrl}/connect/projects`, { headers });
      expect(projects.status).toBe(200);
      expect(((await projects.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
      expect((await fetch(`${new URL(served.baseUrl).origin}/__mock/ui/`)).status).toBe(200);
    } finally {
      await served.stop();
    }
    // createMock, the Node server's entry and the client, imported where neither vitest nor fast-check is.
    const probe = [
      "import { createMock } from 'workflow-api-mock-kit';",
      "import { startServer } from 'workflow-api-mock-kit/server';",
      "import { createApiClient } from 'workflow-api-mock-kit/client';",
      'const mock = createMock();',
      "const me = await mock.fetch('/v1/users/me', { headers: { authorization: 'Bearer probe' } });",
      'console.log(me.status, typeof startServer, typeof createApiClient);',
    ].join('\n');
    const loaded = await runOk(process.execPath, ['--input-type=module', '-e', probe], { cwd: bare });
    expect(loaded.stdout.trim()).toBe('200 function function');
  });
});

describe('a Vite app with the dev-only pattern', () => {
  const app = () => join(consumer, 'vite-app');
  const vite = () => join(consumer, 'node_modules', 'vite', 'bin', 'vite.js');

  let setUp: Promise<void> | undefined;
  /** What the README tells a user to do: put MSW's worker script in public/ (and name it in package.json), and keep it out of production builds with its vite.config.js. */
  const setUpApp = () =>
    (setUp ??= (async () => {
      const [init] = shellCommands(packageBlock('msw-init').text);
      await runOk('bash', ['-c', init!], { cwd: app() });
      expect(JSON.parse(readFileSync(join(app(), 'package.json'), 'utf8')).msw).toEqual({
        workerDirectory: ['public'],
      });
      expect(existsSync(join(app(), 'public', 'mockServiceWorker.js'))).toBe(true);
      writeFileSync(join(app(), 'vite.config.js'), `${packageBlock('vite-config').text}\n`);
    })());

  it('a production build carries none of the kit, and not the worker script', async () => {
    await setUpApp();
    await runOk(process.execPath, [vite(), 'build', '--logLevel', 'warn', '--outDir', 'dist-prod'], { cwd: app() });
    expect(readdirSync(join(app(), 'dist-prod'))).not.toContain('mockServiceWorker.js');
    const code = readAssets(join(app(), 'dist-prod'));
    expect(code).toContain('/v1/users/me'); // the app itself is there
    for (const marker of ['unsupported_url', 'x-pd-signature', 'startMockWorker', 'setupWorker'])
      expect(code).not.toContain(marker);
    expect(Buffer.byteLength(code)).toBeLessThan(10_000);
  });

  describe.skipIf(!existsSync(CHROMIUM))('its development build in Chromium: startMockWorker() answers the app', () => {
    let site: { url: string; close(): Promise<void> };
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      await setUpApp();
      await runOk(
        process.execPath,
        [vite(), 'build', '--mode', 'development', '--logLevel', 'warn', '--outDir', 'dist-dev'],
        {
          cwd: app(),
          env: userEnv({ NODE_ENV: 'development' }),
        },
      );
      expect(readdirSync(join(app(), 'dist-dev'))).toContain('mockServiceWorker.js');
      site = await serveFolder(join(app(), 'dist-dev'));
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      page = await openPage('');
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await site?.close();
    });

    /** A new tab (its own sessionStorage) on the app, `query` choosing startMockWorker's options. */
    async function openPage(query: string): Promise<Page> {
      const opened = await browser.newPage();
      const errors: string[] = [];
      opened.on('pageerror', (error) => errors.push(String(error)));
      await opened.goto(site.url + query);
      await waitForKit(opened, errors);
      return opened;
    }

    async function waitForKit(target: Page, errors: string[]): Promise<void> {
      await target.waitForFunction(() => (window as any).kit !== undefined, undefined, { timeout: 30_000 });
      const kit = await target.evaluate(() => ({
        ready: (window as any).kit.ready,
        mocked: (window as any).kit.mocked,
        error: (window as any).kit.error,
      }));
      expect(kit, errors.join('\n')).toEqual({ ready: true, mocked: true, error: undefined });
    }

    async function reload(target: Page): Promise<void> {
      await target.reload();
      await waitForKit(target, []);
    }

    const call = (target: Page, method: string, path: string, token: string | null) =>
      target.evaluate(
        async ({ method, path, token }) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (token) headers.authorization = `Bearer ${token}`;
          const response = await fetch(path, { method, headers, ...(method === 'POST' ? { body: '{}' } : {}) });
          const text = await response.text();
          return { status: response.status, body: text ? JSON.parse(text) : null };
        },
        { method, path, token },
      );

    const webhookIds = async (target: Page, token: string) =>
      (await call(target, 'GET', '/v1/users/me/webhooks', token)).body.data.map(
        (hook: { id: string }) => hook.id,
      ) as string[];

    it("the app's own fetch gets its user from the seeded world", async () => {
      const shown = await page.textContent('#user');
      const me = await call(page, 'GET', '/v1/users/me', 'app-token');
      expect(me.status).toBe(200);
      expect(me.body.data.id).toMatch(/^u_[A-Za-z0-9]+$/);
      expect(shown).toBe(me.body.data.username);
      for (const org of me.body.data.orgs) expect(org.id).toMatch(/^o_[A-Za-z0-9]+$/);
    });

    it('refuses a request without a token, as the Node adapters do', async () => {
      const answer = await call(page, 'GET', '/v1/users/me', null);
      expect(answer.status).toBe(401);
      expect(typeof answer.body.error).toBe('string');
    });

    it('keeps state across requests: a created webhook is listed, an unsupported URL is refused', async () => {
      const created = await call(
        page,
        'POST',
        '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fin&name=browser&description=from%20the%20page',
        'browser-state',
      );
      expect(created.status).toBe(200);
      expect(created.body.data.id).toMatch(/^wh_/);
      expect(await webhookIds(page, 'browser-state')).toContain(created.body.data.id);
      const refused = await call(page, 'POST', '/v1/webhooks?url=ftp%3A%2F%2Fx&name=n&description=d', 'browser-state');
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('unsupported_url');
    });

    it('works with the typed client and records deliveries through the JS control API', async () => {
      const result = await page.evaluate(async () => {
        const { mock, createApiClient, baseUrl } = (window as any).kit;
        const token = 'browser-control';
        const client = createApiClient({ baseUrl, token });
        const me = await client.GET('/users/me');
        const hook = await client.POST('/webhooks', {
          params: { query: { url: 'https://hooks.example.com/errors', name: 'errors', description: 'error feed' } },
        });
        const sub = await client.POST('/subscriptions', {
          params: { query: { emitter_id: 'p_*', listener_id: hook.data.data.id, event_name: '$errors' } },
        });
        const workflowId = mock.control.world(token).workflows[0].id;
        const emitted = mock.control.emit(token, {
          emitter_id: workflowId,
          event_name: '$errors',
          event: { hello: 'browser' },
        });
        await mock.control.idle();
        return {
          meStatus: me.response.status,
          subStatus: sub.response.status,
          emitted: emitted.ok,
          // Only ours: the seeded world has subscriptions of its own that may route this event too.
          deliveries: mock.control
            .deliveries(token)
            .filter((d: any) => d.url === 'https://hooks.example.com/errors')
            .map((d: any) => ({ url: d.url, state: d.state, body: JSON.parse(d.body) })),
        };
      });
      expect(result.meStatus).toBe(200);
      expect(result.subStatus).toBe(200);
      expect(result.emitted).toBe(true);
      expect(result.deliveries).toHaveLength(1);
      expect(result.deliveries[0]).toMatchObject({
        url: 'https://hooks.example.com/errors',
        state: 'recorded',
        body: { event_name: '$errors', event: { hello: 'browser' } },
      });
    });

    it('with persist, keeps a created webhook across page.reload()', async () => {
      const tab = await openPage('?persist=session');
      try {
        const created = await call(
          tab,
          'POST',
          '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fkept&name=kept&description=survives',
          'browser-persist',
        );
        expect(created.status).toBe(200);
        await reload(tab);
        expect(await tab.evaluate(() => (window as any).kit.persistence.loaded)).toEqual({
          restored: ['app-token', 'browser-persist'],
        });
        expect(await webhookIds(tab, 'browser-persist')).toContain(created.body.data.id);
      } finally {
        await tab.close();
      }
    });

    it('without persist, a reload seeds the world afresh: the created webhook is gone, the seeded ones are back', async () => {
      const tab = await openPage('');
      try {
        const seeded = await webhookIds(tab, 'browser-reload');
        const created = await call(
          tab,
          'POST',
          '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fgone&name=gone&description=lost',
          'browser-reload',
        );
        expect(created.status).toBe(200);
        expect(await webhookIds(tab, 'browser-reload')).toContain(created.body.data.id);
        await reload(tab);
        expect(await webhookIds(tab, 'browser-reload')).toEqual(seeded);
      } finally {
        await tab.close();
      }
    });

    it('with token, answers requests without an Authorization header from that bearer world', async () => {
      const tab = await openPage('?token=page-dev');
      try {
        const anonymous = await call(tab, 'GET', '/v1/users/me', null);
        expect(anonymous.status).toBe(200);
        const explicit = await call(tab, 'GET', '/v1/users/me', 'page-dev');
        expect(anonymous.body).toEqual(explicit.body);
        const other = await call(tab, 'GET', '/v1/users/me', 'someone-else');
        expect(other.body.data.id).not.toBe(anonymous.body.data.id);
      } finally {
        await tab.close();
      }
    });

    it('beside a real service (upstream, live): the live operations reach it with the caller token, the rest stays mocked', async () => {
      // The "real service" is the installed kit's own server on 127.0.0.1 (another seed, so another
      // world), letting this page's origin call it, as a staging API would have to.
      const upstream = await startKitCli(consumer, [
        'serve',
        '--port',
        '0',
        '--seed',
        '9',
        '--quiet',
        '--cors',
        site.url,
      ]);
      const tab = await openPage(`?upstream=${encodeURIComponent(upstream.baseUrl)}&live=getCurrentUser`);
      try {
        const direct = await (
          await fetch(`${upstream.baseUrl}/users/me`, { headers: { authorization: 'Bearer hybrid-page' } })
        ).json();
        const answer = await tab.evaluate(async () => {
          const response = await fetch('/v1/users/me', { headers: { authorization: 'Bearer hybrid-page' } });
          const hooks = await fetch('/v1/users/me/webhooks', { headers: { authorization: 'Bearer hybrid-page' } });
          return {
            me: { source: response.headers.get('x-mock-source'), body: await response.json() },
            hooks: { source: hooks.headers.get('x-mock-source'), status: hooks.status },
            journal: (window as any).kit.mock.control
              .requests('hybrid-page')
              .map((entry: any) => entry.source ?? 'mock'),
            drift: (window as any).kit.drift.report().answers,
          };
        });
        expect(answer.me).toEqual({ source: 'live', body: direct });
        expect(answer.hooks).toEqual({ source: 'mock', status: 200 });
        expect(answer.journal).toEqual(['live', 'mock']);
        expect(answer.drift).toBeGreaterThanOrEqual(1);
        const mocked = await call(
          tab,
          'POST',
          '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fh&name=h&description=d',
          'hybrid-page',
        );
        expect(mocked.status).toBe(200);
      } finally {
        await tab.close();
        upstream.stop();
      }
    });
  });
});

describe.skipIf(!existsSync(CHROMIUM))(
  "the Playwright fixture, workflow-api-mock-kit/playwright, under the real runner with the README's config",
  () => {
    it("runs the README's test and the fixture's own (a test per built-in scenario, the clock past a token expiry, a signed delivery) in Chromium, two workers", async () => {
      // @playwright/test is an optional peer of the kit: a user who wants the fixture installs it (no browser is downloaded: Debian's Chromium runs).
      await runOk(
        'npm',
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          `@playwright/test@${devVersion('@playwright/test')}`,
        ],
        {
          cwd: consumer,
          env: userEnv({ PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }),
          timeoutMs: 300_000,
        },
      );
      // A project as the README lays it out: the app Vite serves (index.html, src/), the README's
      // playwright.config.ts and its e2e/ test, beside the fixture's own spec; the consumer's packages.
      const project = join(consumer, 'pw-project');
      mkdirSync(join(project, 'e2e'), { recursive: true });
      cpSync(join(consumer, 'playwright', 'app'), project, { recursive: true });
      symlinkSync(join(consumer, 'node_modules'), join(project, 'node_modules'));
      // This shared machine's free port in place of the README's 5173 (reuseExistingServer must not find another's).
      const vitePort = String(await freePort());
      const config = packageBlock('playwright-config').text;
      expect(config).toContain("executablePath: '/usr/bin/chromium'");
      // CHROMIUM_PATH, when this machine's Chromium is elsewhere, as a user there would write it.
      writeFileSync(
        join(project, 'playwright.config.ts'),
        config.replaceAll('5173', vitePort).replace("'/usr/bin/chromium'", JSON.stringify(CHROMIUM)),
      );
      const spec = packageBlock('playwright-test').text;
      const specFile = /^\/\/ (e2e\/\S+\.spec\.ts)/.exec(spec)?.[1];
      expect(specFile).toBe('e2e/dashboard.spec.ts');
      writeFileSync(join(project, specFile!), `${spec}\n`);
      cpSync(join(consumer, 'playwright', 'dashboard.spec.ts'), join(project, 'e2e', 'fixture.spec.ts'));
      const result = await run(
        join(project, 'node_modules', '.bin', 'playwright'),
        ['test', '--workers', '2', '--reporter', 'list'],
        {
          cwd: project,
          env: userEnv({ PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CI: '1' }),
          timeoutMs: 600_000,
        },
      );
      const output = stripVTControlCharacters(result.stdout + result.stderr);
      expect(result.code, output).toBe(0);
      expect(output).toMatch(/Running 9 tests using 2 workers/);
      expect(output).toMatch(/\b9 passed\b/);
      expect(output).toContain('a user out of invocations sees the quota used up');
      for (const name of [
        'empty-account',
        'busy-workspace',
        'quotas-exhausted',
        'connect-broken-accounts',
        'workflow-errors',
      ])
        expect(output).toContain(name);
      expect(output).toContain('the clock moves a Connect token past its expiry');
      expect(output).toContain('a deployed trigger delivers a signed event the test reads back');
      // Each worker ends with what its tests covered.
      expect(output).toMatch(
        /\[workflow-api-mock-kit\] worker \d: Coverage \(all worlds\): operations \d+\/\d+ \(.*\), documented statuses \d+\/\d+/,
      );
    }, 900_000);
  },
);

// It installs Prism from the registry on that Node (185 packages) and runs it: about 2 minutes on
// the loaded build machine, so `npm test` runs it only when asked; .ci/run asks (PACKAGE_TEST_PRISM=1).
describe.skipIf(!process.env.PACKAGE_TEST_PRISM)(
  `the README's Prism section, on the oldest Node the kit claims (${OLDEST_NODE})`,
  () => {
    it('installs @stoplight/prism-cli@^5 with that Node, runs prism mock and contracts --target prism against it, covering what the README says', async () => {
      const port = await freePort();
      // Everything on that Node: npm (so the Prism version npm picks for it), the kit's command, Prism.
      const env = userEnv({ PATH: pathWith(await oldestNode()), PRISM_PORT: String(port) });
      const commands = shellCommands(packageBlock('prism').text.replaceAll('127.0.0.1:4011', `127.0.0.1:${port}`));
      expect(commands[0]).toBe('npm i -D @stoplight/prism-cli@^5');
      const result = await runStep(['node --version', ...commands].join('\n'), consumer, env, 600_000);
      try {
        expect(result.code, result.output).toBe(0);
        expect(result.output).toContain(`v${OLDEST_NODE}\n`);
        expect(result.output).toContain(`contracts: target prism at http://127.0.0.1:${port}`);
        expect(result.output).not.toContain('\u001b[');
        const prism = JSON.parse(
          readFileSync(join(consumer, 'node_modules', '@stoplight', 'prism-cli', 'package.json'), 'utf8'),
        ).version as string;
        // What the README says: the Prism npm picks on this Node, and how many of the cases run there.
        const tests = /Tests\s+(\d+) passed \| (\d+) skipped \((\d+)\)/.exec(result.output);
        expect(tests, result.output).not.toBeNull();
        const page = readFileSync(join(ROOT, 'docs', 'prism.md'), 'utf8');
        expect(page).toContain(`${tests![1]} of the ${tests![3]} cases`);
        expect(page).toContain(`npm picks prism-cli ${prism} there`);
        expect(await portRefuses(port, 10_000), 'Prism is stopped by the last command').toBe(true);
      } finally {
        const pid = existsSync(join(consumer, 'prism.pid'))
          ? Number(readFileSync(join(consumer, 'prism.pid'), 'utf8'))
          : undefined;
        if (pid && !(await portRefuses(port, 0))) process.kill(pid, 'SIGTERM');
      }
    }, 900_000);
  },
);

interface CiStep {
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  if?: string;
}
interface CiJob {
  env: Record<string, string>;
  steps: CiStep[];
}
interface StepResult {
  code: number;
  output: string;
}

/** The job of the README's CI recipe (`package ci-job`). */
function ciJob(): CiJob {
  return (parseYaml(packageBlock('ci-job').text) as { jobs: Record<string, CiJob> }).jobs.test!;
}

/** Its `run:` steps, in order. */
function runSteps(job: CiJob): CiStep[] {
  return job.steps.filter((step) => step.run !== undefined);
}

/**
 * One step as a runner runs it: `bash -e`, the job's environment, and done when the shell exits (a
 * server it started with `&` keeps running and keeps writing to the step's log, as on a runner).
 */
function runStep(command: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 300_000): Promise<StepResult> {
  const log = join(mkdtempSync(join(tmpdir(), 'kit-ci-step-')), 'log');
  const fd = openSync(log, 'w');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-c', command], { cwd, env, stdio: ['ignore', fd, fd] });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      closeSync(fd);
      resolve({ code: code ?? 1, output: readFileSync(log, 'utf8') });
    });
  });
}

/** PATH with `first` in front and without the checkout's own tools (node_modules/.bin), as a user's shell has it. */
function pathWith(first: string): string {
  return [
    first,
    ...(process.env.PATH ?? '').split(delimiter).filter((entry) => entry !== '' && !entry.startsWith(ROOT)),
  ].join(delimiter);
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether 127.0.0.1:port refuses connections within `withinMs` (a stopped server's port); asked every 100 ms. */
async function portRefuses(port: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return true;
    }
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100)); // poll interval while the server stops, not a sleep to pass
  }
}

const nodeDirs = new Map<string, Promise<string>>();
/** The bin folder of a Node version (the npm package `node`, from the npm cache when it holds it), installed once. */
function nodeBin(version: string): Promise<string> {
  if (!nodeDirs.has(version)) {
    nodeDirs.set(
      version,
      (async () => {
        const dir = mkdtempSync(join(tmpdir(), 'kit-node-'));
        writeFileSync(join(dir, 'package.json'), '{"private":true}');
        await runOk('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', `node@${version}`], {
          cwd: dir,
          timeoutMs: 300_000,
        });
        return join(dir, 'node_modules', '.bin');
      })(),
    );
  }
  return nodeDirs.get(version)!;
}
const oldestNode = () => nodeBin(OLDEST_NODE);

/** The .ts files that run in the kit (not tests, not the self-test), as paths from the root. */
function runtimeSources(): string[] {
  return ['cli', 'mocks', 'openapi', 'contracts'].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => `${folder}/${file.split('\\').join('/')}`)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('self-test')),
  );
}

let bareProject: Promise<string> | undefined;
/**
 * A project with the kit alone installed (no peer, nothing else), made once, by the first line of
 * the README's install-kinds block: `npm i -D workflow-api-mock-kit`, the tarball for the name.
 */
function kitOnly(): Promise<string> {
  bareProject ??= (async () => {
    const [line] = shellCommands(packageBlock('install-kinds').text);
    expect(line).toBe('npm i -D workflow-api-mock-kit');
    const dir = mkdtempSync(join(tmpdir(), 'kit-alone-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'kit-alone', version: '1.0.0', private: true }));
    const install = `${line!.replace('workflow-api-mock-kit', kit.tarball)} --no-audit --no-fund --prefer-offline`;
    await runOk('bash', ['-c', install], { cwd: dir, timeoutMs: 300_000 });
    return dir;
  })();
  return bareProject;
}

let vitestProject: Promise<string> | undefined;
/** A project with the kit and Vitest (the contract suites' peer) but no msw, made once. */
function kitWithVitest(): Promise<string> {
  vitestProject ??= createConsumer(kit, [`vitest@${devVersion('vitest')}`]);
  return vitestProject;
}

/** The manifest of every package under `modules`, scoped and nested ones included. */
function installedPackages(
  modules: string,
): Array<{ name: string; version: string; scripts?: Record<string, string> }> {
  return readdirSync(modules, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name.startsWith('.')) return [];
    const dir = join(modules, entry.name);
    if (entry.name.startsWith('@')) return installedPackages(dir);
    if (!existsSync(join(dir, 'package.json'))) return [];
    const nested = join(dir, 'node_modules');
    return [
      JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')),
      ...(existsSync(nested) ? installedPackages(nested) : []),
    ];
  });
}

/**
 * The packages of the README's install command (`npm i -D workflow-api-mock-kit msw`), as this test
 * installs them: the kit is the tarball (createConsumer adds it), msw the version the kit is developed with.
 */
function readmeInstall(): string[] {
  const [command] = shellCommands(packageBlock('install').text);
  const words = command!.split(/\s+/);
  if (words.slice(0, 3).join(' ') !== 'npm i -D' || !words.includes('workflow-api-mock-kit')) {
    throw new Error(
      `README.md's install block is "${command}"; the package test knows "npm i -D workflow-api-mock-kit ..."`,
    );
  }
  return words
    .slice(3)
    .flatMap((name) => (name === 'workflow-api-mock-kit' ? [] : [name === 'msw' ? `msw@${devVersion('msw')}` : name]));
}

/** Every JS file a Vite build wrote, concatenated. */
function readAssets(dir: string): string {
  const assets = join(dir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
}

/** A proxy in front of the mock that answers webhook IDs with a foreign prefix (hook_ for wh_). */
async function startBrokenProxy(upstreamBaseUrl: string): Promise<Server> {
  const upstream = new URL(upstreamBaseUrl).origin;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length'),
    ) as Record<string, string>;
    const method = req.method ?? 'GET';
    const answer = await fetch(`${upstream}${req.url}`, {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
    });
    const text = (await answer.text()).replaceAll('"wh_', '"hook_');
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding') out[name] = value;
    });
    res.writeHead(answer.status, out).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
