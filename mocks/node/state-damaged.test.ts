// A damaged `--state` file (docs/worlds.md, "State across restarts") stops the start with a message
// that names the file and the line or field, never a bare TypeError such as
// `Cannot read properties of null (reading 'w')`; the files are left as they were.
import { constants } from 'node:buffer';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from './server.ts';

/** A state file of one world, written by a server that stopped cleanly. */
async function stateFile(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'state-damaged-')), 's.json');
  const server = await startServer({ port: 0, quiet: true, seed: 5, log: () => {}, state: { path } });
  await fetch(`${server.baseUrl}/users/me`, { headers: { authorization: 'Bearer damaged-token' } });
  await server.close();
  return path;
}

const restart = (path: string) => startServer({ port: 0, quiet: true, seed: 5, log: () => {}, state: { path } });

describe('a damaged state file', () => {
  it('is refused naming the file and the line or field, whatever is damaged', { timeout: 60_000 }, async () => {
    type Snapshot = { worlds: Array<Record<string, unknown>> };
    const snapshotOf = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
    const notARecord = (path: string) => `cannot restore ${path}.log, line 2: not a record of this log`;
    const cases: Array<[string, (path: string) => void, (path: string) => string]> = [
      [
        'a snapshot that is null',
        (path) => writeFileSync(path, 'null'),
        (path) => `cannot restore the state file ${path} (snapshot_format): not a worlds snapshot`,
      ],
      ['a log line that is null', (path) => appendFileSync(`${path}.log`, 'null\n'), notARecord],
      [
        'a log line whose patch is not one',
        (path) => {
          const { tokenHash, random } = snapshotOf(path).worlds[0]!;
          const patch = { issued: [], random, deleted: { sources: 5 } };
          appendFileSync(`${path}.log`, `${JSON.stringify({ w: tokenHash, patch })}\n`);
        },
        notARecord,
      ],
      [
        'a world that is null',
        (path) => writeFileSync(path, JSON.stringify({ ...snapshotOf(path), worlds: [null] })),
        (path) => `cannot restore the state file ${path}: worlds[0] is not a world`,
      ],
      [
        'a field of a world of the wrong shape',
        (path) => {
          const snapshot = snapshotOf(path);
          snapshot.worlds[0]!.user = null;
          writeFileSync(path, JSON.stringify(snapshot));
        },
        (path) => `cannot restore the state file ${path} (snapshot_invalid): damaged worlds snapshot: worlds[0]`,
      ],
    ];
    for (const [what, damage, message] of cases) {
      const path = await stateFile();
      damage(path);
      const before = readFileSync(path, 'utf8');
      const error = await restart(path).then(
        () => new Error(`${what}: started`),
        (refusal: Error) => refusal,
      );
      expect({ what, name: error.name, message: error.message }).toMatchObject({
        what,
        name: 'StateFileError',
        message: expect.stringContaining(message(path)),
      });
      expect(error.message).not.toMatch(/Cannot read properties|is not iterable/);
      expect(readFileSync(path, 'utf8')).toBe(before);
    }
  });
});

describe('the end of the state log', () => {
  it('an unfinished last record is dropped and reported at start: the file, the line, what was dropped', async () => {
    const path = await stateFile();
    const { tokenHash } = (JSON.parse(readFileSync(path, 'utf8')) as { worlds: Array<{ tokenHash: string }> })
      .worlds[0]!;
    // What a crash mid-append leaves: a record cut short, no newline (its request was never answered).
    const cut = JSON.stringify({ w: tokenHash, gone: true }).slice(0, 30);
    appendFileSync(`${path}.log`, cut);
    const lines: string[] = [];
    const server = await startServer({
      port: 0,
      quiet: true,
      seed: 5,
      log: (line) => lines.push(line),
      state: { path },
    });
    await server.close();
    expect(server.restoredWorlds).toBe(1);
    expect(lines).toContain(
      `[state] ${path}.log, line 2: an unfinished last record (30 bytes, no newline) was dropped; its write was never answered (the server stopped while writing it)`,
    );
  });

  it('a line longer than V8 can hold as a string is refused naming the file and the line, the files untouched', {
    timeout: 60_000,
  }, async () => {
    const path = await stateFile();
    const log = `${path}.log`;
    // Sparse: the disk holds none of it. The bound is V8's longest string (state.ts, LOG_LINE_MAX_BYTES).
    truncateSync(log, statSync(log).size + constants.MAX_STRING_LENGTH + 1);
    appendFileSync(log, '\n{}\n');
    const size = statSync(log).size;
    const error = await restart(path).then(
      () => new Error('started'),
      (refusal: Error) => refusal,
    );
    expect([error.name, error.message]).toEqual([
      'StateFileError',
      `cannot restore ${log}, line 2: longer than 536,870,888 bytes, the longest line a state log holds. The files were left untouched; move them away or fix them to start`,
    ]);
    expect(statSync(log).size).toBe(size);
    rmSync(dirname(path), { recursive: true });
  });
});
