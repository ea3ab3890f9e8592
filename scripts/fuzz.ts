// `npm run fuzz -- [--runs N] [--seed S] [--path P] [--no-shrink]`: the fuzzer of support/fuzz.ts
// for long runs (`npm test` runs a bounded one, support/fuzz.test.ts). Prints the seed before it
// starts and, on a failure, the shrunk failing requests and the command that replays them.
// Exit 0 when every invariant held, 1 on a failure, 2 for bad arguments.
import { parseArgs } from 'node:util';
import { fuzz } from '../support/fuzz.ts';

const HELP = `npm run fuzz [-- options]: random valid and invalid requests through the app in-process, driven
by openapi/openapi.yaml and openapi/control.yaml; after each request: no 5xx, an answer valid
against the document, IDs unique per world, no subscription to a missing emitter or listener, no
counter below zero (support/fuzz.ts).

Options:
  --runs <n>     runs (each: two fresh worlds, 1 to 12 requests)       default 10000
  --seed <s>     the seed (an integer); default: a random one, printed
  --path <p>     with --seed: replay the failure fast-check printed (its path)
  --no-shrink    stop at the first failure without shrinking it
  -h, --help     this text

Example:
  npm run fuzz -- --runs 100000
  npm run fuzz -- --seed 1958964440 --path 2522:8:2:2`;

function fail(message: string): never {
  console.error(`fuzz: ${message} (npm run fuzz -- --help)`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        runs: { type: 'string' },
        seed: { type: 'string' },
        path: { type: 'string' },
        'no-shrink': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const runs = values.runs === undefined ? (values.path === undefined ? 10_000 : 1) : Number(values.runs);
if (!Number.isSafeInteger(runs) || runs < 1) fail(`--runs must be a positive integer, got "${values.runs}"`);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isSafeInteger(seed)) fail(`--seed must be an integer, got "${values.seed}"`);
if (values.path !== undefined && values.seed === undefined) fail('--path needs the --seed it came with');
if (values.path !== undefined && !/^\d+(:\d+)*$/.test(values.path))
  fail(`--path must look like 12:0:3, got "${values.path}"`);

console.log(`fuzz: ${values.path === undefined ? `${runs} runs` : `replaying path ${values.path}`}, seed ${seed}`);
const started = performance.now();
const report = await fuzz({
  runs,
  seed,
  ...(values.path === undefined ? {} : { path: values.path }),
  noShrink: values['no-shrink'] === true,
});
const seconds = (performance.now() - started) / 1000;
const statuses = [...report.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
console.log(
  `fuzz: ${report.runs} runs, ${report.requests} requests in ${seconds.toFixed(1)} s (${statuses.join(', ')})`,
);
if (!report.failed) {
  console.log('fuzz: every invariant held');
  process.exit(0);
}
console.error(`fuzz: FAILED: ${report.error}`);
console.error(`fuzz: the shrunk requests (support/fuzz.ts Step): ${JSON.stringify(report.counterexample)}`);
console.error(`fuzz: replay with: ${report.replay}`);
process.exit(1);
