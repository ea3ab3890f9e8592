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
import { type Destination, destinationPolicy } from '../destinations.ts';
import type { Mock } from '../index.ts';
import type { RequestHead } from '../app/head.ts';
import type { AppRequest, AppResponse } from '../app/types.ts';
import { answerOfExchange } from '../upstream/answers.ts';
import { parseHar, secretFields } from '../upstream/har.ts';
import { createHybrid } from '../upstream/hybrid.ts';
import { createReplay, type MatchField } from '../upstream/replay.ts';
import { type FallbackRule, liveMatcher, parseFallbackOn, parseLivePatterns, parseUpstreamUrl } from '../upstream/select.ts';
import { checkedFetch, defaultLookup, type Lookup } from './fetch.ts';
import { driftReportFile, type FileKeeper, type HarRecorder, junitPath, openHarRecorder, RecordingFileError } from './recording.ts';

export { RecordingFileError } from './recording.ts';

export interface BesideOptions {
  /**
   * `--upstream URL --live OPS [--fallback-on ...]`: the real service's base URL (`/v1` included),
   * the operationIds or globs sent there (an array or one comma-separated string), and the upstream
   * answers the mock answers in place of (`'404,501,unreachable'` or a rule).
   */
  upstream?: { url: string; live: readonly string[] | string; fallbackOn?: FallbackRule | string };
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
  return {
    driftReport: () => analyzer.report(),
    connect(mock) {
      const hybrid = createHybrid({
        mock,
        validator,
        upstream: {
          url: target.url,
          live: target.live,
          ...(fallback === undefined ? {} : { fallbackOn: fallback }),
          fetch: checkedFetch(context.lookup),
        },
        onExchange(exchange) {
          analyzer.observe(answerOfExchange(exchange));
          recorder?.record(exchange);
          report?.changed();
        },
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
          await recorder?.close();
          report?.changed();
          await report?.flush();
        },
      };
    },
  };
}

/** The upstream options checked (a library caller may pass text, as on the command line): a TypeError naming the bad one. */
function readUpstream(upstream: NonNullable<BesideOptions['upstream']>): { url: string; live: string[]; fallbackOn?: FallbackRule } {
  const url = parseUpstreamUrl(upstream.url);
  if (typeof url !== 'string') throw new TypeError(`startServer: upstream.url ${url.error}`);
  const live = parseLivePatterns(typeof upstream.live === 'string' ? upstream.live : upstream.live.join(','), validator.operationIds);
  if (!Array.isArray(live)) throw new TypeError(`startServer: upstream.live ${(live as { error: string }).error}`);
  const fallbackOn = typeof upstream.fallbackOn === 'string' ? parseFallbackOn(upstream.fallbackOn) : upstream.fallbackOn;
  if (fallbackOn !== undefined && 'error' in fallbackOn) throw new TypeError(`startServer: upstream.fallbackOn ${fallbackOn.error}`);
  return { url, live, ...(fallbackOn === undefined ? {} : { fallbackOn }) };
}

/**
 * Why the delivery rules refuse the upstream (mocks/destinations.ts: a link-local host, a host or
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
