// The suites on one world (docs/contracts.md, "One token for the whole run"): every file with the same token, as
// against a live account, run after run on one server, and two runs at once on it, as two CI jobs sharing one mock.
// A case that asserts about what another file may create meanwhile fails here.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startCli } from '../../support/cli.ts';
import { liveStandIn } from './live-world.ts';

const server = liveStandIn();

/** One `contracts` run with the token against the stand-in; answers its failures (the lines vitest prints). */
async function run(token: string): Promise<string[]> {
  const cli = startCli(['contracts', '--base-url', server().baseUrl, '--token', token]);
  const code = await cli.exited;
  const failed = cli.out().match(/^ FAIL .*$/gm) ?? [];
  expect(failed.length > 0 || code === 0, `exit ${code}, no failure named:\n${cli.err().slice(-2000)}`).toBe(true);
  expect(cli.out(), 'the run ran the suites').toMatch(/Tests {2}.*passed/);
  return failed;
}

describe('the suites with one token for every file', () => {
  it('pass five runs in a row on one world', async () => {
    const token = `contract-shared-${randomBytes(6).toString('hex')}`;
    const failures: string[] = [];
    for (let round = 1; round <= 5; round++) failures.push(...(await run(token)).map((line) => `${round}:${line}`));
    expect(failures).toEqual([]);
  }, 900_000);

  it('pass two runs at once on one world', async () => {
    const token = `contract-shared-${randomBytes(6).toString('hex')}`;
    const [one, two] = await Promise.all([run(token), run(token)]);
    expect([...one, ...two]).toEqual([]);
  }, 600_000);
});
