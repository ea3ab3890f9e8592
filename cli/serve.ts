// `workflow-api-mock serve` (`npm start` in the checkout): flags and environment to mocks/node/server.ts, a banner,
// a clean stop on SIGINT/SIGTERM. The help's control routes are read from openapi/control.yaml.
import { mkdirSync } from 'node:fs';
import {
  DEFAULT_HOST,
  DEFAULT_LIMITS,
  DEFAULT_MAX_WORLDS,
  DEFAULT_PORT,
  DEFAULT_RECORD_MAX_BYTES,
  MAX_DELAY_MS,
  MAX_RECORD_MAX_BYTES,
  MIN_RECORD_MAX_BYTES,
  SCENARIO_LOAD_TIMEOUT_MS,
  STATE_INTERVAL_MS,
} from '../mocks/common/defaults.ts';
import { parseAllowedHosts, parseCorsOrigins } from '../mocks/node/cors.ts';
import type { Mock, ScenarioDefinition } from '../mocks/index.ts';
import { selectUpstream } from '../mocks/upstream/select.ts';
import { parseMatchRule } from '../mocks/upstream/replay.ts';
import { forEachOperation } from '../openapi/document/operations.ts';
// The whole control document: its operations' summaries are the help's text (the runtime's copy has no prose).
import controlDocument from '../openapi/generated/control.json' with { type: 'json' };
import { document } from '../openapi/generated/document.ts';
import {
  defineCommand,
  type Env,
  type Flags,
  EXIT_FAILED,
  EXIT_OK,
  flagOrEnv,
  fromEnv,
  kitVersion,
  loadScenarioFolder,
  parseHost,
  parseHttpUrl,
  parsePerSecond,
  parsePort,
  parseRange,
  parseShare,
  PROGRAM,
  readDeliverToFlag,
  readScenariosFlag,
  readSeedFlag,
  runCommand,
  usage,
  type UsageError,
} from './args.ts';

function controlRoutes(): string {
  const lines: string[] = [];
  forEachOperation(controlDocument, (path, method, operation) => {
    lines.push(
      `  ${`${method.toUpperCase().padEnd(4)} /__mock${path}`.padEnd(47)} ${String(operation.summary ?? '')}`.trimEnd(),
    );
  });
  return lines.join('\n');
}

const help = () => `${PROGRAM} serve: a stateful fake of the Workflow Automation Service REST API (v1).
Each bearer token gets its own isolated world (user, workspaces, workflows, sources, webhooks...),
seeded deterministically from the token and --seed. Requests are validated against the kit's
OpenAPI document; answers follow it.

Usage:
  ${PROGRAM} serve [--port 4010] [--host 127.0.0.1] [--seed 42] [--quiet] [--max-connections 1000]
        [--max-worlds 500] [--world-ttl 0] [--latency 0-0] [--fail-rate 0] [--rate-limit N/s]
        [--no-control] [--deliver-to HOST[:PORT],...] [--public-url URL]
        [--state FILE] [--state-interval 30s] [--cors ORIGIN,...|'*'] [--allowed-hosts NAME,...]
        [--scenarios DIR]
        [--coverage-report FILE] [--pact-dir DIR --pact-consumer NAME]
        [--upstream URL --live OPS [--fallback-on LIST] [--upstream-max-body SIZE]
                                   [--record FILE [--record-max 100MiB]] [--drift-report FILE]]
        [--replay FILE [--match query,body]]
  (in the kit's checkout: npm start -- [flags])

Flags:
  -p, --port <n> port to listen on, 0-65535 (0 = any free port)      default ${DEFAULT_PORT}        env PORT
  --host <addr>  interface to bind                                   default ${DEFAULT_HOST}   env HOST
  --seed <n>     seed for the generated data (same seed + token = same world)
                 a whole number, 0 to 2147483647                     default: none     env SEED
  --quiet        no log line per request (normally: METHOD /path STATUS 1.2ms)
  --max-connections <n>
                 open connections at most; at the cap the oldest idle one is
                 closed for a new client                             default ${DEFAULT_LIMITS.maxConnections}
  --max-worlds <n>
                 worlds (tokens) kept at most; one more evicts the least
                 recently used, which re-seeds from (seed, token) on its next
                 request (the default keeps RSS under 600 MB at any number of tokens)
                                                                     default ${DEFAULT_MAX_WORLDS}    env MAX_WORLDS
  --world-ttl <duration>
                 evict a world unused for this long (90s, 30m, 2h; 0 = never);
                 a hand-built world should not vanish on a timer, and
                 --max-worlds already bounds memory                  default 0 (never)  env WORLD_TTL
  --latency <min-max>
                 every API answer waits a time drawn from MIN-MAX ms
                 (at most ${MAX_DELAY_MS}; a single value: fixed)              default 0-0 (none)  env LATENCY
  --fail-rate <r>
                 this share (0 to 1) of API requests answers 503 with
                 Retry-After                                         default 0           env FAIL_RATE
  --rate-limit <n/s>
                 at most N API requests per second in each world; the
                 rest answer 429 with Retry-After and X-RateLimit-*  default: none       env RATE_LIMIT
                 A world sets its own with POST /__mock/faults and /__mock/rate-limit;
                 a request asks for a documented answer with Prefer: code=N, example=NAME,
                 delay=MS (docs/control-api.md, Faults).
  --state <file> keep the worlds in this file (and FILE.log, FILE.key beside it; mode 0600):
                 restored at start; every write is appended to FILE.log before it is
                 answered, so nothing answered 2xx is lost, kill -9 included; the
                 whole file is rewritten every --state-interval when something
                 changed, on POST /__mock/snapshot and on SIGINT/SIGTERM. One server
                 per file: a second is refused, told the holder's pid. Tokens are
                 stored as HMAC-SHA256 under FILE.key, or under env STATE_KEY when set.
                 A file that cannot be restored or written stops the start (exit 1)
                 and is left untouched                               default: none       env STATE_FILE
  --state-interval <duration>
                 with --state: how often the log is folded into the file
                 (10s, 5m; each time the whole file)                 default ${STATE_INTERVAL_MS / 1000}s         env STATE_INTERVAL
  --no-control   no control API: every /__mock path (the console too) is 404;
                 for a server others reach, where no client should reset or
                 read another's world                                default: control API on
  --mcp          also serve MCP (an agent's tools, docs/mcp.md) at /__mock/mcp over
                 Streamable HTTP, under the control API's rules; needs
                 @modelcontextprotocol/sdk                           default: off
  --public-url <URL>
                 the origin clients reach the server at (a reverse proxy's,
                 a CI port mapping's): HTTP triggers' endpoint_url names it.
                 Without it each client sees the origin it addressed:
                 Forwarded, else X-Forwarded-Host and -Proto, else Host
                                                                     default: as addressed  env PUBLIC_URL
  --deliver-to <HOST[:PORT],...>
                 webhook deliveries only to these hosts (and ports); any other
                 is refused, logged and never attempted. Without it deliveries
                 stay on this machine (localhost, 127.0.0.1, [::1]); link-local
                 addresses (169.254.0.0/16, fe80::/10, names resolving there:
                 cloud metadata) are refused even when listed        default: loopback   env DELIVER_TO
  --upstream <URL>
                 the real service beside the mock (its base URL, /v1 included):
                 the operations of --live go there with the caller's own
                 token, every other one stays mocked; each answer says who
                 gave it in X-Mock-Source: live | mock (docs/upstream.md)
                                                                     default: none
  --live <OPS>   with --upstream: operationIds or globs sent live
                 (getCurrentUser,list*); each must name an operation
  --fallback-on <LIST>
                 with --upstream: the mock answers when the upstream answers
                 one of these statuses (404,501,5xx) or none (unreachable)
                                                                     default: none
  --upstream-max-body <SIZE>
                 with --upstream: the largest upstream answer body read (bytes,
                 or 512KiB, 16MiB); past it the read stops and the caller gets
                 502 bad_gateway saying so                           default: 16MiB
  --record <file>
                 with --upstream: append every upstream exchange to this HAR 1.2
                 file (0600; Authorization, cookies, signatures and secret
                 fields redacted); appended entry by entry, a whole HAR file
                 between writes
  --record-max <size>
                 with --record: at this size FILE moves to FILE.1 (FILE.1 to
                 FILE.2, three kept) and a new FILE begins, with a log line;
                 bytes or 500KiB, 64MiB, from 4KiB to ${RECORD_MAX}         default ${MIB(DEFAULT_RECORD_MAX_BYTES)}
  --drift-report <file>
                 with --upstream: where the live answers depart from the
                 document, per operation: JSON here, JUnit XML beside it
                 (drift.json -> drift.junit.xml); written as answers come
  --replay <file>
                 answer every API request from a recording (a HAR file), with no
                 network; a request nobody recorded is a 404 naming the closest
  --match <fields>
                 with --replay: what a request must share with a recorded one
                 besides method and path                             default query,body
  --cors <ORIGIN,...|*>
                 pages on these origins (http://localhost:5173, ...) may call
                 /v1 from a browser ('*': any page); the control API never
                 answers CORS. Without it a browser hides /v1 answers from pages
                 on other origins (the log says which origin tried)
                                                                     default: none       env CORS
  --allowed-hosts <name,...>
                 names besides localhost, IP addresses and --host that the
                 control API (/__mock, the console) answers: a reverse proxy's
                 or a container's name (.example.test: it and its subdomains).
                 Any other Host gets 403, so a page whose name rebinds to this
                 machine cannot steer worlds                         default: none       env ALLOWED_HOSTS
  --coverage-report <file>
                 when the server stops, write what the run covered (every
                 operation, the documented statuses answered and never
                 answered; all worlds) to this file as JSON, and as a table
                 beside it (.txt); also GET /__mock/coverage; a link at FILE
                 is replaced, never followed                         default: none       env COVERAGE_REPORT
  --pact-dir <dir>
                 when the server stops, merge the run's API exchanges into the Pact
                 4.0 file DIR/<consumer>-workflow-api.json (DIR made at start if
                 missing, as the Pact tools do; the file made, or merged with
                 what it holds): one interaction per operation, status and
                 provider state (the token's world), the response's fields as the
                 document's matchers; the bearer's value is never written; also
                 GET /__mock/pact (docs/pact.md)                      default: none
  --pact-consumer <name>
                 with --pact-dir: the consumer's name (letters, digits, - _ .)
  --scenarios <dir>
                 load the scenario files of this folder (*.json, *.js, *.mjs,
                 *.ts; docs/scenarios.md) beside the built-in ones; a token
                 scenario_<name>_<anything> opens one. A scenario that does not
                 match the document, or a module not loaded within ${SCENARIO_LOAD_TIMEOUT_MS / 1000} s,
                 stops the start (exit 1), each issue named by its JSON pointer
                                                                     default: none       env SCENARIOS
  -h, --help     the short help; with --all, this text
Flags win over environment variables; an empty variable counts as unset.
A connection idle for ${DEFAULT_LIMITS.idleTimeoutMs / 1000} s (keep-alive: ${DEFAULT_LIMITS.keepAliveTimeoutMs / 1000} s) is closed; headers must arrive within
${DEFAULT_LIMITS.headersTimeoutMs / 1000} s and a whole request within ${DEFAULT_LIMITS.requestTimeoutMs / 1000} s (else 408); a body over 1 MiB is 413 before it is read.

API:  http://<host>:<port>/v1/...  (every request needs "Authorization: Bearer <token>";
      a token of three dot-separated base64url segments counts as a workspace OAuth token)

Control API (mock only, same bearer token = same world; answers {"data": ...}):
${controlRoutes()}

Examples:
  ${PROGRAM} serve --port 4010 --seed 1
  curl -H 'Authorization: Bearer dev-token' http://127.0.0.1:4010/v1/users/me
  curl -H 'Authorization: Bearer dev-token' http://127.0.0.1:4010/__mock/world
  PORT=0 ${PROGRAM} serve --quiet        # any free port; the first line says which
  ${PROGRAM} serve --upstream https://api.staging.example/v1 --live 'getCurrentUser,list*' \\
        --fallback-on 404,unreachable --record staging.har --drift-report drift.json
  ${PROGRAM} serve --replay staging.har  # the recorded session, no network

Exit codes: 0 stopped by SIGINT/SIGTERM, 1 could not listen (port in use, host not available),
the --state file cannot be restored, written or is held by another server, or its last write at
SIGINT/SIGTERM failed, the --upstream is refused (link-local, not in --deliver-to), a
--record/--replay file is not HAR, or a --record, --drift-report or --coverage-report file cannot
be written (its folder is missing or unwritable; the coverage report also at exit), 2 bad flags or
environment.`;

// What `serve --help` shows: ten lines at most, the flags a first run needs; the rest is `--help --all`.
const summary =
  () => `${PROGRAM} serve: a stateful fake of the Workflow Automation Service REST API (v1), one world per token.

Usage: ${PROGRAM} serve [-p ${DEFAULT_PORT}] [--host ${DEFAULT_HOST}] [--seed N] [--quiet] [more flags]
  -p, --port <n>   port to listen on, 0 = any free port      default ${DEFAULT_PORT}, env PORT
  --host <addr>    interface to bind                         default ${DEFAULT_HOST}, env HOST
  --seed <n>       seed of the generated data (same seed + token = same world)           env SEED
  --quiet          no log line per request
Try: curl -H 'Authorization: Bearer dev-token' http://127.0.0.1:${DEFAULT_PORT}/v1/users/me
Every flag (faults, --state, --upstream, --cors, --pact-dir, --scenarios), the control API's
routes and the exit codes: ${PROGRAM} serve --help --all`;

/** startServer's options as the flags fill them (the help says what each does), and the flags read otherwise. */
export type ServeOptions = Required<Pick<ServerOptions, 'port' | 'host' | 'quiet'>> &
  Pick<ServerOptions, 'seed' | 'maxWorlds' | 'worldTtlMs' | 'faults' | 'publicUrl' | 'deliverTo' | 'cors'> &
  Pick<ServerOptions, 'allowedHosts' | 'upstream' | 'record' | 'recordMax' | 'driftReport' | 'replay' | 'match'> & {
    maxConnections?: number;
    state?: string;
    stateIntervalMs?: number;
    /** Env `STATE_KEY`: the key of the state file's token hashes. */
    stateKey?: string;
    noControl?: boolean;
    mcp?: boolean;
    scenarios?: string;
    coverageReport?: string;
    pact?: { dir: string; consumer: string };
  };

type UpstreamOptions = Pick<ServeOptions, 'upstream' | 'record' | 'recordMax' | 'driftReport' | 'replay' | 'match'>;

const FLAGS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  seed: { type: 'string' },
  quiet: { type: 'boolean' },
  'max-connections': { type: 'string' },
  'max-worlds': { type: 'string' },
  'world-ttl': { type: 'string' },
  latency: { type: 'string' },
  'fail-rate': { type: 'string' },
  'rate-limit': { type: 'string' },
  'no-control': { type: 'boolean' },
  mcp: { type: 'boolean' },
  'public-url': { type: 'string' },
  state: { type: 'string' },
  'state-interval': { type: 'string' },
  'deliver-to': { type: 'string' },
  cors: { type: 'string' },
  'allowed-hosts': { type: 'string' },
  scenarios: { type: 'string' },
  'coverage-report': { type: 'string' },
  'pact-dir': { type: 'string' },
  'pact-consumer': { type: 'string' },
  upstream: { type: 'string' },
  live: { type: 'string' },
  'fallback-on': { type: 'string' },
  'upstream-max-body': { type: 'string' },
  record: { type: 'string' },
  'record-max': { type: 'string' },
  'drift-report': { type: 'string' },
  replay: { type: 'string' },
  match: { type: 'string' },
} satisfies Flags;
/** The flags as parsed, for the readers of each group. */
type Values = { [K in keyof typeof FLAGS]?: (typeof FLAGS)[K]['type'] extends 'boolean' ? boolean : string };

export const SERVE = defineCommand({
  name: 'serve',
  help,
  summary,
  flags: FLAGS,
  interpret(values, _positionals, env): ServeOptions | UsageError {
    const port = parsePort(flagOrEnv('port', values.port, env, 'PORT'), DEFAULT_PORT);
    if (typeof port !== 'number') return port;
    const host = parseHost(flagOrEnv('host', values.host, env, 'HOST'), DEFAULT_HOST);
    if (typeof host !== 'string') return host;
    const options: ServeOptions = { port, host, quiet: values.quiet === true };
    const refused =
      readSeedFlag(values, env, options) ??
      readWorldLimits(values, env, options) ??
      readFaults(values, env, options) ??
      readPublicUrl(values, env, options) ??
      readState(values, env, options) ??
      readDestinations(values, env, options) ??
      readFiles(values, env, options);
    if (refused !== undefined) return refused;
    const upstream = interpretUpstream(values);
    if ('kind' in upstream) return upstream;
    return { ...options, ...upstream };
  },
});

/** What a reader of a group of flags answers: a refusal, or undefined once it filled its options. */
type Refusal = UsageError | undefined;

function readWorldLimits(values: Values, env: Env, options: ServeOptions): Refusal {
  const maxConnections = values['max-connections'];
  if (maxConnections !== undefined) {
    if (!/^\d{1,9}$/.test(maxConnections) || Number(maxConnections) < 1) {
      return usage(`--max-connections must be a positive integer, got "${maxConnections}"`);
    }
    options.maxConnections = Number(maxConnections);
  }
  const maxWorlds = flagOrEnv('max-worlds', values['max-worlds'], env, 'MAX_WORLDS');
  if (maxWorlds !== undefined) {
    if (!/^\d{1,9}$/.test(maxWorlds.text) || Number(maxWorlds.text) < 1) {
      return usage(`${maxWorlds.from} must be a positive integer, got "${maxWorlds.text}"`);
    }
    options.maxWorlds = Number(maxWorlds.text);
  }
  const ttl = flagOrEnv('world-ttl', values['world-ttl'], env, 'WORLD_TTL');
  if (ttl !== undefined) {
    const ms = parseDuration(ttl.text);
    if (ms === undefined) {
      return usage(`${ttl.from} must be a duration such as 90s, 30m or 2h (0 = never), got "${ttl.text}"`);
    }
    if (ms > 0) options.worldTtlMs = ms;
  }
  return undefined;
}

function readFaults(values: Values, env: Env, options: ServeOptions): Refusal {
  const faults: NonNullable<ServeOptions['faults']> = {};
  const latency = flagOrEnv('latency', values.latency, env, 'LATENCY');
  if (latency !== undefined) {
    const range = parseRange(latency, MAX_DELAY_MS);
    if ('kind' in range) return range;
    if (range.max > 0) faults.latencyMs = range;
  }
  const failRate = flagOrEnv('fail-rate', values['fail-rate'], env, 'FAIL_RATE');
  if (failRate !== undefined) {
    const share = parseShare(failRate);
    if (typeof share !== 'number') return share;
    if (share > 0) faults.failRate = share;
  }
  const rate = flagOrEnv('rate-limit', values['rate-limit'], env, 'RATE_LIMIT');
  if (rate !== undefined) {
    const perSecond = parsePerSecond(rate);
    if (typeof perSecond !== 'number') return perSecond;
    faults.rateLimitPerSecond = perSecond;
  }
  if (Object.keys(faults).length > 0) options.faults = faults;
  if (values['no-control'] === true) options.noControl = true;
  if (values.mcp === true) {
    // Off means off: MCP steers worlds as the control API does, under /__mock.
    if (options.noControl === true) return usage('--mcp serves under /__mock, which --no-control turns off: give one');
    options.mcp = true;
  }
  return undefined;
}

/** `--public-url`: an origin, since the mock serves endpoints at /__endpoints/ of its root. */
function readPublicUrl(values: Values, env: Env, options: ServeOptions): Refusal {
  const publicUrl = flagOrEnv('public-url', values['public-url'], env, 'PUBLIC_URL');
  if (publicUrl === undefined) return undefined;
  const parsed = parseHttpUrl(publicUrl.from, publicUrl.text);
  if (typeof parsed !== 'string') return parsed;
  const url = new URL(parsed);
  // A path, query or user would not reach the endpoints.
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    const shape = 'an origin such as https://mock.example.test:8443 (no path or query)';
    return usage(`${publicUrl.from} must be ${shape}, got "${publicUrl.text}"`);
  }
  options.publicUrl = url.origin;
  return undefined;
}

function readState(values: Values, env: Env, options: ServeOptions): Refusal {
  const state = flagOrEnv('state', values.state, env, 'STATE_FILE');
  if (state !== undefined) {
    if (state.text.trim() === '') return usage(`${state.from} must name a file`);
    options.state = state.text;
  }
  const interval = flagOrEnv('state-interval', values['state-interval'], env, 'STATE_INTERVAL');
  if (interval !== undefined) {
    const ms = parseDuration(interval.text);
    if (ms === undefined || ms < 1000) {
      return usage(`${interval.from} must be a duration of at least 1s, such as 10s or 5m, got "${interval.text}"`);
    }
    if (options.state === undefined) return usage(`${interval.from} needs --state FILE (or STATE_FILE)`);
    options.stateIntervalMs = ms;
  }
  // Read only with --state (a STATE_KEY exported for every command must not stop the others).
  const stateKey = fromEnv(env, 'STATE_KEY');
  if (stateKey !== undefined && options.state !== undefined) options.stateKey = stateKey;
  return undefined;
}

function readDestinations(values: Values, env: Env, options: ServeOptions): Refusal {
  const deliverTo = readDeliverToFlag(values, env, options);
  if (deliverTo !== undefined) return deliverTo;
  const cors = flagOrEnv('cors', values.cors, env, 'CORS');
  if (cors !== undefined) {
    const origins = parseCorsOrigins(cors.text);
    if (origins !== '*' && 'error' in origins) return usage(`${cors.from}: ${origins.error}`);
    options.cors = origins;
  }
  const allowedHosts = flagOrEnv('allowed-hosts', values['allowed-hosts'], env, 'ALLOWED_HOSTS');
  if (allowedHosts !== undefined) {
    const names = parseAllowedHosts(allowedHosts.text);
    if ('error' in names) return usage(`${allowedHosts.from}: ${names.error}`);
    options.allowedHosts = names;
  }
  return undefined;
}

function readFiles(values: Values, env: Env, options: ServeOptions): Refusal {
  const scenarios = readScenariosFlag(values, env, options);
  if (scenarios !== undefined) return scenarios;
  const coverageReport = flagOrEnv('coverage-report', values['coverage-report'], env, 'COVERAGE_REPORT');
  if (coverageReport !== undefined) {
    if (coverageReport.text.trim() === '') return usage(`${coverageReport.from} must name a file`);
    options.coverageReport = coverageReport.text;
  }
  return readPact(values, options);
}

/** `--pact-dir` with `--pact-consumer`: both or neither; the name becomes part of a file name. */
function readPact(values: Values, options: ServeOptions): Refusal {
  const dir = values['pact-dir'];
  const consumer = values['pact-consumer'];
  if (dir === undefined && consumer === undefined) return undefined;
  if (dir === undefined || dir.trim() === '') return usage('--pact-consumer needs --pact-dir DIR (a folder)');
  if (consumer === undefined) return usage('--pact-dir needs --pact-consumer NAME (the consumer the file is for)');
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(consumer))
    return usage(`--pact-consumer must be letters, digits, '.', '-' or '_' (a file name), got "${consumer}"`);
  options.pact = { dir, consumer };
  return undefined;
}

/** The service document's operationIds, for `--live` (read here, not from the validator: flags are checked before anything heavy loads). */
function operationIds(): string[] {
  const ids: string[] = [];
  forEachOperation(document, (_path, _method, operation) => {
    if (typeof operation.operationId === 'string') ids.push(operation.operationId);
  });
  return ids;
}

/** The flag of each upstream option, for the refusals of selectUpstream. */
const UPSTREAM_FLAGS = {
  url: 'upstream',
  live: 'live',
  fallbackOn: 'fallback-on',
  maxBodyBytes: 'upstream-max-body',
} as const;

function interpretUpstream(values: Values): UpstreamOptions | UsageError {
  const out: UpstreamOptions = {};
  const text = values['record-max'];
  if (text !== undefined) {
    if (values.record === undefined) return usage('--record-max needs --record FILE');
    const bytes = parseByteSize(text);
    if (bytes === undefined || bytes < MIN_RECORD_MAX_BYTES || bytes > MAX_RECORD_MAX_BYTES)
      return usage(`--record-max must be a size from 4KiB to ${RECORD_MAX} (bytes, or 500KiB, 64MiB), got "${text}"`);
    out.recordMax = bytes;
  }
  const upstreamFlags = ['live', 'fallback-on', 'upstream-max-body', 'record', 'drift-report'] as const;
  const needsUpstream = upstreamFlags.find((flag) => values[flag] !== undefined);
  if (values.upstream === undefined) {
    if (needsUpstream !== undefined)
      return usage(`--${needsUpstream} needs --upstream URL (the real service beside the mock)`);
  } else {
    if (values.replay !== undefined)
      return usage('--replay answers from a recording, --upstream from the service: give one of them');
    const input = { url: values.upstream, live: values.live, fallbackOn: values['fallback-on'] };
    const selected = selectUpstream(input, operationIds());
    const refused = selected.ok ? undefined : `--${UPSTREAM_FLAGS[selected.error.option]}: ${selected.error.message}`;
    if (!selected.ok && selected.error.option === 'url') return usage(refused!);
    if (values.live === undefined)
      return usage('--upstream needs --live OPS: the operations to send there (operationIds or globs such as list*)');
    if (!selected.ok) return usage(refused!);
    out.upstream = selected.value;
    const maxBody = values['upstream-max-body'];
    if (maxBody !== undefined) {
      // At least an error body (1 KiB), at most what is sensible to hold whole (1 GiB).
      const bytes = parseByteSize(maxBody);
      if (bytes === undefined || bytes < 1024 || bytes > 1024 ** 3)
        return usage(`--upstream-max-body must be a size from 1KiB to 1024MiB (bytes, or 16MiB), got "${maxBody}"`);
      out.upstream.maxBodyBytes = bytes;
    }
    for (const flag of ['record', 'drift-report'] as const) {
      const file = values[flag];
      if (file === undefined) continue;
      if (file.trim() === '') return usage(`--${flag} must name a file`);
      if (flag === 'record') out.record = file;
      else out.driftReport = file;
    }
  }
  if (values.replay !== undefined) {
    if (values.replay.trim() === '') return usage('--replay must name a file');
    out.replay = values.replay;
  }
  if (values.match !== undefined) {
    if (values.replay === undefined) return usage('--match needs --replay FILE');
    const match = parseMatchRule(values.match);
    if (!Array.isArray(match)) return usage(`--match: ${(match as { error: string }).error}`);
    out.match = match;
  }
  return out;
}

const [KIB, MiB, GiB] = [1024, 1024 ** 2, 1024 ** 3];
const UNIT_BYTES: Record<string, number> = { '': 1, b: 1, k: KIB, kib: KIB, m: MiB, mib: MiB, g: GiB, gib: GiB };
/** `104857600` -> `100MiB`, for the help and the messages. */
function MIB(bytes: number): string {
  return `${bytes / KIB ** 2}MiB`;
}
const RECORD_MAX = MIB(MAX_RECORD_MAX_BYTES);

/** `100MiB`, `500KiB`, `1G` (binary units) or plain bytes; undefined when unreadable. */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d{1,12})\s*([a-z]*)$/i.exec(text.trim());
  const unit = UNIT_BYTES[match?.[2]?.toLowerCase() ?? 'none'];
  return match === null || unit === undefined ? undefined : Number(match[1]) * unit;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90s`, `30m`, `2h`, `1d`, `500ms` or plain seconds, in milliseconds; undefined when unreadable. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,9})(ms|s|m|h|d)?$/.exec(text.trim());
  if (match === null) return undefined;
  return Number(match[1]) * UNIT_MS[match[2] ?? 's']!;
}

/** Starts the server and resolves with the exit code once a signal has stopped it (or at once, 1, when it cannot listen). */
export async function serve(options: ServeOptions): Promise<number> {
  // Imported only now: `--help` and bad flags answer without loading the server (start-up, docs/performance.md).
  const node = await import('../mocks/node/server.ts');
  const { startServer, unwritableReason } = node;
  // Checked now, as --state is: a report that could never be written stops the start, not the exit.
  const coverage = options.coverageReport;
  const coverageUnwritable = coverage === undefined ? undefined : unwritableReason(coverage);
  if (coverageUnwritable !== undefined) {
    console.error(`${PROGRAM} serve: --coverage-report ${options.coverageReport}: ${coverageUnwritable}`);
    return EXIT_FAILED;
  }
  const pactUnwritable =
    options.pact === undefined ? undefined : (makeFolder(options.pact.dir) ?? unwritableReason(pactFile(options.pact)));
  if (pactUnwritable !== undefined) {
    console.error(`${PROGRAM} serve: --pact-dir ${options.pact!.dir}: ${pactUnwritable}`);
    return EXIT_FAILED;
  }
  let scenarios: ScenarioDefinition[] | undefined;
  if (options.scenarios !== undefined) {
    const loaded = await loadScenarioFolder('serve', options.scenarios);
    if (loaded === undefined) return EXIT_FAILED;
    scenarios = loaded;
  }
  let server: RunningServer;
  try {
    server = await startServer(serverOptions(options, scenarios));
  } catch (error) {
    console.error(`${PROGRAM} serve: ${startFailure(error, options)}`);
    return EXIT_FAILED;
  }
  // Signals taken before the banner: a supervisor that stops it on the first line still gets the clean stop.
  const exited = exitOnSignal(server, options, node);
  // The names a token may open: the built-in scenarios and the folder's (checked above, so this loads).
  const { loadScenarios } = await import('../mocks/index.ts');
  const loaded = loadScenarios(scenarios);
  printBanner(server, options, scenarios, loaded.ok ? [...loaded.catalogue.keys()] : []);
  return exited;
}

/** The server module's types, named without loading it (it is imported when the server starts). */
type ServerModule = typeof import('../mocks/node/server.ts');
type RunningServer = Awaited<ReturnType<ServerModule['startServer']>>;
type ServerOptions = NonNullable<Parameters<ServerModule['startServer']>[0]>;

/** `--pact-dir` made with its parents, as the Pact tools make theirs: undefined once it is a folder, else why not. */
function makeFolder(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') return 'it is a file, or under one, where a folder is wanted';
    return `the folder cannot be made (${code ?? (error as Error).message})`;
  }
}

function pactFile(pact: { dir: string; consumer: string }): string {
  return `${pact.dir.replace(/\/+$/, '')}/${pact.consumer}-workflow-api.json`;
}

/** `--pact-dir`: the recorded interactions merged into the consumer's file at exit (docs/pact.md). */
async function writePact(running: RunningServer, pact: { dir: string; consumer: string }, node: ServerModule) {
  try {
    const recorder = running.mock.pact!;
    const written = await node.writePactFile(pact.dir, recorder);
    const dropped = recorder.dropped() === 0 ? '' : ` (${recorder.dropped()} more dropped: the recorder holds 16 MiB)`;
    console.log(
      `Pact: ${written.interactions} interactions for ${pact.consumer}${dropped}. Written to ${written.path}`,
    );
    return true;
  } catch (error) {
    console.error(`${PROGRAM} serve: could not write --pact-dir ${pactFile(pact)}: ${(error as Error).message}`);
    return false;
  }
}

function serverOptions(options: ServeOptions, scenarios: ScenarioDefinition[] | undefined): ServerOptions {
  // The rest are startServer's own names; it reads an undefined option as an absent one.
  const { maxConnections, noControl, state, stateIntervalMs, stateKey, pact, coverageReport: _, ...same } = options;
  return {
    ...same,
    scenarios,
    ...(maxConnections === undefined ? {} : { limits: { maxConnections } }),
    ...(noControl === true ? { control: false } : {}),
    ...(state === undefined ? {} : { state: { path: state, intervalMs: stateIntervalMs, key: stateKey } }),
    ...(same.upstream === undefined && same.mcp !== true ? {} : { version: kitVersion() }),
    ...(pact === undefined ? {} : { pact: { consumer: pact.consumer } }),
  };
}

function startFailure(error: unknown, options: ServeOptions): string {
  const { port, host } = options;
  const code = (error as NodeJS.ErrnoException).code;
  const name = (error as Error).name;
  // The server's own refusals name the option and the problem already.
  if (['StateFileError', 'UpstreamError', 'RecordingFileError'].includes(name)) return (error as Error).message;
  if (code === 'ERR_MODULE_NOT_FOUND' && options.mcp === true)
    return '--mcp needs @modelcontextprotocol/sdk: npm i -D @modelcontextprotocol/sdk@^1';
  if (code === 'EADDRINUSE') return `port ${port} on ${host} is already in use; pick another with -p/--port or PORT`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `cannot bind to host ${host} (${code})`;
  if (code === 'EACCES') return `no permission to listen on ${host}:${port}`;
  return `could not start: ${(error as Error).message}`;
}

/** Resolves with the exit code once SIGINT or SIGTERM has stopped the server (and written the coverage report). */
function exitOnSignal(running: RunningServer, options: ServeOptions, node: ServerModule): Promise<number> {
  return new Promise<number>((resolveCode) => {
    const stop = async (signal: string) => {
      if (!options.quiet) console.log(`${signal}: shutting down`);
      // Imported only now, so that --help never loads the kit (the server has loaded it already).
      // Not private like the recording: 0644, as the report was before it was written by rename.
      const kit = options.coverageReport === undefined ? undefined : await import('../mocks/index.ts');
      const writeReport: WriteWhole = (path, text) => node.writeFileReplacingSync(path, text, { mode: 0o644 });
      const covered = kit === undefined || writeCoverage(running.mock, options.coverageReport!, kit, writeReport);
      const written = (options.pact === undefined || (await writePact(running, options.pact, node))) && covered;
      running.close().then(
        () => resolveCode(written ? EXIT_OK : EXIT_FAILED),
        // The --state file's last write failed: say so, and exit non-zero (its log is kept).
        (error: unknown) => {
          console.error(`${PROGRAM} serve: ${(error as Error).message}`);
          resolveCode(EXIT_FAILED);
        },
      );
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
  });
}

function printBanner(
  server: RunningServer,
  options: ServeOptions,
  scenarios: ScenarioDefinition[] | undefined,
  names: string[],
): void {
  const { seed, state, noControl } = options;
  console.log(`Workflow API mock listening on ${server.baseUrl}${seed === undefined ? '' : ` (seed ${seed})`}`);
  if (server.restoredWorlds !== undefined) {
    const restored = `${server.restoredWorlds} world${server.restoredWorlds === 1 ? '' : 's'} restored from ${state}`;
    console.log(`State: ${restored}; every write is kept (${state}.log) before it is answered`);
  }
  for (const line of server.beside ?? []) console.log(line);
  console.log(`Try:  curl -H 'Authorization: Bearer dev-token' ${server.baseUrl}/users/me`);
  const loaded = scenarios === undefined ? '' : `; ${scenarios.length} from ${options.scenarios}`;
  console.log(`Scenarios: ${names.join(', ')} (a token scenario_<name>_<anything> opens one${loaded})`);
  if (noControl === true) {
    console.log('Control API and console: off (--no-control). Ctrl-C stops.');
  } else {
    const console_ = `${server.origin}/__mock/ui/?token=dev-token`;
    console.log(`Console: ${console_} (in a browser: the world, its activity, actions, the API reference)`);
    console.log(
      `Control API: ${server.origin}/__mock/world (same bearer token); serve --help --all lists the routes. Ctrl-C stops.`,
    );
    if (options.mcp === true) console.log(`MCP: ${server.origin}/__mock/mcp (Streamable HTTP, docs/mcp.md)`);
  }
}

type WriteWhole = (path: string, text: string) => void;

/** `--coverage-report FILE`: JSON in FILE, a table in FILE's .txt; each written whole, a link at FILE replaced. */
function writeCoverage(mock: Mock, file: string, kit: typeof import('../mocks/index.ts'), write: WriteWhole): boolean {
  const { coverageSummaryLine, formatRunCoverage } = kit;
  const report = mock.coverage();
  const table = file.replace(/(\.json)?$/i, '.txt');
  try {
    write(file, `${JSON.stringify(report, null, 2)}\n`);
    write(table, `${formatRunCoverage(report)}\n`);
    console.log(`${coverageSummaryLine(report)}. Written to ${file} and ${table}`);
    return true;
  } catch (error) {
    console.error(`${PROGRAM} serve: could not write --coverage-report ${file}: ${(error as Error).message}`);
    return false;
  }
}

/** The `serve` subcommand: argv after the word `serve`, answers the exit code. */
export function run(argv: string[]): Promise<number> {
  return runCommand(SERVE, argv, serve);
}
