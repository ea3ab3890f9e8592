// `serve --upstream ... --record FILE` as a user meets it, child processes and a scripted upstream on
// 127.0.0.1 (support/loopback-receiver.ts): a secret is absent from the HAR file whatever form the
// request carried it in (docs/upstream.md, "Redaction"), and the files named by --record,
// --drift-report and --coverage-report are checked before the server listens.
import { lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killRunning, runCli, startCli } from '../support/cli.ts';
import { startLoopbackReceiver } from '../support/loopback-receiver.ts';

afterEach(killRunning);

const TOKEN = 'record-bearer-token-7788';
const folder = () => mkdtempSync(join(tmpdir(), 'serve-record-'));

describe('serve --record', () => {
  it('leaves no secret in the HAR file, whatever form the request or the answer carried it in', { timeout: 120_000 }, async () => {
    const upstream = await startLoopbackReceiver(() => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'x-session-token': 'ANSWER-HEADER-SECRET' },
      // Not valid JSON: redacted by key name.
      body: '{"data": {"id": "u_1"}, "access_token": "ANSWER-BODY-SECRET", oops',
    }));
    try {
      const record = join(folder(), 'session.har');
      const hybrid = startCli(['serve', '--port', '0', '--quiet', '--upstream', `${upstream.origin}/v1`, '--live', '*', '--record', record]);
      const [, baseUrl] = await hybrid.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
      const send = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
        fetch(`${baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${TOKEN}`, ...init.headers } });
      const answers = [
        // A form-encoded body.
        await send('/workflows', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'client_id=app&client_secret=FORM-SECRET-1',
        }),
        // Query strings, percent-encoded: the name, the value, and the bearer token itself.
        await send('/users/me?%61ccess_token=%51UERY-SECRET-2&limit=1'),
        await send(`/users/me?note=${encodeURIComponent(`Bearer ${TOKEN}`)}`),
        // A body that is not valid JSON, and secret-looking header names.
        await send('/workflows', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-client-secret': 'HEADER-SECRET-4', 'x-api-token': 'HEADER-SECRET-5', cookie: 'sid=COOKIE-6' },
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
      const secrets = ['FORM-SECRET-1', 'QUERY-SECRET-2', 'TEXT-SECRET-3', 'HEADER-SECRET-4', 'HEADER-SECRET-5', 'COOKIE-6'];
      for (const secret of [...secrets, 'ANSWER-HEADER-SECRET', 'ANSWER-BODY-SECRET', TOKEN]) {
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

  it('--record, --drift-report and --coverage-report in a missing folder or under a file: exit 1 before listening, naming the path and why', {
    timeout: 120_000,
  }, async () => {
    const dir = folder();
    writeFileSync(join(dir, 'file.txt'), 'x');
    const upstream = ['--upstream', 'http://127.0.0.1:9/v1', '--live', 'getCurrentUser'];
    const cases: Array<[string[], string]> = [
      [
        [...upstream, '--record', join(dir, 'missing', 'rec.har')],
        `--record ${join(dir, 'missing', 'rec.har')}: the folder ${join(dir, 'missing')} does not exist`,
      ],
      [[...upstream, '--record', join(dir, 'file.txt', 'rec.har')], `--record ${join(dir, 'file.txt', 'rec.har')}: ${join(dir, 'file.txt')} is not a folder`],
      [
        [...upstream, '--drift-report', join(dir, 'missing', 'd.json')],
        `--drift-report ${join(dir, 'missing', 'd.json')}: the folder ${join(dir, 'missing')} does not exist`,
      ],
      [
        [...upstream, '--drift-report', join(dir, 'file.txt', 'd.json')],
        `--drift-report ${join(dir, 'file.txt', 'd.json')}: ${join(dir, 'file.txt')} is not a folder`,
      ],
      [
        ['--coverage-report', join(dir, 'missing', 'c.json')],
        `--coverage-report ${join(dir, 'missing', 'c.json')}: the folder ${join(dir, 'missing')} does not exist`,
      ],
      [
        ['--coverage-report', join(dir, 'file.txt', 'c.json')],
        `--coverage-report ${join(dir, 'file.txt', 'c.json')}: ${join(dir, 'file.txt')} is not a folder`,
      ],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(['serve', '--port', '0', ...args]);
      expect({ code: run.code, stderr: run.stderr.trim(), listening: run.stdout.includes('listening') }).toEqual({
        code: 1,
        stderr: `workflow-api-mock serve: ${message}`,
        listening: false,
      });
    }
  });

  it('--coverage-report through a link replaces the link and leaves its target as it was', { timeout: 120_000 }, async () => {
    const dir = folder();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, join(dir, 'coverage.json'));
    symlinkSync(victim, join(dir, 'coverage.txt'));
    const server = startCli(['serve', '--port', '0', '--quiet', '--coverage-report', join(dir, 'coverage.json')]);
    const [, baseUrl] = await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    await fetch(`${baseUrl}/users/me`, { headers: { authorization: `Bearer ${TOKEN}` } });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(lstatSync(join(dir, 'coverage.json')).isSymbolicLink()).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8'))).toBeTypeOf('object');
    expect(readFileSync(join(dir, 'coverage.txt'), 'utf8')).toContain('getCurrentUser');
  });

  it('past --record-max moves FILE to FILE.1 with one log line each time, and every request is still answered', { timeout: 120_000 }, async () => {
    const upstream = await startLoopbackReceiver(() => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: `{"data":{"pad":"${'x'.repeat(600)}"}}`,
    }));
    try {
      const dir = folder();
      const record = join(dir, 'rotating.har');
      const args = ['serve', '--port', '0', '--quiet', '--upstream', `${upstream.origin}/v1`, '--live', 'getCurrentUser', '--record', record];
      const hybrid = startCli([...args, '--record-max', '4KiB']);
      const [, baseUrl] = await hybrid.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
      const statuses: number[] = [];
      for (let n = 0; n < 24; n++) statuses.push((await fetch(`${baseUrl}/users/me?n=${n}`, { headers: { authorization: `Bearer ${TOKEN}` } })).status);
      expect(statuses).toEqual(Array(24).fill(200));
      hybrid.child.kill('SIGTERM');
      expect(await hybrid.exited).toBe(0);
      const rotations = hybrid
        .out()
        .split('\n')
        .filter((line) => line.includes('reached --record-max'));
      expect(rotations.length).toBeGreaterThanOrEqual(3);
      expect(rotations[0]).toBe(`[upstream] --record ${record} reached --record-max (4096 bytes): moved to ${record}.1, a new ${record} begins (keeping 3)`);
      for (const file of [record, `${record}.1`, `${record}.2`, `${record}.3`]) {
        const text = readFileSync(file, 'utf8');
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4096);
        expect(JSON.parse(text).log.entries.length).toBeGreaterThan(0);
      }
      // The newest file replays.
      const replay = await runCli(['drift', record]);
      expect(replay.stdout).toContain('getCurrentUser');
    } finally {
      await upstream.close();
    }
  });

  it('--record-max takes bytes or KiB/MiB/GiB within bounds, and needs --record', { timeout: 60_000 }, async () => {
    const base = ['serve', '--port', '0', '--upstream', 'http://127.0.0.1:9/v1', '--live', 'getCurrentUser'];
    for (const [args, message] of [
      [[...base, '--record', 'r.har', '--record-max', 'lots'], '--record-max must be a size from 4KiB to 400MiB (bytes, or 500KiB, 64MiB), got "lots"'],
      [[...base, '--record', 'r.har', '--record-max', '1GiB'], '--record-max must be a size from 4KiB to 400MiB'],
      [[...base, '--record', 'r.har', '--record-max', '100'], '--record-max must be a size from 4KiB to 400MiB'],
      [[...base, '--record-max', '1MiB'], '--record-max needs --record FILE'],
    ] as const) {
      const run = await runCli([...args]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
    }
  });
});
