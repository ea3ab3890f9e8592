// The fenced blocks of README.md and docs/*.md, and the marks that say how each is checked
// (docs/readme-test.md).
// Every fenced block carries a mark on the line before it, `<!-- doc-test: KIND ... -->`:
//   session [long-running|server] [numbers-vary] [tolerance=N%]  `$ command` lines and their output, run and compared
//   run                                                  a sh block run with bash, a js/ts block run with Node: exit 0
//   package LABEL                                        run by the package test from the tarball (it asks for LABEL)
//   skip REASON                                          not run by `npm test`; the reason is required
// The doc test (tests/readme/readme.test.ts) and the package test both read the blocks here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = join(ROOT, 'README.md');

/** The markdown the doc test covers, as paths from the root: README.md first, then docs/*.md by name. */
export const DOC_FILES: readonly string[] = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

export const KINDS = ['session', 'run', 'package', 'skip'] as const;
type Kind = (typeof KINDS)[number];

export interface Block {
  /** The markdown file, from the root (`README.md`, `docs/ci.md`). */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's info string: sh, text, ts, js, yaml... */
  lang: string;
  /** The mark's kind, or undefined for a block without a (valid) mark. */
  kind: Kind | undefined;
  /** What follows the kind in the mark: options, a label or a reason. */
  args: string;
  /** The block's lines, without the fences. */
  text: string;
}

const MARK = /^<!--\s*doc-test:\s*(\S+)\s*(.*?)\s*-->\s*$/;

/** Every fenced block of `markdown` (the text of `file`) with its mark (the nearest non-blank line above the fence). */
function readmeBlocks(markdown: string = readFileSync(README, 'utf8'), file = 'README.md'): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(`{3,})(\S*)\s*$/.exec(lines[index]!);
    if (!open) continue;
    const fence = open[1]!;
    let end = index + 1;
    while (end < lines.length && lines[end]!.trim() !== fence) end++;
    let above = index - 1;
    while (above >= 0 && lines[above]!.trim() === '') above--;
    const mark = above >= 0 ? MARK.exec(lines[above]!.trim()) : null;
    const kind = mark && (KINDS as readonly string[]).includes(mark[1]!) ? (mark[1] as Kind) : undefined;
    blocks.push({
      file,
      line: index + 1,
      lang: open[2]!,
      kind,
      args: kind ? mark![2]! : '',
      text: lines.slice(index + 1, end).join('\n'),
    });
    index = end;
  }
  return blocks;
}

/** Every block of README.md and docs/*.md, file by file. */
export function docBlocks(): Block[] {
  return DOC_FILES.flatMap((file) => readmeBlocks(readFileSync(join(ROOT, file), 'utf8'), file));
}

/** The one block marked `package LABEL` in README.md or docs/*.md; the package test runs it. Throws when there is none or several. */
export function packageBlock(label: string, blocks: Block[] = docBlocks()): Block {
  const found = blocks.filter((block) => block.kind === 'package' && block.args.split(/\s+/)[0] === label);
  if (found.length !== 1)
    throw new Error(
      `README.md, docs/*.md: ${found.length} blocks marked "doc-test: package ${label}" (want exactly 1)`,
    );
  return found[0]!;
}

/** The commands of a sh block: comments and blank lines dropped, `\` continuations joined. */
export function shellCommands(text: string): string[] {
  const commands: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+#\s.*$/, '').replace(/^#.*$/, '');
    if (line.trim() === '' && pending === '') continue;
    if (line.trimEnd().endsWith('\\')) {
      pending += `${line.trimEnd().slice(0, -1).trim()} `;
      continue;
    }
    commands.push((pending + line.trim()).trim());
    pending = '';
  }
  return commands.filter((command) => command !== '');
}

export interface Exchange {
  /** The markdown file of the block. */
  file: string;
  /** 1-based line of the `$` line in that file. */
  line: number;
  command: string;
  /** The output shown under the command, trailing blank lines dropped. */
  expected: string;
}

/** The `$ command` lines of a session block (continued with a trailing `\`) and the output under each. */
export function sessionExchanges(block: Block): Exchange[] {
  const lines = block.text.split('\n');
  const exchanges: Exchange[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line.startsWith('$ ')) {
      if (exchanges.length === 0 && line.trim() !== '')
        throw new Error(`${block.file}:${block.line + 1 + index}: a session block starts with a "$ " line`);
      if (exchanges.length > 0) exchanges.at(-1)!.expected += `${line}\n`;
      continue;
    }
    let command = line.slice(2);
    const start = index;
    while (command.trimEnd().endsWith('\\') && index + 1 < lines.length) {
      command = `${command.trimEnd().slice(0, -1).trimEnd()} ${lines[++index]!.trim()}`;
    }
    exchanges.push({ file: block.file, line: block.line + 1 + start, command, expected: '' });
  }
  for (const exchange of exchanges) exchange.expected = exchange.expected.replace(/\s+$/, '');
  return exchanges;
}

/** The options of a session mark: `long-running`, `server`, `tolerance=N%` (sizes; default 10%). */
export function sessionOptions(args: string): {
  longRunning: boolean;
  server: boolean;
  tolerance: number;
  unknown: string[];
} {
  const options = { longRunning: false, server: false, tolerance: 0.1, unknown: [] as string[] };
  for (const word of args.split(/\s+/).filter(Boolean)) {
    const tolerance = /^tolerance=(\d+(?:\.\d+)?)%$/.exec(word);
    if (word === 'long-running') options.longRunning = true;
    else if (word === 'server') options.server = true;
    else if (tolerance) options.tolerance = Number(tolerance[1]) / 100;
    else options.unknown.push(word);
  }
  return options;
}
