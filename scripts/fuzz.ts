// `npm run fuzz`: support/fuzz.ts for long runs (`npm test` runs a bounded one). Exit 0 when every invariant held,
// 1 on a failure, 2 for bad arguments.
import { parseArgs } from 'node:util';
import { fuzz } from '../support/fuzz.ts';

const HELP = `npm run fuzz [-- options]: random valid and invalid requests through the app in-process, from
openapi/openapi.yaml and openapi/control.yaml; after each: no 5xx, an answer valid against the
document, IDs unique per world, no subscription to a missing emitter or listener, no counter below
zero (support/fuzz.ts).
  --runs <n>    runs (each: two fresh worlds, 1 to 12 requests)  default 10000 (1 with --path)
  --seed <s>    the seed (an integer)                            default: a random one, printed
  --path <p>    with --seed: replay the failure fast-check printed (e.g. 2522:8:2:2)
  --no-shrink   stop at the first failure without shrinking it`;

function fail(message: string): never {
  console.error(`fuzz: ${message} (npm run fuzz -- --help)`);
  process.exit(2);
}
const parsed = (() => {
  try {
    const text = { type: 'string' } as const;
    const flag = { type: 'boolean' } as const;
    return parseArgs({
      options: { runs: text, seed: text, path: text, 'no-shrink': flag, help: { ...flag, short: 'h' } },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const { values } = parsed;
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const { path } = values;
const runs = Number(values.runs ?? (path === undefined ? 10_000 : 1));
const seed = Number(values.seed ?? Math.floor(Math.random() * 2 ** 31));
if (!Number.isSafeInteger(runs) || runs < 1) fail(`--runs must be a positive integer, got "${values.runs}"`);
if (!Number.isSafeInteger(seed)) fail(`--seed must be an integer, got "${values.seed}"`);
if (path !== undefined && (values.seed === undefined || !/^\d+(:\d+)*$/.test(path)))
  fail(`--path needs the --seed it came with and looks like 12:0:3, got "${path}"`);

console.log(`fuzz: ${path === undefined ? `${runs} runs` : `replaying path ${path}`}, seed ${seed}`);
const started = performance.now();
const report = await fuzz({
  runs,
  seed,
  ...(path === undefined ? {} : { path }),
  noShrink: values['no-shrink'] === true,
});
const statuses = [...report.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`fuzz: ${report.runs} runs, ${report.requests} requests in ${seconds} s (${statuses.join(', ')})`);
if (!report.failed) {
  console.log('fuzz: every invariant held');
  process.exit(0);
}
console.error(`fuzz: FAILED: ${report.error}`);
console.error(`fuzz: the shrunk requests (support/fuzz.ts Step): ${JSON.stringify(report.counterexample)}`);
console.error(`fuzz: replay with: ${report.replay}`);
process.exit(1);
