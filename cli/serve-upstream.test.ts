// `workflow-api-mock serve --upstream ... --live ... --record ... --drift-report ...` and
// `serve --replay ...` as a user meets them: child processes on 127.0.0.1, the kit's own server
// (another seed) playing the real service. The banner says what goes where, the answers say who
// gave them, SIGTERM writes the files, and the recording replays once the upstream is stopped.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killRunning, runCli, startCli } from '../support/cli.ts';

afterEach(killRunning);

const TOKEN = 'cli-staging-token';
const me = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/users/me`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return {
    source: response.headers.get('x-mock-source'),
    id: ((await response.json()) as { data: { id: string } }).data.id,
  };
};

describe('serve beside an upstream', () => {
  it('sends --live operations there, records them, writes the drift report at exit, and replays without it', {
    timeout: 120_000,
  }, async () => {
    const staging = startCli(['serve', '--port', '0', '--seed', '9', '--quiet']);
    const [, stagingUrl] = await staging.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    const folder = mkdtempSync(join(tmpdir(), 'serve-upstream-'));
    const record = join(folder, 'staging.har');
    const drift = join(folder, 'drift.json');
    const hybrid = startCli([
      'serve',
      '--port',
      '0',
      '--quiet',
      '--upstream',
      stagingUrl!,
      '--live',
      'getCurrentUser',
      '--fallback-on',
      '404,unreachable',
      '--record',
      record,
      '--drift-report',
      drift,
    ]);
    const [, baseUrl] = await hybrid.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    await hybrid.waitFor(/^Drift report: .*$/m);
    expect(hybrid.out()).toContain(
      `Upstream: ${stagingUrl}; live: getCurrentUser (1 operation, the rest mocked); the mock answers on 404, unreachable`,
    );

    const live = await me(baseUrl!);
    const direct = await me(stagingUrl!);
    expect(live).toEqual({ source: 'live', id: direct.id });
    const hooks = await fetch(`${baseUrl}/users/me/webhooks`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(hooks.headers.get('x-mock-source')).toBe('mock');

    hybrid.child.kill('SIGTERM');
    expect(await hybrid.exited).toBe(0);
    expect(JSON.parse(readFileSync(drift, 'utf8'))).toMatchObject({ answers: 1, drifting: 0 });
    expect(readFileSync(join(folder, 'drift.junit.xml'), 'utf8')).toContain('name="getCurrentUser (GET /users/me)"');
    expect(readFileSync(record, 'utf8')).not.toContain(TOKEN);

    staging.child.kill('SIGTERM');
    await staging.exited;
    const replay = startCli(['serve', '--port', '0', '--quiet', '--replay', record]);
    const [, replayUrl] = await replay.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    const [banner] = await replay.waitFor(/^Replay: .*$/m);
    expect(banner).toBe(`Replay: every API request answered from ${record} (1 exchange), no network`);
    expect(await me(replayUrl!)).toEqual({ source: 'replay', id: direct.id });

    const offline = await runCli(['drift', record]);
    expect(offline.stdout).toContain('1 answer over 1 operation: no drift from the document');
    expect(offline.code).toBe(0);
  });

  it('refuses a link-local upstream and a recording that is not HAR, exit 1, before listening', {
    timeout: 120_000,
  }, async () => {
    const metadata = await runCli([
      'serve',
      '--port',
      '0',
      '--upstream',
      'http://169.254.169.254/v1',
      '--live',
      'getCurrentUser',
    ]);
    expect(metadata.code).toBe(1);
    expect(metadata.stderr).toContain(
      '--upstream http://169.254.169.254/v1 is refused: 169.254.169.254 is a link-local address',
    );
    const folder = mkdtempSync(join(tmpdir(), 'serve-upstream-'));
    const replay = await runCli(['serve', '--port', '0', '--replay', join(folder, 'none.har')]);
    expect(replay.code).toBe(1);
    expect(replay.stderr).toContain(
      `--replay ${join(folder, 'none.har')}: cannot read the recording to answer from: no such file`,
    );
    // An entry no answer can be made of refuses the file at load, named, instead of a 500 per request.
    const request = { method: 'GET', url: 'http://up.test/v1/users/me', headers: [] };
    const entry = (status: number) => ({ request, response: { status, headers: [] } });
    const bad = join(folder, 'bad.har');
    writeFileSync(bad, JSON.stringify({ log: { entries: [entry(200), entry(101)] } }));
    const refused = await runCli(['serve', '--port', '0', '--replay', bad]);
    expect(refused.code).toBe(1);
    const named = 'log.entries[1].response.status: 101 is an interim answer (1xx)';
    expect(refused.stderr).toContain(`--replay ${bad} is a HAR file with a bad entry: ${named}`);
    expect(refused.stdout).not.toContain('listening');
  });

  it('reads --upstream-max-body, refuses a size it cannot use, states it in --help', { timeout: 120_000 }, async () => {
    const upstream = ['--upstream', 'http://127.0.0.1:9/v1', '--live', 'getCurrentUser'];
    const tiny = await runCli(['serve', '--port', '0', ...upstream, '--upstream-max-body', '12']);
    expect(tiny.code).toBe(2);
    expect(tiny.stderr).toContain('--upstream-max-body must be a size from 1KiB to 1024MiB');
    expect(tiny.stderr).toContain('got "12"');
    const alone = await runCli(['serve', '--port', '0', '--upstream-max-body', '1MiB']);
    expect(alone.stderr).toContain('--upstream-max-body needs --upstream URL');
    const help = await runCli(['serve', '--help', '--all']);
    expect(help.stdout).toMatch(/--upstream-max-body <SIZE>[\s\S]*502 bad_gateway saying so\s+default: 16MiB/);
  });
});
