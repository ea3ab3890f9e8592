// `--record FILE` and `--drift-report FILE` as files (mocks/node/recording.ts): 0600, appended to
// what a recording already held, no bearer token in them, and a file that is not HAR refused untouched.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDriftAnalyzer } from '../../openapi/drift.ts';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import type { Exchange } from '../upstream/har.ts';
import { driftReportFile, junitPath, openHarRecorder, RecordingFileError } from './recording.ts';

const creator = { name: 'test', version: '0' };
const exchange = (n: number): Exchange => ({
  startedAt: 0,
  durationMs: 1,
  operationId: 'getCurrentUser',
  request: { method: 'GET', url: `http://127.0.0.1:9/v1/users/me?n=${n}`, headers: { authorization: 'Bearer secret-bearer-9' }, body: '' },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":{}}' },
});
const folder = () => mkdtempSync(join(tmpdir(), 'recording-'));

describe('the recording file', () => {
  it('is written 0600, holds no bearer token, and a second session appends to the first', async () => {
    const path = join(folder(), 'session.har');
    const first = await openHarRecorder(path, { secrets: new Set(), creator });
    first.record(exchange(1));
    first.record(exchange(2));
    await first.flush();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).not.toContain('secret-bearer-9');
    const second = await openHarRecorder(path, { secrets: new Set(), creator });
    second.record(exchange(3));
    await second.flush();
    const entries = JSON.parse(readFileSync(path, 'utf8')).log.entries;
    expect(entries.map((entry: { request: { url: string } }) => new URL(entry.request.url).search)).toEqual(['?n=1', '?n=2', '?n=3']);
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
});
