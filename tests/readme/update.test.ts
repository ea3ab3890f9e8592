// `npm run docs:update` (docs/readme-test.md): what it writes in place of an output that differs; and
// the doc test's comparison where a command is shown with no output.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type MatchContext, matchOutput, rewriteShown } from './match.ts';
import { applyRewrites } from './update.ts';

const context = (ids: Record<string, string> = {}): MatchContext => ({
  ids: new Map(Object.entries(ids)),
  cwd: '/tmp/readme-x1',
  tolerance: 0.1,
  numbersVary: false,
});

describe('rewriteShown', () => {
  it('without "...", shows what was printed, with the run directory and the IDs bound so far as shown', () => {
    const printed = 'wrote /tmp/readme-x1/out.xml\n{"id":"wh_Real123","user":"u_Other99"}\n';
    expect(rewriteShown('anything', printed, context({ wh_Shown12: 'wh_Real123' }))).toBe(
      'wrote /home/you/app/out.xml\n{"id":"wh_Shown12","user":"u_Other99"}',
    );
  });

  it('keeps each "...": the head and the tail as many lines as shown, a part between found again with its new counts', () => {
    const shown = ['Tests  463 passed (463)', '...', 'mock  deployTrigger  11  11  0', '...', 'TOTAL 813'].join('\n');
    const printed = [
      'Tests  584 passed (584)',
      'Duration 7.9s',
      'mock  createWebhook  39  39  0',
      'mock  deployTrigger  12  12  0',
      'mock  getWorkflow  21  21  0',
      'TOTAL 1005',
    ].join('\n');
    const rewritten = rewriteShown(shown, printed, context());
    expect(rewritten).toBe(
      ['Tests  584 passed (584)', '...', 'mock  deployTrigger  12  12  0', '...', 'TOTAL 1005'].join('\n'),
    );
    // What it wrote is what the doc test then accepts, counts and all.
    expect(matchOutput(rewritten, printed, context())).toEqual({ ok: true });
    expect(matchOutput(shown, printed, context()).ok).toBe(false);
  });

  it('shows the whole output when a part between two "..." is gone, for a person to shorten', () => {
    const printed = 'head\nsomething else\ntail';
    expect(rewriteShown('head\n...\nmock  deployTrigger  11\n...\ntail', printed, context())).toBe(printed);
  });
});

describe('matchOutput, a command shown with no output (> /dev/null)', () => {
  it('matches only when the command printed nothing', () => {
    expect(matchOutput('', '\n', context())).toEqual({ ok: true });
    expect(matchOutput('', 'something\n', context()).ok).toBe(false);
  });
});

describe('applyRewrites', () => {
  it('replaces the output under its command (continuation lines kept) and keeps the blank line before the next command', () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-update-'));
    mkdirSync(join(root, 'guide'));
    const page = [
      '# Page',
      '',
      '<!-- doc-test: session -->',
      '```text',
      '$ curl -s http://127.0.0.1:4010/v1/users/me \\',
      "    | jq -c '.data.id'",
      '"u_old0000"',
      'old second line',
      '',
      '$ echo unchanged',
      'unchanged',
      '```',
      '',
    ].join('\n');
    writeFileSync(join(root, 'guide', 'page.md'), page);
    const log = applyRewrites([{ file: 'guide/page.md', line: 5, shown: '"u_new0000"' }], root);
    expect(log).toEqual(['guide/page.md:5: output rewritten']);
    expect(readFileSync(join(root, 'guide', 'page.md'), 'utf8')).toBe(
      page.replace('"u_old0000"\nold second line\n', '"u_new0000"\n'),
    );
  });
});
