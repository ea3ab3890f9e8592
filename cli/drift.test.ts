// `workflow-api-mock drift RECORDING.har`, run as a child process on a recording of the planted
// upstream (support/planted-upstream.ts) made in-process: every planted departure in the table, the
// JSON and the JUnit XML; exit 1 on drift, 0 on a clean recording, and one line for a bad file.
import { lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killRunning, runCli } from '../support/cli.ts';
import { PLANTED, plantedUpstream } from '../support/planted-upstream.ts';
import { document } from '../openapi/generated/document.ts';
import { validator } from '../openapi/validator.ts';
import { createMock } from '../mocks/index.ts';
import { secretFields } from '../openapi/redact.ts';
import { type HarEntry, toHarEntry } from '../mocks/upstream/har.ts';
import { createHybrid } from '../mocks/upstream/hybrid.ts';

afterEach(killRunning);

const TOKEN = 'drift-cli-token';

/** A HAR file of one request per planted operation, answered by `fetch` (the planted upstream, or the kit itself). */
async function recording(fetch: typeof globalThis.fetch): Promise<string> {
  const har = { log: { version: '1.2', creator: { name: 'test', version: '0' }, entries: [] as HarEntry[] } };
  const secrets = secretFields(document);
  const live = { url: 'http://upstream.test/v1', live: ['*'], fetch };
  const mock = createMock({ seed: 7, upstream: createHybrid({ validator, upstream: live }) });
  mock.onExchange(({ upstream }) => {
    if (upstream !== undefined) har.log.entries.push(toHarEntry(upstream, secrets));
  });
  const hybrid = mock;
  const world = mock.control.world(TOKEN);
  const account = world.projects[0]!.connected_accounts[0]!;
  const auth = { authorization: `Bearer ${TOKEN}` };
  for (const [method, url, extra] of [
    ['GET', '/v1/users/me', {}],
    ['POST', '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=d', {}],
    ['GET', `/v1/connect/${world.projects[0]!.id}/accounts/${account.id}`, { 'x-pd-environment': account.environment }],
    ['GET', `/v1/workspaces/${world.workspaces[0]!.id}`, {}],
  ] as const)
    await hybrid.handle({ method, url, headers: { ...auth, ...extra }, body: '' });
  const path = join(mkdtempSync(join(tmpdir(), 'drift-cli-')), 'session.har');
  writeFileSync(path, JSON.stringify(har));
  return path;
}

describe('workflow-api-mock drift', () => {
  it('lists every planted departure, exits 1, and writes JUnit with a failing case per drifting operation', {
    timeout: 120_000,
  }, async () => {
    const file = await recording(plantedUpstream().fetch);
    const junit = join(file, '..', 'drift.xml');
    const victim = join(file, '..', 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, junit);
    const { code, stdout } = await runCli(['drift', file, '--junit', junit]);
    expect(code).toBe(1);
    expect(stdout).toContain('4 answers over 4 operations: 4 drift from the document');
    expect(stdout).toMatch(new RegExp(`missing +${PLANTED.renamedField.missing} `));
    expect(stdout).toMatch(new RegExp(`extra +${PLANTED.renamedField.extra} `));
    expect(stdout).toMatch(/undocumented status +201/);
    expect(stdout).toMatch(new RegExp(`extra +${PLANTED.wrappedAnswer.extra} `));
    expect(stdout).toMatch(new RegExp(`wrong type +${PLANTED.contradictedAssumption.wrongType} +must be integer`));
    expect(stdout).toContain(
      `contradicted  ${PLANTED.contradictedAssumption.assumption}: /data/daily_compute_time_quota must be integer`,
    );
    // A link at --junit is replaced, never written through.
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(lstatSync(junit).isSymbolicLink()).toBe(false);
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testcase classname="drift.operations"/g)).toHaveLength(4);
    expect(xml.match(/<failure /g)?.length).toBeGreaterThanOrEqual(5);
    expect(xml).toContain('name="getWorkspace (GET /workspaces/{org_id})"');

    const json = await runCli(['drift', file, '--json']);
    const report = JSON.parse(json.stdout);
    expect(report.operations.map((operation: { operationId: string }) => operation.operationId).sort()).toEqual(
      Object.values(PLANTED)
        .map((planted) => planted.operationId)
        .sort(),
    );
  });

  it("a recording of the kit's own answers has no drift: exit 0", { timeout: 120_000 }, async () => {
    const file = await recording(createMock({ seed: 7, baseUrl: 'http://upstream.test/v1' }).fetch);
    const { code, stdout } = await runCli(['drift', file]);
    expect(stdout).toContain('4 answers over 4 operations: no drift from the document');
    expect(code).toBe(0);
  });

  it('one line for a missing or broken file, and usage errors for bad arguments', { timeout: 120_000 }, async () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'drift-cli-')), 'broken.har');
    writeFileSync(broken, '{"log":{}}');
    expect(await runCli(['drift', broken])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not a HAR file'),
    });
    // A missing file: the path, what the command wanted from it, and where it looked.
    const none = join(broken, '..', 'none.har');
    expect(await runCli(['drift', none])).toEqual({
      code: 1,
      stdout: '',
      stderr: `workflow-api-mock drift: cannot read the HAR recording to compare ${none}: no such file (${resolve(none)})\n`,
    });
    expect(await runCli(['drift'])).toMatchObject({ code: 2, stderr: expect.stringContaining('name the recording') });
  });
});
