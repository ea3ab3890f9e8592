// The README's Connect walk-through runs as printed: every step answers, the action's run has a
// $summary and the trigger's first delivery verifies with the key its deployment showed.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const script = join(dirname(fileURLToPath(import.meta.url)), 'connect-walkthrough.ts');

it('apps.list -> tokens.create -> connect flow -> accounts.list -> actions.run -> triggers.deploy -> a signed delivery verified', () => {
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 120_000 });
  expect(run.status, run.stderr).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines.map((line) => line.trim().split(/\s+/)[0])).toEqual([
    'apps.list',
    'tokens.create',
    'connect',
    'accounts.list',
    'actions.run',
    'triggers.deploy',
    'delivery',
    'POST',
  ]);
  expect(lines[0]).toContain('github (oauth)');
  expect(lines[1]).toMatch(/ctok_\w+ expires \d{4}-/);
  const account = /account (apn_\w+)/.exec(lines[2]!)![1]!;
  expect(lines[3]).toContain(account);
  expect(lines[4]).toMatch(/ -> \S.+$/);
  expect(lines[5]).toMatch(/dc_\w+ /);
  expect(lines[6]).toContain('verified with the trigger key');
  expect(lines[7]).toContain('CONNECTION_SUCCESS');
}, 180_000);
