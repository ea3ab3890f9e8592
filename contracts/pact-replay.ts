// `pact verify` (docs/pact.md, "pact verify"): each interaction replayed against one target as the official verifier
// does, its answer held to the matching rules; writes obey the suites' live safety rule (refusesWrite).
import { bodyOf, headersOf, queryOf, stringOr } from '../openapi/pact-check.ts';
import { isObject } from '../openapi/json.ts';
import { escapePointer as escaped } from '../openapi/json-pointer.ts';
import { parsePact } from '../openapi/pact-file.ts';
import { RE2JS } from 're2js';
import { refusesWrite } from './api.ts';
import type { FetchLike } from './targets/types.ts';

type Json = Record<string, unknown>;

export interface ReplayTarget {
  /** The provider's root, where the pact's paths (`/v1/...`) are served: `http://127.0.0.1:4010`. */
  root: string;
  /** The bearer of every request and state-change call (the world it opens, on the mock). */
  token: string;
  fetch: FetchLike;
  /** Writes are skipped, not sent (a live target without --allow-writes). */
  readOnly: boolean;
  /** Where each interaction's provider states are set up (POST {state, params, action}); none: no state calls. */
  stateChangeUrl: string | undefined;
}

/** One difference between the answer and the interaction, at a JSON pointer into the interaction. */
interface Mismatch {
  pointer: string;
  message: string;
}

export interface InteractionOutcome {
  description: string;
  outcome: 'passed' | 'failed' | 'skipped';
  mismatches: Mismatch[];
  /** Why it was skipped. */
  reason?: string;
  seconds: number;
}

/** One V3/V4 matcher as a pact holds it. */
interface Matcher {
  match?: string;
  regex?: string;
  min?: number;
  max?: number;
  format?: string;
  value?: unknown;
  /** A regex or date-time matcher's pattern, compiled once for the linear-time engine. */
  pattern?: RE2JS;
}

interface Rule {
  tokens: string[];
  combine: 'AND' | 'OR';
  matchers: Matcher[];
  /** A pattern of it that RE2 refuses: reported once at the pattern, the values under it left unjudged. */
  refused: boolean;
}

/**
 * Replays every interaction of a Pact file's text against `target`, in the file's order, telling `replayed` each
 * outcome as it comes (a run's progress); or why the text is no Pact file.
 *
 * @example
 * const replayed = await replayPact(text, { root: 'http://127.0.0.1:4010', token: 't', fetch, readOnly: false, stateChangeUrl: 'http://127.0.0.1:4010/__mock/pact/states' });
 * // { interactions: [{ description: 'getCurrentUser answers 200 in a fresh world', outcome: 'passed', ... }] }
 */
export async function replayPact(
  text: string,
  target: ReplayTarget,
  replayed: (outcome: InteractionOutcome, total: number) => void = () => {},
): Promise<{ interactions: InteractionOutcome[] } | { refused: string }> {
  const pact = parsePact(text);
  if ('refused' in pact) return pact;
  const interactions: InteractionOutcome[] = [];
  // One at a time: each sets up its provider state, which the next one's replaces.
  for (const [index, interaction] of pact.interactions.entries()) {
    interactions.push(await replayInteraction(interaction, index, pact.v4, target));
    replayed(interactions.at(-1)!, pact.interactions.length);
  }
  return { interactions };
}

async function replayInteraction(
  interaction: unknown,
  index: number,
  v4: boolean,
  target: ReplayTarget,
): Promise<InteractionOutcome> {
  const started = performance.now();
  const at = `/interactions/${index}`;
  const description = isObject(interaction) ? (stringOr(interaction.description) ?? `interaction ${index}`) : '';
  const end = (outcome: InteractionOutcome['outcome'], mismatches: Mismatch[], reason?: string) => ({
    description: description || `interaction ${index}`,
    outcome,
    mismatches,
    ...(reason === undefined ? {} : { reason }),
    seconds: (performance.now() - started) / 1000,
  });
  if (!isObject(interaction)) return end('failed', [{ pointer: at, message: 'is no object' }]);
  if (v4 && interaction.type !== 'Synchronous/HTTP')
    return end('skipped', [], `a ${String(interaction.type)} interaction: pact verify replays HTTP ones`);
  const { request, response } = interaction;
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.path !== 'string')
    return end('failed', [{ pointer: `${at}/request`, message: 'needs a method and a path' }]);
  if (!isObject(response) || typeof response.status !== 'number')
    return end('failed', [{ pointer: `${at}/response`, message: 'needs a status' }]);
  const leaves = leavesRoot(request.path);
  if (leaves !== undefined)
    return end('failed', [{ pointer: `${at}/request/path`, message: `${leaves}: not sent (root ${target.root})` }]);
  const method = request.method.toUpperCase();
  if (refusesWrite(target.readOnly, method))
    return end(
      'skipped',
      [],
      `read-only target: refusing to send ${method} ${request.path} (--allow-writes allows writes)`,
    );
  const states = providerStates(interaction);
  const setUp = await changeStates(states, 'setup', target, at);
  if (setUp.length > 0) return end('failed', setUp);
  let mismatches: Mismatch[];
  try {
    const query = queryOf(request.query).toString();
    const answer = await target.fetch(`${target.root}${request.path}${query === '' ? '' : `?${query}`}`, {
      method,
      headers: { ...headersOf(request), authorization: `Bearer ${target.token}` },
      body: requestBody(request, v4),
      redirect: 'manual',
    });
    mismatches = compareResponse(response, v4, answer, await answer.text(), `${at}/response`);
  } catch (error) {
    mismatches = [{ pointer: `${at}/request`, message: `could not be sent: ${causeOf(error)}` }];
  }
  mismatches.push(...(await changeStates(states, 'teardown', target, at)));
  return end(mismatches.length === 0 ? 'passed' : 'failed', mismatches);
}

const causeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
};

/** V4/V3's `providerStates`, V2's `providerState`. */
function providerStates(interaction: Json): Array<{ name: string; params: Json }> {
  if (Array.isArray(interaction.providerStates))
    return interaction.providerStates
      .filter(isObject)
      .map((state) => ({ name: String(state.name), params: isObject(state.params) ? state.params : {} }));
  return typeof interaction.providerState === 'string' ? [{ name: interaction.providerState, params: {} }] : [];
}

/** The state-change calls of one interaction; a refusal is a mismatch at the state's pointer. */
async function changeStates(
  states: Array<{ name: string; params: Json }>,
  action: 'setup' | 'teardown',
  target: ReplayTarget,
  at: string,
): Promise<Mismatch[]> {
  if (target.stateChangeUrl === undefined) return [];
  const mismatches: Mismatch[] = [];
  for (const [index, state] of states.entries()) {
    const pointer = `${at}/providerStates/${index}`;
    try {
      const answer = await target.fetch(target.stateChangeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
        body: JSON.stringify({ state: state.name, params: state.params, action }),
        redirect: 'manual',
      });
      const text = await answer.text();
      if (answer.status >= 300)
        mismatches.push({
          pointer,
          message: `the state change (${action} "${state.name}") answered ${answer.status}: ${text.slice(0, 300)}`,
        });
    } catch (error) {
      mismatches.push({ pointer, message: `the state change (${action}) could not be sent: ${causeOf(error)}` });
    }
  }
  return mismatches;
}

/**
 * Why a pact's path could reach beyond the target's root, or undefined: one not starting with `/`
 * changes the host (`@evil.example/x`), and a dot segment, raw or percent-encoded (`/v1/../../admin`,
 * `%2e%2e`, `..%2f`, `..;`), is resolved by the URL or by the provider out of the root's path. A consumer's
 * client sends paths already resolved, so no recorded interaction carries one.
 */
function leavesRoot(path: string): string | undefined {
  if (!path.startsWith('/')) return `${shown(path)} does not start with /`;
  const decoded = path.replace(/%2e/gi, '.').replace(/%2f/gi, '/').replace(/%5c/gi, '\\');
  // `..;x`: servlet containers drop a segment's `;` parameters before resolving it.
  if (decoded.split(/[/\\]/).some((segment) => /^\.\.?(;|$)/.test(segment)))
    return `${shown(path)} has a dot segment ("." or "..", raw or encoded), which can lead out of the target's base path`;
  return undefined;
}

function requestBody(request: Json, v4: boolean): string | Blob | undefined {
  const body = bodyOf(request, v4);
  if (!body.present || body.content === undefined || body.content === null) return undefined;
  if (v4 && isObject(request.body) && request.body.encoded === 'base64' && typeof body.content === 'string')
    return new Blob([Buffer.from(body.content, 'base64')]);
  return typeof body.content === 'string' ? body.content : JSON.stringify(body.content);
}

const mediaType = (value: string | null | undefined): string => (value ?? '').split(';')[0]!.trim().toLowerCase();

function compareResponse(expected: Json, v4: boolean, { status, headers }: Response, text: string, at: string) {
  const mismatches: Mismatch[] = [];
  if (status !== expected.status)
    mismatches.push({ pointer: `${at}/status`, message: `is ${status}, the pact expects ${String(expected.status)}` });
  for (const [name, value] of Object.entries(headersOf(expected))) {
    const actual = headers.get(name);
    const same = name === 'content-type' ? mediaType(actual) === mediaType(value) : actual === value;
    if (!same)
      mismatches.push({
        pointer: `${at}/headers/${name}`,
        message:
          actual === null ? `is missing, the pact expects "${value}"` : `is "${actual}", the pact expects "${value}"`,
      });
  }
  const body = bodyOf(expected, v4);
  if (!body.present || body.content === undefined) return mismatches;
  const rules = bodyRules(expected.matchingRules, `${at}/matchingRules`, mismatches);
  const json =
    typeof body.content === 'object' || /json/i.test(body.contentType ?? headersOf(expected)['content-type'] ?? '');
  let actual: unknown = text;
  if (json) {
    try {
      actual = JSON.parse(text);
    } catch {
      mismatches.push({ pointer: `${at}/body`, message: `is not JSON: ${text.slice(0, 120)}` });
      return mismatches;
    }
  }
  compare(body.content, actual, [], rules, `${at}/body`, mismatches);
  return mismatches;
}

/**
 * The body's rules: V3/V4's `matchingRules.body`, V2's `$.body...` keys. Their regexes and date
 * formats are compiled for RE2, whose time is linear in the text: a pact is a file from elsewhere,
 * and a backtracking engine takes hours over `^(a+)+$` (docs/pact.md, "pact verify"). A pattern RE2
 * refuses (backreferences, lookarounds) is a mismatch at its pointer, never run another way.
 */
function bodyRules(matchingRules: unknown, at: string, out: Mismatch[]): Rule[] {
  if (!isObject(matchingRules)) return [];
  const rules: Rule[] = [];
  const add = (path: string, rule: unknown, pointer: string) => {
    const tokens = pathTokens(path);
    if (tokens === undefined || !isObject(rule)) return;
    const listed = Array.isArray(rule.matchers);
    const matchers = (listed ? (rule.matchers as unknown[]) : [rule]).map((matcher, index) =>
      isObject(matcher)
        ? compiled(matcher as Matcher, `${pointer}${listed ? `/matchers/${index}` : ''}`, out)
        : matcher,
    );
    rules.push({
      tokens,
      combine: rule.combine === 'OR' ? 'OR' : 'AND',
      matchers: matchers.filter(isObject) as Matcher[],
      refused: matchers.some((matcher) => isObject(matcher) && 'refused' in matcher),
    });
  };
  if (isObject(matchingRules.body))
    for (const [path, rule] of Object.entries(matchingRules.body)) add(path, rule, `${at}/body/${escaped(path)}`);
  else
    for (const [path, rule] of Object.entries(matchingRules))
      if (path === '$.body' || path.startsWith('$.body.') || path.startsWith('$.body['))
        add(`$${path.slice('$.body'.length)}`, rule, `${at}/${escaped(path)}`);
  return rules;
}

/** A matcher with its pattern compiled; marked `refused`, and the refusal in `out`, when RE2 refuses it. */
function compiled(matcher: Matcher, pointer: string, out: Mismatch[]): Matcher | (Matcher & { refused: true }) {
  const kind = matcher.match ?? '';
  const date = Object.hasOwn(DEFAULT_FORMATS, kind);
  if (kind !== 'regex' && !date) return matcher;
  const format = matcher.format ?? DEFAULT_FORMATS[kind]!;
  try {
    return {
      ...matcher,
      pattern: RE2JS.compile(date ? javaFormatRegex(format, kind !== 'date') : (matcher.regex ?? '')),
    };
  } catch (error) {
    out.push({
      pointer: `${pointer}/${date ? 'format' : 'regex'}`,
      message:
        `${date ? `the ${kind} format ${shown(format)}` : `the regex ${shown(matcher.regex)}`} cannot be run: ` +
        'pact verify runs patterns in linear time (RE2: no backreferences, lookarounds or repeats over 1000), ' +
        `and RE2 says ${(error as Error).message}`,
    });
    return { ...matcher, refused: true };
  }
}

/** `$.data[*].id`, `$['odd key']`, `$.items[0]` as tokens (`*` for any); undefined for a path not understood. */
function pathTokens(path: string): string[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const tokens: string[] = [];
  const step = /\.([^.[\]]+)|\['((?:[^'\\]|\\.)*)'\]|\[(\d+|\*)\]/y;
  step.lastIndex = 1;
  while (step.lastIndex < path.length) {
    const match = step.exec(path);
    if (match === null) return undefined;
    tokens.push(match[1] ?? match[2]?.replace(/\\(.)/g, '$1') ?? match[3]!);
  }
  return tokens;
}

/** The rule at `path`: the exact match with fewest wildcards, else the nearest ancestor's `type` or `equality`. */
function ruleFor(rules: Rule[], path: string[]): Rule | undefined {
  let best: { rule: Rule; exact: number } | undefined;
  let inherited: Rule | undefined;
  for (const rule of rules) {
    if (rule.tokens.length > path.length) continue;
    if (!rule.tokens.every((token, i) => token === '*' || token === path[i])) continue;
    if (rule.tokens.length === path.length) {
      const exact = rule.tokens.filter((token) => token !== '*').length;
      if (best === undefined || exact > best.exact) best = { rule, exact };
    } else if (
      rule.matchers.every((m) => m.match === 'type' || m.match === 'equality') &&
      (inherited === undefined || rule.tokens.length > inherited.tokens.length)
    )
      inherited = rule;
  }
  if (best !== undefined) return best.rule;
  // Handed down as the kind of check, not an array's length bounds.
  return inherited === undefined
    ? undefined
    : { ...inherited, matchers: inherited.matchers.map((m) => ({ match: m.match })) };
}

const pointerOf = (at: string, path: string[]) => `${at}${path.map((token) => `/${escaped(token)}`).join('')}`;

const jsonType = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

function compare(expected: unknown, actual: unknown, path: string[], rules: Rule[], at: string, out: Mismatch[]): void {
  const rule = ruleFor(rules, path);
  if (rule?.refused) return;
  if (rule !== undefined) {
    const failures = rule.matchers.map((matcher) => applyMatcher(matcher, expected, actual)).filter((f) => f !== null);
    // AND: every matcher must hold; OR: any one (a field the document lets be one of several kinds).
    const held = rule.combine === 'OR' ? failures.length < rule.matchers.length : failures.length === 0;
    if (!held) {
      const message =
        rule.combine === 'OR' ? `holds none of its matchers: ${failures.join('; ')}` : failures.join('; ');
      out.push({ pointer: pointerOf(at, path), message });
      return;
    }
    if (rule.matchers.every((m) => m.match === 'equality')) return;
    // A type (or min/max) rule on a container: its children are still compared, as Pact does: each
    // item against the pact's item of the same index, past its end against its first, the example.
    if (Array.isArray(expected) && Array.isArray(actual)) {
      if (expected.length > 0)
        for (const [i, item] of actual.entries())
          compare(expected[i] ?? expected[0], item, [...path, String(i)], rules, at, out);
      return;
    }
    if (isObject(expected) && isObject(actual)) compareMembers(expected, actual, path, rules, at, out);
    return;
  }
  if (isObject(expected)) {
    if (!isObject(actual))
      out.push({ pointer: pointerOf(at, path), message: `is ${jsonType(actual)}, the pact expects an object` });
    else compareMembers(expected, actual, path, rules, at, out);
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push({ pointer: pointerOf(at, path), message: `is ${jsonType(actual)}, the pact expects an array` });
      return;
    }
    if (actual.length !== expected.length)
      out.push({
        pointer: pointerOf(at, path),
        message: `has ${actual.length} items, the pact expects ${expected.length} (no matcher allows another length)`,
      });
    expected.forEach((item, i) => {
      if (i < actual.length) compare(item, actual[i], [...path, String(i)], rules, at, out);
    });
    return;
  }
  if (!deepEqual(expected, actual))
    out.push({
      pointer: pointerOf(at, path),
      message: `is ${shown(actual)}, the pact expects exactly ${shown(expected)}`,
    });
}

/** Every member the pact's object names must be there; members it does not name are the provider's to add. */
function compareMembers(expected: Json, actual: Json, path: string[], rules: Rule[], at: string, out: Mismatch[]) {
  for (const [key, value] of Object.entries(expected)) {
    if (!(key in actual)) out.push({ pointer: pointerOf(at, [...path, key]), message: 'is missing' });
    else compare(value, actual[key], [...path, key], rules, at, out);
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]));
  }
  return false;
}

/** Why `actual` fails `matcher` (`expected` is the pact's example), or null when it holds. */
function applyMatcher(matcher: Matcher, expected: unknown, actual: unknown): string | null {
  const value = shown(actual);
  switch (matcher.match) {
    case 'regex': {
      if (typeof actual !== 'string' && typeof actual !== 'number' && typeof actual !== 'boolean')
        return `is ${jsonType(actual)}, the pact expects text matching ${matcher.regex}`;
      return matcher.pattern!.matcher(String(actual)).find() ? null : `${value} does not match ${matcher.regex}`;
    }
    case 'type':
    case 'min':
    case 'max': {
      if (jsonType(actual) !== jsonType(expected))
        return `is ${jsonType(actual)} ${value}, the pact expects ${jsonType(expected)} (type matcher)`;
      return lengthBounds(matcher, actual);
    }
    case 'equality':
      return deepEqual(expected, actual) ? null : `is ${value}, the pact expects exactly ${shown(expected)}`;
    case 'include':
      return typeof actual === 'string' && actual.includes(String(matcher.value))
        ? null
        : `${value} does not include ${shown(matcher.value)}`;
    case 'integer':
      return Number.isInteger(actual) ? null : `is ${value}, the pact expects an integer`;
    case 'decimal':
    case 'number':
      return typeof actual === 'number' ? null : `is ${value}, the pact expects a number`;
    case 'boolean':
      return typeof actual === 'boolean' ? null : `is ${value}, the pact expects a boolean`;
    case 'null':
      return actual === null ? null : `is ${value}, the pact expects null`;
    case 'notEmpty':
      return actual !== null && actual !== '' && !(Array.isArray(actual) && actual.length === 0)
        ? null
        : `is ${value}, the pact expects it not empty`;
    case 'date':
    case 'time':
    case 'timestamp':
    case 'datetime': {
      const format = matcher.format ?? DEFAULT_FORMATS[matcher.match]!;
      return typeof actual === 'string' && matcher.pattern!.matcher(actual).matches()
        ? null
        : `${value} is not a ${matcher.match} of the format ${format}`;
    }
    default:
      return `the matcher "${String(matcher.match)}" is not one pact verify applies (docs/pact.md)`;
  }
}

function lengthBounds(matcher: Matcher, actual: unknown): string | null {
  if (!Array.isArray(actual) && typeof actual !== 'string') return null;
  const length = actual.length;
  if (matcher.min !== undefined && length < matcher.min)
    return `has ${length} items, the pact expects at least ${matcher.min}`;
  if (matcher.max !== undefined && length > matcher.max)
    return `has ${length} items, the pact expects at most ${matcher.max}`;
  return null;
}

const DEFAULT_FORMATS: Record<string, string> = {
  date: 'yyyy-MM-dd',
  time: 'HH:mm:ss',
  timestamp: "yyyy-MM-dd'T'HH:mm:ss",
  datetime: "yyyy-MM-dd'T'HH:mm:ss",
};

/** A Java date-time pattern as a whole-text regex; a time also takes fractions and a zone, as RFC 3339 carries. */
function javaFormatRegex(format: string, time: boolean): string {
  const parts: string[] = [];
  const token = /'([^']*)'|(y+|M+|d+|H+|h+|m+|s+|S+|X+|Z+|a|E+|z+)|(.)/g;
  for (const [, literal, letters, other] of format.matchAll(token)) {
    if (literal !== undefined) parts.push(literally(literal === '' ? "'" : literal));
    else if (other !== undefined) parts.push(literally(other));
    else if (letters !== undefined) parts.push(letterRegex(letters));
  }
  return `^${parts.join('')}${time ? '(\\.\\d+)?(Z|[+-]\\d{2}:?\\d{2})?' : ''}$`;
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function letterRegex(letters: string): string {
  const n = letters.length;
  switch (letters[0]) {
    case 'y':
      return n === 2 ? '\\d{2}' : '\\d{4}';
    case 'S':
      return `\\d{${n}}`;
    case 'X':
      return n === 1 ? '(Z|[+-]\\d{2})' : n === 2 ? '(Z|[+-]\\d{4})' : '(Z|[+-]\\d{2}:\\d{2})';
    case 'Z':
      return '[+-]\\d{4}';
    case 'a':
      return '(AM|PM)';
    case 'E':
    case 'z':
      return '[A-Za-z]+';
    case 'M':
      return n >= 3 ? '[A-Za-z]+' : '\\d{1,2}';
    default:
      return n === 1 ? '\\d{1,2}' : `\\d{${n}}`;
  }
}
