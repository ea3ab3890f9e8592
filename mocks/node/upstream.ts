// The Node server beside the real service (docs/upstream.md): what `--upstream`, `--record`,
// `--drift-report` and `--replay` need of Node, set up once at start, before any request is
// answered: the upstream checked against the delivery rules (never link-local, only a listed host
// with `--deliver-to`), its connections checked again as they are made (fetch.ts), the recording
// and report files opened, a replay read. The routing itself is the node-free hybrid step
// (mocks/upstream/hybrid.ts) the MSW handlers use too.
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { createDriftAnalyzer, type DriftAnalyzer, type DriftReport } from '../../openapi/drift.ts';
// The whole document: the drift report quotes its x-assumption sentences, which the runtime's copy leaves out.
import document from '../../openapi/generated/openapi.json' with { type: 'json' };
import { validator } from '../../openapi/validator.ts';
import { type Destination, destinationPolicy } from '../common/destinations.ts';
import type { Mock } from '../index.ts';
import type { RequestHead } from '../app/head.ts';
import type { AppRequest, AppResponse } from '../app/types.ts';
import { answerOfExchange } from '../upstream/answers.ts';
import { type Exchange, secretFields } from '../upstream/har.ts';
import { parseHar } from '../upstream/parse-har.ts';
import { createHybrid } from '../upstream/hybrid.ts';
import { createReplay, type MatchField } from '../upstream/replay.ts';
import { type FallbackRule, liveMatcher, parseFallbackOn, parseLivePatterns, parseUpstreamUrl } from '../upstream/select.ts';
import { defaultLookup, type Lookup, upstreamSender } from './fetch.ts';
import { driftReportFile, type FileKeeper, type HarRecorder, junitPath, openHarRecorder, RecordingFileError } from './recording.ts';

export { RecordingFileError } from './recording.ts';

export interface BesideOptions {
  /**
   * `--upstream URL --live OPS [--fallback-on ...]`: the real service's base URL (`/v1` included),
   * the operationIds or globs sent there (an array or one comma-separated string), and the upstream
   * answers the mock answers in place of (`'404,501,unreachable'` or a rule).
   */
  upstream?: {
    url: string;
    live: readonly string[] | string;
    fallbackOn?: FallbackRule | string;
    /** `--upstream-max-body`: the largest upstream answer body read; default 16 MiB. */
    maxBodyBytes?: number;
  };
  /** `--record FILE` (with `upstream`). */
  record?: string;
  /** `--record-max`: bytes before the recording is rotated (FILE -> FILE.1); default 100 MiB (recording.ts). */
  recordMax?: number;
  /** `--drift-report FILE` (with `upstream`). */
  driftReport?: string;
  /** `--replay FILE`: every API request answered from this HAR file. */
  replay?: string;
  /** With `replay`: the fields compared besides method and path; default query and body. */
  match?: readonly MatchField[];
}

export interface Beside {
  /** The hybrid step, once `connect` has given it the mock. */
  handle(request: AppRequest, head?: RequestHead): Promise<AppResponse>;
  /** Lines for the start banner: where the upstream is, what goes there, the files. */
  describe(): string[];
  /** Writes the recording and the report a last time. */
  close(): Promise<void>;
}

export interface PreparedBeside {
  /** The drift report so far (with `upstream`; the control API's `GET /__mock/drift`), else undefined. */
  driftReport?: () => DriftReport;
  /** The hybrid step in front of `mock`: synchronous, so the server attaches it as it starts listening. */
  connect(mock: Mock): Beside;
}

/** An upstream the delivery rules refuse, or a recording that cannot be read: thrown before the server answers anything. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/**
 * Everything the options need before the server answers anything (the upstream checked against
 * the delivery rules, the files opened, a replay read), or undefined when none of them is given.
 * Throws UpstreamError, RecordingFileError, or a TypeError for options a library caller got wrong.
 * @example
 * const prepared = await prepareBeside({ upstream: { url: 'http://127.0.0.1:4011/v1', live: ['getCurrentUser'] } }, {});
 * const beside = prepared?.connect(mock);
 * const answer = await (beside ?? mock).handle(request);
 */
export async function prepareBeside(
  options: BesideOptions,
  context: { version?: string; deliverTo?: readonly Destination[]; lookup?: Lookup; log?: (line: string) => void },
): Promise<PreparedBeside | undefined> {
  const { upstream } = options;
  if (upstream === undefined && options.replay === undefined) return undefined;
  const log = context.log ?? console.error;
  const secrets = secretFields(document);

  if (options.replay !== undefined) {
    let text: string;
    try {
      text = await readFile(options.replay, 'utf8');
    } catch (error) {
      throw new RecordingFileError(`--replay ${options.replay}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    const har = parseHar(text);
    if ('error' in har) throw new RecordingFileError(`--replay ${options.replay} is ${har.error}`);
    const replay = createReplay(har.entries, { secrets, ...(options.match === undefined ? {} : { match: options.match }) });
    return {
      connect(mock) {
        const hybrid = createHybrid({ mock, validator, replay });
        return {
          handle: hybrid.handle,
          describe: () => [`Replay: every API request answered from ${options.replay} (${replay.size} exchange${replay.size === 1 ? '' : 's'}), no network`],
          close: async () => {},
        };
      },
    };
  }

  const target = readUpstream(upstream!);
  const refusal = await upstreamRefusal(target.url, context.deliverTo, context.lookup ?? defaultLookup);
  if (refusal !== null) throw new UpstreamError(`--upstream ${target.url} is refused: ${refusal}`);
  const analyzer: DriftAnalyzer = createDriftAnalyzer(document, validator);
  // The report's folder is checked first: a refusal there must not leave the recording opened.
  const reportPath = options.driftReport;
  let report: FileKeeper | undefined;
  if (reportPath !== undefined) report = driftReportFile(reportPath, analyzer, log);
  const recorder: HarRecorder | undefined =
    options.record === undefined
      ? undefined
      : await openHarRecorder(options.record, {
          secrets,
          creator: { name: 'workflow-api-mock-kit', version: context.version ?? 'unknown' },
          log,
          ...(options.recordMax === undefined ? {} : { maxBytes: options.recordMax }),
        });
  const fallback = target.fallbackOn;
  // The drift check and the recording run after the answer is sent, never on its path (docs/performance.md).
  // The report file is written on a change at most once a second (docs/upstream.md), not per answer:
  // a whole report and its JUnit twin per answer cost more than the answer.
  let reportTimer: ReturnType<typeof setTimeout> | undefined;
  const reportChanged = () => {
    if (report === undefined || reportTimer !== undefined) return;
    reportTimer = setTimeout(() => {
      reportTimer = undefined;
      report.changed();
    }, 1000);
    reportTimer.unref?.();
  };
  // Two queues: the recording is cheap and must not wait behind the drift check, which is not.
  // Each is bounded and, past its bound, skips and counts (EXCHANGE_QUEUE_LIMITS).
  const driftQueue = exchangeQueue(
    (exchange) => {
      analyzer.observe(answerOfExchange(exchange));
      reportChanged();
    },
    { log, feeds: 'the drift report' },
  );
  const recordQueue =
    recorder === undefined
      ? undefined
      : exchangeQueue((exchange) => recorder.record(exchange), {
          log,
          feeds: 'the recording',
          limits: { ...EXCHANGE_QUEUE_LIMITS, share: RECORDING_SHARE },
        });
  const push = (exchange: Exchange) => {
    driftQueue.push(exchange);
    recordQueue?.push(exchange);
  };
  return {
    // A reader of the report sees every answer sent so far: what still waits is processed first.
    driftReport: () => {
      driftQueue.drain();
      return analyzer.report();
    },
    connect(mock) {
      const sender = upstreamSender(context.lookup === undefined ? {} : { lookup: context.lookup });
      const hybrid = createHybrid({
        mock,
        validator,
        upstream: {
          url: target.url,
          live: target.live,
          ...(fallback === undefined ? {} : { fallbackOn: fallback }),
          ...(target.maxBodyBytes === undefined ? {} : { maxBodyBytes: target.maxBodyBytes }),
          send: sender.send,
        },
        onExchange: push,
        log,
      });
      return {
        handle: hybrid.handle,
        describe: () => [
          `Upstream: ${target.url}; live: ${target.live.join(', ')} (${operationCount(validator.operationIds.filter(liveMatcher(target.live)).length)}, the rest mocked)` +
            (fallback === undefined
              ? ''
              : `; the mock answers on ${[...compact(fallback.statuses), ...(fallback.unreachable ? ['unreachable'] : [])].join(', ')}`),
          ...(recorder === undefined
            ? []
            : [`Recording: ${options.record} (${recorder.size()} exchange${recorder.size() === 1 ? '' : 's'} so far; redacted, 0600)`]),
          ...(options.driftReport === undefined ? [] : [`Drift report: ${options.driftReport} and ${junitPath(options.driftReport)}, as answers come`]),
        ],
        async close() {
          for (const [queue, feeds] of [
            [driftQueue, 'the drift report'],
            [recordQueue, 'the recording'],
          ] as const) {
            queue?.drain();
            const dropped = queue?.dropped() ?? 0;
            if (dropped > 0) log(`[upstream] ${dropped} exchanges were left out of ${feeds} (its queue was full)`);
          }
          sender.close();
          clearTimeout(reportTimer);
          await recorder?.close();
          report?.changed();
          await report?.flush();
        },
      };
    },
  };
}

/**
 * The exchange queue's bounds: how many exchanges may wait for the drift report and the recording,
 * how many body bytes they may hold, and the share of the event loop's time they may take while
 * answers are waiting (a tenth of the time that passes: about 1,000 drift checks a second at the
 * document's answer sizes, more than a test suite sends; under a flood the answers keep the
 * thread and, on a small machine, the cores the upstream and the client need).
 */
export const EXCHANGE_QUEUE_LIMITS = { entries: 1024, bytes: 64 * 1024 * 1024, share: 0.1 };
/** The recording's queue may take half the time: an entry costs a redaction and a JSON text, a tenth of a drift check. */
const RECORDING_SHARE = 0.5;
const CREDIT_CAP_MS = 100;

/**
 * Exchanges waiting to be processed (drift check, recording) after their answers are sent: each
 * `push` is processed on a later turn of the event loop (setImmediate), in order, taking at most
 * `share` of the time that passes (at most 100 ms at once after a quiet spell). The queue is bounded
 * (EXCHANGE_QUEUE_LIMITS: a flood must not hold the answers' bodies in memory without end): past
 * the bound an exchange is dropped and counted, with one log line per run of drops. A failure of
 * `process` is logged and never reaches a request.
 * @example
 * const queue = exchangeQueue((exchange) => recorder.record(exchange), { log: console.error });
 * queue.push(exchange); // recorded once the answer has gone out
 * queue.drain(); // at close: what is still waiting, now
 */
export function exchangeQueue(
  process: (exchange: Exchange) => void,
  options: {
    log: (line: string) => void;
    limits?: { entries: number; bytes: number; share?: number };
    /** What the queue feeds, for its log lines; default both. */
    feeds?: string;
  },
): { push(exchange: Exchange): void; drain(): void; pending(): number; dropped(): number } {
  const limits = { ...EXCHANGE_QUEUE_LIMITS, ...options.limits };
  const feeds = options.feeds ?? 'the drift report and the recording';
  let waiting: Array<Exchange | undefined> = [];
  let head = 0;
  let bytes = 0;
  let dropped = 0;
  let dropping = false;
  let scheduled = false;
  const sizeOf = (exchange: Exchange) => exchange.request.body.length + exchange.response.body.length;
  const next = () => {
    const exchange = waiting[head]!;
    waiting[head++] = undefined;
    bytes -= sizeOf(exchange);
    try {
      process(exchange);
    } catch (error) {
      const reason = (error as Error)?.message ?? error;
      options.log(`[upstream] an exchange could not be recorded or checked for drift: ${reason}`);
    }
  };
  const settle = () => {
    if (head < waiting.length) {
      if (head >= 1024) {
        waiting = waiting.slice(head);
        head = 0;
      }
      return;
    }
    waiting = [];
    head = 0;
    dropping = false;
  };
  // Time the queue may still spend: `share` of the time that passes accrues, what it spends is
  // taken off; capped, so a long quiet spell does not buy a long stall later.
  let credit = 0;
  let lastTurn = performance.now();
  const turn = () => {
    scheduled = false;
    // drain() (at close) may have emptied the queue since this turn was scheduled.
    if (head >= waiting.length) return;
    const started = performance.now();
    credit = Math.min(CREDIT_CAP_MS, credit + (started - lastTurn) * limits.share);
    while (credit > 0 && head < waiting.length) {
      const before = performance.now();
      next();
      credit -= performance.now() - before;
    }
    settle();
    lastTurn = performance.now();
    if (head < waiting.length) schedule(credit > 0);
  };
  const schedule = (soon = true) => {
    if (scheduled) return;
    scheduled = true;
    // Out of credit: come back after a timer rather than spin the loop.
    if (soon) setImmediate(turn);
    else setTimeout(turn, 1);
  };
  return {
    push(exchange) {
      const size = sizeOf(exchange);
      if (waiting.length - head >= limits.entries || bytes + size > limits.bytes) {
        dropped += 1;
        if (!dropping)
          options.log(
            `[upstream] ${waiting.length - head} exchanges wait for ${feeds}: ` +
              `skipping new ones until they catch up (${dropped} skipped so far; ` +
              `limits ${limits.entries} exchanges, ${limits.bytes} bytes)`,
          );
        dropping = true;
        return;
      }
      waiting.push(exchange);
      bytes += size;
      schedule();
    },
    drain() {
      while (head < waiting.length) next();
      settle();
    },
    pending: () => waiting.length - head,
    dropped: () => dropped,
  };
}

/** The upstream options checked (a library caller may pass text, as on the command line): a TypeError naming the bad one. */
function readUpstream(upstream: NonNullable<BesideOptions['upstream']>): {
  url: string;
  live: string[];
  fallbackOn?: FallbackRule;
  maxBodyBytes?: number;
} {
  const url = parseUpstreamUrl(upstream.url);
  if (typeof url !== 'string') throw new TypeError(`startServer: upstream.url ${url.error}`);
  const live = parseLivePatterns(typeof upstream.live === 'string' ? upstream.live : upstream.live.join(','), validator.operationIds);
  if (!Array.isArray(live)) throw new TypeError(`startServer: upstream.live ${(live as { error: string }).error}`);
  const fallbackOn = typeof upstream.fallbackOn === 'string' ? parseFallbackOn(upstream.fallbackOn) : upstream.fallbackOn;
  if (fallbackOn !== undefined && 'error' in fallbackOn) throw new TypeError(`startServer: upstream.fallbackOn ${fallbackOn.error}`);
  const { maxBodyBytes } = upstream;
  if (maxBodyBytes !== undefined && !(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0))
    throw new TypeError(`startServer: upstream.maxBodyBytes must be a positive integer, got ${maxBodyBytes}`);
  const out: ReturnType<typeof readUpstream> = { url, live };
  if (fallbackOn !== undefined) out.fallbackOn = fallbackOn;
  if (maxBodyBytes !== undefined) out.maxBodyBytes = maxBodyBytes;
  return out;
}

/**
 * Why the delivery rules refuse the upstream (mocks/common/destinations.ts: a link-local host, a host or
 * port not in --deliver-to, a name that resolves to a link-local address), or null. The name is
 * resolved here so a refused upstream stops the start with its reason; the checking fetch
 * (fetch.ts) judges the addresses of every connection again, as for deliveries, since a name can
 * resolve elsewhere later. A name that does not resolve now is not refused: it is unreachable, which
 * the answers say (502, or the mock with --fallback-on unreachable).
 */
async function upstreamRefusal(url: string, allow: readonly Destination[] | undefined, lookup: Lookup): Promise<string | null> {
  const policy = destinationPolicy(allow);
  const refusal = policy.refuseUrl(url);
  if (refusal !== null) return refusal;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return null;
  const addresses = await lookup(host).catch(() => []);
  for (const { address } of addresses) {
    const refused = policy.refuseAddress(host, address);
    if (refused !== null) return refused;
  }
  return null;
}

/** `[404, 500, 501, ..., 599]` -> `404, 5xx` when a whole class is there. */
function compact(statuses: readonly number[]): string[] {
  const out: string[] = [];
  for (let hundred = 100; hundred < 600; hundred += 100) {
    const inClass = statuses.filter((status) => status >= hundred && status < hundred + 100);
    if (inClass.length === 100) out.push(`${hundred / 100}xx`);
    else out.push(...inClass.map(String));
  }
  return out;
}

function operationCount(n: number): string {
  return `${n} operation${n === 1 ? '' : 's'}`;
}
