// `pact verify FILE... --target mock|URL` (docs/pact.md, "pact verify"): a pact recorded by a real
// `serve --pact-dir` run passes against the mock started for the run and against a fresh `serve`
// on loopback; fails against a broken variant of the self-test, naming the interaction and the
// pointer; and never sends a write to a URL without --allow-writes. Everything on 127.0.0.1.
import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveVariant } from '../contracts/self-test/serve-variant.ts';
import { runCli } from '../support/cli.ts';
import { SAMPLE_PACT, startSeededServer, useSamplePact } from '../support/pact-recording.ts';

const sample = useSamplePact();

const token = ['--token', SAMPLE_PACT.token];

/** `pact verify` of the sample pact against `target`, states set up at `origin`'s mock route, writes allowed. */
const verifyWithStates = (target: string, origin: string) =>
  runCli([
    'pact',
    'verify',
    sample.file(),
    ...token,
    '--target',
    target,
    '--state-change-url',
    `${origin}/__mock/pact/states`,
    '--allow-writes',
  ]);

/** The methods and paths a server's journal holds for the sample token (its control API). */
async function journal(origin: string): Promise<string[]> {
  const answer = await fetch(`${origin}/__mock/requests`, {
    headers: { authorization: `Bearer ${SAMPLE_PACT.token}` },
  });
  const { data } = (await answer.json()) as { data: Array<{ method: string; path: string }> };
  return data.map((entry) => `${entry.method} ${entry.path}`);
}

describe('pact verify', () => {
  it('passes against --target mock, started with the seed the pact carries, and writes JUnit XML over a planted link', async () => {
    const junit = join(sample.dir(), 'verify.xml');
    const victim = join(sample.dir(), 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, junit);
    const { code, stdout, stderr } = await runCli(['pact', 'verify', sample.file(), ...token, '--junit', junit]);
    expect(stderr).toBe('');
    expect(stdout).toContain('(seed 7), states set up at http://127.0.0.1:');
    expect(stdout).toContain('6 interactions, 6 passed, 0 failed, 0 skipped');
    expect(code).toBe(0);
    // The link is replaced, as serve replaces one at its report files; what it pointed to is never written.
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(lstatSync(junit).isSymbolicLink()).toBe(false);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites name="pact verify" tests="6" failures="0"/);
    expect(xml).toContain('name="listWebhooks answers 200 in scenario empty-account"');
  }, 60_000);

  it('passes against a fresh serve on loopback given as a URL, with its state-change URL and --allow-writes', async () => {
    const server = await startSeededServer();
    try {
      const { code, stdout } = await verifyWithStates(`${server.origin}/v1`, server.origin);
      expect(stdout).toContain('6 interactions, 6 passed, 0 failed, 0 skipped');
      expect(code).toBe(0);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('fails against the broken variant "wrong-id-prefix", naming the interaction and the pointer', async () => {
    const server = await startSeededServer();
    const broken = await serveVariant('wrong-id-prefix', server.origin);
    try {
      const { code, stdout } = await verifyWithStates(broken.origin, broken.origin);
      expect(code).toBe(1);
      expect(stdout).toMatch(/FAILED +createWebhook answers 200 in a fresh world/);
      expect(stdout).toMatch(
        /: createWebhook answers 200 in a fresh world: \/interactions\/0\/response\/body\/data\/id "hook_\w+" does not match \^wh_/,
      );
      expect(stdout).toMatch(
        /: listWebhooks answers 200 in a fresh world: \/interactions\/3\/response\/body\/data\/0\/id /,
      );
      expect(stdout).toContain('6 interactions, 4 passed, 2 failed, 0 skipped');
    } finally {
      await broken.close();
      await server.stop();
    }
  }, 60_000);

  it('skips the writes against a URL without --allow-writes: the create never reaches the server', async () => {
    const server = await startSeededServer();
    try {
      const { code, stdout } = await runCli(['pact', 'verify', sample.file(), ...token, '--target', server.origin]);
      expect(stdout).toMatch(
        /skipped +createWebhook answers 200 in a fresh world: read-only target: refusing to send POST \/v1\/webhooks/,
      );
      expect(stdout).toContain('no state-change URL');
      const sent = await journal(server.origin);
      expect(sent).toContainEqual(expect.stringMatching(/^GET \/v1\/users\/me/));
      expect(sent).not.toContainEqual(expect.stringMatching(/^POST /));
      // Without the states set up, the scenario's interaction meets this token's own world.
      expect(stdout).toMatch(
        /listWebhooks answers 200 in scenario empty-account: \/interactions\/4\/response\/body\/data /,
      );
      expect(code).toBe(1);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("fails a path that leaves the target's base path without sending it, and prints all 2,500 into a pipe", async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.end('{}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/workflow-api`;
    const paths = ['/v1/../../admin/export', '/v1/%2e%2e/%2e%2e/admin/export'];
    const interactions = Array.from({ length: 2_500 }, (_, index) => ({
      type: 'Synchronous/HTTP',
      description: `escape ${index}`,
      request: { method: 'GET', path: paths[index % 2] },
      response: { status: 200 },
    }));
    const file = join(sample.dir(), 'escapes.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(sample.file(), 'utf8')), interactions }));
    try {
      // stdout is a pipe to this process, as `| cat` makes it; the output is ~600 KB.
      const { code, stdout } = await runCli(['pact', 'verify', file, '--target', root, ...token]);
      const lines = stdout.trimEnd().split('\n');
      expect(lines.filter((line) => line.startsWith('  FAILED   escape '))).toHaveLength(2_500);
      expect(lines).toContain(
        `${file}: escape 2499: /interactions/2499/request/path "/v1/%2e%2e/%2e%2e/admin/export" has a dot segment ("." or "..", raw or encoded), which can lead out of the target's base path: not sent (root ${root})`,
      );
      expect(lines.at(-1)).toBe(`${file}: 2500 interactions, 0 passed, 2500 failed, 0 skipped`);
      expect(code).toBe(1);
      expect(seen).toEqual([]);
    } finally {
      server.close();
    }
  }, 60_000);

  it("without --token on the mock, says that a seeded resource read by ID needs the recording's token", async () => {
    const { code, stdout } = await runCli(['pact', 'verify', sample.file()]);
    expect(code).toBe(1);
    // The organization's sources are read by the seeded organization's ID, which another token's world lacks.
    expect(stdout).toContain(
      'listWorkspaceSources answers 200 in a fresh world: /interactions/5/response/status is 404, the pact expects 200',
    );
    expect(stdout).toContain('passes only with the token the recording ran with: --token T');
  }, 60_000);

  it('refuses bad flags with exit 2 and a file that is no pact with exit 1, naming the reason', async () => {
    const cases: Array<[string[], string]> = [
      [['pact', 'verify'], 'name the Pact files'],
      [['pact', 'verify', sample.file(), '--target', 'staging'], '--target must be mock or'],
      [['pact', 'verify', sample.file(), '--target', 'http://127.0.0.1:9'], '--target URL needs --token'],
      [['pact', 'verify', sample.file(), '--allow-writes'], '--allow-writes is for --target URL'],
      [['pact', 'verify', sample.file(), '--state-change-url', 'ftp://x'], '--state-change-url must be an http(s) URL'],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await runCli(args);
      expect(stderr, args.join(' ')).toContain(message);
      expect(code, args.join(' ')).toBe(2);
    }
    const missing = await runCli(['pact', 'verify', join(sample.dir(), 'nope.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `cannot read the Pact file to verify ${join(sample.dir(), 'nope.json')}: no such file`,
    );
    const help = await runCli(['pact', 'verify', '--help']);
    expect(help.stdout).toContain('--state-change-url URL');
    expect(help.stdout).toContain('default: the mock');
  }, 60_000);
});
