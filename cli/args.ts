// The one parse/usage/exit path of every subcommand: a bad flag or value is one line on stderr and exit 2.
// Exit codes of every subcommand: 0 ok, 1 failures (failed checks, refused delivery, busy port), 2 usage.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parseArgs, styleText } from 'node:util';
import { type Destination, parseDestinations } from '../mocks/common/destinations.ts';
import type { ScenarioDefinition } from '../mocks/index.ts';
import { unreadableReason } from '../mocks/node/files.ts';
import { editDistance } from '../mocks/upstream/select.ts';

/** The name the package's `bin` installs. */
export const PROGRAM = 'workflow-api-mock';

/**
 * The version field of the kit's package.json, read through the package's self-reference (its exports map), which
 * resolves the same from the checkout (cli/) and from an installed package (dist/cli/).
 *
 * @example
 * console.log(kitVersion()); // '0.1.0'
 */
export function kitVersion(): string {
  const file = createRequire(import.meta.url).resolve('workflow-api-mock-kit/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export type Env = Record<string, string | undefined>;
type Source = { text: string; from: string };

interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
}
export type Flags = Record<string, FlagSpec>;

/** What parseArgs hands back for a set of flags: a string or boolean per flag given, nothing for a flag left out. */
type FlagValues<F extends Flags> = { [K in keyof F]?: F[K]['type'] extends 'boolean' ? boolean : string };

export type Parsed<T> =
  | { kind: 'help'; all: boolean }
  | { kind: 'version' }
  | { kind: 'usage'; message: string }
  | { kind: 'run'; options: T };

export interface CommandSpec<F extends Flags, T> {
  /** As typed after the program name: `serve`, `contracts`... */
  name: string;
  /** The full `--help` text (`--help --all` when there is a summary). A function: texts built from data cost nothing until asked for. */
  help: () => string;
  /** A short `--help` (ten lines at most) for a command whose full text is long; the full one is `--help --all`. */
  summary?: () => string;
  /** Every flag but `-h/--help` and `--version`, which every command has. */
  flags: F;
  /** Whether the command takes positional arguments (default: none). */
  positionals?: boolean;
  /** Flag values, positionals and the environment to the command's options, or a usage error (see `usage`). */
  interpret(values: FlagValues<F>, positionals: string[], env: Env): T | UsageError;
}

export interface UsageError {
  kind: 'usage';
  message: string;
}

/**
 * Declares a command; only here to infer the flag and option types from the literal.
 *
 * @example
 * const GREET = defineCommand({ name: 'greet', help: () => 'greet [--name N]', flags: { name: { type: 'string' } }, interpret: (v) => ({ name: v.name ?? 'you' }) });
 */
export function defineCommand<F extends Flags, T>(spec: CommandSpec<F, T>): CommandSpec<F, T> {
  return spec;
}

/** A usage error as a value: `interpret` returns it instead of throwing. */
export function usage(message: string): UsageError {
  return { kind: 'usage', message };
}

function isUsageError(value: unknown): value is UsageError {
  const error = value as Partial<UsageError> | null;
  return typeof value === 'object' && error?.kind === 'usage' && typeof error.message === 'string';
}

/** The one line printed for a usage error. */
export function usageLine(command: string, message: string): string {
  const prefix = command === '' ? PROGRAM : `${PROGRAM} ${command}`;
  return `${prefix}: ${message} (see "${prefix} --help")`;
}

/** The flags every command has besides its own. */
const COMMON_FLAGS = {
  help: { type: 'boolean', short: 'h' },
  all: { type: 'boolean' },
  version: { type: 'boolean' },
} as const satisfies Flags;

/**
 * `; did you mean PREFIX+NAME?` for the name nearest `word` (at most a third of its letters changed, one at least),
 * else ''. The one rule of every "did you mean" of the command line.
 *
 * @example
 * didYouMean('prot', ['port', 'host'], '--'); // '; did you mean --port?'
 */
export function didYouMean(word: string, names: readonly string[], prefix = ''): string {
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(word.toLowerCase(), name.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best === undefined ? '' : `; did you mean ${prefix}${best.name}?`;
}

/**
 * `text` in a colour or style when `stream` is a terminal that takes colour, else as it is (NO_COLOR, a pipe, a
 * file: node:util's styleText decides, FORCE_COLOR included).
 *
 * @example
 * console.error(paint('red', 'FAILED', process.stderr));
 */
export function paint(format: Parameters<typeof styleText>[0], text: string, stream: NodeJS.WriteStream): string {
  return styleText(format, text, { stream });
}

/** Parses argv for one command; never throws for anything the user typed. */
export function parseCommand<F extends Flags, T>(
  spec: CommandSpec<F, T>,
  argv: string[],
  env: Env = process.env,
): Parsed<T> {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: spec.positionals === true,
      options: { ...spec.flags, ...COMMON_FLAGS },
    }));
  } catch (error) {
    // After an unknown option parseArgs explains how to pass a positional that starts with '-': not the problem here.
    // Some messages span lines; a usage error is one line.
    const message = (error as Error).message
      .replace(/\. To specify a positional argument.*$/s, '')
      .replace(/\s*\n\s*/g, ' ')
      .replace(/\.$/, '');
    const unknown = /^Unknown option '(-{1,2})([^']*)'/.exec(message);
    const names = [...Object.keys(spec.flags), ...Object.keys(COMMON_FLAGS)];
    return { kind: 'usage', message: unknown === null ? message : message + didYouMean(unknown[2]!, names, '--') };
  }
  if (values.help === true) return { kind: 'help', all: values.all === true };
  if (values.version === true) return { kind: 'version' };
  if (values.all === true) return { kind: 'usage', message: '--all goes with --help (every flag and example)' };
  const flagValues = Object.fromEntries(Object.entries(values).filter(([name]) => !Object.hasOwn(COMMON_FLAGS, name)));
  const options = spec.interpret(flagValues as FlagValues<F>, positionals, env);
  return isUsageError(options) ? options : { kind: 'run', options };
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const consoleIo: Io = {
  out: (text) => console.log(text),
  // A usage line is the one thing on stderr: red on a terminal.
  err: (text) => console.error(paint('red', text, process.stderr)),
};

/**
 * Parses, prints help (exit 0) or a usage line (exit 2), else runs the command and answers its exit code.
 *
 * @example
 * const code = await runCommand(SERVE, process.argv.slice(3), (options) => serve(options));
 */
export async function runCommand<F extends Flags, T>(
  spec: CommandSpec<F, T>,
  argv: string[],
  run: (options: T) => Promise<number>,
  env: Env = process.env,
  io: Io = consoleIo,
): Promise<number> {
  const parsed = parseCommand(spec, argv, env);
  if (parsed.kind === 'run') return run(parsed.options);
  if (parsed.kind === 'usage') {
    io.err(usageLine(spec.name, parsed.message));
    return EXIT_USAGE;
  }
  if (parsed.kind === 'version') io.out(kitVersion());
  else io.out(spec.summary !== undefined && !parsed.all ? spec.summary() : spec.help());
  return EXIT_OK;
}

/**
 * The scenarios of `--scenarios DIR`, checked against the document; undefined (after saying why on stderr, each issue
 * with its JSON pointer) when a file cannot be read or a scenario does not match.
 *
 * @example
 * const scenarios = await loadScenarioFolder('serve', './scenarios');
 * if (scenarios === undefined) return EXIT_FAILED;
 */
export async function loadScenarioFolder(command: string, dir: string): Promise<ScenarioDefinition[] | undefined> {
  const { readScenarioFiles } = await import('../mocks/node/server.ts');
  let files: Awaited<ReturnType<typeof readScenarioFiles>>;
  try {
    files = await readScenarioFiles(dir);
  } catch (error) {
    console.error(`${PROGRAM} ${command}: ${(error as Error).message}`);
    return undefined;
  }
  const { loadScenarios } = await import('../mocks/index.ts');
  const loaded = loadScenarios(files.scenarios, (index) => files.origins[index]!);
  if (loaded.ok) return files.scenarios as ScenarioDefinition[];
  console.error(
    `${PROGRAM} ${command}: --scenarios ${dir}: a scenario does not match the document (docs/scenarios.md):`,
  );
  for (const refusal of loaded.refusals)
    for (const issue of refusal.issues)
      console.error(`  ${refusal.scenario}: ${issue.pointer || '/'} ${issue.message}`);
  return undefined;
}

/**
 * A file's text, or undefined once `PROGRAM command: cannot read WHAT FILE: REASON (ABSOLUTE PATH)` is on stderr:
 * `wanted` says what the command wanted from it.
 *
 * @example
 * const text = await readOrSay('drift', 'staging.har', 'the HAR recording to compare');
 */
export async function readOrSay(command: string, file: string, wanted: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    consoleIo.err(`${PROGRAM} ${command}: cannot read ${wanted} ${file}: ${unreadableReason(file, error)}`);
    return undefined;
  }
}

/**
 * `--seed` (and its environment variable) in every command: a whole number from 0 to 2^31 - 1, the range the kit
 * draws its own seeds from, or a usage error.
 *
 * @example
 * parseSeed({ text: '42', from: '--seed' }); // 42
 */
export function parseSeed(source: Source): number | UsageError {
  if (!/^\d{1,10}$/.test(source.text) || Number(source.text) > MAX_SEED)
    return usage(`${source.from} must be a whole number from 0 to ${MAX_SEED}, got "${source.text}"`);
  return Number(source.text);
}

const MAX_SEED = 2 ** 31 - 1;

// The flags of the commands that hold worlds (serve, mcp), read alike: each fills its option, or answers the refusal.
type WorldFlagValues = { seed?: string; scenarios?: string; 'deliver-to'?: string };

/**
 * `--seed` (env `SEED`) into `options.seed`, or the usage error.
 *
 * @example
 * readSeedFlag({ seed: '42' }, {}, options); // undefined, options.seed === 42
 */
export function readSeedFlag(
  values: WorldFlagValues,
  env: Env,
  options: { seed?: number | string },
): UsageError | undefined {
  const source = flagOrEnv('seed', values.seed, env, 'SEED');
  if (source === undefined) return undefined;
  const seed = parseSeed(source);
  if (typeof seed !== 'number') return seed;
  options.seed = seed;
  return undefined;
}

/**
 * `--scenarios` (env `SCENARIOS`), a folder of scenario files, into `options.scenarios`, or the usage error.
 *
 * @example
 * readScenariosFlag({}, { SCENARIOS: 'scenarios' }, options); // undefined, options.scenarios === 'scenarios'
 */
export function readScenariosFlag(
  values: WorldFlagValues,
  env: Env,
  options: { scenarios?: string },
): UsageError | undefined {
  const scenarios = flagOrEnv('scenarios', values.scenarios, env, 'SCENARIOS');
  if (scenarios === undefined) return undefined;
  if (scenarios.text.trim() === '') return usage(`${scenarios.from} must name a folder`);
  options.scenarios = scenarios.text;
  return undefined;
}

/**
 * `--deliver-to` (env `DELIVER_TO`), the only hosts webhook deliveries may go to, into `options.deliverTo`, or the
 * usage error.
 *
 * @example
 * readDeliverToFlag({ 'deliver-to': 'hooks.example.com' }, {}, options); // undefined, options.deliverTo set
 */
export function readDeliverToFlag(
  values: WorldFlagValues,
  env: Env,
  options: { deliverTo?: readonly Destination[] },
): UsageError | undefined {
  const deliverTo = flagOrEnv('deliver-to', values['deliver-to'], env, 'DELIVER_TO');
  if (deliverTo === undefined) return undefined;
  const destinations = parseDestinations(deliverTo.text);
  if (typeof destinations === 'string') return usage(`${deliverTo.from}: ${destinations}`);
  options.deliverTo = destinations;
  return undefined;
}

/** An environment variable that is set but empty counts as unset (`PORT= npm start`); a flag never does. */
export function fromEnv(env: Env, name: string): string | undefined {
  return env[name] === '' ? undefined : env[name];
}

/** A flag's value, else its environment variable's, with the name to quote in a message. */
export function flagOrEnv(flag: string, value: string | undefined, env: Env, variable: string): Source | undefined {
  if (value !== undefined) return { text: value, from: `--${flag}` };
  const text = fromEnv(env, variable);
  return text === undefined ? undefined : { text, from: variable };
}

/** A TCP port, 0-65535 (0 = any free port), or a usage error naming where the bad text came from. */
export function parsePort(source: Source | undefined, fallback: number): number | UsageError {
  if (source === undefined) return fallback;
  if (!/^\d+$/.test(source.text) || Number(source.text) > 65535)
    return usage(`${source.from} must be an integer from 0 to 65535, got "${source.text}"`);
  return Number(source.text);
}

/** An http(s) URL, or a usage error. */
export function parseHttpUrl(from: string, text: string): string | UsageError {
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol))
    return usage(`${from} must be an http(s) URL, got "${text}"`);
  return text;
}

/** A host name or address to bind, or a usage error. */
export function parseHost(source: Source | undefined, fallback: string): string | UsageError {
  if (source === undefined) return fallback;
  if (source.text.trim() === '' || /\s/.test(source.text))
    return usage(`${source.from} must be a host name or address, got "${source.text}"`);
  return source.text;
}

/** `--latency MIN-MAX` (or one value) in ms, each at most `max`: `{min, max}`, or a usage error. */
export function parseRange(source: Source, max: number): { min: number; max: number } | UsageError {
  const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(source.text.trim());
  const low = Number(match?.[1]);
  const high = Number(match?.[2] ?? match?.[1]);
  if (match === null || low > high || high > max)
    return usage(
      `${source.from} must be MIN-MAX in milliseconds (0 <= MIN <= MAX <= ${max}), e.g. 50-400, got "${source.text}"`,
    );
  return { min: low, max: high };
}

/** A share from 0 to 1 (`0.05`), or a usage error. */
export function parseShare(source: Source): number | UsageError {
  const text = source.text.trim();
  const value = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || !(value >= 0 && value <= 1))
    return usage(`${source.from} must be a number from 0 to 1, e.g. 0.05, got "${source.text}"`);
  return value;
}

/** `N/s` (or plain `N`): a positive whole rate per second, or a usage error. */
export function parsePerSecond(source: Source): number | UsageError {
  const match = /^(\d{1,7})(?:\/s)?$/.exec(source.text.trim());
  if (match === null || Number(match[1]) < 1)
    return usage(
      `${source.from} must be a rate such as 10/s (a whole number of requests per second, 1 or more), got "${source.text}"`,
    );
  return Number(match[1]);
}
