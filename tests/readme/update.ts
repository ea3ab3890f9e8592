// `npm run docs:update` (docs/readme-test.md): the doc test, with DOCS_UPDATE=1, collects the outputs
// that differ from what a page shows; here they are written back into README.md and docs/*.md, each
// in place of the output under its `$ command` line, so nobody edits a shown output by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './blocks.ts';

export interface Rewrite {
  /** The markdown file, from the root. */
  file: string;
  /** 1-based line of the `$ command` whose output is replaced. */
  line: number;
  /** The output to show under it. */
  shown: string;
}

/**
 * Writes each rewrite into its file: the lines after the command (and its `\` continuations) up to
 * the next `$ ` line or the closing fence are replaced, keeping the blank lines that ended them.
 * Returns one line per rewritten output, for the run's log. `root`: where the files are (the checkout).
 *
 * @example
 * applyRewrites([{ file: 'docs/ci.md', line: 8, shown: 'Tests 584 passed (584)' }]); // ['docs/ci.md:8: output rewritten']
 */
export function applyRewrites(rewrites: readonly Rewrite[], root: string = ROOT): string[] {
  const log: string[] = [];
  for (const file of new Set(rewrites.map((rewrite) => rewrite.file))) {
    const path = join(root, file);
    const lines = readFileSync(path, 'utf8').split('\n');
    // Bottom up, so the line numbers of the earlier ones still hold.
    const own = rewrites.filter((rewrite) => rewrite.file === file).sort((a, b) => b.line - a.line);
    for (const rewrite of own) {
      let start = rewrite.line - 1;
      while (lines[start]!.trimEnd().endsWith('\\')) start++;
      start++;
      let end = start;
      while (end < lines.length && !lines[end]!.startsWith('$ ') && !/^`{3,}\s*$/.test(lines[end]!)) end++;
      let blanks = 0;
      while (end - blanks > start && lines[end - blanks - 1]!.trim() === '') blanks++;
      lines.splice(start, end - start, ...rewrite.shown.split('\n'), ...Array<string>(blanks).fill(''));
      log.push(`${file}:${rewrite.line}: output rewritten`);
    }
    writeFileSync(path, lines.join('\n'));
  }
  return log.reverse();
}
