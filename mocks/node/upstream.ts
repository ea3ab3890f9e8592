// What `--upstream`, `--record`, `--drift-report` and `--replay` need of Node (docs/upstream.md), set up at start;
// the routing is the node-free hybrid step (mocks/upstream/hybrid.ts), which the MSW handlers use too.
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { createDriftAnalyzer, type DriftAnalyzer, type DriftReport } from '../../openapi/drift.ts';
// The whole document: the drift report quotes its x-assumption sentences, which the runtime's copy leaves out.
import document from '../../openapi/generated/openapi.json' with { type: 'json' };
import { validator } from '../../openapi/validator.ts';
import { type Destination, destinationPolicy } from '../common/destinations.ts';
import type { Mock } from '../index.ts';
import type { UpstreamStage } from '../app/exchange.ts';
import { answerOfExchange, type Exchange } from '../upstream/har.ts';
import { secretFields } from '../../openapi/redact.ts';
import { parseHar } from '../upstream/parse-har.ts';
import { createHybrid } from '../upstream/hybrid.ts';
import { createReplay, type MatchField } from '../upstream/replay.ts';
import { type FallbackRule, liveMatcher, selectUpstream, type UpstreamSelection } from '../upstream/select.ts';
import { defaultLookup, type Lookup, upstreamSender } from './fetch.ts';
import { unreadableReason } from './files.ts';
import {
  driftReportFile,
  type FileKeeper,
  type HarRecorder,
  junitPath,
  openHarRecorder,
  RecordingFileError,
} from './recording.ts';

export interface UpstreamStepOptions {
  /**
   * `--upstream URL --live OPS [--fallback-on ...]`: the real service's base URL (`/v1` included), the operationIds
   * or globs sent there (array or comma-separated), the answers the mock replaces (`'404,501,unreachable'`).
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

interface UpstreamStep {
  /** Lines for the start banner: where the upstream is, what goes there, the files. */
  describe(): string[];
  /** Writes the recording and the report a last time. */
  close(): Promise<void>;
}

export interface PreparedUpstream {
  /** The drift report so far (with `upstream`; the control API's `GET /__mock/drift`), else undefined. */
  driftReport?: () => DriftReport;
  /** The mock's upstream stage (createMock's `upstream`). */
  stage: UpstreamStage;
  /** The recording and the drift report subscribed to `mock`'s exchanges: synchronous, done as the server starts. */
  connect(mock: Mock): UpstreamStep;
}

/** An upstream the delivery rules refuse, or a recording that cannot be read: thrown before the server answers anything. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/**
 * What the options need before the server answers (the upstream checked against the delivery rules, files opened,
 * a replay read), or undefined without them; throws UpstreamError, RecordingFileError, or a TypeError for bad options.
 * @example
 * const upstream = { url: 'http://127.0.0.1:4011/v1', live: ['getCurrentUser'] };
 * const prepared = await prepareUpstream({ upstream }, {});
 * const mock = createMock({ upstream: prepared?.stage });
 * const step = prepared?.connect(mock); // the recording and the drift report hear of every upstream exchange
 */
export async function prepareUpstream(
  options: UpstreamStepOptions,
  context: { version?: string; deliverTo?: readonly Destination[]; lookup?: Lookup; log?: (line: string) => void },
): Promise<PreparedUpstream | undefined> {
  const { upstream } = options;
  if (upstream === undefined && options.replay === undefined) return undefined;
  const log = context.log ?? console.error;
  const secrets = secretFields(document);
  if (options.replay !== undefined) return prepareReplay(options.replay, options, secrets);
  // A library caller may pass text, as on the command line: a TypeError names the bad option.
  const selected = selectUpstream(upstream!, validator.operationIds);
  if (!selected.ok) throw new TypeError(`startServer: upstream.${selected.error.option} ${selected.error.message}`);
  const target = selected.value;
  const refusal = await upstreamRefusal(target.url, context.deliverTo, context.lookup ?? defaultLookup);
  if (refusal !== null) throw new UpstreamError(`--upstream ${target.url} is refused: ${refusal}`);
  const analyzer: DriftAnalyzer = createDriftAnalyzer(document, validator);
  // The report's folder is checked first: a refusal there must not leave the recording opened.
  const report = options.driftReport === undefined ? undefined : driftReportFile(options.driftReport, analyzer, log);
  const creator = { name: 'workflow-api-mock-kit', version: context.version ?? 'unknown' };
  const recorder: HarRecorder | undefined =
    options.record === undefined
      ? undefined
      : await openHarRecorder(options.record, { secrets, creator, log, maxBytes: options.recordMax });
  const feeds = exchangeFeeds(analyzer, { report, recorder }, log);
  const sender = upstreamSender(context.lookup === undefined ? {} : { lookup: context.lookup });
  const live: LiveUpstream = { target, options, sender, recorder, report, feeds };
  return {
    // A reader of the report sees every answer sent so far: what still waits is processed first.
    driftReport: () => {
      feeds.drift.drain();
      return analyzer.report();
    },
    stage: createHybrid({ validator, upstream: { ...target, send: sender.send }, log }),
    connect: (mock) => connectLive(mock, live),
  };
}

/** `--replay FILE`: the recording read now, every API request answered from it once connected. */
async function prepareReplay(path: string, options: UpstreamStepOptions, secrets: Set<string>) {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new RecordingFileError(
      `--replay ${path}: cannot read the recording to answer from: ${unreadableReason(path, error)}`,
    );
  }
  const har = parseHar(text);
  if ('error' in har) throw new RecordingFileError(`--replay ${path} is ${har.error}`);
  const replay = createReplay(har.entries, { secrets, match: options.match });
  const exchanges = `${replay.size} exchange${replay.size === 1 ? '' : 's'}`;
  return {
    stage: createHybrid({ validator, replay }),
    connect: (): UpstreamStep => ({
      describe: () => [`Replay: every API request answered from ${path} (${exchanges}), no network`],
      close: async () => {},
    }),
  };
}

interface UpstreamFiles {
  recorder: HarRecorder | undefined;
  report: FileKeeper | undefined;
}

/** What `--upstream` set up at start, for the subscriber `connect` gives the mock. */
interface LiveUpstream extends UpstreamFiles {
  target: UpstreamSelection;
  options: UpstreamStepOptions;
  /** The upstream's pool of connections (fetch.ts), which the mock's upstream stage sends through. */
  sender: ReturnType<typeof upstreamSender>;
  feeds: ReturnType<typeof exchangeFeeds>;
}

/** The drift check and the recording subscribed to the mock's exchanges; the close writes the files a last time. */
function connectLive(mock: Mock, live: LiveUpstream): UpstreamStep {
  const { feeds, recorder, report, sender } = live;
  const stop = mock.onExchange(({ upstream }) => {
    if (upstream !== undefined) feeds.push(upstream);
  });
  return {
    describe: () => describeLive(live),
    async close() {
      stop();
      feeds.drain();
      sender.close();
      feeds.stop();
      await recorder?.close();
      report?.changed();
      await report?.flush();
    },
  };
}

function describeLive({ target, options, recorder }: LiveUpstream): string[] {
  const fallback = target.fallbackOn;
  const count = validator.operationIds.filter(liveMatcher(target.live)).length;
  const operations = `${count} operation${count === 1 ? '' : 's'}`;
  let banner = `Upstream: ${target.url}; live: ${target.live.join(', ')} (${operations}, the rest mocked)`;
  if (fallback !== undefined) {
    const statuses = [...compact(fallback.statuses), ...(fallback.unreachable ? ['unreachable'] : [])];
    banner += `; the mock answers on ${statuses.join(', ')}`;
  }
  const lines = [banner];
  if (recorder !== undefined) {
    const exchanges = `${recorder.size()} exchange${recorder.size() === 1 ? '' : 's'} so far`;
    lines.push(`Recording: ${options.record} (${exchanges}; redacted, 0600)`);
  }
  if (options.driftReport !== undefined) {
    lines.push(`Drift report: ${options.driftReport} and ${junitPath(options.driftReport)}, as answers come`);
  }
  return lines;
}

/** The drift check and the recording after the answer, from two bounded queues: the recording never waits for drift. */
function exchangeFeeds(analyzer: DriftAnalyzer, files: UpstreamFiles, log: (line: string) => void) {
  const { report, recorder } = files;
  // The report file is written at most once a second on a change (docs/upstream.md): per answer costs more.
  let reportTimer: ReturnType<typeof setTimeout> | undefined;
  const reportChanged = () => {
    if (report === undefined || reportTimer !== undefined) return;
    reportTimer = setTimeout(() => {
      reportTimer = undefined;
      report.changed();
    }, 1000);
    reportTimer.unref?.();
  };
  const observe = (exchange: Exchange) => {
    analyzer.observe(answerOfExchange(exchange));
    reportChanged();
  };
  const drift = exchangeQueue(observe, { log, feeds: 'the drift report' });
  const limits = { ...EXCHANGE_QUEUE_LIMITS, share: RECORDING_SHARE };
  const recordingOptions = { log, feeds: 'the recording', limits };
  let recording: ExchangeQueue | undefined;
  if (recorder !== undefined) recording = exchangeQueue((exchange) => recorder.record(exchange), recordingOptions);
  return {
    drift,
    push(exchange: Exchange) {
      drift.push(exchange);
      recording?.push(exchange);
    },
    /** Processes what still waits, and logs what each queue left out. */
    drain() {
      for (const [queue, feeds] of [
        [drift, 'the drift report'],
        [recording, 'the recording'],
      ] as const) {
        queue?.drain();
        const dropped = queue?.dropped() ?? 0;
        if (dropped > 0) log(`[upstream] ${dropped} exchanges were left out of ${feeds} (its queue was full)`);
      }
    },
    /** Stops the report's timer (the close writes the report itself). */
    stop: () => clearTimeout(reportTimer),
  };
}

/**
 * The exchange queue's bounds: exchanges and body bytes waiting, and the share of the event loop's time taken
 * while answers wait (a tenth: ~1,000 drift checks a second; under a flood the answers keep the thread).
 */
const EXCHANGE_QUEUE_LIMITS = { entries: 1024, bytes: 64 * 1024 * 1024, share: 0.1 };
/** The recording's queue may take half the time: an entry costs a redaction and a JSON text, a tenth of a drift check. */
const RECORDING_SHARE = 0.5;
const CREDIT_CAP_MS = 100;

/**
 * Exchanges processed after their answers are sent, in order, on later turns of the event loop, taking at most
 * `share` of the time that passes (100 ms at once at most). Past its bound (EXCHANGE_QUEUE_LIMITS) an exchange
 * is dropped and counted, one log line per run of drops; a failure of `process` is logged, never a request's.
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
): ExchangeQueue {
  const limits = { ...EXCHANGE_QUEUE_LIMITS, ...options.limits };
  const feeds = options.feeds ?? 'the drift report and the recording';
  return new ExchangeQueue(process, { log: options.log, limits, feeds });
}

type QueueSettings = { log: (line: string) => void; limits: typeof EXCHANGE_QUEUE_LIMITS; feeds: string };

/** exchangeQueue's queue: the exchanges still waiting from `head` on, and the time it may still spend. */
class ExchangeQueue {
  private waiting: Array<Exchange | undefined> = [];
  private head = 0;
  private bytes = 0;
  private droppedCount = 0;
  private dropping = false;
  private scheduled = false;
  // Time the queue may still spend: `share` of the time that passes accrues, what it spends is
  // taken off; capped, so a long quiet spell does not buy a long stall later.
  private credit = 0;
  private lastTurn = performance.now();
  private readonly process: (exchange: Exchange) => void;
  private readonly settings: QueueSettings;

  constructor(process: (exchange: Exchange) => void, settings: QueueSettings) {
    this.process = process;
    this.settings = settings;
  }

  push(exchange: Exchange): void {
    const size = sizeOf(exchange);
    const { limits, log, feeds } = this.settings;
    if (this.waiting.length - this.head >= limits.entries || this.bytes + size > limits.bytes) {
      this.droppedCount += 1;
      if (!this.dropping)
        log(
          `[upstream] ${this.waiting.length - this.head} exchanges wait for ${feeds}: ` +
            `skipping new ones until they catch up (${this.droppedCount} skipped so far; ` +
            `limits ${limits.entries} exchanges, ${limits.bytes} bytes)`,
        );
      this.dropping = true;
      return;
    }
    this.waiting.push(exchange);
    this.bytes += size;
    this.schedule();
  }

  /** Processes everything still waiting, now (at close). */
  drain(): void {
    while (this.head < this.waiting.length) this.next();
    this.settle();
  }

  pending(): number {
    return this.waiting.length - this.head;
  }

  dropped(): number {
    return this.droppedCount;
  }

  private next(): void {
    const exchange = this.waiting[this.head]!;
    this.waiting[this.head++] = undefined;
    this.bytes -= sizeOf(exchange);
    try {
      this.process(exchange);
    } catch (error) {
      const reason = (error as Error)?.message ?? error;
      this.settings.log(`[upstream] an exchange could not be recorded or checked for drift: ${reason}`);
    }
  }

  /** Drops the processed head of the list once it is long, or starts afresh once all is processed. */
  private settle(): void {
    if (this.head < this.waiting.length) {
      if (this.head >= 1024) {
        this.waiting = this.waiting.slice(this.head);
        this.head = 0;
      }
      return;
    }
    this.waiting = [];
    this.head = 0;
    this.dropping = false;
  }

  /** One turn of the event loop's time: exchanges processed while the credit lasts. */
  private readonly turn = (): void => {
    this.scheduled = false;
    // drain() (at close) may have emptied the queue since this turn was scheduled.
    if (this.head >= this.waiting.length) return;
    const started = performance.now();
    this.credit = Math.min(CREDIT_CAP_MS, this.credit + (started - this.lastTurn) * this.settings.limits.share);
    while (this.credit > 0 && this.head < this.waiting.length) {
      const before = performance.now();
      this.next();
      this.credit -= performance.now() - before;
    }
    this.settle();
    this.lastTurn = performance.now();
    if (this.head < this.waiting.length) this.schedule(this.credit > 0);
  };

  private schedule(soon = true): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Out of credit: come back after a timer rather than spin the loop.
    if (soon) setImmediate(this.turn);
    else setTimeout(this.turn, 1);
  }
}

function sizeOf(exchange: Exchange): number {
  return exchange.request.body.length + exchange.response.body.length;
}

/**
 * Why the delivery rules (mocks/common/destinations.ts) refuse the upstream, or null; resolved now so the start
 * says why, and again per connection (fetch.ts). A name that does not resolve now is unreachable, not refused.
 */
async function upstreamRefusal(
  url: string,
  allow: readonly Destination[] | undefined,
  lookup: Lookup,
): Promise<string | null> {
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
