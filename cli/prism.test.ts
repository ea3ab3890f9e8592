// `workflow-api-mock prism`: Prism found in the user's project first, the kit's document handed to
// it, the exact install line when Prism is nowhere, and one real `prism mock` answering.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_PATH as DOCUMENT } from '../openapi/load-document.ts';
import { prism } from './prism.ts';
import { resolvePrism } from './prism-launcher.ts';
import { killRunning, runCli, startCli } from '../support/cli.ts';

const dirs: string[] = [];
afterEach(killRunning);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'cli-prism-')));
  dirs.push(dir);
  return dir;
}

/** A project with a stand-in @stoplight/prism-cli that answers every request with the arguments it was started with. */
function projectWithFakePrism(): string {
  const project = tempDir();
  const pkg = join(project, 'node_modules', '@stoplight', 'prism-cli');
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ name: '@stoplight/prism-cli', version: '5.0.0', main: 'dist/index.js' }),
  );
  writeFileSync(
    join(pkg, 'dist', 'index.js'),
    `const args = process.argv.slice(2);
const at = (flag) => args[args.indexOf(flag) + 1];
require('node:http').createServer((req, res) => res.end(JSON.stringify(args))).listen(Number(at('-p')), at('-h'));
process.on('SIGTERM', () => process.exit(0));`,
  );
  return project;
}

describe('workflow-api-mock prism', () => {
  it('without Prism in the project or the kit, prints what to install and exits 1', async () => {
    // Here the kit (this checkout) has Prism, so the search starts and ends in an empty folder; the
    // package test runs the installed command, where neither has it.
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    try {
      const options = {
        mode: 'mock',
        port: 0,
        host: '127.0.0.1',
        dynamic: false,
        upstream: undefined,
        waitMs: 60_000,
        resolveFrom: [tempDir()],
      } as const;
      expect(await prism(options)).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(errors.join('\n')).toContain('@stoplight/prism-cli is not installed');
    expect(errors.join('\n')).toContain('\n  npm i -D @stoplight/prism-cli@^5');
  });

  it("resolves Prism from the user's project before the kit", () => {
    const project = projectWithFakePrism();
    expect(resolvePrism([project, import.meta.url])).toBe(
      join(project, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js'),
    );
    expect(resolvePrism([tempDir()])).toBeUndefined();
    expect(resolvePrism([tempDir(), import.meta.url])).toMatch(/node_modules\/@stoplight\/prism-cli\/dist\/index\.js$/);
  });

  it("hands the project's Prism the kit's document, the mode and the flags", async () => {
    const project = projectWithFakePrism();
    const run = startCli(['prism', '--port', '0', '--dynamic'], { cwd: project });
    const [, url] = await run.waitFor(/prism mock ready on (http:\/\/127\.0\.0\.1:\d+)/);
    const args = (await (await fetch(`${url}/`)).json()) as string[];
    expect(args).toEqual(['mock', DOCUMENT, '-h', '127.0.0.1', '-p', new URL(url!).port, '--dynamic']);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('proxy mode without --upstream starts the mock server for Prism to proxy, with --errors', async () => {
    const project = projectWithFakePrism();
    const run = startCli(['prism', 'proxy', '--port', '0'], { cwd: project });
    const [, upstream] = await run.waitFor(/for Prism to proxy: (\S+)/);
    const [, url] = await run.waitFor(/prism proxy ready on (\S+) ->/);
    const args = (await (await fetch(`${url}/`)).json()) as string[];
    expect(args.slice(0, 3)).toEqual(['proxy', DOCUMENT, upstream]);
    expect(args).toContain('--errors');
    expect((await fetch(`${upstream}/users/me`, { headers: { authorization: 'Bearer prism-cli' } })).status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('gives up after --wait seconds when Prism never answers, and says so (exit 1)', async () => {
    const project = projectWithFakePrism();
    // This stand-in starts and never listens.
    writeFileSync(
      join(project, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js'),
      'setInterval(() => {}, 1000);',
    );
    const { code, stderr } = await runCli(['prism', '--port', '0', '--wait', '1'], { cwd: project });
    expect(code).toBe(1);
    expect(stderr).toMatch(/prism mock did not answer on http:\/\/127\.0\.0\.1:\d+ within 1000 ms/);
  });

  it.each([
    [['--wait', '0'], '--wait must be whole seconds from 1 to 600, got "0"'],
    [['bogus'], 'the mode must be "mock" or "proxy", got "bogus"'],
    [['mock', 'proxy'], 'one mode at most'],
    [['--upstream', 'http://127.0.0.1:4010/v1'], '--upstream is for "prism proxy"'],
    [['proxy', '--dynamic'], '--dynamic is for "prism mock"'],
    [['proxy', '--upstream', 'localhost:4010'], '--upstream must be an http(s) URL'],
    [['--port', '99999'], '--port must be an integer from 0 to 65535'],
  ])('exits 2 on %j', async (args, message) => {
    const { code, stderr } = await runCli(['prism', ...args]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(message)]);
  });

  it('runs the real prism mock on the document, and its readiness probe leaves no error line', async () => {
    const run = startCli(['prism', '--port', '0']);
    const [, url] = await run.waitFor(/prism mock ready on (http:\/\/127\.0\.0\.1:\d+)/);
    const me = await fetch(`${url}/users/me`, { headers: { authorization: 'Bearer prism-cli' } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { id: string } }).data.id).toMatch(/^u_/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    // Prism's own log of the start and of one good request: an error line there would be the probe's.
    expect(run.out()).toContain('Prism is listening');
    expect(
      run
        .out()
        .split('\n')
        .filter((line) => /✖|NO_PATH_MATCHED/.test(line)),
    ).toEqual([]);
  });

  it('refuses a port already taken before it starts Prism, naming the port and why (exit 1)', async () => {
    const holder = createServer((_req, res) => res.end('{"data":"another server"}'));
    await new Promise<void>((listening) => holder.listen(0, '127.0.0.1', listening));
    const { port } = holder.address() as AddressInfo;
    try {
      for (const args of [
        ['-p', String(port)],
        ['proxy', '--port', String(port)],
      ]) {
        const { code, stdout, stderr } = await runCli(['prism', ...args]);
        expect({ args, code, stdout }).toEqual({ args, code: 1, stdout: '' });
        expect(stderr).toBe(
          `workflow-api-mock prism: port ${port} on 127.0.0.1 is already in use (another server listens there: a mock or an earlier Prism?); stop it or pick another port with -p/--port or PRISM_PORT\n`,
        );
      }
    } finally {
      await new Promise((closed) => holder.close(closed));
    }
  });
});
