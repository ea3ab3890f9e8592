// Section 3: pagination at scale. Two mock-server children, one whose first workspace holds
// `small` sources and one holding `large` (filled through the control API before they report
// ready). Walks each list once with `after=end_cursor` to learn its order, then times 100-item
// pages over keep-alive HTTP (first page of each, and a page deep in the large list via the
// `after` cursor), checks their contents and cursors, and reads the large process's RSS.
import type { Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { SERVERS_DIR, spawnServer, type ReadyMessage, type ServerChild } from './children.ts';
import { get, keepAliveAgent } from './http.ts';
import { summarize } from './stats.ts';

export interface PaginationOptions {
  /** Sources in the first workspace of the small world (e.g. 100) and of the large one (e.g. 100,000). */
  small: number;
  large: number;
  /** Page size (1-100). */
  limit?: number;
  /** Timed requests per page kind, after `warmup` untimed rounds. */
  samples: number;
  warmup: number;
  seed?: string;
  log?: (line: string) => void;
}

interface MockReady extends ReadyMessage {
  orgId: string;
  total: number;
  seeded: number;
  buildMs: number;
  /** The first and last source the fill added (absent when the seeded world already had enough). */
  firstAddedId?: string;
  lastAddedId?: string;
}

/** A cursor as openapi/ASSUMPTIONS.md describes the mock's: base64url of the boundary item's ID. */
const cursorOf = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

interface SourcesPage {
  page_info: { total_count: number; count: number; start_cursor: string; end_cursor: string };
  data: Array<{ id: string; [field: string]: unknown }>;
}

interface PageTiming {
  /** Path and query relative to /v1. */
  query: string;
  items: number;
  medianMs: number;
  p90Ms: number;
  p99Ms: number;
}

interface WorldMeasure {
  sources: number;
  /** Sources the seeded world already had before the fill. */
  seeded: number;
  /** Time the child took to add the sources through the control API. */
  buildMs: number;
  rssBytes: number;
  heapUsedBytes: number;
  first: PageTiming;
  /** The page after the item at `deepAfterIndex` (0-based). */
  deepAfterIndex: number;
  deep: PageTiming;
}

interface Check {
  name: string;
  ok: boolean;
  detail?: string;
}

export interface PaginationResult {
  limit: number;
  samples: number;
  small: WorldMeasure;
  large: WorldMeasure;
  /** Median time of the large world's first / deep page over the small world's first page. */
  ratioFirst: number;
  ratioDeep: number;
  /** The worse of the two. */
  ratio: number;
  checks: Check[];
  correct: boolean;
  /** The pages fetched for the checks (left out of --json output). */
  pages: {
    small: { first: SourcesPage; deep: SourcesPage; walked: string[] };
    large: { first: SourcesPage; deep: SourcesPage; walked: string[] };
  };
}

interface Target {
  name: 'small' | 'large';
  child: ServerChild<MockReady>;
  agent: Agent;
  headers: Record<string, string>;
  /** The list as one walk with `after=end_cursor` saw it. */
  walked: string[];
  deepAfterIndex: number;
  firstQuery: string;
  deepQuery: string;
}

async function fetchPage(
  target: Pick<Target, 'name' | 'child' | 'agent' | 'headers'>,
  query: string,
): Promise<{ page: SourcesPage; ms: number }> {
  const res = await get(`${target.child.origin}/v1${query}`, target.headers, target.agent);
  if (res.status !== 200)
    throw new Error(`${target.name} world: GET /v1${query} answered ${res.status}: ${res.body.slice(0, 300)}`);
  return { page: JSON.parse(res.body) as SourcesPage, ms: res.ms };
}

function timing(query: string, items: number, times: number[]): PageTiming {
  const summary = summarize(times);
  return { query, items, medianMs: summary.p50, p90Ms: summary.p90, p99Ms: summary.p99 };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

function checkPage(
  checks: Check[],
  label: string,
  page: SourcesPage,
  expectedIds: readonly string[],
  total: number,
): void {
  const ids = page.data.map((source) => source.id);
  const info = page.page_info;
  checks.push({
    name: `${label}: items`,
    ok: sameList(ids, expectedIds),
    detail: `${ids.length} ids, expected ${expectedIds.length}`,
  });
  checks.push({
    name: `${label}: count/total_count`,
    ok: info.count === expectedIds.length && info.total_count === total,
    detail: `count ${info.count}, total_count ${info.total_count}`,
  });
  const start = expectedIds.length === 0 ? '' : cursorOf(expectedIds[0]!);
  const end = expectedIds.length === 0 ? '' : cursorOf(expectedIds[expectedIds.length - 1]!);
  checks.push({
    name: `${label}: start/end cursors`,
    ok: info.start_cursor === start && info.end_cursor === end,
    detail: `${info.start_cursor}..${info.end_cursor}`,
  });
}

/** Walks the whole list with `after` = the previous end_cursor; checks every page's shape on the way. */
async function walk(
  target: Pick<Target, 'name' | 'child' | 'agent' | 'headers'>,
  limit: number,
  total: number,
  checks: Check[],
): Promise<string[]> {
  const ids: string[] = [];
  const orgId = target.child.ready.orgId;
  let after: string | undefined;
  let pageShapeOk = true;
  for (let guard = 0; guard <= Math.ceil(total / limit) + 1; guard++) {
    const { page } = await fetchPage(
      target,
      `/orgs/${orgId}/sources?limit=${limit}${after === undefined ? '' : `&after=${after}`}`,
    );
    if (page.page_info.total_count !== total || page.page_info.count !== page.data.length || page.data.length > limit)
      pageShapeOk = false;
    if (page.data.length === 0) {
      checks.push({
        name: `${target.name}: after the last end_cursor`,
        ok: page.page_info.start_cursor === '' && page.page_info.end_cursor === '',
        detail: 'empty data, empty cursors',
      });
      break;
    }
    ids.push(...page.data.map((source) => source.id));
    after = page.page_info.end_cursor;
  }
  checks.push({ name: `${target.name}: page_info on every page of the walk`, ok: pageShapeOk });
  checks.push({
    name: `${target.name}: walk visits every source once`,
    ok: ids.length === total && new Set(ids).size === total,
    detail: `${ids.length} ids, ${new Set(ids).size} distinct, total ${total}`,
  });
  return ids;
}

/**
 * Starts a filled world and walks its list once, untimed: the walk gives the order every later
 * page is checked against, and the ID whose cursor opens the deep page (~90% in, leaving a full
 * page after it when possible).
 */
async function startWorld(
  name: 'small' | 'large',
  sources: number,
  limit: number,
  seed: string,
  checks: Check[],
): Promise<Target> {
  const token = `bench-pages-${name}-${randomBytes(4).toString('hex')}`;
  const child = await spawnServer<MockReady>(
    `${SERVERS_DIR}mock.ts`,
    ['--seed', seed, '--token', token, '--sources', String(sources)],
    { timeoutMs: 120_000 },
  );
  const { orgId, total, seeded, firstAddedId, lastAddedId } = child.ready;
  const world = {
    name,
    child,
    agent: keepAliveAgent(),
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  };
  const walked = await walk(world, limit, total, checks);
  if (firstAddedId !== undefined) {
    checks.push({
      name: `${name}: the added sources follow the seeded ones`,
      ok: walked[seeded] === firstAddedId && walked[total - 1] === lastAddedId,
      detail: `#${seeded} ${walked[seeded]}, #${total - 1} ${walked[total - 1]}`,
    });
  }
  const deepAfterIndex = total > limit ? Math.min(Math.floor(total * 0.9), total - limit - 1) : Math.floor(total / 2);
  return {
    ...world,
    walked,
    deepAfterIndex,
    firstQuery: `/orgs/${orgId}/sources?limit=${limit}`,
    deepQuery: `/orgs/${orgId}/sources?limit=${limit}&after=${cursorOf(walked[deepAfterIndex]!)}`,
  };
}

export async function measurePagination(options: PaginationOptions): Promise<PaginationResult> {
  const limit = options.limit ?? 100;
  const seed = options.seed ?? '1';
  const log = options.log ?? (() => {});
  log(`pagination: building worlds with ${options.small} and ${options.large} sources and walking their lists ...`);
  const checks: Check[] = [];
  const started = await Promise.allSettled([
    startWorld('small', options.small, limit, seed, checks),
    startWorld('large', options.large, limit, seed, checks),
  ]);
  const targets = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  try {
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const [small, large] = targets as [Target, Target];

    // Timing: rounds interleave the three page kinds so drift hits them alike.
    log(`pagination: timing ${options.samples} x 3 page requests ...`);
    const times = {
      smallFirst: [] as number[],
      smallDeep: [] as number[],
      largeFirst: [] as number[],
      largeDeep: [] as number[],
    };
    for (let round = 0; round < options.warmup + options.samples; round++) {
      const a = await fetchPage(small, small.firstQuery);
      const b = await fetchPage(large, large.firstQuery);
      const c = await fetchPage(large, large.deepQuery);
      const d = await fetchPage(small, small.deepQuery);
      if (round >= options.warmup) {
        times.smallFirst.push(a.ms);
        times.largeFirst.push(b.ms);
        times.largeDeep.push(c.ms);
        times.smallDeep.push(d.ms);
      }
    }

    // Contents and cursors.
    log('pagination: checking page contents and cursors ...');
    const pages = {} as PaginationResult['pages'];
    const measures = {} as Record<'small' | 'large', WorldMeasure>;
    for (const target of [small, large]) {
      const { ready } = target.child;
      const { walked, deepAfterIndex } = target;
      const first = (await fetchPage(target, target.firstQuery)).page;
      const deep = (await fetchPage(target, target.deepQuery)).page;
      checkPage(checks, `${target.name}: first page`, first, walked.slice(0, limit), ready.total);
      checkPage(
        checks,
        `${target.name}: page after #${deepAfterIndex}`,
        deep,
        walked.slice(deepAfterIndex + 1, deepAfterIndex + 1 + limit),
        ready.total,
      );
      const before = (
        await fetchPage(
          target,
          `/orgs/${ready.orgId}/sources?limit=${limit}&before=${cursorOf(walked[deepAfterIndex]!)}`,
        )
      ).page;
      checkPage(
        checks,
        `${target.name}: page before #${deepAfterIndex}`,
        before,
        walked.slice(Math.max(0, deepAfterIndex - limit), deepAfterIndex),
        ready.total,
      );
      pages[target.name] = { first, deep, walked };

      const memory = await target.child.call<{ rss: number; heapUsed: number }>('memory');
      const deepTimes = target.name === 'small' ? times.smallDeep : times.largeDeep;
      measures[target.name] = {
        sources: ready.total,
        seeded: ready.seeded,
        buildMs: ready.buildMs,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        first: timing(
          target.firstQuery,
          first.data.length,
          target.name === 'small' ? times.smallFirst : times.largeFirst,
        ),
        deepAfterIndex,
        deep: timing(target.deepQuery, deep.data.length, deepTimes),
      };
    }

    const ratioFirst = measures.large.first.medianMs / measures.small.first.medianMs;
    const ratioDeep = measures.large.deep.medianMs / measures.small.first.medianMs;
    return {
      limit,
      samples: options.samples,
      small: measures.small,
      large: measures.large,
      ratioFirst,
      ratioDeep,
      ratio: Math.max(ratioFirst, ratioDeep),
      checks,
      correct: checks.every((check) => check.ok),
      pages,
    };
  } finally {
    for (const target of targets) target.agent.destroy();
    await Promise.all(targets.map((target) => target.child.stop()));
  }
}
