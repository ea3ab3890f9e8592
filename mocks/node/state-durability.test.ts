// `serve --state FILE` loses nothing it acknowledged (docs/worlds.md, "State across restarts"): the
// server runs as a child process, 16 writers create webhooks in 8 worlds while snapshots are asked
// for in a loop, and the server is killed with SIGKILL in the middle of it (no exit handler runs).
// Every webhook answered 200 is there after a restart on the same file, which the killed holder
// left unlocked; while it ran, a second server on the file was refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { killRunning, startCli } from '../../support/cli.ts';

const folders: string[] = [];
afterEach(() => {
  killRunning();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const WRITERS = 16;
const TOKENS = 8;
/** Acknowledged creates after which the server is killed (the writers are still sending). */
const KILL_AFTER = 400;

async function serve(
  path: string,
  ...flags: string[]
): Promise<{ run: ReturnType<typeof startCli>; baseUrl: string; origin: string }> {
  const run = startCli([
    'serve',
    '--port',
    '0',
    '--quiet',
    '--seed',
    '5',
    '--state',
    path,
    '--state-interval',
    '1s',
    ...flags,
  ]);
  const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
  return { run, baseUrl: baseUrl!, origin: new URL(baseUrl!).origin };
}

it('every write answered 2xx survives kill -9 of the server under concurrent load', { timeout: 120_000 }, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'mock-state-kill-'));
  folders.push(folder);
  const path = join(folder, 'worlds.json');
  const first = await serve(path);
  // One server per file: a second one is refused at start, told who holds it.
  const intruder = startCli(['serve', '--port', '0', '--state', path]);
  expect(await intruder.exited).toBe(1);
  expect(intruder.err()).toMatch(
    new RegExp(`in use by another server: pid ${first.run.child.pid}, started .*, serving ${first.baseUrl}`),
  );

  const acknowledged = new Map<string, string[]>();
  let killed = false;
  const writer = async (n: number) => {
    const token = `writer-${n % TOKENS}`;
    for (let i = 0; !killed; i++) {
      try {
        const res = await fetch(
          `${first.baseUrl}/webhooks?url=https://hooks.example.com/${n}/${i}&name=w${n}-${i}&description=d`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          },
        );
        if (res.status !== 200) throw new Error(`create answered ${res.status}: ${await res.text()}`);
        const { data } = (await res.json()) as { data: { id: string } };
        acknowledged.set(token, [...(acknowledged.get(token) ?? []), data.id]);
      } catch (error) {
        if (killed) return;
        throw error;
      }
      const total = [...acknowledged.values()].reduce((sum, ids) => sum + ids.length, 0);
      if (total >= KILL_AFTER && !killed) {
        killed = true;
        first.run.child.kill('SIGKILL');
      }
    }
  };
  // Compactions while the writers write (the trial that lost 176 writes asked for one every 150 ms).
  const snapshots = async () => {
    while (!killed) {
      const res = await fetch(`${first.origin}/__mock/snapshot`, {
        method: 'POST',
        headers: { authorization: 'Bearer snapshots' },
      }).catch(() => undefined);
      if (res !== undefined && !killed) expect(res.status).toBe(200);
      await res?.arrayBuffer();
    }
  };
  await Promise.all([...Array.from({ length: WRITERS }, (_, n) => writer(n)), snapshots()]);
  expect(await first.run.exited).toBeNull();
  expect(first.run.child.signalCode).toBe('SIGKILL');

  // The killed holder left no lock behind: the same file starts again at once.
  const second = await serve(path);
  let restored = 0;
  for (const [token, ids] of acknowledged) {
    const res = await fetch(`${second.baseUrl}/users/me/webhooks`, { headers: { authorization: `Bearer ${token}` } });
    const listed = new Set(((await res.json()) as { data: Array<{ id: string }> }).data.map((webhook) => webhook.id));
    const missing = ids.filter((id) => !listed.has(id));
    expect(missing, `${token}: acknowledged webhooks missing after the restart`).toEqual([]);
    restored += ids.length;
  }
  expect(restored).toBeGreaterThanOrEqual(KILL_AFTER);
  second.run.child.kill('SIGTERM');
  expect(await second.run.exited).toBe(0);
});

it('an eviction is in the log too: after kill -9 the evicted world is gone, as it was on the live server', {
  timeout: 120_000,
}, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'mock-state-evict-'));
  folders.push(folder);
  const path = join(folder, 'worlds.json');
  const create = async (baseUrl: string, token: string) => {
    const res = await fetch(`${baseUrl}/webhooks?url=https://hooks.example.com/${token}&name=${token}&description=d`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const ids = async (baseUrl: string, token: string) => {
    const res = await fetch(`${baseUrl}/users/me/webhooks`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: Array<{ id: string }> }).data.map((webhook) => webhook.id);
  };
  const first = await serve(path, '--max-worlds', '2');
  const a = await create(first.baseUrl, 'evict-a');
  const b = await create(first.baseUrl, 'evict-b');
  const c = await create(first.baseUrl, 'evict-c'); // a third world: evict-a, the least recently used, is evicted
  first.run.child.kill('SIGKILL');
  await first.run.exited;
  const second = await serve(path, '--max-worlds', '2');
  expect(await ids(second.baseUrl, 'evict-b')).toContain(b);
  expect(await ids(second.baseUrl, 'evict-c')).toContain(c);
  expect(await ids(second.baseUrl, 'evict-a')).not.toContain(a);
});

it("a world's clock and scenario survive kill -9: both are in the state file's log", { timeout: 120_000 }, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'mock-state-clock-'));
  folders.push(folder);
  const path = join(folder, 'worlds.json');
  const control = (server: { origin: string }, method: string, route: string, token: string, body?: unknown) =>
    fetch(`${server.origin}/__mock/${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  // An interval longer than the test: only the log can carry the two writes.
  const first = await serve(path, '--state-interval', '1h');
  // A write first, so the world is in the log already and the clock call is logged as a change of it.
  const created = await fetch(`${first.baseUrl}/webhooks?url=https://hooks.example.com/t&name=t&description=d`, {
    method: 'POST',
    headers: { authorization: 'Bearer timed' },
  });
  expect(created.status).toBe(200);
  expect((await control(first, 'POST', 'clock', 'timed', { set: '2030-01-01T00:00:00Z', freeze: true })).status).toBe(
    200,
  );
  expect((await control(first, 'POST', 'scenario', 'switched', { name: 'empty-account' })).status).toBe(200);
  first.run.child.kill('SIGKILL');
  await first.run.exited;

  const second = await serve(path);
  const clock = (await (await control(second, 'GET', 'clock', 'timed')).json()) as {
    data: { now: string; frozen: boolean };
  };
  expect(clock.data).toMatchObject({ now: '2030-01-01T00:00:00.000Z', frozen: true });
  const scenarios = (await (await control(second, 'GET', 'scenarios', 'switched')).json()) as {
    data: { current: string | null };
  };
  expect(scenarios.data.current).toBe('empty-account');
});
