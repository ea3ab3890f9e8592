// The two CLIs, run as real child processes on the same Node as the tests, against loopback receivers.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackReceiver, type LoopbackReceiver } from './loopback-receiver.ts';
import { createReferenceReceiver } from './reference-receiver.ts';

const root = new URL('../../', import.meta.url).pathname;

function run(script: string, args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [join(root, script), ...args], { cwd: root, env: { ...process.env, RECEIVER_URL: '', RECEIVER_SIGNING_KEY: '' } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

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

describe('npm run receiver-check (scripts/receiver-check.ts)', () => {
  it('exits 0 with a table of passes against the reference receiver', async () => {
    const url = await reference('sk_cli');
    const { code, stdout } = await run('scripts/receiver-check.ts', ['--url', url, '--key', 'sk_cli']);
    expect(stdout).toMatch(/^valid_signature\s+2xx\s+200\s+PASS/m);
    expect(stdout).toContain('all 7 checks passed');
    expect(code).toBe(0);
  });

  it('exits 1 and names the failures against a receiver that accepts everything', async () => {
    const receiver = await loopback();
    const { code, stdout } = await run('scripts/receiver-check.ts', ['--url', receiver.url, '--key', 'sk_cli']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^wrong_key\s+401\s+200\s+FAIL/m);
    expect(stdout).toContain('6 of 7 checks failed: tampered_body, wrong_key, stale_timestamp, future_timestamp, malformed_header, missing_header');
  });

  it.each([
    [['--key', 'k']],
    [['--url', 'http://127.0.0.1:1/']],
    [['--url', 'ftp://x/', '--key', 'k']],
    [['--url', 'http://127.0.0.1:1/', '--key', 'k', '--bogus']],
  ])('exits 2 on bad arguments %j', async (args) => {
    const { code, stderr } = await run('scripts/receiver-check.ts', args);
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: npm run receiver-check');
  });

  it('prints help with --help', async () => {
    const { code, stdout } = await run('scripts/receiver-check.ts', ['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('stale_timestamp');
  });
});

describe('npm run deliver (scripts/deliver.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deliver-'));
  const eventFile = join(dir, 'event.json');
  // Pretty-printed with a trailing newline on purpose: the exact file bytes must be what is signed and sent.
  const eventText = '{\n  "event_id": "evt_cli",\n  "trigger_id": "dc_cli",\n  "environment": "production",\n  "emitted_at": 1760000000,\n  "event": {"name": "Zoë"}\n}\n';
  writeFileSync(eventFile, eventText);

  it('sends the file bytes signed, and openssl verifies the signature', async () => {
    const receiver = await loopback(() => ({ status: 202, body: 'thanks' }));
    const { code, stdout } = await run('scripts/deliver.ts', ['--url', receiver.url, '--key', 'sk_cli', '--event', eventFile, '--timestamp', '1760000123']);
    expect(code).toBe(0);
    expect(stdout).toContain('202');
    expect(stdout).toContain('thanks');
    const [got] = receiver.received;
    expect(got?.text).toBe(eventText);
    expect(got?.headers['content-type']).toBe('application/json');
    const header = got?.headers['x-pd-signature'] as string;
    const hex = execFileSync('openssl', ['dgst', '-sha256', '-hmac', 'sk_cli'], { input: `1760000123.${eventText}` }).toString().trim().split('= ')[1];
    expect(header).toBe(`t=1760000123,v1=${hex}`);
  });

  it('reads stdin with --event - and the reference receiver accepts it', async () => {
    const url = await reference('sk_stdin');
    const { code, stdout } = await run('scripts/deliver.ts', ['--url', url, '--key', 'sk_stdin', '--event', '-'], eventText);
    expect(stdout).toContain('200');
    expect(stdout).toContain('{"received":true}');
    expect(code).toBe(0);
  });

  it('exits 1 when the receiver refuses (stale timestamp at the reference receiver)', async () => {
    const url = await reference('sk_cli');
    const { code, stdout } = await run('scripts/deliver.ts', ['--url', url, '--key', 'sk_cli', '--event', eventFile, '--timestamp', '1000']);
    expect(stdout).toContain('401');
    expect(stdout).toContain('"reason":"stale"');
    expect(code).toBe(1);
  });

  it('exits 2 on a body that is not JSON or a missing option', async () => {
    const notJson = join(dir, 'bad.json');
    writeFileSync(notJson, '{nope');
    expect((await run('scripts/deliver.ts', ['--url', 'http://127.0.0.1:1/', '--key', 'k', '--event', notJson])).code).toBe(2);
    expect((await run('scripts/deliver.ts', ['--url', 'http://127.0.0.1:1/', '--event', eventFile])).code).toBe(2);
    expect((await run('scripts/deliver.ts', ['--url', 'http://127.0.0.1:1/', '--key', 'k', '--event', join(dir, 'missing.json')])).code).toBe(2);
  });
});
