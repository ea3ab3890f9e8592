// writePactFile (docs/pact.md, "Files and the merge rule"): concurrent writers of one consumer end
// in one file with every interaction, a lock left by a dead process is taken over, a lock that is
// no lock file is reported at once, a file that is no pact of that consumer is refused and left as
// it was (never quoted), and no failed write loses the interactions; and the recorder's bound.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleRequests } from '../../openapi/example-requests.ts';
import { document } from '../../openapi/generated/document.ts';
import { exampleAppRequest } from '../../support/results.ts';
import { pactText, type PactFile } from '../app/pact.ts';
import { createMock } from '../index.ts';
import { createRecordingSink } from '../store/world/recording-sink.ts';
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

  it('reports a lock that is a folder or a dangling link at once, by path, and sets the pact aside', {
    timeout: 10_000,
  }, async () => {
    for (const plant of [
      (lock: string) => mkdirSync(lock),
      (lock: string) => symlinkSync('/nonexistent-holder', lock),
    ]) {
      const dir = mkdtempSync(join(tmpdir(), 'pact-lock-'));
      const lock = join(dir, 'web-workflow-api.json.lock');
      plant(lock);
      const failed = await writePactFile(dir, source('getCurrentUser 200 a fresh world')).catch(
        (error: Error) => error,
      );
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).message).toMatch(
        new RegExp(
          `^cannot write the pact: the lock ${lock} is (a folder|a link), not a lock file; remove it; this run's 1 interaction is in `,
        ),
      );
      const aside = readdirSync(dir).filter((name) => name.includes('.unmerged-'));
      expect(aside).toHaveLength(1);
      expect(statSync(join(dir, aside[0]!)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(join(dir, aside[0]!), 'utf8')).interactions).toHaveLength(1);
    }
  });

  it('names a linked non-pact file and the reason, never its bytes; leaves it as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-link-'));
    const target = join(dir, 'secrets.env');
    writeFileSync(target, 'db_password=hunter2\n');
    symlinkSync(target, join(dir, 'web-workflow-api.json'));
    const failed = (await writePactFile(dir, source('a 200 a fresh world')).catch((error: Error) => error)) as Error;
    expect(failed.message).toContain(
      `cannot merge the pact into ${join(dir, 'web-workflow-api.json')}: the file there (a link to ${target}) is not JSON`,
    );
    expect(failed.message).not.toMatch(/db_|hunter2|passw/);
    expect(readFileSync(target, 'utf8')).toBe('db_password=hunter2\n');
  });

  it("refuses a consumer name that is no file name, as createMock and serve's --pact-consumer do", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-name-'));
    const escaping = { consumer: '../../escaped', pact: source('a 200 a fresh world').pact };
    await expect(writePactFile(join(dir, 'a', 'b'), escaping)).rejects.toThrow(
      /^writePactFile: consumer must be letters, digits, '\.', '-' or '_' \(a file name\), got "\.\.\/\.\.\/escaped"$/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("the recorder's bound", () => {
  it('keeps 16 MiB of interactions and counts the ones dropped; GET /__mock/pact and the file are still whole', async () => {
    const lines: string[] = [];
    const mock = createMock({
      seed: 3,
      sink: createRecordingSink(),
      pact: { consumer: 'web', log: (line) => lines.push(line) },
    });
    // Every key of the run, counted apart from the recorder (operation and status; one world).
    const keys = new Set<string>();
    mock.onExchange((record) => {
      if (record.face === 'api' && record.source === 'mock' && record.operationId !== undefined)
        keys.add(`${record.operationId} ${record.status}`);
    });
    // Bodies just under 64 KiB, kept whole: ~400 keys of them are 24 MiB.
    const body = JSON.stringify({ filler: 'f'.repeat(60 * 1024) });
    for (const example of exampleRequests(document))
      for (const code of [200, 201, 204, 400, 401, 403, 404, 409, 429]) {
        const request = exampleAppRequest(example, 'pact-bound');
        const headers = { ...request.headers, 'content-type': 'application/json', prefer: `code=${code}` };
        await mock.handle({ ...request, headers, body });
      }
    const recorder = mock.pact!;
    expect(recorder.dropped()).toBeGreaterThan(0);
    expect(recorder.size() + recorder.dropped()).toBe(keys.size);
    expect(lines.filter((line) => line.includes('the recorder holds 16 MiB'))).toHaveLength(1);
    const text = pactText(recorder.pact());
    expect(text.length).toBeLessThanOrEqual(16 * 1024 * 1024 + 1024);
    const answer = await mock.fetch('/__mock/pact', { headers: { authorization: 'Bearer pact-bound' } });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: PactFile }).data.interactions).toHaveLength(recorder.size());
    const written = await writePactFile(mkdtempSync(join(tmpdir(), 'pact-bound-')), recorder);
    expect(written.interactions).toBe(recorder.size());
  }, 120_000);
});
