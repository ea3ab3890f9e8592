// The bounded fuzz run of `npm test` (support/fuzz.ts; long runs: `npm run fuzz -- --runs N`), and
// the fuzzer's self-test: bugs planted in the app's answers are found, and the seed and path it
// prints replay them.
import { describe, expect, it } from 'vitest';
import { createReadCache, type ReadCache } from '../mocks/app/read-cache.ts';
import { createMock, type AppRequest, type AppResponse } from '../mocks/index.ts';
import { fuzz, OPERATIONS, USER_TOKEN, WORLD_SEED, type FuzzReport } from './fuzz.ts';

/** A seed that changes from run to run, so `npm test` keeps exploring; a failure prints how to replay it. */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const explain = (report: FuzzReport) =>
  `${report.error}\nreplay: ${report.replay}\nsteps: ${JSON.stringify(report.counterexample)}`;

/** An app that answers `status`/`body` in place of its own for one operation. */
function planting(method: string, path: RegExp, change: (response: AppResponse) => AppResponse) {
  return (handle: (req: AppRequest) => Promise<AppResponse>) => async (req: AppRequest) => {
    const response = await handle(req);
    return req.method === method && path.test(req.url.split('?')[0]!) ? change(response) : response;
  };
}

describe('fuzzing the app with requests drawn from the documents', () => {
  // Walks through the document's links make a run longer than a request each: 200 runs, and room for a loaded machine.
  it(`holds every invariant for 200 runs (seed ${SEED})`, { timeout: 120_000 }, async () => {
    const report = await fuzz({ runs: 200, seed: SEED });
    expect(report.failed, report.failed ? explain(report) : '').toBe(false);
    expect(report.requests).toBeGreaterThan(200);
    // The runs reach past the checks: successes and refusals of several kinds.
    for (const status of [200, 400, 401, 404])
      expect(report.statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  });

  // The read cache (mocks/app/read-cache.ts) must be invisible: every answer byte-identical to a
  // twin's that keeps nothing, with a clock that moves a second per request.
  it(`answers byte-identically with and without the read cache for 200 runs (seed ${SEED})`, {
    timeout: 120_000,
  }, async () => {
    const report = await fuzz({ runs: 200, seed: SEED, compareCache: true });
    expect(report.failed, report.failed ? explain(report) : '').toBe(false);
    expect(report.statuses.get(200) ?? 0).toBeGreaterThan(100);
  });

  it('finds a read cache that keeps an answer past a write', async () => {
    // Planted: a read cache deaf to changes, so it keeps answering the first read.
    const readCache: ReadCache = { ...createReadCache(), changed: () => {} };
    const report = await fuzz({ runs: 2000, seed: 3, compareCache: true, noShrink: true, readCache });
    expect(report.failed).toBe(true);
    expect(report.invariant).toBe('read_cache_equivalence');
  });

  it('covers every operation of both documents but the skipped ones', () => {
    const ids = OPERATIONS.map((operation) => operation.operationId);
    for (const id of ['createWorkflow', 'createWebhook', 'getCurrentUser', 'emit', 'setFaults', 'resetWorld'])
      expect(ids).toContain(id);
    expect(ids).not.toContain('listDeliveries');
  });

  it('finds a planted 500 and replays it from the printed seed and path', async () => {
    const around = planting('GET', /^\/v1\/users\/me$/, (response) =>
      response.status === 200 ? { ...response, status: 500 } : response,
    );
    const report = await fuzz({ runs: 2000, seed: 7, around, noShrink: true });
    expect(report.failed).toBe(true);
    expect(report.invariant).toBe('not_a_server_error');
    expect(report.error).toMatch(/^\[not_a_server_error\] a 500\n {2}request: GET \/users\/me/);
    expect(report.replay).toMatch(/^npm run fuzz -- --seed 7 --path \d+(:\d+)*$/);
    const replayed = await fuzz({ runs: 1, seed: report.seed, path: report.path!, around, noShrink: true });
    expect([replayed.failed, replayed.error]).toEqual([true, report.error]);
  });

  it('finds an answer that breaks the document', async () => {
    const around = planting('POST', /^\/v1\/webhooks$/, (response) =>
      response.status === 200 ? { ...response, body: response.body.replace('"active":', '"activ":') } : response,
    );
    const report = await fuzz({ runs: 2000, seed: 11, around, noShrink: true });
    expect(report.error).toMatch(/^\[response_schema_conformance\] the answer breaks the document: .*active/);
  });

  it('finds a create that answers an ID the world already had', async () => {
    const seeded = createMock({ seed: WORLD_SEED }).control.world(USER_TOKEN).webhooks[0]!;
    const around = planting('POST', /^\/v1\/webhooks$/, (response) => {
      if (response.status !== 200) return response;
      const id = /"id":"(wh_[A-Za-z0-9]+)"/.exec(response.body)![1]!;
      return { ...response, body: response.body.replace(id, seeded) };
    });
    const report = await fuzz({ runs: 2000, seed: 13, around, noShrink: true });
    expect(report.error).toMatch(/^\[unique_ids\] createWebhook answered ID wh_\w+, which the world already had/);
  });
});
