// `serve --pact-dir DIR --pact-consumer NAME` (docs/pact.md): a real server on loopback, real
// requests, SIGTERM, and the Pact file it wrote.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killRunning, startCli } from '../support/cli.ts';

afterEach(killRunning);

/** Runs a server with --pact-dir, sends the same requests, stops it; answers the file's text. */
async function recordedRun(dir: string): Promise<string> {
  const run = startCli(['serve', '--port', '0', '--quiet', '--seed', '7', '--pact-dir', dir, '--pact-consumer', 'web']);
  const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
  const auth = { authorization: 'Bearer secret-token-1' };
  expect((await fetch(`${baseUrl}/users/me`, { headers: auth })).status).toBe(200);
  expect((await fetch(`${baseUrl}/users/me`, { headers: auth })).status).toBe(200);
  expect((await fetch(`${baseUrl}/workflows/p_nope123`, { headers: auth })).status).toBe(404);
  const empty = { authorization: 'Bearer scenario_empty-account_1' };
  expect((await fetch(`${baseUrl}/users/me`, { headers: empty })).status).toBe(200);
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  expect(run.out()).toMatch(/Pact: 3 interactions for web\. Written to .*web-workflow-api\.json/);
  return readFileSync(join(dir, 'web-workflow-api.json'), 'utf8');
}

describe('serve --pact-dir', () => {
  it('writes one V4 interaction per operation, status and world, without the bearer, byte for byte the same', async () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'pact-')), mkdtempSync(join(tmpdir(), 'pact-'))];
    try {
      const first = await recordedRun(dirs[0]!);
      expect(await recordedRun(dirs[1]!)).toBe(first);
      expect(first).not.toContain('secret-token-1');
      expect(first).not.toMatch(/authorization/i);
      const pact = JSON.parse(first);
      expect(pact.consumer).toEqual({ name: 'web' });
      expect(pact.provider).toEqual({ name: 'workflow-api' });
      expect(pact.metadata.pactSpecification.version).toBe('4.0');
      expect(pact.interactions.map((i: { description: string }) => i.description)).toEqual([
        'getCurrentUser answers 200 in a fresh world',
        'getCurrentUser answers 200 in scenario empty-account',
        'getWorkflow answers 404 in a fresh world',
      ]);
      const [me, , missing] = pact.interactions;
      expect(me.type).toBe('Synchronous/HTTP');
      expect(me.providerStates).toEqual([{ name: 'a fresh world', params: { seed: '7' } }]);
      expect(me.request).toEqual({ method: 'GET', path: '/v1/users/me', headers: { accept: ['*/*'] } });
      expect(me.response.status).toBe(200);
      expect(me.response.matchingRules.body['$.data.id'].matchers[0]).toMatchObject({ match: 'regex' });
      expect(missing.providerStates[0].params).toEqual({ id: 'p_nope123', seed: '7' });
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('merges a later run into the file (docs/pact.md, "Files and the merge rule"): the same run leaves it as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-'));
    try {
      const first = await recordedRun(dir);
      expect(await recordedRun(dir)).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits after SIGTERM when the lock is a folder: names the lock, sets the pact aside, exit 1', {
    timeout: 20_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-'));
    try {
      const lock = join(dir, 'web-workflow-api.json.lock');
      mkdirSync(lock);
      const run = startCli(['serve', '--port', '0', '--quiet', '--pact-dir', dir, '--pact-consumer', 'web']);
      const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
      expect((await fetch(`${baseUrl}/users/me`, { headers: { authorization: 'Bearer lock-1' } })).status).toBe(200);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(1);
      expect(run.err()).toContain(`the lock ${lock} is a folder, not a lock file; remove it`);
      const aside = readdirSync(dir).find((name) => name.includes('.unmerged-'))!;
      expect(run.err()).toContain(`this run's 1 interaction is in ${join(dir, aside)}`);
      expect(JSON.parse(readFileSync(join(dir, aside), 'utf8')).interactions[0].key).toBe(
        'getCurrentUser 200 a fresh world',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses --pact-dir without --pact-consumer, and a path that is a file, before it listens', async () => {
    const alone = startCli(['serve', '--port', '0', '--pact-dir', tmpdir()]);
    expect(await alone.exited).toBe(2);
    expect(alone.err()).toContain('--pact-dir needs --pact-consumer NAME');
    const dir = mkdtempSync(join(tmpdir(), 'pact-'));
    try {
      const file = join(dir, 'pacts');
      writeFileSync(file, 'not a folder');
      for (const path of [file, join(file, 'deeper')]) {
        const refused = startCli(['serve', '--port', '0', '--pact-dir', path, '--pact-consumer', 'web']);
        expect(await refused.exited).toBe(1);
        expect(refused.err()).toContain(`--pact-dir ${path}: it is a file, or under one, where a folder is wanted`);
        expect(refused.out()).toBe('');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes a --pact-dir that does not exist yet, with its parents, at start (as the Pact tools do)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-'));
    try {
      const pacts = join(dir, 'new', 'pacts');
      const run = startCli(['serve', '--port', '0', '--quiet', '--pact-dir', pacts, '--pact-consumer', 'web']);
      const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
      // Made before the first request: a folder a CI step may list while the server runs.
      expect(statSync(pacts).isDirectory()).toBe(true);
      expect((await fetch(`${baseUrl}/users/me`, { headers: { authorization: 'Bearer fresh' } })).status).toBe(200);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(JSON.parse(readFileSync(join(pacts, 'web-workflow-api.json'), 'utf8')).interactions).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
