// `--record FILE` and `--drift-report FILE` as files (mocks/node/recording.ts): 0600, appended to
// what a recording already held, no bearer token in them, and a file that is not HAR refused untouched.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDriftAnalyzer } from '../../openapi/drift.ts';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import type { Exchange } from '../upstream/har.ts';
import { parseHar } from '../upstream/parse-har.ts';
import { driftReportFile, junitPath, openHarRecorder, RecordingFileError } from './recording.ts';

const creator = { name: 'test', version: '0' };
const exchange = (n: number): Exchange => ({
  startedAt: 0,
  durationMs: 1,
  operationId: 'getCurrentUser',
  request: {
    method: 'GET',
    url: `http://127.0.0.1:9/v1/users/me?n=${n}`,
    headers: { authorization: 'Bearer secret-bearer-9' },
    body: '',
  },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":{}}' },
});
const folder = () => mkdtempSync(join(tmpdir(), 'recording-'));
const plain = { secrets: new Set<string>(), creator };
/** Recorder options that collect the log lines and rotate at `maxBytes`. */
function withLog(lines: string[], maxBytes: number) {
  return { ...plain, maxBytes, log: (line: string) => void lines.push(line) };
}

describe('the recording file', () => {
  it('is written 0600, holds no bearer token, and a second session appends to the first', async () => {
    const path = join(folder(), 'session.har');
    const first = await openHarRecorder(path, { secrets: new Set(), creator });
    first.record(exchange(1));
    first.record(exchange(2));
    await first.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).not.toContain('secret-bearer-9');
    const second = await openHarRecorder(path, { secrets: new Set(), creator });
    second.record(exchange(3));
    await second.close();
    const entries = JSON.parse(readFileSync(path, 'utf8')).log.entries;
    expect(entries.map((entry: { request: { url: string } }) => new URL(entry.request.url).search)).toEqual([
      '?n=1',
      '?n=2',
      '?n=3',
    ]);
    expect(second.size()).toBe(3);
  });

  it('a file that is not a HAR log stops the start and is left as it was', async () => {
    const path = join(folder(), 'notes.har');
    writeFileSync(path, 'my notes');
    await expect(openHarRecorder(path, { secrets: new Set(), creator })).rejects.toThrow(RecordingFileError);
    expect(readFileSync(path, 'utf8')).toBe('my notes');
  });

  it('the drift report goes to FILE as JSON and beside it as JUnit, both 0600', async () => {
    const path = join(folder(), 'drift.json');
    const analyzer = createDriftAnalyzer(document, validator);
    const file = driftReportFile(path, analyzer);
    analyzer.observe({ method: 'GET', path: '/users/me', status: 418, contentType: null, body: '' });
    file.changed();
    await file.flush();
    expect(JSON.parse(readFileSync(path, 'utf8')).operations[0].undocumentedStatuses).toEqual([418]);
    expect(junitPath(path)).toBe(path.replace(/drift\.json$/, 'drift.junit.xml'));
    expect(readFileSync(junitPath(path), 'utf8')).toContain('status 418 is not documented');
    for (const written of [path, junitPath(path)]) expect(statSync(written).mode & 0o777).toBe(0o600);
  });

  it('appends entry by entry to the same file, a whole HAR log after every write, never rewritten', async () => {
    const path = join(folder(), 'append.har');
    const recorder = await openHarRecorder(path, { secrets: new Set(), creator });
    const inode = statSync(path).ino;
    let before = readFileSync(path, 'utf8');
    for (let n = 1; n <= 5; n++) {
      recorder.record(exchange(n));
      await recorder.flush();
      const text = readFileSync(path, 'utf8');
      const har = parseHar(text);
      expect('entries' in har && har.entries.length).toBe(n);
      // What was there stays as it was, up to where its tail began: the new entry went in front of the tail.
      expect(text.startsWith(before.slice(0, before.lastIndexOf('\n]')))).toBe(true);
      expect(statSync(path).ino).toBe(inode);
      before = text;
    }
    await recorder.close();
  });

  it('at --record-max moves FILE to FILE.1 (three kept, each a whole HAR log), says so, records on', async () => {
    const dir = folder();
    const path = join(dir, 'rotating.har');
    const lines: string[] = [];
    const maxBytes = 4096;
    const recorder = await openHarRecorder(path, withLog(lines, maxBytes));
    for (let n = 1; n <= 40; n++) {
      recorder.record(exchange(n));
      if (n % 3 === 0) await recorder.flush();
    }
    await recorder.close();
    expect(readdirSync(dir).sort()).toEqual(['rotating.har', 'rotating.har.1', 'rotating.har.2', 'rotating.har.3']);
    const queries: string[] = [];
    for (const file of ['rotating.har.3', 'rotating.har.2', 'rotating.har.1', 'rotating.har']) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxBytes);
      const har = parseHar(text);
      if ('error' in har) throw new Error(`${file}: ${har.error}`);
      queries.push(...har.entries.map((entry) => new URL(entry.request.url).search));
    }
    // The newest exchanges, in order, with none lost between the files kept.
    expect(queries.at(-1)).toBe('?n=40');
    const first = Number(queries[0]!.slice(3));
    expect(queries).toEqual(Array.from({ length: 41 - first }, (_, i) => `?n=${first + i}`));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(/reached --record-max \(4096 bytes\): moved to .*rotating\.har\.1/);
  });

  it('a rotation that fails stops the recording with one log line; record() never throws', async () => {
    const dir = folder();
    const path = join(dir, 'stuck.har');
    // FILE.1 to FILE.3 folders that are not empty: none moves, and FILE cannot be moved to FILE.1.
    for (const name of ['stuck.har.1', 'stuck.har.2', 'stuck.har.3']) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'keep'), '');
    }
    const lines: string[] = [];
    const recorder = await openHarRecorder(path, withLog(lines, 4096));
    for (let n = 1; n <= 30; n++) expect(() => recorder.record(exchange(n))).not.toThrow();
    await recorder.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/could not move to .*stuck\.har\.1 .*recording stops here; answers go on/);
    expect('entries' in parseHar(readFileSync(path, 'utf8'))).toBe(true);
    expect(() => recorder.record(exchange(31))).not.toThrow();
  });

  it('refuses a missing folder, a folder under a file and a link at FILE, naming the path and the reason', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'file.txt'), 'x');
    await expect(openHarRecorder(join(dir, 'missing', 'rec.har'), { secrets: new Set(), creator })).rejects.toThrow(
      `--record ${join(dir, 'missing', 'rec.har')}: the folder ${join(dir, 'missing')} does not exist`,
    );
    await expect(openHarRecorder(join(dir, 'file.txt', 'rec.har'), { secrets: new Set(), creator })).rejects.toThrow(
      `${join(dir, 'file.txt')} is not a folder`,
    );
    symlinkSync(join(dir, 'target.har'), join(dir, 'link.har'));
    await expect(openHarRecorder(join(dir, 'link.har'), plain)).rejects.toThrow('is a symbolic link');
    expect(readdirSync(dir).sort()).toEqual(['file.txt', 'link.har']);
  });

  it('a FILE at --record-max moves to FILE.1 at start, only its head read; a big non-HAR one is refused', async () => {
    const dir = folder();
    const path = join(dir, 'full.har');
    const big = `{"log":{"version":"1.2","entries":[${Array(200).fill('{}').join(',')}]}}`.padEnd(8192, ' ');
    writeFileSync(path, big);
    const lines: string[] = [];
    const recorder = await openHarRecorder(path, withLog(lines, 4096));
    recorder.record(exchange(1));
    await recorder.close();
    // Its entries are no valid HAR entries ({}): it was moved, not read.
    expect(readFileSync(`${path}.1`, 'utf8')).toBe(big);
    const moved = `moved to ${path}.1, a new ${path} begins`;
    expect(lines).toEqual([`[upstream] --record ${path} already held 8192 bytes (--record-max 4096): ${moved}`]);
    expect(recorder.size()).toBe(1);
    const notes = join(dir, 'notes.har');
    writeFileSync(notes, 'x'.repeat(8192));
    const opened = openHarRecorder(notes, { ...plain, maxBytes: 4096 });
    await expect(opened).rejects.toThrow(`--record ${notes}: not a HAR log`);
    expect(readFileSync(notes, 'utf8')).toBe('x'.repeat(8192));
  });
});
