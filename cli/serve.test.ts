// `workflow-api-mock serve` (`npm start`) as a user meets it: a child process on a free port, its
// printed URL and curl line, its log lines (and life without them once stdout is closed), its
// connection cap, its exit codes for bad flags, a busy port and SIGTERM.
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCommand } from './args.ts';
import { MCP } from './mcp.ts';
import { SERVE } from './serve.ts';
import { killRunning, startCli } from '../support/cli.ts';

const serve = (args: string[], env: Record<string, string> = {}) => startCli(['serve', ...args], { env });

afterEach(killRunning);

describe('workflow-api-mock serve', () => {
  it('prints its base URL and a working curl line, logs one line per request, stops cleanly on SIGTERM', async () => {
    const run = serve(['--port', '0', '--seed', '5']);
    const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    const [curl] = await run.waitFor(/curl -H 'Authorization: Bearer [^']+' \S+\/v1\/users\/me/);
    expect(curl).toContain(baseUrl!);

    const token = /Bearer ([^']+)/.exec(curl!)![1]!;
    const me = await fetch(`${baseUrl}/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { id: string } }).data.id).toMatch(/^u_/);

    const outside = await fetch(new URL('/v2/users/me', baseUrl), { headers: { authorization: `Bearer ${token}` } });
    expect(outside.status).toBe(404);
    expect(outside.headers.get('content-type')).toBe('application/json');
    expect(((await outside.json()) as { code: string }).code).toBe('not_found');

    await run.waitFor(/^GET \/v1\/users\/me 200 \d+\.\dms$/m);
    await run.waitFor(/^GET \/v2\/users\/me 404 \d+\.\dms$/m);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('keeps answering when its stdout is closed (`npm start | head -1`): log lines stop after one notice on stderr', async () => {
    const run = serve(['--port', '0']);
    const [, baseUrl] = await run.waitFor(/listening on (\S+\/v1)/);
    run.child.stdout.destroy();
    await once(run.child.stdout, 'close');
    // Every request writes a log line to the closed pipe (EPIPE); each must still be answered.
    for (let i = 0; i < 3; i++) {
      const me = await fetch(`${baseUrl}/users/me`, { headers: { authorization: 'Bearer closed-stdout' } });
      expect(me.status).toBe(200);
    }
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.err().match(/stdout is closed \(EPIPE\)/g)).toHaveLength(1);
  });

  it('--max-connections caps open connections: at the cap the oldest idle one is closed and a new client is answered', async () => {
    const run = serve(['--port', '0', '--quiet', '--max-connections', '3']);
    const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:(\d+)\/v1)/);
    const port = Number(new URL(baseUrl!).port);
    // One after the other: the server accepts them in this order, so silent[0] is the oldest.
    const silent: Socket[] = [];
    const closed: Array<Promise<unknown>> = [];
    for (let i = 0; i < 4; i++) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      closed.push(once(socket, 'close'));
      await once(socket, 'connect');
      silent.push(socket);
    }
    try {
      const me = await fetch(`${baseUrl}/users/me`, { headers: { authorization: 'Bearer capped' } });
      expect(me.status).toBe(200);
      // 5 connections under a cap of 3: the first silent one made way long before the fetch.
      await closed[0];
    } finally {
      for (const socket of silent) socket.destroy();
    }
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('is silent per request with --quiet and answers the same seed with the same world', async () => {
    const a = serve(['--port', '0', '--seed', '11', '--quiet']);
    const b = serve(['--port', '0', '--quiet'], { SEED: '11' });
    const urls = await Promise.all([a, b].map(async (run) => (await run.waitFor(/listening on (\S+\/v1)/))[1]!));
    const ids = await Promise.all(
      urls.map(async (url) => {
        const response = await fetch(`${url}/users/me`, { headers: { authorization: 'Bearer same-token' } });
        return ((await response.json()) as { data: { id: string } }).data.id;
      }),
    );
    expect(ids[0]).toBe(ids[1]);
    for (const run of [a, b]) {
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
      expect(run.out()).not.toMatch(/^GET /m);
    }
  });

  it('--scenarios DIR loads JSON and module scenario files beside the built-ins; a token picks one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
    try {
      writeFileSync(
        join(dir, 'solo.json'),
        JSON.stringify({
          name: 'solo',
          description: 'one workflow',
          workspaces: [{ workflows: [{ id: 'p_Solo123', active: false }] }],
        }),
      );
      writeFileSync(
        join(dir, 'pair.mjs'),
        "export default [{ name: 'pair', description: 'two workspaces', workspaces: [{}, {}] }];",
      );
      const run = serve(['--port', '0', '--quiet', '--scenarios', dir]);
      const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
      await run.waitFor(
        /Scenarios: empty-account, busy-workspace, quotas-exhausted, connect-broken-accounts, workflow-errors, paid-user, pair, solo \(.*2 from /,
      );
      const workflow = await fetch(`${baseUrl}/workflows/p_Solo123`, {
        headers: { authorization: 'Bearer scenario_solo_cli' },
      });
      expect(workflow.status).toBe(200);
      const me = await fetch(`${baseUrl}/users/me`, { headers: { authorization: 'Bearer scenario_pair_cli' } });
      expect((await me.json()).data.orgs).toHaveLength(2);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--scenarios refuses a scenario that does not match the document before listening: exit 1, each issue by file and pointer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
    try {
      writeFileSync(
        join(dir, 'bad.json'),
        JSON.stringify({ name: 'bad', description: 'x', workspaces: [{ workflows: [{ active: 'yes' }] }] }),
      );
      const run = serve(['--port', '0', '--scenarios', dir]);
      expect(await run.exited).toBe(1);
      expect(run.err()).toContain('bad (bad.json): /workspaces/0/workflows/0/active must be boolean');
      expect(run.out()).not.toContain('listening');
      const missing = serve(['--port', '0', '--scenarios', join(dir, 'nope')]);
      expect(await missing.exited).toBe(1);
      expect(missing.err()).toContain('no such folder');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--coverage-report FILE writes what the run covered at exit, as JSON and as a table beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coverage-'));
    try {
      const file = join(dir, 'coverage.json');
      const run = serve(['--port', '0', '--quiet', '--coverage-report', file]);
      const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
      expect((await fetch(`${baseUrl}/users/me`, { headers: { authorization: 'Bearer cov' } })).status).toBe(200);
      expect((await fetch(`${baseUrl}/workflows/p_nope123`, { headers: { authorization: 'Bearer cov' } })).status).toBe(
        404,
      );
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      const report = JSON.parse(readFileSync(file, 'utf8'));
      expect(report.scope).toBe('all');
      expect(report.totals.exchanges).toBe(2);
      expect(report.untouched).not.toContain('GET /users/me');
      const table = readFileSync(join(dir, 'coverage.txt'), 'utf8');
      expect(table).toMatch(/^getWorkflow\s+1\s+1\/\d+/m);
      expect(run.out()).toMatch(
        /Coverage \(all worlds\): operations 2\/\d+ .* 2 answers; never touched: \d+\. Written to .*coverage\.json and .*coverage\.txt/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 with a one-line message when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = serve(['--port', String(port)]);
      expect(await run.exited).toBe(1);
      const lines = run.err().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`port ${port}`);
      expect(lines[0]).toContain('already in use');
    } finally {
      blocker.close();
    }
  });

  it.each([
    [['--port', 'abc'], {}, '--port must be an integer'],
    [['--port', '70000'], {}, '--port must be an integer'],
    [[], { PORT: '-1' }, 'PORT must be an integer'],
    [['--bogus'], {}, "Unknown option '--bogus'"],
    [['--host', ''], {}, '--host must be'],
    [['--seed', ''], {}, '--seed must be a whole number from 0 to 2147483647, got ""'],
    [['--seed', '-5'], {}, "use '--seed=-XYZ'"],
    [[], { SEED: 'abc' }, 'SEED must be a whole number from 0 to 2147483647, got "abc"'],
    [['--prot', '1'], {}, "Unknown option '--prot'; did you mean --port?"],
    [['extra'], {}, "Unexpected argument 'extra'"],
  ])('exits 2 with a one-line message for %j %j', async (args, env, message) => {
    const run = serve(args, env);
    expect(await run.exited).toBe(2);
    const lines = run.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
    expect(lines[0]).toContain('workflow-api-mock serve --help');
  });

  it('--max-worlds keeps that many worlds: one more evicts the least recently used, whose next request finds it re-seeded', async () => {
    const run = serve(['--port', '0', '--quiet', '--max-worlds', '2']);
    const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    const as = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const webhookIds = async (token: string) =>
      (
        (await (await fetch(`${baseUrl}/users/me/webhooks`, { headers: as(token) })).json()) as {
          data: Array<{ id: string }>;
        }
      ).data.map((w) => w.id);
    const created = await fetch(`${baseUrl}/webhooks?url=https://hooks.example.com/a&name=n&description=d`, {
      method: 'POST',
      headers: as('a'),
    });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    expect(await webhookIds('a')).toContain(id);
    await webhookIds('b');
    expect(await webhookIds('a')).toContain(id); // a is the most recently used again
    await webhookIds('c'); // evicts b
    expect(await webhookIds('a')).toContain(id);
    await webhookIds('d'); // evicts c
    await webhookIds('e'); // evicts a
    expect(await webhookIds('a')).not.toContain(id);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('--no-control: /__mock answers 404, the API answers, and the start lines say the control API is off', async () => {
    const run = serve(['--port', '0', '--quiet', '--no-control']);
    const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    await run.waitFor(/Control API and console: off \(--no-control\)/);
    const auth = { authorization: 'Bearer no-control' };
    expect((await fetch(new URL('/__mock/world', baseUrl), { headers: auth })).status).toBe(404);
    expect((await fetch(`${baseUrl}/users/me`, { headers: auth })).status).toBe(200);
    expect(run.out()).not.toContain('/__mock/ui');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('--state: SIGTERM writes the worlds, the next start restores them; a damaged file is exit 1 and stays as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-state-'));
    try {
      const path = join(dir, 'worlds.json');
      const first = serve(['--port', '0', '--quiet', '--state', path]);
      const [, baseUrl] = await first.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
      await first.waitFor(/State: 0 worlds restored from /);
      const created = await fetch(`${baseUrl}/webhooks?url=https://hooks.example.com/s&name=s&description=d`, {
        method: 'POST',
        headers: { authorization: 'Bearer kept' },
      });
      const id = ((await created.json()) as { data: { id: string } }).data.id;
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = serve(['--port', '0', '--quiet'], { STATE_FILE: path });
      const [, again] = await second.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
      await second.waitFor(/State: 1 world restored from /);
      const listed = await fetch(`${again}/users/me/webhooks`, { headers: { authorization: 'Bearer kept' } });
      expect(((await listed.json()) as { data: Array<{ id: string }> }).data.map((w) => w.id)).toContain(id);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      writeFileSync(path, '{"format":"workflow-api-mock-kit/worlds","version":1,"se');
      const third = serve(['--port', '0', '--quiet', '--state', path]);
      expect(await third.exited).toBe(1);
      expect(third.err()).toMatch(
        /cannot restore the state file .*worlds\.json \(snapshot_unreadable\).*left untouched/,
      );
      expect(readFileSync(path, 'utf8')).toBe('{"format":"workflow-api-mock-kit/worlds","version":1,"se');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--help is a summary of ten lines at most that points at --help --all', async () => {
    const run = serve(['--help']);
    expect(await run.exited).toBe(0);
    const lines = run.out().trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(lines[0]).toMatch(/^workflow-api-mock serve: /);
    expect(run.out()).toContain('-p, --port');
    expect(lines.at(-1)).toMatch(/workflow-api-mock serve --help --all$/);
  });

  it('--help --all explains the server, its flags with defaults, env vars, the control API, an example and the exit codes', async () => {
    const run = serve(['--help', '--all']);
    expect(await run.exited).toBe(0);
    const help = run.out();
    for (const needle of [
      '--port',
      'default 4010',
      '--host',
      'default 127.0.0.1',
      '--seed',
      '--quiet',
      '--max-connections',
      'default 1000',
      '--max-worlds',
      'default 500',
      '--world-ttl',
      'MAX_WORLDS',
      'WORLD_TTL',
      '--no-control',
      '--deliver-to',
      '--state',
      'STATE_FILE',
      '--state-interval',
      'STATE_INTERVAL',
      'DELIVER_TO',
      '--cors',
      'env CORS',
      '--allowed-hosts',
      'ALLOWED_HOSTS',
      'PORT',
      'HOST',
      'SEED',
      '/__mock/reset',
      '/__mock/world',
      '/__mock/emit',
      'curl -H',
      'Exit codes',
    ]) {
      expect(help).toContain(needle);
    }
  });
});

describe('the world flags mcp shares with serve (parseCommand)', () => {
  const both = (argv: string[], env: Record<string, string> = {}) =>
    [parseCommand(SERVE, argv, env), parseCommand(MCP, argv, env)] as const;

  it('reads --seed, --scenarios and --deliver-to, or their variables, into the same options', () => {
    for (const parsed of both(['--scenarios', 'scenarios'], { SEED: '7', DELIVER_TO: 'hooks.dev:8443' }))
      expect(parsed).toMatchObject({
        kind: 'run',
        options: { seed: 7, scenarios: 'scenarios', deliverTo: [{ host: 'hooks.dev', port: 8443 }] },
      });
  });

  it.each([
    [['--seed', 'x'], {}, '--seed must be a whole number'],
    [['--scenarios', ' '], {}, '--scenarios must name a folder'],
    [[], { SCENARIOS: ' ' }, 'SCENARIOS must name a folder'],
    [['--deliver-to', 'http://hooks.dev'], {}, '--deliver-to: '],
  ])('refuses %j %j alike', (argv, env, message) => {
    for (const parsed of both(argv, env))
      expect(parsed).toMatchObject({ kind: 'usage', message: expect.stringContaining(message) });
  });
});

describe('serve flags (parseCommand)', () => {
  const parse = (argv: string[], env: Record<string, string> = {}) => parseCommand(SERVE, argv, env);

  it('defaults to 127.0.0.1:4010 and lets flags win over the environment', () => {
    expect(parse([])).toEqual({ kind: 'run', options: { port: 4010, host: '127.0.0.1', quiet: false } });
    expect(parse(['--port', '5000', '--host', '0.0.0.0'], { PORT: '6000', HOST: 'localhost' })).toMatchObject({
      options: { port: 5000, host: '0.0.0.0' },
    });
    expect(parse([], { PORT: '6000', HOST: 'localhost', SEED: '2147483647' })).toMatchObject({
      options: { port: 6000, host: 'localhost', seed: 2147483647 },
    });
    expect(parse(['-p', '5001'])).toMatchObject({ options: { port: 5001 } });
    expect(parse(['--seed', '42', '--quiet'])).toMatchObject({ options: { seed: 42, quiet: true } });
    expect(parse(['--port=0'])).toMatchObject({ options: { port: 0 } });
    expect(parse(['--max-connections', '50'])).toMatchObject({ options: { maxConnections: 50 } });
    expect(parse([], { PORT: '' })).toMatchObject({ options: { port: 4010 } });
    expect(parse(['--max-worlds', '100', '--world-ttl', '30m'])).toMatchObject({
      options: { maxWorlds: 100, worldTtlMs: 1_800_000 },
    });
    expect(parse([], { MAX_WORLDS: '7', WORLD_TTL: '90' })).toMatchObject({
      options: { maxWorlds: 7, worldTtlMs: 90_000 },
    });
    expect(parse(['--world-ttl', '2h'])).toMatchObject({ options: { worldTtlMs: 7_200_000 } });
    expect(parse(['--no-control', '--deliver-to', '127.0.0.1:9000,hooks.dev'])).toMatchObject({
      options: {
        noControl: true,
        deliverTo: [
          { host: '127.0.0.1', port: 9000 },
          { host: 'hooks.dev', port: null },
        ],
      },
    });
    expect(parse([], { DELIVER_TO: 'localhost:80' })).toMatchObject({
      options: { deliverTo: [{ host: 'localhost', port: 80 }] },
    });
    expect(parse(['--cors', 'http://localhost:5173, https://App.test:8443/'])).toMatchObject({
      options: { cors: ['http://localhost:5173', 'https://app.test:8443'] },
    });
    expect(parse(['--cors', 'http://localhost:80'])).toMatchObject({ options: { cors: ['http://localhost'] } });
    expect(parse([], { CORS: '*' })).toMatchObject({ options: { cors: '*' } });
    expect(parse(['--allowed-hosts', 'Mock.Internal, .dev.test'])).toMatchObject({
      options: { allowedHosts: ['mock.internal', '.dev.test'] },
    });
    expect(parse([], { ALLOWED_HOSTS: 'mocks' })).toMatchObject({ options: { allowedHosts: ['mocks'] } });
    expect(parse(['--state', 'w.json', '--state-interval', '5m'])).toMatchObject({
      options: { state: 'w.json', stateIntervalMs: 300_000 },
    });
    expect(parse([], { STATE_FILE: 'w.json', STATE_INTERVAL: '10' })).toMatchObject({
      options: { stateIntervalMs: 10_000 },
    });
    expect(parse(['--world-ttl', '0'])).toEqual({
      kind: 'run',
      options: { port: 4010, host: '127.0.0.1', quiet: false },
    });
    expect(parse(['-h'])).toEqual({ kind: 'help', all: false });
    expect(parse(['--help', '--all'])).toEqual({ kind: 'help', all: true });
    expect(parse(['--version'])).toEqual({ kind: 'version' });
  });

  it('reads --public-url (env PUBLIC_URL) as an origin, and refuses one with a path or not http(s)', () => {
    expect(parse(['--public-url', 'https://Mock.Example.test:8443/'])).toMatchObject({
      options: { publicUrl: 'https://mock.example.test:8443' },
    });
    expect(parse([], { PUBLIC_URL: 'http://localhost:8080' })).toMatchObject({
      options: { publicUrl: 'http://localhost:8080' },
    });
    expect(parse(['--public-url', 'https://mock.example.test/v1'])).toMatchObject({
      kind: 'usage',
      message:
        '--public-url must be an origin such as https://mock.example.test:8443 (no path or query), got "https://mock.example.test/v1"',
    });
    expect(parse([], { PUBLIC_URL: 'ftp://x' })).toMatchObject({
      kind: 'usage',
      message: 'PUBLIC_URL must be an http(s) URL, got "ftp://x"',
    });
  });

  it('answers bad values as usage errors, never by throwing', () => {
    expect(parse(['--port'])).toMatchObject({ kind: 'usage', message: expect.stringContaining('--port') });
    expect(parse(['--quiet=yes'])).toMatchObject({ kind: 'usage' });
    for (const bad of ['0', '-1', '1.5', 'many', '']) {
      expect(parse([`--max-connections=${bad}`])).toEqual({
        kind: 'usage',
        message: `--max-connections must be a positive integer, got "${bad}"`,
      });
    }
    for (const bad of ['0', '-1', '1.5', 'many']) {
      expect(parse([`--max-worlds=${bad}`])).toEqual({
        kind: 'usage',
        message: `--max-worlds must be a positive integer, got "${bad}"`,
      });
    }
    expect(parse(['--deliver-to', 'http://x/'])).toEqual({
      kind: 'usage',
      message: '--deliver-to: "http://x/" is not HOST[:PORT]',
    });
    expect(parse(['--deliver-to', ' , '])).toEqual({
      kind: 'usage',
      message: '--deliver-to: needs at least one HOST[:PORT]',
    });
    for (const bad of [
      'localhost:5173',
      'http://localhost:5173/app',
      'ftp://files.test',
      'null',
      'http://u:p@localhost',
    ]) {
      expect(parse(['--cors', bad])).toEqual({
        kind: 'usage',
        message: `--cors: ${bad} is not an origin such as http://localhost:5173`,
      });
    }
    for (const bad of ['http://mock.internal', 'mock.internal:8080', 'a b', '*']) {
      expect(parse(['--allowed-hosts', bad])).toEqual({
        kind: 'usage',
        message: `--allowed-hosts: ${bad} is not a host name such as mock.internal (no scheme, no port)`,
      });
    }
    for (const bad of ['0', '500ms', 'soon']) {
      expect(parse(['--state', 'w.json', `--state-interval=${bad}`])).toEqual({
        kind: 'usage',
        message: `--state-interval must be a duration of at least 1s, such as 10s or 5m, got "${bad}"`,
      });
    }
    expect(parse(['--state-interval', '10s'])).toEqual({
      kind: 'usage',
      message: '--state-interval needs --state FILE (or STATE_FILE)',
    });
    expect(parse([], { CORS: ' , ' })).toEqual({
      kind: 'usage',
      message: "CORS: needs '*' or at least one origin such as http://localhost:5173",
    });
    expect(parse([], { MAX_WORLDS: 'x' })).toEqual({
      kind: 'usage',
      message: 'MAX_WORLDS must be a positive integer, got "x"',
    });
    for (const bad of ['-1m', '1.5h', '10 years', 'soon']) {
      expect(parse([`--world-ttl=${bad}`])).toMatchObject({
        kind: 'usage',
        message: expect.stringContaining(`--world-ttl must be a duration`),
      });
    }
    expect(parse([], { PORT: '1e3' })).toEqual({
      kind: 'usage',
      message: 'PORT must be an integer from 0 to 65535, got "1e3"',
    });
    expect(parse([], { HOST: 'a b' })).toEqual({
      kind: 'usage',
      message: 'HOST must be a host name or address, got "a b"',
    });
  });
});
