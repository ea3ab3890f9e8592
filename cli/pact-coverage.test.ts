// `pact check --coverage` (docs/pact.md, "What a pact covers"): a pact recorded through the kit's
// recorder, written by writePactFile, printed as the operations and statuses its consumer relies on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { validator } from '../openapi/validator.ts';
import { createMock } from '../mocks/index.ts';
import { writePactFile } from '../mocks/node/server.ts';
import { createRecordingSink } from '../mocks/store/world/recording-sink.ts';
import { killRunning, runCli } from '../support/cli.ts';
import { pactCoverage } from './pact.ts';

afterEach(killRunning);
const dir = mkdtempSync(join(tmpdir(), 'pact-coverage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pact check --coverage', () => {
  it('prints each operation the consumer relies on with the statuses it expects, and the totals', async () => {
    const mock = createMock({ seed: 2, sink: createRecordingSink(), pact: { consumer: 'web' } });
    const headers = { authorization: 'Bearer pact-coverage' };
    const workflow = mock.control.world('pact-coverage').workflows[0]!.id;
    const statuses: number[] = [];
    for (const path of ['/v1/users/me', `/v1/workflows/${workflow}`, '/v1/workflows/p_nope123'])
      statuses.push((await mock.fetch(path, { headers })).status);
    expect(statuses).toEqual([200, 200, 404]);
    const { path } = await writePactFile(dir, mock.pact!);
    const { code, stdout } = await runCli(['pact', 'check', '--coverage', path]);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines).toContain(`${path}: what the consumer relies on (operations x statuses):`);
    expect(lines.find((line) => line.trim().startsWith('getCurrentUser'))).toMatch(
      /^ {2}getCurrentUser +GET \/users\/me +200 +200 /,
    );
    expect(lines.find((line) => line.trim().startsWith('getWorkflow '))).toMatch(/GET \/workflows\/\{id\} +200 404 +/);
    const total = validator.operationIds.length;
    const percent = Math.round((2 / total) * 1000) / 10;
    expect(stdout).toContain(`  operations 2/${total} (${percent}%), documented statuses 3/`);
  });

  it('counts only HTTP interactions of the document: V2 ones too, not messages nor unknown paths', () => {
    const report = pactCoverage({
      interactions: [
        { request: { method: 'GET', path: '/v1/users/me' }, response: { status: 401 } },
        { type: 'Asynchronous/Messages', request: { method: 'GET', path: '/v1/users/me' }, response: { status: 200 } },
        { type: 'Synchronous/HTTP', request: { method: 'GET', path: '/v1/nowhere' }, response: { status: 200 } },
        'not an interaction',
      ],
    });
    expect(report.operations.filter((operation) => operation.exchanges > 0)).toMatchObject([
      { operationId: 'getCurrentUser', exchanges: 1, statuses: { seen: [401] } },
    ]);
    expect(pactCoverage({}).totals.operations.covered).toBe(0);
  });
});
