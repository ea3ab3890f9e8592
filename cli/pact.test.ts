// `pact check FILE...` (docs/pact.md): a file recorded by a real `serve --pact-dir` run against
// loopback passes; hand-broken copies of it fail, naming the interaction and the JSON pointer.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killRunning, runCli, startCli } from '../support/cli.ts';

afterEach(killRunning);

let dir: string;
let recorded: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pact-check-'));
  const run = startCli(['serve', '--port', '0', '--quiet', '--pact-dir', dir, '--pact-consumer', 'web']);
  const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
  const headers = { authorization: 'Bearer pact-check' };
  expect((await fetch(`${baseUrl}/users/me`, { headers })).status).toBe(200);
  expect((await fetch(`${baseUrl}/workflows/p_nope123`, { headers })).status).toBe(404);
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  recorded = join(dir, 'web-workflow-api.json');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the recorded file with `change` applied to its getCurrentUser 200 interaction. */
function broken(name: string, change: (interaction: any) => void): string {
  const pact = JSON.parse(readFileSync(recorded, 'utf8'));
  change(
    pact.interactions.find((i: { description: string }) => i.description.startsWith('getCurrentUser answers 200')) ??
      pact.interactions[0],
  );
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(pact));
  return file;
}

describe('pact check', () => {
  it('passes a file recorded by serve --pact-dir', async () => {
    const { code, stdout } = await runCli(['pact', 'check', recorded]);
    expect(stdout).toContain('2 interactions, all match the document');
    expect(code).toBe(0);
  });

  it('fails an undocumented status, an extra response field and a wrong ID, naming the pointer', async () => {
    const status = broken('status', (i) => {
      i.response.status = 299;
    });
    const extra = broken('extra', (i) => {
      i.response.body.content.data.nickname = 'not promised';
    });
    const id = broken('id', (i) => {
      i.response.body.content.data.id = 'x_1';
    });
    const { code, stdout } = await runCli(['pact', 'check', status, extra, id]);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /status\.json: getCurrentUser answers 200 in a fresh world: \/interactions\/0\/response\/status status 299 is not documented/,
    );
    expect(stdout).toMatch(
      /extra\.json: getCurrentUser answers 200 in a fresh world: \/interactions\/0\/response\/body\/data\/nickname is not in the document/,
    );
    expect(stdout).toMatch(
      /id\.json: getCurrentUser answers 200 in a fresh world: \/interactions\/0\/response\/body\/data\/id /,
    );
  });

  it('fails a request the document refuses, at its pointer', async () => {
    const file = broken('request', (i) => {
      i.request.path = '/v1/workflows/not-an-id';
      i.response.status = 404;
    });
    const { code, stdout } = await runCli(['pact', 'check', file]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/request\.json: .*: \/interactions\/0\/request\/path\/id /);
  });

  it('fails an interaction the document does not promise at all: an operation it does not have', async () => {
    const pact = JSON.parse(readFileSync(recorded, 'utf8'));
    const invented = structuredClone(pact.interactions[0]);
    invented.description = 'getAvatar answers 200 in a fresh world';
    invented.request = { method: 'GET', path: '/v1/users/me/avatar' };
    pact.interactions.push(invented);
    const file = join(dir, 'invented.json');
    writeFileSync(file, JSON.stringify(pact));
    const { code, stdout } = await runCli(['pact', 'check', file]);
    expect(code).toBe(1);
    expect(stdout).toContain(
      `invented.json: getAvatar answers 200 in a fresh world: /interactions/${pact.interactions.length - 1}/request/path GET /v1/users/me/avatar is no operation of the document`,
    );
    // The recorded interactions beside it still pass: the one problem is the invented one.
    expect(stdout).toContain(`${pact.interactions.length} interactions, 1 problem`);
  });

  it('checks the interactions of Pact V3 and V2 files too: an undocumented status 299 fails in each', async () => {
    const v4 = JSON.parse(readFileSync(recorded, 'utf8'));
    const { description, request, response } = v4.interactions[0];
    // V2/V3: no interaction type, the body is the value itself, headers are texts.
    const older = {
      description,
      request: { method: request.method, path: request.path, headers: { authorization: 'Bearer t' } },
      response: { status: 299, headers: { 'content-type': 'application/json' }, body: response.body.content },
    };
    const files = ['3.0.0', '2.0.0'].map((version) => {
      const file = join(dir, `v${version[0]}.json`);
      const states =
        version === '2.0.0' ? { providerState: 'a fresh world' } : { providerStates: [{ name: 'a fresh world' }] };
      const interactions = [{ ...states, ...older }];
      writeFileSync(file, JSON.stringify({ ...v4, interactions, metadata: { pactSpecification: { version } } }));
      return file;
    });
    const { code, stdout } = await runCli(['pact', 'check', ...files]);
    expect(code).toBe(1);
    for (const file of files) {
      expect(stdout).toContain(`${file}: ${description}: /interactions/0/response/status status 299 is not documented`);
      expect(stdout).toContain(`${file}: 1 interactions, 1 problem`);
    }
  });

  it('prints every line and the verdict into a pipe before it exits: 12,000 problems, one a line', async () => {
    const interactions = Array.from({ length: 12_000 }, (_, index) => ({
      type: 'Synchronous/HTTP',
      description: `interaction ${index}`,
      request: { method: 'GET', path: '/v1/users/me' },
      response: { status: 299 },
    }));
    const file = join(dir, 'many.json');
    writeFileSync(
      file,
      JSON.stringify({
        consumer: { name: 'web' },
        provider: { name: 'workflow-api' },
        interactions,
        metadata: { pactSpecification: { version: '4.0' } },
      }),
    );
    // stdout is a pipe to this process, as `| cat` makes it: ~1 MB, far past what a pipe buffers.
    const { code, stdout } = await runCli(['pact', 'check', file]);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(12_001);
    expect(lines[11_999]).toMatch(
      new RegExp(`^${file}: interaction 11999: /interactions/11999/response/status status 299 `),
    );
    expect(lines.at(-1)).toBe(`${file}: 12000 interactions, 12000 problems`);
    expect(code).toBe(1);
  });

  it('refuses a file that is no Pact file with a clear message, and a missing action with usage', async () => {
    const notPact = join(dir, 'not-pact.json');
    writeFileSync(notPact, '{"hello": 1}');
    const refused = await runCli(['pact', 'check', notPact]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is no Pact file: it has no "interactions" list');
    const usage = await runCli(['pact']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('name an action: pact check FILE...');
    expect((await runCli(['pact', '--help'])).stdout).toContain('FILE: DESCRIPTION: POINTER MESSAGE');
  });
});
