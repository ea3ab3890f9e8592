// `serve --upstream ... --record FILE` as a user meets it, child processes and a scripted upstream on
// 127.0.0.1 (support/loopback-receiver.ts): a secret is absent from the HAR file whatever form the
// request carried it in (docs/upstream.md, "Redaction"), the recording rotates at --record-max, and
// the files named by --record, --drift-report and --coverage-report are checked before the server listens.
import { lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killRunning, runCli, startCli } from '../support/cli.ts';
import { startLoopbackReceiver } from '../support/loopback-receiver.ts';

afterEach(killRunning);

const TOKEN = 'record-bearer-token-7788';
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/;
const folder = () => mkdtempSync(join(tmpdir(), 'serve-record-'));
const slow = { timeout: 120_000 };

type Init = { method?: string; body?: string; headers?: Record<string, string> };

describe('serve --record', () => {
  it('leaves no secret in the HAR file, whatever form the request or the answer carried it in', slow, async () => {
    const upstream = await startLoopbackReceiver(() => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'x-session-token': 'ANSWER-HEADER-SECRET' },
      // Not valid JSON: redacted by key name.
      body: '{"data": {"id": "u_1"}, "access_token": "ANSWER-BODY-SECRET", oops',
    }));
    try {
      const record = join(folder(), 'session.har');
      const live = ['--upstream', `${upstream.origin}/v1`, '--live', '*'];
      const hybrid = startCli(['serve', '--port', '0', '--quiet', ...live, '--record', record]);
      const [, baseUrl] = await hybrid.waitFor(LISTENING);
      const send = (path: string, init: Init = {}) => {
        const headers = { authorization: `Bearer ${TOKEN}`, ...init.headers };
        return fetch(`${baseUrl}${path}`, { ...init, headers });
      };
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const secretHeaders = {
        'x-client-secret': 'HEADER-SECRET-4',
        'x-api-token': 'HEADER-SECRET-5',
        cookie: 'sid=COOKIE-6',
      };
      const answers = [
        // A form-encoded body.
        await send('/workflows', { method: 'POST', headers: form, body: 'client_id=app&client_secret=FORM-SECRET-1' }),
        // Query strings, percent-encoded: the name, the value, and the bearer token itself.
        await send('/users/me?%61ccess_token=%51UERY-SECRET-2&limit=1'),
        await send(`/users/me?note=${encodeURIComponent(`Bearer ${TOKEN}`)}`),
        // A body that is not valid JSON, and secret-looking header names.
        await send('/workflows', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...secretHeaders },
          body: '{"name": "w", "client_secret": "TEXT-SECRET-3", ',
        }),
      ];
      expect(answers.map((answer) => answer.headers.get('x-mock-source'))).toEqual(['live', 'live', 'live', 'live']);
      await upstream.waitFor(4);
      // What the upstream saw is what the caller sent: redaction is of the recording only.
      expect(upstream.received[0]!.text).toBe('client_id=app&client_secret=FORM-SECRET-1');
      hybrid.child.kill('SIGTERM');
      expect(await hybrid.exited).toBe(0);

      const har = readFileSync(record, 'utf8');
      expect(JSON.parse(har).log.entries).toHaveLength(4);
      const planted = ['FORM-SECRET-1', 'QUERY-SECRET-2', 'TEXT-SECRET-3'];
      planted.push('HEADER-SECRET-4', 'HEADER-SECRET-5', 'COOKIE-6');
      for (const secret of [...planted, 'ANSWER-HEADER-SECRET', 'ANSWER-BODY-SECRET', TOKEN]) {
        expect(har).not.toContain(secret);
        expect(har).not.toContain(encodeURIComponent(secret));
      }
      // What is not secret is kept, so the recording still says what was asked.
      expect(har).toContain('client_id=app');
      expect(har).toContain('limit=1');
      expect(har).toContain('x-client-secret');
    } finally {
      await upstream.close();
    }
  });

  it('--record, --drift-report, --coverage-report with a missing folder or under a file: exit 1', slow, async () => {
    const dir = folder();
    writeFileSync(join(dir, 'file.txt'), 'x');
    const upstream = ['--upstream', 'http://127.0.0.1:9/v1', '--live', 'getCurrentUser'];
    const missing = `the folder ${join(dir, 'missing')} does not exist`;
    const underFile = `${join(dir, 'file.txt')} is not a folder`;
    const cases: Array<[string, string[]]> = [];
    for (const [flag, name, before] of [
      ['--record', 'rec.har', upstream],
      ['--drift-report', 'd.json', upstream],
      ['--coverage-report', 'c.json', []],
    ] as const) {
      const inMissing = join(dir, 'missing', name);
      const inFile = join(dir, 'file.txt', name);
      cases.push([`${flag} ${inMissing}: ${missing}`, [...before, flag, inMissing]]);
      cases.push([`${flag} ${inFile}: ${underFile}`, [...before, flag, inFile]]);
    }
    for (const [message, args] of cases) {
      const run = await runCli(['serve', '--port', '0', ...args]);
      expect({ code: run.code, stderr: run.stderr.trim(), listening: run.stdout.includes('listening') }).toEqual({
        code: 1,
        stderr: `workflow-api-mock serve: ${message}`,
        listening: false,
      });
    }
  });

  it('--coverage-report through a link replaces the link and leaves its target as it was', slow, async () => {
    const dir = folder();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, join(dir, 'coverage.json'));
    symlinkSync(victim, join(dir, 'coverage.txt'));
    const server = startCli(['serve', '--port', '0', '--quiet', '--coverage-report', join(dir, 'coverage.json')]);
    const [, baseUrl] = await server.waitFor(LISTENING);
    await fetch(`${baseUrl}/users/me`, { headers: { authorization: `Bearer ${TOKEN}` } });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(lstatSync(join(dir, 'coverage.json')).isSymbolicLink()).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8'))).toBeTypeOf('object');
    expect(readFileSync(join(dir, 'coverage.txt'), 'utf8')).toContain('getCurrentUser');
  });

  it('past --record-max moves FILE to FILE.1 with a log line each time; every request answered', slow, async () => {
    const upstream = await startLoopbackReceiver(() => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: `{"data":{"pad":"${'x'.repeat(600)}"}}`,
    }));
    try {
      const record = join(folder(), 'rotating.har');
      const live = ['--upstream', `${upstream.origin}/v1`, '--live', 'getCurrentUser'];
      const hybrid = startCli(['serve', '--port', '0', '--quiet', ...live, '--record', record, '--record-max', '4KiB']);
      const [, baseUrl] = await hybrid.waitFor(LISTENING);
      const statuses: number[] = [];
      for (let n = 0; n < 24; n++) {
        const answer = await fetch(`${baseUrl}/users/me?n=${n}`, { headers: { authorization: `Bearer ${TOKEN}` } });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual(Array(24).fill(200));
      hybrid.child.kill('SIGTERM');
      expect(await hybrid.exited).toBe(0);
      const rotations = hybrid
        .out()
        .split('\n')
        .filter((line) => line.includes('reached --record-max'));
      expect(rotations.length).toBeGreaterThanOrEqual(3);
      const moved = `moved to ${record}.1, a new ${record} begins (keeping 3)`;
      expect(rotations[0]).toBe(`[upstream] --record ${record} reached --record-max (4096 bytes): ${moved}`);
      for (const file of [record, `${record}.1`, `${record}.2`, `${record}.3`]) {
        const text = readFileSync(file, 'utf8');
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4096);
        expect(JSON.parse(text).log.entries.length).toBeGreaterThan(0);
      }
      // The newest file reads back as a recording.
      const drift = await runCli(['drift', record]);
      expect(drift.stdout).toContain('getCurrentUser');
    } finally {
      await upstream.close();
    }
  });

  it('--record-max refuses a size it cannot read or outside 4KiB-400MiB, and needs --record', slow, async () => {
    const base = ['serve', '--port', '0', '--upstream', 'http://127.0.0.1:9/v1', '--live', 'getCurrentUser'];
    const bounds = '--record-max must be a size from 4KiB to 400MiB';
    for (const [args, message] of [
      [[...base, '--record', 'r.har', '--record-max', 'lots'], `${bounds} (bytes, or 500KiB, 64MiB), got "lots"`],
      [[...base, '--record', 'r.har', '--record-max', '1GiB'], bounds],
      [[...base, '--record', 'r.har', '--record-max', '100'], bounds],
      [[...base, '--record-max', '1MiB'], '--record-max needs --record FILE'],
    ] as const) {
      const run = await runCli([...args]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
    }
  });
});
