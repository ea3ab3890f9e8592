// `--state FILE` (docs/worlds.md, "State across restarts"): worlds written with write-and-rename
// (on POST /__mock/snapshot, on close, on an interval when something changed) and restored at
// start; a damaged, truncated or incompatible file stops the start and is left untouched.
import { watch } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';

const running: RunningServer[] = [];
const folders: string[] = [];

afterEach(async () => {
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
  const res = await fetch(`${server.baseUrl}/webhooks?url=https://hooks.example.com/${name}&name=${name}&description=d`, {
    method: 'POST',
    headers: auth(token),
  });
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
    expect(JSON.parse(text)).toMatchObject({ format: 'workflow-api-mock-kit/worlds', version: 1, seed: 5 });
    // Nothing but the file is left in its folder (the temporary file was renamed over it).
    expect(await readdir(join(path, '..'))).toEqual(['worlds.json']);
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
    const snapshot = JSON.parse(await readFile(path, 'utf8')) as { worlds: Array<{ token: string; webhooks: Array<{ id: string }> }> };
    expect(snapshot.worlds.find((world) => world.token === 'dave')?.webhooks.map((webhook) => webhook.id)).toContain(id);
  });

  it.each([
    ['damaged', () => 'not json {', /snapshot_unreadable/],
    ['truncated', (valid: string) => valid.slice(0, Math.floor(valid.length / 2)), /snapshot_unreadable/],
    ['of another seed', (valid: string) => valid.replace('"seed":5', '"seed":6'), /snapshot_seed/],
    ['of another version', (valid: string) => valid.replace('"version":1', '"version":99'), /snapshot_version/],
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
