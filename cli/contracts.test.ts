// `workflow-api-mock contracts` end to end: against a mock server it passes and writes JUnit XML;
// against a server that answers every request 500 it fails; its flags win over CONTRACT_* variables.
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../mocks/node/server.ts';
import { parseCommand } from './args.ts';
import { CONTRACTS } from './contracts.ts';
import { runCli, startCli } from '../support/cli.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-contracts-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A loopback server answering `answer(request)`, recording each request as `METHOD path` in `seen`. */
type Answer = [number, string, Record<string, string>?];
async function listenRecording(answer: (request: IncomingMessage) => Answer | Promise<Answer>) {
  const seen: string[] = [];
  const server: Server = createServer(async (request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    const [status, body, headers] = await answer(request);
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The attributes of every `<tag ...>` in the XML, in order. */
function elements(xml: string, tag: string): Record<string, string>[] {
  return [...xml.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map(([, attributes]) =>
    Object.fromEntries([...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!])),
  );
}

describe('workflow-api-mock contracts', () => {
  it('passes against a mock server, prints the per-operation table and writes JUnit XML with a testcase per case', async () => {
    const server = await startServer({ port: 0, quiet: true });
    const report = join(dir, 'pass.xml');
    // A link planted at --output is replaced, as serve replaces one at its report files.
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, report);
    try {
      const { code, stdout, stderr } = await runCli(
        ['contracts', '--base-url', server.baseUrl, '--reporter', 'junit', '--output', report, 'webhooks', 'users'],
        { env: { TERM: 'xterm' } },
      );
      expect(code, stdout + stderr).toBe(0);
      expect(stdout).toContain(`target mock at ${server.baseUrl}`);
      // stdout is a pipe, as in a CI log: no colour codes, though vitest colours whenever TERM is set.
      expect(stdout + stderr).not.toContain('\u001b[');
      expect(stdout).toMatch(/^mock\s+createWebhook\s+\d+\s+\d+\s+0\s/m);
      expect(stdout).toMatch(/^\s+TOTAL\s+(\d+)\s+\1\s+0$/m);
    } finally {
      await server.close();
    }
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(lstatSync(report).isSymbolicLink()).toBe(false);
    const xml = readFileSync(report, 'utf8');
    expect(xml.startsWith('<?xml')).toBe(true);
    const [suites] = elements(xml, 'testsuites');
    expect(Number(suites!.tests)).toBeGreaterThan(20);
    expect(suites!.failures).toBe('0');
    const files = elements(xml, 'testsuite').map((suite) => suite.name);
    // one testsuite per file, and one holding the coverage of the document as properties
    expect(files.sort()).toEqual([
      'contracts/suites/users-workspaces.contract.ts',
      'contracts/suites/webhooks.contract.ts',
      'openapi coverage',
    ]);
    expect(xml).toMatch(/<property name="coverage.statuses" value="\d+\/\d+ \([\d.]+%\)"\/>/);
    expect(xml).toMatch(/<property name="coverage.operation.createWebhook" value="exchanges [1-9]\d*; statuses /);
    const cases = elements(xml, 'testcase');
    expect(cases.length).toBe(Number(suites!.tests));
    expect(cases.every((testcase) => testcase.name && testcase.classname?.startsWith('contracts/suites/'))).toBe(true);
    expect(xml).not.toContain('<failure');
    // the XML is well formed enough for CI parsers: every element it opens is closed
    expect(xml.match(/<testcase\b/g)?.length).toBe(xml.match(/<\/testcase>/g)?.length);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  // Two contract runs back to back: room for a loaded machine.
  it('splits the suite files over --shard 1/2 and 2/2: every file in exactly one JUnit report, and the reports merge without a clash', {
    timeout: 120_000,
  }, async () => {
    const server = await startServer({ port: 0, quiet: true });
    const filters = ['webhooks', 'users', 'sources'];
    const names: string[][] = [];
    try {
      for (const shard of ['1/2', '2/2']) {
        const report = join(dir, `shard-${shard[0]}.xml`);
        const { code, stdout, stderr } = await runCli([
          'contracts',
          '--base-url',
          server.baseUrl,
          '--shard',
          shard,
          '--reporter',
          'junit',
          '--output',
          report,
          ...filters,
        ]);
        expect(code, stdout + stderr).toBe(0);
        expect(stdout).toContain(`contracts: shard ${shard} of the suite files`);
        names.push(elements(readFileSync(report, 'utf8'), 'testsuite').map((suite) => suite.name!));
      }
    } finally {
      await server.close();
    }
    const files = names.flatMap((list) => list.filter((name) => name.startsWith('contracts/')));
    expect(files.sort()).toEqual([
      'contracts/suites/sources.contract.ts',
      'contracts/suites/users-workspaces.contract.ts',
      'contracts/suites/webhooks.contract.ts',
    ]);
    for (const list of names) expect(list.filter((name) => name.startsWith('contracts/')).length).toBeGreaterThan(0);
    const all = names.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((name) => name.startsWith('openapi coverage')).sort()).toEqual([
      'openapi coverage (shard 1/2)',
      'openapi coverage (shard 2/2)',
    ]);
  });

  it('exits 1 against a server that answers every request 500, with the failures in the JUnit XML and the table', async () => {
    const broken: Server = createServer((request, response) => {
      request.resume();
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"broken on purpose"}');
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const report = join(dir, 'fail.xml');
    try {
      const baseUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/v1`;
      // a relative --output is the caller's working directory, not the kit's folder
      // Named: a server without the control API is no mock unless the caller says so.
      const args = [
        'contracts',
        '--target',
        'mock',
        '--base-url',
        baseUrl,
        '--reporter',
        'junit',
        '--output',
        'fail.xml',
        'users-workspaces',
      ];
      const { code, stdout } = await runCli(args, {
        cwd: dir,
      });
      expect(code).toBe(1);
      expect(stdout).toMatch(/^mock\s+getCurrentUser\s+(\d+)\s+0\s+\1\s+500$/m);
      expect(stdout).toMatch(/\d+ exchange\(s\) failed a contract check/);
    } finally {
      await new Promise((resolve) => broken.close(resolve));
    }
    const xml = readFileSync(report, 'utf8');
    expect(Number(elements(xml, 'testsuites')[0]!.failures)).toBeGreaterThan(0);
    expect(xml).toContain('not_a_server_error');
  });

  // Two runs of the suite: its own bound, since 30 s was met on the loaded build machine.
  it('on live without CONTRACT_PROJECT_ID says which variable would run the skipped Connect and workflow-creating cases', {
    timeout: 120_000,
  }, async () => {
    const server = await startServer({ port: 0, quiet: true });
    try {
      const args = [
        'contracts',
        '--target',
        'live',
        '--base-url',
        server.baseUrl,
        '--token',
        'live-hint',
        'users-workspaces',
      ];
      const without = await runCli(args);
      expect(without.code).toBe(0);
      expect(without.stdout).toContain('name one with CONTRACT_PROJECT_ID');
      const given = await runCli(args, { env: { CONTRACT_PROJECT_ID: 'proj_Given01' } });
      expect(given.code).toBe(0);
      expect(given.stdout).not.toContain('CONTRACT_PROJECT_ID');
    } finally {
      await server.close();
    }
  });

  it('colours its output when FORCE_COLOR asks, though stdout is not a terminal', async () => {
    const { code, stdout, stderr } = await runCli(['contracts', '--target', 'inprocess', 'users-workspaces'], {
      env: { TERM: 'xterm', FORCE_COLOR: '1' },
    });
    expect(code, stdout + stderr).toBe(0);
    expect(stdout).toContain('\u001b[');
  });

  it('exits 1 with one line when nothing answers at --base-url, before any suite runs', async () => {
    const gone = await startServer({ port: 0, quiet: true });
    const baseUrl = gone.baseUrl;
    await gone.close();
    const { code, stdout, stderr } = await runCli(['contracts', '--base-url', baseUrl, '--wait', '0']);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `workflow-api-mock contracts: nothing answers at ${baseUrl} (GET ${baseUrl}/users/me: ECONNREFUSED); is the server running, and is --base-url right?`,
    );
    expect(stdout).not.toContain('Test Files');
  });

  it('waits for a server that starts after it (serve & in a CI job), then runs', async () => {
    const probe = await startServer({ port: 0, quiet: true });
    const { port, baseUrl } = probe;
    await probe.close();
    const run = startCli(['contracts', '--base-url', baseUrl, '--wait', '60', 'users-workspaces']);
    await run.waitFor(new RegExp(`waiting up to 60 s for ${baseUrl.replace(/[.]/g, '\\.')} to answer`));
    const late = await startServer({ port, quiet: true });
    try {
      expect(await run.exited, run.out() + run.err()).toBe(0);
      expect(run.out()).toMatch(/^mock\s+getCurrentUser\s+([1-9]\d*)\s+\1\s+0\s/m);
    } finally {
      await late.close();
    }
  });

  // Two CLI runs (explore, then one suite file): generous, as the machine may be loaded.
  it('never follows a 307: with --allow-writes nothing the run sends reaches the host the Location names', {
    timeout: 180_000,
  }, async () => {
    const elsewhere = await listenRecording(() => [200, '{}']);
    // Reads pass to a mock server, so the run gets as far as its writes; every write is sent away.
    const mock = await startServer({ port: 0, quiet: true });
    const redirecting = await listenRecording(async (request) => {
      if (request.method !== 'GET') return [307, '', { location: `${elsewhere.origin}${request.url}` }];
      const read = await fetch(new URL(request.url!, mock.baseUrl), {
        headers: { authorization: request.headers.authorization ?? '' },
      });
      return [read.status, await read.text()];
    });
    try {
      const baseUrl = `${redirecting.origin}/v1`;
      const live = ['--target', 'live', '--base-url', baseUrl, '--token', 'redirect-probe', '--allow-writes'];
      const explored = await runCli([
        'contracts',
        '--explore',
        ...live,
        '--runs',
        '30',
        '--seed',
        '1',
        '--max-rps',
        '1000/s',
        '--max-requests',
        '200',
      ]);
      expect(explored.code, explored.stdout + explored.stderr).toBe(1);
      expect(explored.stdout).toMatch(/status 307 is not documented for \w+\n {2}request: (POST|PUT|PATCH|DELETE) /);
      const wroteWhileExploring = redirecting.seen.filter((line) => !line.startsWith('GET ')).length;
      expect(wroteWhileExploring, 'the exploration sent a write to the redirecting target').toBeGreaterThan(0);
      const suite = await runCli(['contracts', ...live, 'webhooks']);
      expect(suite.code).toBe(1);
      expect(redirecting.seen.filter((line) => !line.startsWith('GET ')).length).toBeGreaterThan(wroteWhileExploring);
      expect(elsewhere.seen).toEqual([]);
    } finally {
      await Promise.all([redirecting.close(), elsewhere.close(), mock.close()]);
    }
  });

  it('refuses a --base-url without --target whose server does not answer the control API, before any write', {
    timeout: 120_000,
  }, async () => {
    const plain = await listenRecording(() => [200, '{"data":[]}']);
    try {
      const baseUrl = `${plain.origin}/v1`;
      for (const args of [['--explore', '--runs', '5'], ['webhooks']]) {
        const { code, stdout, stderr } = await runCli(['contracts', '--base-url', baseUrl, ...args]);
        expect(code, stdout + stderr).toBe(1);
        expect(stderr).toContain(
          `${baseUrl} does not answer the mock's control API (GET ${plain.origin}/__mock/clock: not the control API's answer)`,
        );
        expect(stderr).toContain('--target live');
      }
      expect(
        plain.seen.filter((line) => !line.startsWith('GET ')),
        'writes reached a server not known to be a mock',
      ).toEqual([]);
      expect(plain.seen.some((line) => line.startsWith('GET /__mock/clock'))).toBe(true);
    } finally {
      await plain.close();
    }
  });

  it('exits 1 when no suite file matches the filter', async () => {
    const server = await startServer({ port: 0, quiet: true });
    try {
      const { code } = await runCli(['contracts', '--base-url', server.baseUrl, 'no-such-suite']);
      expect(code).toBe(1);
    } finally {
      await server.close();
    }
  });

  it.each([
    [['--target', 'staging'], '--target must be one of mock, prism, prism-proxy, live, inprocess, msw, got "staging"'],
    [['--target', 'prism'], '--target prism needs --base-url'],
    [['--target', 'live', '--base-url', 'https://api.example.com/v1'], '--target live needs --token'],
    [['--base-url', 'ftp://x/v1'], '--base-url must be an http(s) URL'],
    [['--reporter', 'tap'], '--reporter must be one of default, junit'],
    [['--reporter', 'junit'], '--reporter junit needs --output FILE'],
    [['--wait', 'soon'], '--wait must be whole seconds from 0 to 600, got "soon"'],
    [['--wait', '601'], '--wait must be whole seconds from 0 to 600, got "601"'],
    [['--output', 'x.xml'], '--output is for --reporter junit'],
  ])('exits 2 on %j', async (args, message) => {
    const { code, stderr } = await runCli(['contracts', ...args]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(message)]);
  });
});

describe('contracts flags (parseCommand)', () => {
  const parse = (argv: string[], env: Record<string, string> = {}) => parseCommand(CONTRACTS, argv, env);

  it('starts a mock server when no base URL is given, and not otherwise', () => {
    expect(parse([])).toMatchObject({ kind: 'run', options: { startMock: true, env: {} } });
    expect(parse(['--target', 'mock'])).toMatchObject({ options: { startMock: true } });
    expect(parse(['--target', 'inprocess'])).toMatchObject({
      options: { startMock: false, env: { CONTRACT_TARGET: 'inprocess' } },
    });
    expect(parse(['--target', 'msw'])).toMatchObject({
      kind: 'run',
      options: { startMock: false, env: { CONTRACT_TARGET: 'msw' } },
    });
    expect(parse([], { CONTRACT_BASE_URL: 'http://127.0.0.1:4010/v1' })).toMatchObject({
      options: { startMock: false },
    });
  });

  it('lets flags win over CONTRACT_* variables and keeps the variables that have no flag', () => {
    const env = {
      CONTRACT_BASE_URL: 'http://127.0.0.1:1/v1',
      CONTRACT_TARGET: 'prism',
      CONTRACT_TOKEN: 'env-token',
      CONTRACT_PROJECT_ID: 'proj_1',
      OTHER: 'x',
    };
    expect(
      parse(
        ['--base-url', 'http://127.0.0.1:2/v1', '--target', 'live', '--token', 'flag-token', '--allow-writes'],
        env,
      ),
    ).toEqual({
      kind: 'run',
      options: {
        env: {
          CONTRACT_BASE_URL: 'http://127.0.0.1:2/v1',
          CONTRACT_TARGET: 'live',
          CONTRACT_TOKEN: 'flag-token',
          CONTRACT_ALLOW_WRITES: '1',
          CONTRACT_PROJECT_ID: 'proj_1',
        },
        startMock: false,
        filters: [],
        junitFile: undefined,
        waitMs: 10_000,
        explore: undefined,
        coverageDir: undefined,
        minCoverage: undefined,
        shard: undefined,
        quiet: false,
      },
    });
    expect(parse(['sources', 'webhooks'], env)).toMatchObject({
      options: { filters: ['sources', 'webhooks'], env: { CONTRACT_TARGET: 'prism', CONTRACT_TOKEN: 'env-token' } },
    });
  });

  it('reads the explore flags, and refuses them without --explore or out of range', () => {
    expect(
      parse([
        '--explore',
        '--runs',
        '50',
        '--seed',
        '7',
        '--path',
        '3:1',
        '--max-time',
        '60',
        '--max-requests',
        '900',
        '--max-rps',
        '20/s',
      ]),
    ).toMatchObject({
      kind: 'run',
      options: { explore: { runs: 50, seed: 7, path: '3:1', maxTimeMs: 60_000, maxRequests: 900, maxRps: 20 } },
    });
    expect(parse(['--explore'])).toMatchObject({ options: { explore: {} } });
    expect(parse(['--min-coverage', '90,62.5', '--coverage-dir', 'out'])).toMatchObject({
      options: { minCoverage: { operations: 90, statuses: 62.5 }, coverageDir: 'out' },
    });
    const refused = (argv: string[]) => (parse(argv) as { message?: string }).message;
    expect(refused(['--runs', '5'])).toBe('--runs is for --explore');
    expect(refused(['--explore', '--runs', '0'])).toBe('--runs must be a whole number from 1 to 10000000, got "0"');
    expect(refused(['--explore', '--path', '1:2'])).toBe('--path needs the --seed it came with');
    expect(refused(['--explore', 'webhooks'])).toMatch(/^--explore explores the whole document/);
    expect(refused(['--min-coverage', '101,5'])).toMatch(/^--min-coverage must be OPS,STATUSES in percent/);
    expect(refused(['--min-coverage', '90'])).toMatch(/^--min-coverage must be OPS,STATUSES in percent/);
  });

  it('reads --shard I/N, and refuses a bad one or one beside --explore or --min-coverage', () => {
    expect(parse(['--shard', '2/3'])).toMatchObject({ kind: 'run', options: { shard: '2/3' } });
    const refused = (argv: string[]) => (parse(argv) as { message?: string }).message;
    for (const bad of ['0/3', '4/3', '2', '1/0', 'a/b'])
      expect(refused(['--shard', bad])).toBe(`--shard must be I/N with 1 <= I <= N, e.g. 2/3, got "${bad}"`);
    expect(refused(['--shard', '1/2', '--explore'])).toMatch(/^--shard splits the suite files; --explore runs none/);
    expect(refused(['--shard', '1/2', '--min-coverage', '90,60'])).toMatch(/^--min-coverage judges a whole run/);
  });

  it('names the variable, not a flag, when the bad value came from the environment', () => {
    expect(parse([], { CONTRACT_TARGET: 'nope' })).toMatchObject({
      kind: 'usage',
      message: expect.stringMatching(/^CONTRACT_TARGET must be one of/),
    });
    expect(parse([], { CONTRACT_BASE_URL: 'localhost:4010' })).toMatchObject({
      kind: 'usage',
      message: expect.stringMatching(/^CONTRACT_BASE_URL must be an http\(s\) URL/),
    });
  });
});
