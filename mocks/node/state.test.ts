// `--state FILE` (docs/worlds.md, "State across restarts"): worlds written with write-and-rename
// (on POST /__mock/snapshot, on close, on an interval when something changed) and restored at
// start; a damaged, truncated or incompatible file stops the start and is left untouched.
import { watch } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killRunning, startCli } from '../../support/cli.ts';
import { createMock } from '../index.ts';
import { createRecordingSink } from '../store/world/recording-sink.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';
import { storeOf } from '../mock.ts';

const running: RunningServer[] = [];
const folders: string[] = [];

afterEach(async () => {
  killRunning();
  await Promise.all(running.splice(0).map((server) => server.close()));
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), 'mock-state-'));
  folders.push(made);
  return made;
}

async function start(options: ServerOptions = {}): Promise<RunningServer> {
  const server = await startServer({ port: 0, quiet: true, seed: 5, log: () => {}, ...options });
  running.push(server);
  return server;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function createWebhook(server: RunningServer, token: string, name: string): Promise<string> {
  const res = await fetch(
    `${server.baseUrl}/webhooks?url=https://hooks.example.com/${name}&name=${name}&description=d`,
    {
      method: 'POST',
      headers: auth(token),
    },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function webhookIds(server: RunningServer, token: string): Promise<string[]> {
  const res = await fetch(`${server.baseUrl}/users/me/webhooks`, { headers: auth(token) });
  return ((await res.json()) as { data: Array<{ id: string }> }).data.map((webhook) => webhook.id);
}

async function stop(server: RunningServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.close();
}

describe('--state FILE', () => {
  it('POST /__mock/snapshot writes every world; a new server restores them, IDs and all', async () => {
    const path = join(await folder(), 'worlds.json');
    const first = await start({ state: { path } });
    expect(first.restoredWorlds).toBe(0);
    const a = await createWebhook(first, 'alice', 'a');
    const b = await createWebhook(first, 'bob', 'b');
    const saved = await fetch(`${first.origin}/__mock/snapshot`, { method: 'POST', headers: auth('alice') });
    expect(saved.status).toBe(200);
    const { data } = (await saved.json()) as { data: { path: string; worlds: number; bytes: number } };
    const text = await readFile(path, 'utf8');
    expect(data).toEqual({ path, worlds: 2, bytes: Buffer.byteLength(text) });
    expect(JSON.parse(text)).toMatchObject({
      format: 'workflow-api-mock-kit/worlds',
      version: 2,
      seed: 5,
      tokens: 'hmac-sha256',
    });
    // Nothing but the file, its log and its key is left in its folder (the temporary file was renamed over it).
    expect((await readdir(join(path, '..'))).sort()).toEqual(['worlds.json', 'worlds.json.key', 'worlds.json.log']);
    await stop(first);

    const second = await start({ state: { path } });
    expect(second.restoredWorlds).toBe(2);
    expect(await webhookIds(second, 'alice')).toContain(a);
    expect(await webhookIds(second, 'bob')).toContain(b);
  });

  it('close() writes the worlds a last time (what SIGINT/SIGTERM do)', async () => {
    const path = join(await folder(), 'state.json');
    const first = await start({ state: { path } });
    const id = await createWebhook(first, 'carol', 'c');
    await stop(first);
    const second = await start({ state: { path } });
    expect(await webhookIds(second, 'carol')).toContain(id);
  });

  it('writes on its interval once a request may have changed a world', async () => {
    const dir = await folder();
    const path = join(dir, 'state.json');
    const server = await start({ state: { path, intervalMs: 20 } });
    const written = new Promise<void>((resolve) => {
      const watcher = watch(dir, (_event, name) => {
        if (name !== 'state.json') return;
        watcher.close();
        resolve();
      });
    });
    const id = await createWebhook(server, 'dave', 'd');
    await written;
    const snapshot = JSON.parse(await readFile(path, 'utf8')) as { worlds: Array<{ webhooks: Array<{ id: string }> }> };
    expect(snapshot.worlds.flatMap((world) => world.webhooks.map((webhook) => webhook.id))).toContain(id);
  });

  it.each([
    ['damaged', () => 'not json {', /snapshot_unreadable/],
    ['truncated', (valid: string) => valid.slice(0, Math.floor(valid.length / 2)), /snapshot_unreadable/],
    ['of another seed', (valid: string) => valid.replace('"seed":5', '"seed":6'), /snapshot_seed/],
    [
      'of another version',
      (valid: string) => valid.replace('"version":2', '"version":99'),
      /version 99; this release reads version 2 .* and migrates version 1/,
    ],
    [
      'hashed with another key',
      (valid: string) => valid.replace(/"key":"\w+"/, '"key":"0123456789abcdef"'),
      /hashed with another key \("0123456789abcdef"; this one, from .*\.key, is "\w{16}"\)/,
    ],
  ])('a %s file stops the start with a clear error and is left untouched', async (_name, spoil, code) => {
    const path = join(await folder(), 'state.json');
    const first = await start({ state: { path } });
    await createWebhook(first, 'erin', 'e');
    await stop(first);
    const bad = spoil(await readFile(path, 'utf8'));
    await writeFile(path, bad);
    const failed = startServer({ port: 0, quiet: true, seed: 5, state: { path } });
    await expect(failed).rejects.toMatchObject({ name: 'StateFileError', message: expect.stringMatching(code) });
    await expect(failed).rejects.toThrow(/left untouched/);
    expect(await readFile(path, 'utf8')).toBe(bad);
  });

  it('without --state, POST /__mock/snapshot is 404', async () => {
    const server = await start();
    const res = await fetch(`${server.origin}/__mock/snapshot`, { method: 'POST', headers: auth('x') });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(/--state FILE/);
  });
});

describe('--state FILE: one server per file, a writable place, files only the user reads', () => {
  it('a second server on the same file is refused, naming the holder; once the holder stops, the file is free', async () => {
    const path = join(await folder(), 'shared.json');
    const first = await start({ state: { path } });
    const second = startServer({ port: 0, quiet: true, seed: 5, state: { path } });
    await expect(second).rejects.toMatchObject({ name: 'StateFileError' });
    await expect(second).rejects.toThrow(
      new RegExp(
        `in use by another server: pid ${process.pid}, started \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z, serving ${first.baseUrl.replaceAll('.', '\\.')}`,
      ),
    );
    // The holder was not disturbed, and a write to it is kept.
    const id = await createWebhook(first, 'holder', 'h');
    await stop(first);
    const third = await start({ state: { path } });
    expect(await webhookIds(third, 'holder')).toContain(id);
  });

  it.each([
    [
      'a folder that does not exist',
      async () => join(await folder(), 'missing', 'state.json'),
      /the folder does not exist \(ENOENT\)/,
    ],
    [
      'a path under a file',
      async () => {
        const file = join(await folder(), 'file');
        await writeFile(file, 'x');
        return join(file, 'state.json');
      },
      /not a folder \(ENOTDIR\)/,
    ],
  ])('%s is refused at start, before anything listens', async (_name, pathOf, reason) => {
    const path = await pathOf();
    const failed = startServer({ port: 0, quiet: true, seed: 5, state: { path } });
    await expect(failed).rejects.toMatchObject({ name: 'StateFileError', message: expect.stringMatching(reason) });
  });

  it.skipIf(process.getuid?.() === 0)('a folder without write permission is refused at start', async () => {
    const dir = await folder();
    await chmod(dir, 0o500);
    const failed = startServer({ port: 0, quiet: true, seed: 5, state: { path: join(dir, 'state.json') } });
    await expect(failed).rejects.toThrow(/no permission \(EACCES\)/);
    await chmod(dir, 0o700);
  });

  // A child process: slow to start on a busy machine.
  it('serve exits 1 on an unwritable --state path without serving a request', { timeout: 120_000 }, async () => {
    const path = join(await folder(), 'missing', 'state.json');
    const run = startCli(['serve', '--port', '0', '--state', path]);
    expect(await run.exited).toBe(1);
    expect(run.err()).toMatch(
      /cannot write the state file .*state\.json .*the folder does not exist \(ENOENT\)\. Nothing was started/,
    );
    expect(run.out()).not.toMatch(/listening/);
  });

  it('creates the file and its log readable by the user only (0600), also when an older file was 0644', async () => {
    const path = join(await folder(), 'private.json');
    const first = await start({ state: { path } });
    await createWebhook(first, 'ivy', 'i');
    await stop(first);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(`${path}.log`)).mode & 0o777).toBe(0o600);
    await chmod(path, 0o644);
    await chmod(`${path}.log`, 0o644);
    await start({ state: { path } });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(`${path}.log`)).mode & 0o777).toBe(0o600);
  });

  it('a snapshot that cannot be written answers state_write_failed without paths, and the stop fails loudly', async () => {
    const dir = await folder();
    const path = join(dir, 'gone.json');
    const lines: string[] = [];
    const server = await startServer({
      port: 0,
      quiet: true,
      seed: 5,
      log: (line) => lines.push(line),
      state: { path },
    });
    await createWebhook(server, 'jack', 'j');
    await rm(dir, { recursive: true, force: true });
    const res = await fetch(`${server.origin}/__mock/snapshot`, { method: 'POST', headers: auth('jack') });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: expect.stringMatching(/^Could not write the state file: the folder does not exist \(ENOENT\)\./),
      code: 'state_write_failed',
      details: { errno: 'ENOENT' },
    });
    expect(text).not.toContain(dir);
    expect(text).not.toMatch(/\.tmp/);
    // The server's own log names the file.
    expect(lines.join('\n')).toContain(path);
    await expect(server.close()).rejects.toThrow(/could not write the state file .* at exit/);
  });

  // A child process: slow to start on a busy machine.
  it('serve exits 1 when the last write at SIGTERM fails, and says so', { timeout: 120_000 }, async () => {
    const dir = await folder();
    const run = startCli(['serve', '--port', '0', '--state', join(dir, 'exit.json')]);
    await run.waitFor(/listening on/);
    await rm(dir, { recursive: true, force: true });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(1);
    expect(run.err()).toMatch(/could not write the state file .*exit\.json at exit/);
  });
});

describe('--state FILE: tokens never in clear', () => {
  const secret = 'sk-secret-token-4fa9';
  const other = 'ci-job-41';

  it('stores a keyed hash of each token, in the snapshot and in its log; the same token finds its world after a restart', async () => {
    const path = join(await folder(), 'hashed.json');
    const first = await start({ state: { path } });
    const a = await createWebhook(first, secret, 'a');
    const b = await createWebhook(first, other, 'b');
    await fetch(`${first.origin}/__mock/snapshot`, { method: 'POST', headers: auth(other) });
    const c = await createWebhook(first, secret, 'c'); // in the log only
    for (const file of [path, `${path}.log`]) {
      const text = await readFile(file, 'utf8');
      expect(text).not.toContain(secret);
      expect(text).not.toContain(other);
    }
    expect(
      JSON.parse(await readFile(path, 'utf8')).worlds.map((world: { tokenHash: string }) => world.tokenHash),
    ).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)]);
    await stop(first);
    const second = await start({ state: { path } });
    expect(second.restoredWorlds).toBe(2);
    expect(await webhookIds(second, secret)).toEqual(expect.arrayContaining([a, c]));
    expect(await webhookIds(second, other)).toContain(b);
    // A token that was never saved gets a fresh world.
    expect(await webhookIds(second, 'never-saved')).not.toContain(a);
  });

  it('with STATE_KEY, the key is kept out of the state folder; another key is refused at start', async () => {
    const dir = await folder();
    const path = join(dir, 'keyed.json');
    const first = await start({ state: { path, key: 'key-one' } });
    const id = await createWebhook(first, secret, 'k');
    await stop(first);
    expect((await readdir(dir)).sort()).toEqual(['keyed.json', 'keyed.json.log']);
    await expect(startServer({ port: 0, quiet: true, seed: 5, state: { path, key: 'key-two' } })).rejects.toThrow(
      /hashed with another key .*from STATE_KEY/,
    );
    const again = await start({ state: { path, key: 'key-one' } });
    expect(await webhookIds(again, secret)).toContain(id);
  });

  it("migrates the previous release's file (version 1, tokens in clear): restored, then rewritten hashed", async () => {
    const path = join(await folder(), 'old.json');
    const old = createMock({ seed: 5, sink: createRecordingSink() });
    const created = await old.fetch('/v1/webhooks?url=https://hooks.example.com/old&name=old&description=d', {
      method: 'POST',
      headers: auth(secret),
    });
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    await writeFile(path, JSON.stringify(storeOf(old).snapshot()), { mode: 0o644 });
    expect(await readFile(path, 'utf8')).toContain(secret);
    const lines: string[] = [];
    const server = await start({ state: { path }, log: (line) => lines.push(line) });
    expect(server.restoredWorlds).toBe(1);
    expect(lines.join('\n')).toMatch(
      /a previous release's file, tokens in clear: 1 worlds restored and rewritten now with keyed hashes/,
    );
    expect(await readFile(path, 'utf8')).not.toContain(secret);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await webhookIds(server, secret)).toContain(id);
  });
});
