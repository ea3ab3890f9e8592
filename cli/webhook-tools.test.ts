// `workflow-api-mock receiver-check` and `deliver`, run as real child processes on the same Node
// as the tests, against loopback receivers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createReferenceReceiver, startLoopbackReceiver, type LoopbackReceiver } from '../support/loopback-receiver.ts';
import { runCli } from '../support/cli.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((fn) => fn()));
});

async function reference(key: string): Promise<string> {
  const server: Server = createReferenceReceiver(key);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function loopback(...args: Parameters<typeof startLoopbackReceiver>): Promise<LoopbackReceiver> {
  const receiver = await startLoopbackReceiver(...args);
  cleanups.push(() => receiver.close());
  return receiver;
}

describe('workflow-api-mock receiver-check', () => {
  it('exits 0 with a table of passes against the reference receiver', async () => {
    const url = await reference('sk_cli');
    const { code, stdout } = await runCli(['receiver-check', '--url', url, '--key', 'sk_cli']);
    expect(stdout).toMatch(/^valid_signature\s+2xx\s+200\s+PASS/m);
    expect(stdout).toContain('all 7 checks passed');
    expect(code).toBe(0);
  });

  it('reads the URL and key from RECEIVER_URL and RECEIVER_SIGNING_KEY', async () => {
    const url = await reference('sk_env');
    const { code, stdout } = await runCli(['receiver-check'], {
      env: { RECEIVER_URL: url, RECEIVER_SIGNING_KEY: 'sk_env' },
    });
    expect(stdout).toContain('all 7 checks passed');
    expect(code).toBe(0);
  });

  it('exits 1 and names the failures against a receiver that accepts everything', async () => {
    const receiver = await loopback();
    const { code, stdout } = await runCli(['receiver-check', '--url', receiver.url, '--key', 'sk_cli']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^wrong_key\s+401\s+200\s+FAIL/m);
    expect(stdout).toContain(
      '6 of 7 checks failed: tampered_body, wrong_key, stale_timestamp, future_timestamp, malformed_header, missing_header',
    );
  });

  it.each([
    [['--key', 'k'], '--url is required'],
    [['--url', 'http://127.0.0.1:1/'], '--key is required'],
    [['--url', 'ftp://x/', '--key', 'k'], '--url must be an http(s) URL'],
    // refused before any socket opens: nothing is sent off this machine
    [['--url', 'http://169.254.169.254/latest/', '--key', 'k'], '--url: 169.254.169.254 is a link-local address'],
    [['--url', 'http://[fe80::1]/', '--key', 'k'], '--url: [fe80::1] is a link-local address'],
    [['--url', 'http://127.0.0.1:1/', '--key', 'k', '--timeout', '0'], '--timeout must be a positive integer'],
    [['--url', 'http://127.0.0.1:1/', '--key', 'k', '--bogus'], "Unknown option '--bogus'"],
  ])('exits 2 on bad arguments %j', async (args, message) => {
    const { code, stderr } = await runCli(['receiver-check', ...args]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(message)]);
    expect(stderr).toContain('workflow-api-mock receiver-check --help');
  });

  it('lists its checks in --help', async () => {
    const { code, stdout } = await runCli(['receiver-check', '--help']);
    expect(code).toBe(0);
    for (const check of [
      'valid_signature',
      'tampered_body',
      'wrong_key',
      'stale_timestamp',
      'future_timestamp',
      'malformed_header',
      'missing_header',
    ]) {
      expect(stdout).toContain(check);
    }
  });
});

describe('workflow-api-mock deliver', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deliver-'));
  const eventFile = join(dir, 'event.json');
  // Pretty-printed with a trailing newline on purpose: the exact file bytes must be what is signed and sent.
  const eventText =
    '{\n  "event_id": "evt_cli",\n  "trigger_id": "dc_cli",\n  "environment": "production",\n  "emitted_at": 1760000000,\n  "event": {"name": "Zoë"}\n}\n';
  writeFileSync(eventFile, eventText);

  it('sends the file bytes signed, and openssl verifies the signature', async () => {
    const receiver = await loopback(() => ({ status: 202, body: 'thanks' }));
    const { code, stdout } = await runCli([
      'deliver',
      '--url',
      receiver.url,
      '--key',
      'sk_cli',
      '--event',
      eventFile,
      '--timestamp',
      '1760000123',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('202');
    expect(stdout).toContain('thanks');
    const [got] = receiver.received;
    expect(got?.text).toBe(eventText);
    expect(got?.headers['content-type']).toBe('application/json');
    const header = got?.headers['x-pd-signature'] as string;
    const hex = execFileSync('openssl', ['dgst', '-sha256', '-hmac', 'sk_cli'], { input: `1760000123.${eventText}` })
      .toString()
      .trim()
      .split('= ')[1];
    expect(header).toBe(`t=1760000123,v1=${hex}`);
  });

  it('sends no signature with --unsigned', async () => {
    const receiver = await loopback(() => ({ status: 200, body: '' }));
    const { code } = await runCli(['deliver', '--url', receiver.url, '--unsigned', '--event', eventFile]);
    expect(code).toBe(0);
    expect(receiver.received[0]?.headers['x-pd-signature']).toBeUndefined();
  });

  it('reads stdin with --event - and the reference receiver accepts it', async () => {
    const url = await reference('sk_stdin');
    const { code, stdout } = await runCli(['deliver', '--url', url, '--key', 'sk_stdin', '--event', '-'], {
      stdin: eventText,
    });
    expect(stdout).toContain('200');
    expect(stdout).toContain('{"received":true}');
    expect(code).toBe(0);
  });

  it('exits 1 when the receiver refuses (stale timestamp at the reference receiver)', async () => {
    const url = await reference('sk_cli');
    const { code, stdout } = await runCli([
      'deliver',
      '--url',
      url,
      '--key',
      'sk_cli',
      '--event',
      eventFile,
      '--timestamp',
      '1000',
    ]);
    expect(stdout).toContain('401');
    expect(stdout).toContain('"reason":"stale"');
    expect(code).toBe(1);
  });

  it('exits 1 when nothing answers', async () => {
    const receiver = await loopback();
    const url = receiver.url;
    await receiver.close();
    const { code, stderr } = await runCli(['deliver', '--url', url, '--key', 'k', '--event', eventFile]);
    expect(code).toBe(1);
    expect(stderr).toContain(`no answer from ${url}`);
  });

  it.each([
    [
      'a body that is not JSON',
      () => ['--url', 'http://127.0.0.1:1/', '--key', 'k', '--event', notJsonFile()],
      'is not JSON',
    ],
    ['no key', () => ['--url', 'http://127.0.0.1:1/', '--event', eventFile], '--key is required (or --unsigned)'],
    [
      'a link-local URL (cloud metadata), refused before any socket opens',
      () => ['--url', 'http://169.254.169.254/x', '--key', 'k', '--event', eventFile],
      '--url: 169.254.169.254 is a link-local address (169.254.0.0/16, fe80::/10: cloud metadata services); the kit never sends there',
    ],
    [
      'a missing file',
      () => ['--url', 'http://127.0.0.1:1/', '--key', 'k', '--event', join(dir, 'missing.json')],
      `cannot read --event ${join(dir, 'missing.json')}, the JSON body to deliver: no such file`,
    ],
    [
      'a bad timestamp',
      () => ['--url', 'http://127.0.0.1:1/', '--key', 'k', '--event', eventFile, '--timestamp', 'soon'],
      '--timestamp must be whole UNIX seconds',
    ],
  ])('exits 2 on %s', async (_name, args, message) => {
    const { code, stderr } = await runCli(['deliver', ...args()]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(message)]);
  });

  function notJsonFile(): string {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{nope');
    return file;
  }
});
