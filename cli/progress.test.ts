// Long runs as a user meets them (issue 41): `contracts`, `contracts --explore` and `pact verify` as child processes
// on 127.0.0.1, stopped with SIGINT mid-run, must say what ran and leave a whole JUnit file marked interrupted; a
// target nobody answers for still leaves a JUnit file; on a terminal the explorer draws one updating line.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasScript, runCli, runCliOnTerminal, startCli } from '../support/cli.ts';
import { useSamplePact } from '../support/pact-recording.ts';

const dir = mkdtempSync(join(tmpdir(), 'cli-progress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sample = useSamplePact();
const ESC = String.fromCharCode(27);

/** A JUnit file's counts, checked against the elements it holds: a whole file, not one cut short. */
function readJunit(path: string) {
  const xml = readFileSync(path, 'utf8');
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites ')).toBe(true);
  expect(xml.endsWith('</testsuites>\n')).toBe(true);
  const head = /<testsuites name="([^"]*)" tests="(\d+)" failures="(\d+)"/.exec(xml)!;
  expect(Number(head[2])).toBe(xml.match(/<testcase /g)?.length ?? 0);
  expect(Number(head[3])).toBe(xml.match(/<failure /g)?.length ?? 0);
  return { xml, name: head[1], tests: Number(head[2]), failures: Number(head[3]) };
}

describe('a run stopped with SIGINT', () => {
  it('contracts: prints what ran and writes a whole JUnit file marked interrupted (exit 130)', async () => {
    const output = join(dir, 'suites.xml');
    const run = startCli(['contracts', '--reporter', 'junit', '--output', output]);
    // vitest's line for a finished suite file: some cases have run.
    await run.waitFor(/✓ contracts\/suites\/\S+/);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    expect(run.out()).toMatch(
      /contracts: interrupted \(SIGINT\) after \d+ case\(s\): \d+ passed, \d+ failed, \d+ skipped/,
    );
    expect(run.out()).toContain('Per-operation summary of what ran:');
    expect(run.out()).toContain(`JUnit report, marked interrupted, written to ${output}`);
    const junit = readJunit(output);
    expect(junit.name).toBe('contracts (interrupted)');
    expect(junit.tests).toBeGreaterThan(1);
    expect(junit.xml).toMatch(/<failure message="interrupted \(SIGINT\) after \d+ case\(s\)/);
  }, 120_000);

  it('contracts --explore: says in which run it stopped and with which seed, and marks the JUnit file', async () => {
    const output = join(dir, 'explore.xml');
    const run = startCli([
      'contracts',
      '--explore',
      '--runs',
      '1000000',
      '--seed',
      '5',
      '--reporter',
      'junit',
      '--output',
      output,
    ]);
    await run.waitFor(/contracts: exploring, seed 5/);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    expect(run.out()).toMatch(
      /contracts --explore: interrupted \(SIGINT\) in run \d+ of 1000000, after \d+ requests \(seed 5\)/,
    );
    const junit = readJunit(output);
    expect(junit).toMatchObject({ name: 'contracts --explore (interrupted)', tests: 1, failures: 1 });
  }, 120_000);

  it('pact verify: counts the interactions that ran and writes them, marked interrupted', async () => {
    // A provider that answers the first request and holds every later one: the run is stopped inside the second.
    let answered = 0;
    let held: () => void = () => {};
    const second = new Promise<void>((resolve) => (held = resolve));
    const provider = createServer((_req, res) => {
      if (answered++ === 0) res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
      else held();
    });
    await new Promise<void>((listening) => provider.listen(0, '127.0.0.1', listening));
    try {
      const output = join(dir, 'verify.xml');
      const target = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      const run = startCli(['pact', 'verify', sample.file(), '--target', target, '--token', 't', '--junit', output]);
      await second;
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(130);
      expect(run.out()).toMatch(
        /pact verify: interrupted \(SIGINT\) after [1-9]\d* interaction\(s\): \d+ passed, [1-9]\d* failed, \d+ skipped/,
      );
      const junit = readJunit(output);
      expect(junit.name).toBe('pact verify (interrupted)');
      expect(junit.failures).toBeGreaterThanOrEqual(2);
    } finally {
      provider.closeAllConnections();
      await new Promise((closed) => provider.close(closed));
    }
  }, 120_000);
});

it('contracts against a target nobody answers for: a JUnit file with one failing case that says why', async () => {
  const holder = createServer();
  await new Promise<void>((listening) => holder.listen(0, '127.0.0.1', listening));
  const { port } = holder.address() as AddressInfo;
  await new Promise((closed) => holder.close(closed));
  const output = join(dir, 'unreached.xml');
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const { code, stderr } = await runCli([
    'contracts',
    '--base-url',
    baseUrl,
    '--wait',
    '0',
    '--reporter',
    'junit',
    '--output',
    output,
  ]);
  expect(code).toBe(1);
  expect(stderr).toContain(`nothing answers at ${baseUrl}`);
  const junit = readJunit(output);
  expect(junit).toMatchObject({ name: 'contracts', tests: 1, failures: 1 });
  expect(junit.xml).toContain(
    `<failure message="nothing answers at ${baseUrl} (GET ${baseUrl}/users/me: ECONNREFUSED)`,
  );
}, 60_000);

describe.skipIf(!hasScript)('progress on a terminal', () => {
  it('contracts --explore draws one updating line with the run, the requests and the time; --quiet none', async () => {
    const args = ['contracts', '--explore', '--target', 'inprocess', '--runs', '40', '--seed', '3'];
    const shown = await runCliOnTerminal(args);
    expect(shown.code).toBe(0);
    // \r and erase-line (ESC [2K) before each drawing of the line.
    const redrawn = new RegExp(`\r${ESC}\\[2Kcontracts --explore: run \\d+ of 40, \\d+ requests, \\d+\\.\\d s`);
    expect(shown.text).toMatch(redrawn);
    expect(shown.text).toContain('contracts: every invariant held');
    const quiet = await runCliOnTerminal([...args, '--quiet']);
    expect(quiet.code).toBe(0);
    expect(quiet.text).not.toContain(`${ESC}[2K`);
    expect(quiet.text).toContain('contracts: every invariant held');
  }, 120_000);
});
