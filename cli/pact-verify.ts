// `workflow-api-mock pact verify FILE... --target mock|URL` (docs/pact.md, "pact verify"): Pact files replayed with
// the contract runner's targets and live safety (writes to a URL only with --allow-writes).
import { writeFileReplacing } from '../mocks/node/files.ts';
import { junitXml, type JunitSuite } from '../openapi/junit.ts';
import { type InteractionOutcome, replayPact } from '../contracts/pact-replay.ts';
import { onInterrupt, startProgress } from '../contracts/progress.ts';
import { createTargetFrom } from '../contracts/targets/create.ts';
import { readTargetSettings } from '../contracts/targets/env.ts';
import {
  defineCommand,
  EXIT_FAILED,
  EXIT_OK,
  paint,
  parseHttpUrl,
  parseSeed,
  PROGRAM,
  readOrSay,
  runCommand,
  usage,
  type UsageError,
} from './args.ts';

const HELP = () => `${PROGRAM} pact verify: replays every interaction of Pact files against a provider and holds
each answer to the interaction (docs/pact.md, "pact verify").

Usage:
  ${PROGRAM} pact verify FILE... [--target mock|URL] [flags]

For each interaction, in the file's order: its provider states are set up (POST {state, params,
action: "setup"} to the state-change URL, with the bearer), its request is sent with the bearer, and
the answer must have the interaction's status, its headers (content-type by media type) and its body:
where the interaction has a matching rule (regex, type, min/max, equality, date, time, timestamp,
datetime, integer, decimal, number, boolean, include, null, notEmpty), the rule; elsewhere the exact
value; members the pact does not name may be added. Then the states are torn down ("teardown").
Each problem is printed as
  FILE: DESCRIPTION: POINTER MESSAGE
where POINTER is a JSON pointer into the interaction (/interactions/0/response/body/data/id).

Flags:
  --target mock|URL         mock: the kit's mock server, started on 127.0.0.1 for the run;
                            URL: a provider's root, where the pact's paths (/v1/...) are served
                            (a trailing /v1 is dropped), e.g. https://staging.example.com
                                                                         default: mock
  --token T                 the bearer of every request and state-change call. On the mock it
                            names the world (seeded from the token and the seed): give the token
                            the consumer's tests ran with when the pact reads seeded resources by ID
                            required with a URL; default on the mock: a fresh random token
  --seed S                  mock only: the seed of the started mock
                            default: the seed the pact's provider states carry, else the mock's own
  --state-change-url URL    where provider states are set up
                            default: the mock's own POST /__mock/pact/states; with a URL: none
                            (no state is set up, each interaction runs against what is there)
  --allow-writes            URL only: send the interactions whose method writes (anything but GET);
                            without it they are skipped, as contracts does on a live target
                                                                         default: read-only
  --junit FILE              also write the outcome as JUnit XML (one case per interaction); written
                            whole, also when Ctrl-C interrupts the run (then marked interrupted)
  --quiet                   no updating progress line on a terminal (off one there is none)
  -h, --help                this text

Examples:
  ${PROGRAM} pact verify pacts/web-app-workflow-api.json --token dev-token
  ${PROGRAM} pact verify pacts/*.json --target https://staging.example.com --token "$API_KEY" \\
      --state-change-url https://staging.example.com/test/pact-states --junit pact.xml

Exit codes: 0 every interaction passed (or was skipped), 1 an interaction failed or a file cannot be
read or is no Pact file (named on stderr), 2 bad flags, 130 interrupted (SIGINT), after a summary of
what ran.`;

export interface PactVerifyOptions {
  files: string[];
  /** 'mock', or a provider's root URL. */
  target: string;
  token: string | undefined;
  seed: number | undefined;
  stateChangeUrl: string | undefined;
  allowWrites: boolean;
  junit: string | undefined;
  /** No updating progress line, even on a terminal. */
  quiet: boolean;
}

export const PACT_VERIFY = defineCommand({
  name: 'pact verify',
  help: HELP,
  positionals: true,
  flags: {
    target: { type: 'string' },
    token: { type: 'string' },
    seed: { type: 'string' },
    'state-change-url': { type: 'string' },
    'allow-writes': { type: 'boolean' },
    junit: { type: 'string' },
    quiet: { type: 'boolean' },
  },
  interpret(values, files): PactVerifyOptions | UsageError {
    if (files.length === 0) return usage('name the Pact files: pact verify FILE... [--target mock|URL]');
    const target = values.target ?? 'mock';
    if (target !== 'mock') {
      const url = parseHttpUrl('--target', target);
      if (typeof url !== 'string') return usage(`--target must be mock or a provider's http(s) URL, got "${target}"`);
      if (values.token === undefined || values.token.trim() === '')
        return usage("--target URL needs --token T (a bearer of the provider's test account)");
      if (values.seed !== undefined) return usage('--seed is for --target mock (the seed of the mock it starts)');
    } else if (values['allow-writes'] === true)
      return usage('--allow-writes is for --target URL: the mock started for the run takes every write');
    const stateChangeUrl = values['state-change-url'];
    if (stateChangeUrl !== undefined) {
      const checked = parseHttpUrl('--state-change-url', stateChangeUrl);
      if (typeof checked !== 'string') return checked;
    }
    if (values.junit !== undefined && values.junit.trim() === '') return usage('--junit must name a file');
    const seed = values.seed === undefined ? undefined : parseSeed({ text: values.seed, from: '--seed' });
    if (typeof seed === 'object') return seed;
    const { token, junit } = values;
    const allowWrites = values['allow-writes'] === true;
    return { files, target, token, seed, stateChangeUrl, allowWrites, junit, quiet: values.quiet === true };
  },
});

/** The seed the recording ran with, as its provider states carry it (docs/pact.md, "Provider states"). */
function recordedSeed(texts: string[]): string | undefined {
  for (const text of texts) {
    const seed = /"seed"\s*:\s*"([^"]+)"/.exec(text)?.[1];
    if (seed !== undefined) return seed;
  }
  return undefined;
}

const LABEL = { passed: 'passed ', failed: 'FAILED ', skipped: 'skipped' } as const;
/** Each label's colour on a terminal (none off one: paint). */
const COLOUR = { passed: 'green', failed: 'red', skipped: 'yellow' } as const;

/**
 * Replays each file against the target and prints each interaction's outcome; answers the exit code.
 *
 * @example
 * process.exitCode = await pactVerify({ files: ['pacts/web-workflow-api.json'], target: 'mock', token: 'dev-token', seed: undefined, stateChangeUrl: undefined, allowWrites: false, junit: undefined, quiet: false });
 */
export async function pactVerify(options: PactVerifyOptions): Promise<number> {
  const texts: string[] = [];
  for (const file of options.files) {
    const text = await readOrSay('pact verify', file, 'the Pact file to verify');
    if (text === undefined) return EXIT_FAILED;
    texts.push(text);
  }
  const mock = options.target === 'mock';
  let stop: (() => Promise<void>) | undefined;
  let seedNote = '';
  let env: Record<string, string>;
  if (mock) {
    const seed = options.seed ?? recordedSeed(texts);
    const { startServer } = await import('../mocks/node/server.ts');
    const server = await startServer({ port: 0, host: '127.0.0.1', quiet: true, seed });
    stop = () => server.close();
    seedNote = seed === undefined ? '' : ` (seed ${seed})`;
    env = { CONTRACT_TARGET: 'mock', CONTRACT_BASE_URL: server.baseUrl };
  } else {
    // A provider's URL is a live target: writes only when allowed (docs/contracts.md, live safety).
    const writes = options.allowWrites ? '1' : '0';
    env = { CONTRACT_TARGET: 'live', CONTRACT_BASE_URL: options.target, CONTRACT_ALLOW_WRITES: writes };
  }
  if (options.token !== undefined) env.CONTRACT_TOKEN = options.token;
  try {
    const settings = readTargetSettings(env);
    const target = await createTargetFrom(settings);
    const root = target.baseUrl.replace(/\/v1\/?$/, '');
    const stateChangeUrl = options.stateChangeUrl ?? (mock ? `${settings.controlUrl}/__mock/pact/states` : undefined);
    console.log(
      `${PROGRAM} pact verify: target ${mock ? 'mock' : 'URL'} ${root}${seedNote}, ` +
        (stateChangeUrl === undefined ? 'no state-change URL' : `states set up at ${stateChangeUrl}`) +
        (target.caps.writes ? '' : ', read-only (writes skipped; --allow-writes sends them)'),
    );
    const replayTarget = {
      root,
      token: target.token,
      fetch: target.fetch,
      readOnly: !target.caps.writes,
      stateChangeUrl,
    };
    let failed = false;
    const suites: JunitSuite[] = [];
    // What ran so far, file by file, for the progress line and for a run interrupted with Ctrl-C.
    const ran: Array<{ file: string; outcomes: InteractionOutcome[] }> = [];
    const progress = startProgress(`${PROGRAM} pact verify`, process.stdout, options.quiet);
    const stopInterrupt = onInterrupt({
      name: 'pact verify',
      junitFile: options.junit,
      log: console.log,
      ran: () => {
        progress.done();
        const all = ran.flatMap((entry) => entry.outcomes);
        const suites = ran.map(({ file, outcomes }) => ({ name: file, cases: outcomes.map(junitCase) }));
        return { after: `after ${all.length} interaction(s): ${tally(all)}`, suites };
      },
    });
    for (const [index, file] of options.files.entries()) {
      const entry = { file, outcomes: [] as InteractionOutcome[] };
      ran.push(entry);
      const replayed = await replayPact(texts[index]!, replayTarget, (outcome, total) => {
        entry.outcomes.push(outcome);
        progress.update(`${file}: ${entry.outcomes.length} of ${total} interactions (${tally(entry.outcomes)})`);
      });
      progress.done();
      if ('refused' in replayed) {
        console.error(`${PROGRAM} pact verify: ${file} ${replayed.refused}`);
        failed = true;
        continue;
      }
      report(file, replayed.interactions);
      if (replayed.interactions.some((interaction) => interaction.outcome === 'failed')) failed = true;
      suites.push({ name: file, cases: replayed.interactions.map(junitCase) });
    }
    stopInterrupt();
    if (options.junit !== undefined) await writeFileReplacing(options.junit, junitXml('pact verify', suites), 0o644);
    if (failed && mock && options.token === undefined)
      console.log(
        `\nThe mock's worlds are seeded from the token: this run used a fresh one (${target.token}). ` +
          'An interaction that reads a seeded resource by ID passes only with the token the recording ran with: --token T.',
      );
    return failed ? EXIT_FAILED : EXIT_OK;
  } finally {
    await stop?.();
  }
}

/** One line per interaction, then each problem as FILE: DESCRIPTION: POINTER MESSAGE, then the counts. */
function report(file: string, interactions: InteractionOutcome[]): void {
  console.log(`\n${file}`);
  for (const item of interactions) {
    const label = paint(COLOUR[item.outcome], LABEL[item.outcome], process.stdout);
    console.log(`  ${label}  ${item.description}${item.reason === undefined ? '' : `: ${item.reason}`}`);
  }
  for (const item of interactions)
    for (const mismatch of item.mismatches)
      console.log(`${file}: ${item.description}: ${mismatch.pointer} ${mismatch.message}`);
  console.log(`${file}: ${interactions.length} interactions, ${tally(interactions)}`);
}

/** `2 passed, 1 failed, 0 skipped`. */
function tally(interactions: InteractionOutcome[]): string {
  const count = (outcome: InteractionOutcome['outcome']) => interactions.filter((i) => i.outcome === outcome).length;
  return `${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`;
}

function junitCase(item: InteractionOutcome) {
  const lines = item.mismatches.map((mismatch) => `${mismatch.pointer} ${mismatch.message}`);
  return {
    classname: 'pact verify',
    name: item.description,
    seconds: item.seconds,
    ...(item.outcome === 'failed' ? { failure: { message: lines[0] ?? 'failed', text: lines.join('\n') } } : {}),
    ...(item.outcome === 'skipped' ? { skipped: item.reason ?? 'skipped' } : {}),
  };
}

/** `pact verify`: argv after `verify`, answers the exit code. */
export function run(argv: string[]): Promise<number> {
  return runCommand(PACT_VERIFY, argv, pactVerify);
}
