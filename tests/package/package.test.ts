// The package as its users get it: `npm pack` (prepack builds dist/), the tarball installed into
// fresh projects, and everything a user does from there: plain Node on the oldest version the
// package claims and on 24, a strict TypeScript consumer, the CLI (serve, contracts, prism), and a
// Vite app in Debian's Chromium. Nothing here reaches past loopback except npm's own installs,
// which come from the npm cache when it holds them.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsumer, devVersion, packKit, ROOT, run, runOk, userEnv, type PackedKit } from './tarball.ts';

const FIXTURES = new URL('./consumer/', import.meta.url);
/** The oldest Node that `engines.node` claims; the test runs the package on it. */
const OLDEST_NODE = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node.match(/\^?(\d+\.\d+\.\d+)/)![1]!;

let kit: PackedKit;
let consumer: string;
const bin = () => join(consumer, 'node_modules', '.bin', 'workflow-api-mock');

beforeAll(async () => {
  kit = await packKit();
  consumer = await createConsumer(kit, [`msw@${devVersion('msw')}`, `@types/node@${devVersion('@types/node')}`]);
  cpSync(FIXTURES, consumer, { recursive: true });
}, 600_000);

describe('the tarball', () => {
  it('holds the build, the document, README, ASSUMPTIONS and LICENSE, and no test, CI, benchmark or source file', () => {
    const allowed = /^(dist\/.+\.(js|d\.ts|js\.map|json)|openapi\/openapi\.yaml|openapi\/generated\/openapi\.json|openapi\/ASSUMPTIONS\.md|README\.md|LICENSE|package\.json)$/;
    expect(kit.files.filter((file) => !allowed.test(file))).toEqual([]);
    expect(kit.files.filter((file) => /\.test\.|self-test|\.ci\/|bench|(^|\/)scripts\/|loopback-receiver|vitest\.config/.test(file))).toEqual([]);
    for (const needed of ['dist/cli/bin.js', 'dist/mocks/msw.js', 'dist/mocks/msw.d.ts', 'dist/openapi/generated/openapi.json', 'LICENSE', 'README.md']) {
      expect(kit.files).toContain(needed);
    }
  });

  it('declares every export with types and a default, and a bin that exists', () => {
    const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules', 'workflow-api-mock-kit', 'package.json'), 'utf8'));
    expect(manifest.private).toBeUndefined();
    for (const [entry, target] of Object.entries<string | { types: string; default: string }>(manifest.exports)) {
      const files = typeof target === 'string' ? [target] : [target.types, target.default];
      if (typeof target !== 'string') expect(target.types, entry).toMatch(/\.d\.ts$/);
      for (const file of files) expect(existsSync(join(consumer, 'node_modules', 'workflow-api-mock-kit', file)), `${entry} -> ${file}`).toBe(true);
    }
    expect(existsSync(bin())).toBe(true);
  });
});

describe('plain Node, no loader', () => {
  const nodeCheck = async (nodeBinary: string) => {
    const { stdout } = await runOk(nodeBinary, ['node-check.mjs'], { cwd: consumer });
    return JSON.parse(stdout.trim().split('\n').at(-1)!);
  };
  const expectWorking = (result: Record<string, any>) => {
    for (const [entry, names] of Object.entries<string[]>(result.exported)) expect(names.length, entry).toBeGreaterThan(0);
    expect(result.exported.msw).toContain('createHandlers');
    expect(result.exported.client).toContain('createApiClient');
    expect(result.documentTitle).toMatch(/Workflow/);
    expect(result.yamlShipped).toBe(true);
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

  it(`the oldest Node the package claims (${OLDEST_NODE}) does the same`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-node-'));
    writeFileSync(join(dir, 'package.json'), '{"private":true}');
    await runOk('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', `node@${OLDEST_NODE}`], { cwd: dir, timeoutMs: 300_000 });
    const result = await nodeCheck(join(dir, 'node_modules', '.bin', 'node'));
    expect(result.node).toBe(`v${OLDEST_NODE}`);
    expectWorking(result);
  });
});

describe('a strict TypeScript consumer', () => {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
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
    for (const command of ['serve', 'contracts', 'prism', 'receiver-check', 'deliver']) expect(help.stdout).toContain(command);
    const usage = await run(bin(), ['no-such-command'], { cwd: consumer });
    expect(usage.code).toBe(2);
  });

  it('`serve` answers, `contracts` passes against it with a JUnit report, and fails against a broken server', async () => {
    const served = await startCli(['serve', '--port', '0', '--quiet']);
    try {
      const me = await fetch(`${served.baseUrl}/users/me`, { headers: { authorization: 'Bearer cli-token' } });
      expect(me.status).toBe(200);

      const report = join(mkdtempSync(join(tmpdir(), 'kit-junit-')), 'contracts.xml');
      const passed = await run(bin(), ['contracts', '--base-url', served.baseUrl, '--reporter', 'junit', '--output', report], { cwd: consumer, timeoutMs: 300_000 });
      expect(passed.code, passed.stdout + passed.stderr).toBe(0);
      const xml = readFileSync(report, 'utf8');
      expect(xml).toMatch(/^<\?xml/);
      expect(Number(xml.match(/<testsuites[^>]*tests="(\d+)"/)?.[1])).toBeGreaterThan(100);
      expect(xml).not.toMatch(/<failure/);

      // The same server behind a proxy that renames one ID prefix: the suites must notice.
      brokenServer = await startBrokenProxy(served.baseUrl);
      const address = brokenServer.address() as { port: number };
      const failed = await run(bin(), ['contracts', '--base-url', `http://127.0.0.1:${address.port}/v1`], { cwd: consumer, timeoutMs: 300_000 });
      expect(failed.code, failed.stdout + failed.stderr).toBe(1);
      expect(failed.stdout + failed.stderr).toMatch(/wh_|prefix/);
    } finally {
      served.stop();
    }
  });

  it('`prism` without @stoplight/prism-cli says exactly what to install', async () => {
    const result = await run(bin(), ['prism'], { cwd: consumer });
    expect(result.code).not.toBe(0);
    expect(result.stdout + result.stderr).toContain('npm i -D @stoplight/prism-cli');
  });
});

describe('a Vite app with the dev-only pattern', () => {
  const app = () => join(consumer, 'vite-app');
  const vite = () => join(consumer, 'node_modules', 'vite', 'bin', 'vite.js');

  it('a production build carries none of the kit', async () => {
    await runOk(process.execPath, [vite(), 'build', '--logLevel', 'warn', '--outDir', 'dist-prod'], { cwd: app() });
    const code = readAssets(join(app(), 'dist-prod'));
    expect(code).toContain('/users/me'); // the app itself is there
    for (const marker of ['unsupported_url', 'x-pd-signature', 'mockServiceWorker', 'setupWorker']) expect(code).not.toContain(marker);
    expect(Buffer.byteLength(code)).toBeLessThan(10_000);
  });
});

/** Every JS file a Vite build wrote, concatenated. */
function readAssets(dir: string): string {
  const assets = join(dir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
}

/** Starts the installed CLI and waits for the line that says where it listens. */
async function startCli(args: string[]): Promise<{ baseUrl: string; stop(): void }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(bin(), args, { cwd: consumer, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no address:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/(http:\/\/127\.0\.0\.1:\d+\/v1)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited ${code}:\n${output}`)));
  });
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}

/** A proxy in front of the mock that answers webhook IDs with a foreign prefix (hook_ for wh_). */
async function startBrokenProxy(upstreamBaseUrl: string): Promise<Server> {
  const upstream = new URL(upstreamBaseUrl).origin;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
    const method = req.method ?? 'GET';
    const answer = await fetch(`${upstream}${req.url}`, { method, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }) });
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
