// The repository is its own authority (docs/README.md): no text file of the checkout cites the old
// design notes or a path outside the repository, and every relative link in its Markdown resolves
// to a file (and heading) that exists. Offenders are listed as file:line.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// Built from parts so that this file does not cite what it forbids.
const OLD_NOTES = ['DES', 'IGN'].join('');
const OUTSIDE = ['..', 'shared'].join('/');
const FORBIDDEN: Array<{ pattern: RegExp; why: string }> = [
  { pattern: new RegExp(`\\b${OLD_NOTES}\\.md\\b`), why: 'cites the old design notes; cite a docs/ page' },
  { pattern: new RegExp(`\\b${OLD_NOTES}\\s*§`), why: 'cites a section of the old design notes; cite a docs/ page' },
  { pattern: new RegExp(`(^|[^.\\w])${OUTSIDE.replace(/[.]/g, '\\.')}\\b`), why: 'points outside the repository' },
  { pattern: new RegExp(['', 'work', 'shared', ''].join('/')), why: 'an absolute path outside the repository' },
];

/** Every file of the checkout that git would track (ignored files such as node_modules/ and dist/ excluded). */
function repositoryFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    return [...new Set(out.split('\0').filter((file) => file !== '' && existsSync(join(ROOT, file))))].sort();
  } catch {
    return walk(ROOT); // not a git checkout: every file outside the usual generated folders
  }
}

function walk(dir: string): string[] {
  const skip = new Set(['node_modules', '.git', 'dist', 'coverage', '.vitest-cache']);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skip.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [relative(ROOT, path).split(sep).join('/')];
  });
}

function readText(file: string): string | undefined {
  const path = join(ROOT, file);
  if (!statSync(path).isFile()) return undefined;
  const text = readFileSync(path, 'utf8');
  return text.includes('\0') ? undefined : text; // binary
}

/** `file:line: why: text` for every forbidden citation in `text`. */
function findCitations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, why } of FORBIDDEN) {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${why}: ${line.trim().slice(0, 140)}`);
    }
  });
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of withoutCode(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) anchors.add(slug(heading[1]!));
  }
  return anchors;
}

/** The text with fenced blocks and inline code blanked, line numbers kept. */
function withoutCode(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    })
    .join('\n');
}

/**
 * `file:line: link` for every relative Markdown link of `text` (a file of the repository at path
 * `file`) whose target is outside the repository, missing, or names a heading the target lacks.
 */
function findBrokenLinks(file: string, text: string, exists: (path: string) => string | undefined): string[] {
  const broken: string[] = [];
  withoutCode(text)
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const link = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
        const [pathPart = '', anchor] = link.split('#', 2);
        const target =
          pathPart === ''
            ? file
            : relative(ROOT, resolve(ROOT, dirname(file), decodeURIComponent(pathPart)))
                .split(sep)
                .join('/');
        const where = `${file}:${index + 1}: ${link}`;
        if (target === '..' || target.startsWith('../')) {
          broken.push(`${where}: outside the repository`);
          continue;
        }
        const content = exists(target);
        if (content === undefined) {
          broken.push(`${where}: no such file`);
        } else if (anchor !== undefined && anchor !== '' && target.endsWith('.md') && !anchorsOf(content).has(anchor)) {
          broken.push(`${where}: no heading #${anchor} in ${target}`);
        }
      }
    });
  return broken;
}

const QUOTE = '"';
const README_SECTION = new RegExp(`README ${QUOTE}([^${QUOTE}]+)${QUOTE}`, 'g');
const DOCS_PAGE = /(?<![\w/.-])docs\/(?:[\w.-]+\/)*[\w.-]+\.md\b/g;

/** The README's headings, without their leading #s. */
function headingsOf(markdown: string): string[] {
  return withoutCode(markdown)
    .split('\n')
    .flatMap((line) => /^#{1,6}\s+(.*?)\s*$/.exec(line)?.[1] ?? []);
}

/**
 * `file:line: reference` for every citation of a docs/ page that does not exist, and of a README
 * section (README, then the heading in double quotes) that no README heading starts with.
 */
function findStaleReferences(
  file: string,
  text: string,
  exists: (path: string) => string | undefined,
  readmeHeadings: string[],
): string[] {
  const stale: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(DOCS_PAGE)) {
      if (exists(match[0]) === undefined) stale.push(`${file}:${index + 1}: ${match[0]}: no such page`);
    }
    for (const match of line.matchAll(README_SECTION)) {
      const cited = match[1]!.trim();
      if (!readmeHeadings.some((heading) => heading.startsWith(cited)))
        stale.push(`${file}:${index + 1}: ${match[0]}: no such README section`);
    }
  });
  return stale;
}

/** The file's text ('' for a folder) when it exists inside the repository, else undefined. */
function existing(path: string): string | undefined {
  const full = join(ROOT, path);
  if (!existsSync(full)) return undefined;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
}

const files = repositoryFiles();

describe('citations stay inside the repository', () => {
  it('sees the whole checkout: code, config, docs and the README', () => {
    for (const expected of [
      'README.md',
      'docs/README.md',
      'mocks/app/app.ts',
      'openapi/openapi.yaml',
      'package.json',
      'docs/citations.test.ts',
    ]) {
      expect(files).toContain(expected);
    }
    expect(files.some((file) => file.startsWith('node_modules/'))).toBe(false);
  });

  it('the detectors find what they must, and only that', () => {
    expect(findCitations('a.ts', `// see ${OLD_NOTES} §8\nconst x = 1;`)).toEqual([
      `a.ts:1: ${FORBIDDEN[1]!.why}: // see ${OLD_NOTES} §8`,
    ]);
    expect(findCitations('a.md', `one\nsee ${OLD_NOTES}.md`)).toHaveLength(1);
    expect(findCitations('a.md', `read ${OUTSIDE}/spec/x.md`)).toHaveLength(1);
    expect(findCitations('a.ts', `import x from '../${'shared'}/y.ts'`)).toHaveLength(1);
    expect(findCitations('a.ts', `// the design lives in docs, '../../mocks/shared.ts'`)).toEqual([]);
    const fake: Record<string, string> = { 'notes/a.md': '# Title\n## Two words\n', 'notes/b.md': '' };
    const exists = (path: string) => fake[path];
    expect(findBrokenLinks('notes/b.md', '[a](a.md) [b](a.md#two-words) [c](#x)', exists)).toEqual([
      'notes/b.md:1: #x: no heading #x in notes/b.md',
    ]);
    expect(
      findBrokenLinks('notes/b.md', '\n[gone](missing.md) `[code](nope.md)` [web](https://example.com/x)', exists),
    ).toEqual(['notes/b.md:2: missing.md: no such file']);
    expect(findBrokenLinks('notes/b.md', '[up](../../elsewhere/x.md)', exists)).toEqual([
      'notes/b.md:1: ../../elsewhere/x.md: outside the repository',
    ]);
    expect(slug('`POST /__mock/reset`')).toBe('post-__mockreset');
    const cite = (section: string) => `README ${QUOTE}${section}${QUOTE}`;
    const page = (name: string) => ['docs', name].join('/');
    const pages = (path: string) => (path === page('a.md') ? '' : undefined);
    expect(
      findStaleReferences(
        'a.ts',
        `// ${page('a.md')}, ${page('gone.md')}\n// ${cite('Two words')} ${cite('Three')} ${cite('Decisions where the spec says ')}`,
        pages,
        ['Title', 'Two words (more)', `Decisions where the spec says ${QUOTE}not shown${QUOTE}`],
      ),
    ).toEqual([`a.ts:1: ${page('gone.md')}: no such page`, `a.ts:2: ${cite('Three')}: no such README section`]);
  });

  it('no file cites the old design notes or a path outside the repository', () => {
    const offenders = files.flatMap((file) => {
      const text = readText(file);
      return text === undefined ? [] : findCitations(file, text);
    });
    expect(offenders, `cite a docs/ page instead:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('every docs/ page and README section cited anywhere exists', () => {
    const readme = headingsOf(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    const stale = files.flatMap((file) => {
      const text = readText(file);
      return text === undefined ? [] : findStaleReferences(file, text, existing, readme);
    });
    expect(stale, stale.join('\n')).toEqual([]);
  });

  it('every relative link in the Markdown files resolves inside the repository', () => {
    const markdown = files.filter((file) => file.endsWith('.md'));
    expect(markdown).toContain('docs/architecture.md');
    const broken = markdown.flatMap((file) => findBrokenLinks(file, readText(file) ?? '', existing));
    expect(broken, broken.join('\n')).toEqual([]);
  });
});
