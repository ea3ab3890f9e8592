// A pact recorded by a real `serve --pact-dir` run on 127.0.0.1, for the tests of `pact verify` and of the official
// verifier (docs/pact.md), under one bearer and seed that a fresh server given the same seed reproduces.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { killRunning, startCli } from './cli.ts';

/** The bearer and seed the sample pact is recorded under. */
export const SAMPLE_PACT = { token: 'pact-sample-token', seed: '7', consumer: 'web' } as const;

/**
 * Starts `serve --port 0 --quiet --seed SEED ...extra` (the sample's seed, 7, unless given) and answers its
 * origin and how to stop it.
 *
 * @example
 * const server = await startSeededServer();
 * await fetch(`${server.origin}/v1/users/me`, { headers });
 * await server.stop();
 */
export async function startSeededServer(
  extra: string[] = [],
  seed: string = SAMPLE_PACT.seed,
): Promise<{ origin: string; stop: () => Promise<number | null> }> {
  const run = startCli(['serve', '--port', '0', '--quiet', '--seed', seed, ...extra]);
  const [, origin] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\/v1/);
  const stop = () => {
    run.child.kill('SIGTERM');
    return run.exited;
  };
  return { origin: origin!, stop };
}

async function recordSamplePact(dir: string): Promise<string> {
  const server = await startSeededServer(['--pact-dir', dir, '--pact-consumer', SAMPLE_PACT.consumer]);
  const base = `${server.origin}/v1`;
  const headers = { authorization: `Bearer ${SAMPLE_PACT.token}` };
  const me = await fetch(`${base}/users/me`, { headers });
  expect(me.status).toBe(200);
  const org = ((await me.json()) as { data: { orgs: Array<{ id: string }> } }).data.orgs[0]!.id;
  const query = 'url=https%3A%2F%2Fexample.com%2Fhooks%2Fpact&name=pact&description=recorded';
  expect((await fetch(`${base}/webhooks?${query}`, { method: 'POST', headers })).status).toBe(200);
  expect((await fetch(`${base}/users/me/webhooks`, { headers })).status).toBe(200);
  expect((await fetch(`${base}/orgs/${org}/sources?limit=2`, { headers })).status).toBe(200);
  expect((await fetch(`${base}/workflows/p_nope123`, { headers })).status).toBe(404);
  const empty = { authorization: 'Bearer scenario_empty-account_pact' };
  expect((await fetch(`${base}/users/me/webhooks`, { headers: empty })).status).toBe(200);
  expect(await server.stop()).toBe(0);
  return join(dir, `${SAMPLE_PACT.consumer}-workflow-api.json`);
}

/**
 * For a test file: the sample pact recorded once into a fresh folder before its tests, the
 * servers they started killed after each, the folder removed at the end.
 *
 * @example
 * const sample = useSamplePact();
 * it('verifies', async () => { await runCli(['pact', 'verify', sample.file()]); });
 */
export function useSamplePact(): { dir: () => string; file: () => string } {
  let dir = '';
  let file = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pact-sample-'));
    file = await recordSamplePact(dir);
  }, 60_000);
  afterEach(killRunning);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return { dir: () => dir, file: () => file };
}
