// How a README session's shown output is compared with what the command printed (docs/readme-test.md,
// "What may vary"). Everything must match literally except:
// - a line `...` stands for any number of lines (headers of `curl -i`, elided rows);
// - a run of spaces matches any run of spaces and tabs (columns realign as numbers change);
// - `127.0.0.1:<port>` matches any port (the test's mock listens on a free one);
// - an ID (a prefix of mocks/ids/ids.ts + 7 base62 characters) matches any ID of the same prefix, bound
//   for the rest of the README: the same shown ID must be the same real ID everywhere, and later
//   commands are run with the real one;
// - times: unix seconds (10 digits) and milliseconds (13), ISO date-times, durations (`17.0ms`, `3.2s`),
//   and rates measured over a time (`104 requests/s`);
// - sizes (`652 kB`, `64 MB`, `1,413 B`) within the block's tolerance (default 10%);
// - `/home/you/app` is the directory the commands run in;
// - counts never vary: they come from a seeded run (`numbersVary` is only docs:update's loose search
//   for where an elided output's lines went).
import { stripVTControlCharacters } from 'node:util';
import { ID_PREFIXES } from '../../mocks/ids/ids.ts';

export interface MatchContext {
  /** Shown ID -> real ID, shared by the whole README run. */
  ids: Map<string, string>;
  /** The directory the commands ran in (what `/home/you/app` stands for). */
  cwd: string;
  /** Allowed relative difference of sizes. */
  tolerance: number;
  numbersVary: boolean;
}

type Capture = { kind: 'id'; shown: string } | { kind: 'size'; shown: string };

const prefixes = Object.values(ID_PREFIXES)
  .sort((a, b) => b.length - a.length)
  .map((prefix) => prefix.replace(/[$]/g, '\\$&'));
/** An ID of any kind the kit mints (prefix and seven characters). */
export const ID = `\\b(?:${prefixes.join('|')})[A-Za-z0-9]{7}\\b`;
const SIZE_UNITS: Record<string, number> = { B: 1, kB: 1e3, KB: 1e3, KiB: 1024, MB: 1e6, MiB: 1024 ** 2, GB: 1e9 };
const SIZE = `\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?\\s?(?:${Object.keys(SIZE_UNITS).join('|')})\\b`;
const NUMBER = '\\d+(?:[.,]\\d+)*';

/** The masks in priority order: what in the shown text, and what it matches in the real one. */
const MASKS: Array<{
  shown: RegExp;
  real: (text: string, context: MatchContext) => string;
  capture?: Capture['kind'];
  ifNumbersVary?: true;
}> = [
  { shown: /127\.0\.0\.1:\d+/y, real: () => '127\\.0\\.0\\.1:\\d+' },
  { shown: /\/home\/you\/app/y, real: (_, context) => escapeRegex(context.cwd) },
  {
    shown: new RegExp(ID, 'y'),
    real: (text) => `(${escapeRegex(text.replace(/[A-Za-z0-9]{7}$/, ''))}[A-Za-z0-9]{7})`,
    capture: 'id',
  },
  {
    shown: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/y,
    real: () => '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z',
  },
  { shown: /\b1\d{12}\b/y, real: () => '\\d{13}' },
  { shown: /\b1\d{9}\b/y, real: () => '\\d{10}' },
  { shown: /\b\d+(?:\.\d+)?\s?m?s\b/y, real: () => '\\d+(?:\\.\\d+)?\\s?m?s' },
  { shown: /\b\d+(?:\.\d+)? requests\/s\b/y, real: () => '\\d+(?:\\.\\d+)? requests/s' },
  { shown: new RegExp(SIZE, 'y'), real: () => `(${SIZE})`, capture: 'size' },
  { shown: new RegExp(NUMBER, 'y'), real: () => NUMBER, ifNumbersVary: true },
  { shown: /[ \t]+/y, real: () => '[ \\t]+' },
];

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** What a command printed, as it is compared: no colour codes, no CR, no trailing spaces or blank lines. */
export function normalizeOutput(text: string): string {
  return stripVTControlCharacters(text)
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\s+$/, '');
}

function lineRegex(line: string, context: MatchContext, captures: Capture[]): string {
  let source = '';
  let literal = '';
  let at = 0;
  outer: while (at < line.length) {
    for (const mask of MASKS) {
      if (mask.ifNumbersVary && !context.numbersVary) continue;
      mask.shown.lastIndex = at;
      const found = mask.shown.exec(line);
      if (!found || found[0] === '') continue;
      // A mask starts only at a word boundary of the shown text (never inside `abc123`).
      if (/\w/.test(found[0][0]!) && at > 0 && /\w/.test(line[at - 1]!)) continue;
      source += escapeRegex(literal) + mask.real(found[0], context);
      literal = '';
      if (mask.capture) captures.push({ kind: mask.capture, shown: found[0] });
      at += found[0].length;
      continue outer;
    }
    literal += line[at];
    at++;
  }
  return source + escapeRegex(literal);
}

function bytes(size: string): number {
  const [, number, unit] = /^([\d,.]+)\s?(\w+)$/.exec(size)!;
  return Number(number!.replace(/,/g, '')) * SIZE_UNITS[unit!]!;
}

/**
 * Compares a command's output with the output the README shows. On a match, the IDs it shows are
 * bound to the real ones in `context.ids`; otherwise the reason.
 *
 * @example
 * matchOutput('{"id":"wh_PMKRmM5"}', '{"id":"wh_Zx81abc"}', context); // { ok: true }, and wh_PMKRmM5 -> wh_Zx81abc
 */
export function matchOutput(
  shown: string,
  printed: string,
  context: MatchContext,
): { ok: true } | { ok: false; reason: string } {
  // A command shown with no output (`> /dev/null`) must print nothing.
  if (normalizeOutput(shown) === '') {
    return normalizeOutput(printed) === ''
      ? { ok: true }
      : { ok: false, reason: 'it printed output where none is shown' };
  }
  const captures: Capture[] = [];
  const lines = normalizeOutput(shown).split('\n');
  const source = lines
    .map((line) => (line.trim() === '...' ? '(?:[^\\n]*\\n)*?' : `${lineRegex(line, context, captures)}\\n`))
    .join('');
  const found = new RegExp(`^${source}$`).exec(`${normalizeOutput(printed)}\n`);
  if (!found) return { ok: false, reason: 'the output differs from the one shown' };
  const bound = new Map(context.ids);
  for (const [index, capture] of captures.entries()) {
    const value = found[index + 1]!;
    if (capture.kind === 'size') {
      const difference = Math.abs(bytes(value) - bytes(capture.shown)) / bytes(capture.shown);
      if (difference > context.tolerance) {
        return {
          ok: false,
          reason: `size ${value} is ${(difference * 100).toFixed(1)}% from the shown ${capture.shown} (tolerance ${context.tolerance * 100}%)`,
        };
      }
      continue;
    }
    const earlier = bound.get(capture.shown);
    if (earlier !== undefined && earlier !== value) {
      return {
        ok: false,
        reason: `${capture.shown} stands for ${earlier} earlier in the README, but here the output has ${value}`,
      };
    }
    bound.set(capture.shown, value);
  }
  for (const [shownId, realId] of bound) context.ids.set(shownId, realId);
  return { ok: true };
}

/** A command with the README's IDs replaced by the real ones bound so far, and the mock's address. */
export function realCommand(command: string, context: { ids: Map<string, string>; address: string }): string {
  return command
    .replace(new RegExp(ID, 'g'), (id) => context.ids.get(id) ?? id)
    .replace(/127\.0\.0\.1:4010\b/g, context.address);
}

/**
 * The output a page should show for a command that printed `printed` where it showed `shown`
 * (`npm run docs:update`): what was printed, with the directory back to `/home/you/app`, the IDs
 * bound so far back to the ones shown, and each `...` of the shown output kept, eliding the printed
 * lines between the parts around it: the first part is the output's head and the last its tail (as
 * many lines as shown), a part between is found in order, compared loosely (any number, any ID). A
 * part it cannot find gives the whole output, for a person to shorten.
 *
 * @example
 * rewriteShown('Tests 463 passed\n...', 'Tests 584 passed\nDuration 3.1s', context); // 'Tests 584 passed\n...'
 */
export function rewriteShown(shown: string, printed: string, context: MatchContext): string {
  const realToShown = new Map([...context.ids].map(([shownId, realId]) => [realId, shownId]));
  const lines = normalizeOutput(printed)
    .replaceAll(context.cwd, '/home/you/app')
    .replace(new RegExp(ID, 'g'), (id) => realToShown.get(id) ?? id)
    .split('\n');
  const parts: string[][] = [[]];
  for (const line of normalizeOutput(shown).split('\n')) {
    if (line.trim() === '...') parts.push([]);
    else parts.at(-1)!.push(line);
  }
  if (parts.length === 1) return lines.join('\n');
  const loose: MatchContext = { ...context, ids: new Map(), numbersVary: true, tolerance: Number.POSITIVE_INFINITY };
  const fits = (part: string[], at: number) =>
    at >= 0 &&
    at + part.length <= lines.length &&
    part.every((line, index) => new RegExp(`^${lineRegex(line, loose, [])}$`).test(lines[at + index]!));
  const kept: string[] = [];
  let cursor = 0;
  for (const [index, part] of parts.entries()) {
    if (index > 0) kept.push('...');
    if (part.length === 0) continue;
    const last = index === parts.length - 1;
    let at = index === 0 ? 0 : last ? lines.length - part.length : -1;
    if (!last && index > 0) {
      for (let from = cursor; from + part.length <= lines.length && at < 0; from++) if (fits(part, from)) at = from;
    }
    // The first and the last part stay where they are (the output's head and tail), changed or not.
    if (at < cursor || (!fits(part, at) && index > 0 && !last)) return lines.join('\n');
    kept.push(...lines.slice(at, at + part.length));
    cursor = at + part.length;
  }
  return kept.join('\n');
}
