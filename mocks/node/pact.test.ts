// writePactFile (docs/pact.md, "Files and the merge rule"): concurrent writers of one consumer end
// in one file with every interaction, a lock left by a dead process is taken over, and a file that
// is no pact of that consumer is refused and left as it was.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PactFile } from '../app/pact.ts';
import { writePactFile } from './pact.ts';

/** A source of 'web' holding one interaction per key. */
const source = (...keys: string[]) => ({
  consumer: 'web',
  pact: (): PactFile => ({
    consumer: { name: 'web' },
    provider: { name: 'workflow-api' },
    interactions: keys.map((key) => ({
      type: 'Synchronous/HTTP',
      key,
      description: key,
      providerStates: [{ name: 'a fresh world', params: {} }],
      request: { method: 'GET', path: '/v1/users/me' },
      response: { status: 200 },
    })),
    metadata: { pactSpecification: { version: '4.0' } },
  }),
});

describe('writePactFile', () => {
  it('merges concurrent writers into one file: every interaction, one per key, sorted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-write-'));
    const writers = Array.from({ length: 8 }, (_, n) => source(`op${n} 200 a fresh world`, 'shared 200 a fresh world'));
    const written = await Promise.all(writers.map((writer) => writePactFile(dir, writer)));
    const path = join(dir, 'web-workflow-api.json');
    expect(written.map((one) => one.path)).toEqual(writers.map(() => path));
    const pact = JSON.parse(readFileSync(path, 'utf8')) as PactFile;
    expect(pact.interactions.map((interaction) => interaction.key)).toEqual([
      ...Array.from({ length: 8 }, (_, n) => `op${n} 200 a fresh world`),
      'shared 200 a fresh world',
    ]);
    expect(written.reduce((sum, one) => sum + one.added, 0)).toBe(9);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-write-'));
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(join(dir, 'web-workflow-api.json.lock'), String(gone));
    expect((await writePactFile(dir, source('getCurrentUser 200 a fresh world'))).interactions).toBe(1);
  });

  it('refuses a file that is no pact of the consumer, leaving it as it was; makes a missing folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-write-'));
    const path = join(dir, 'web-workflow-api.json');
    writeFileSync(path, '{"consumer": {"name": "mobile"}, "provider": {"name": "workflow-api"}, "interactions": []}');
    await expect(writePactFile(dir, source('a 200 a fresh world'))).rejects.toThrow(
      `cannot merge the pact into ${path}: the file there is the pact of "mobile"`,
    );
    expect(readFileSync(path, 'utf8')).toContain('mobile');
    expect(existsSync(`${path}.lock`)).toBe(false);
    const made = await writePactFile(join(dir, 'new', 'pacts'), source('a 200 a fresh world'));
    expect(made).toEqual({ path: join(dir, 'new', 'pacts', 'web-workflow-api.json'), interactions: 1, added: 1 });
    await expect(writePactFile(join(path, 'below-a-file'), source('a 200 a fresh world'))).rejects.toThrow(
      `cannot make the folder ${join(path, 'below-a-file')} (ENOTDIR)`,
    );
  });
});
