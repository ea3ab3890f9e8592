// `workflow-api-mock prism [mock|proxy]`: Stoplight Prism on the kit's document, `prism proxy --errors` in front of a
// server (the mock by default). Prism is no dependency of the kit: when missing, this says what to install (exit 1).
import {
  defineCommand,
  EXIT_FAILED,
  EXIT_OK,
  flagOrEnv,
  parseHost,
  parseHttpUrl,
  parsePort,
  PROGRAM,
  runCommand,
  usage,
  type UsageError,
} from './args.ts';
import {
  PRISM_INSTALL,
  PRISM_PACKAGE,
  type PrismOptions,
  portRefusal,
  resolvePrism,
  startPrism,
} from './prism-launcher.ts';

const PORTS = { mock: 4011, proxy: 4012 } as const;

const HELP = () => `${PROGRAM} prism: Stoplight Prism on the kit's OpenAPI document.

Usage:
  ${PROGRAM} prism [mock] [--port ${PORTS.mock}] [--host 127.0.0.1] [--dynamic] [--wait 60]
      prism mock: answers every operation of the document. Static mode serves the document's
      examples; --dynamic generates bodies from the schemas (IDs follow the prefix patterns).
  ${PROGRAM} prism proxy [--port ${PORTS.proxy}] [--host 127.0.0.1] [--upstream URL]
      prism proxy --errors in front of a server: request and response violations of the
      document come back as errors. Without --upstream it starts the kit's stateful mock
      server on a free port and proxies to it.
  (in the kit's checkout: npm run prism -- [flags], npm run prism:proxy -- [flags])

Flags:
  -p, --port <n>    port Prism listens on, 0-65535 (0 = any free port)
                    default ${PORTS.mock} (mock), ${PORTS.proxy} (proxy)                  env PRISM_PORT
  --host <addr>     interface to bind                 default 127.0.0.1     env PRISM_HOST
  --dynamic         mock only: generated bodies instead of the examples    default: examples
  --upstream <url>  proxy only: the server to proxy, with its /v1 base path
                    default: a mock server started for it                   env UPSTREAM
  --wait <seconds>  how long Prism may take to answer before this gives up (1-600; it
                    takes a few seconds, more on a busy machine)  default 60  env PRISM_WAIT
  -h, --help        this text

Prism serves the document's paths at its root: http://127.0.0.1:${PORTS.mock}/users/me (no /v1).
Prism is resolved from your project (the working directory), then from the kit. If neither has
it: ${PRISM_INSTALL}

Examples:
  ${PROGRAM} prism
  curl -H 'Authorization: Bearer dev-token' http://127.0.0.1:${PORTS.mock}/users/me
  ${PROGRAM} prism proxy --upstream http://127.0.0.1:4010/v1
  ${PROGRAM} contracts --target prism --base-url http://127.0.0.1:${PORTS.mock}

Exit codes: 0 stopped by SIGINT/SIGTERM, 1 Prism is not installed, its port is taken (checked
before Prism starts), it failed to start or exited, 2 bad flags.`;

/** startPrism's options as the flags fill them, `--wait` in ms, and where to look for Prism (undefined: cwd, then the kit). */
export type PrismCliOptions = Required<Pick<PrismOptions, 'mode' | 'port' | 'host' | 'dynamic'>> &
  Pick<PrismOptions, 'upstream'> & { waitMs: number; resolveFrom: readonly string[] | undefined };

export const PRISM = defineCommand({
  name: 'prism',
  help: HELP,
  positionals: true,
  flags: {
    port: { type: 'string', short: 'p' },
    host: { type: 'string' },
    dynamic: { type: 'boolean' },
    upstream: { type: 'string' },
    wait: { type: 'string' },
  },
  interpret(values, positionals, env): PrismCliOptions | UsageError {
    if (positionals.length > 1)
      return usage(`one mode at most ("mock" or "proxy"), got ${positionals.map((p) => `"${p}"`).join(' ')}`);
    const mode = positionals[0] ?? 'mock';
    if (mode !== 'mock' && mode !== 'proxy') return usage(`the mode must be "mock" or "proxy", got "${mode}"`);
    const port = parsePort(flagOrEnv('port', values.port, env, 'PRISM_PORT'), PORTS[mode]);
    if (typeof port !== 'number') return port;
    const host = parseHost(flagOrEnv('host', values.host, env, 'PRISM_HOST'), '127.0.0.1');
    if (typeof host !== 'string') return host;
    if (mode === 'mock' && values.upstream !== undefined)
      return usage('--upstream is for "prism proxy"; prism mock answers from the document');
    if (mode === 'proxy' && values.dynamic === true)
      return usage('--dynamic is for "prism mock"; prism proxy answers what the upstream answers');
    let upstream: string | undefined;
    const upstreamSource = mode === 'proxy' ? flagOrEnv('upstream', values.upstream, env, 'UPSTREAM') : undefined;
    if (upstreamSource !== undefined) {
      const parsed = parseHttpUrl(upstreamSource.from, upstreamSource.text);
      if (typeof parsed !== 'string') return parsed;
      upstream = parsed;
    }
    const wait = flagOrEnv('wait', values.wait, env, 'PRISM_WAIT');
    if (wait !== undefined && (!/^\d{1,3}$/.test(wait.text) || Number(wait.text) < 1 || Number(wait.text) > 600))
      return usage(`${wait.from} must be whole seconds from 1 to 600, got "${wait.text}"`);
    const waitMs = wait === undefined ? 60_000 : Number(wait.text) * 1000;
    return { mode, port, host, dynamic: values.dynamic === true, upstream, waitMs, resolveFrom: undefined };
  },
});

/**
 * Runs Prism on the shipped document until SIGINT/SIGTERM; answers the exit code (1 at once when
 * Prism cannot be resolved, with the line that installs it).
 *
 * @example
 * const code = await prism({ mode: 'mock', port: 4011, host: '127.0.0.1', dynamic: false, upstream: undefined, waitMs: 60_000, resolveFrom: undefined });
 */
export async function prism(options: PrismCliOptions): Promise<number> {
  const entry = resolvePrism(options.resolveFrom);
  if (entry === undefined) {
    const install = `Install it with:\n  ${PRISM_INSTALL}`;
    console.error(`${PROGRAM} prism: ${PRISM_PACKAGE} is not installed in this project. ${install}`);
    return EXIT_FAILED;
  }
  // Before the mock a proxy needs is started: a taken port stops the start with nothing left running.
  const refusal = options.port === 0 ? undefined : await portRefusal(options.host, options.port);
  if (refusal !== undefined) {
    console.error(`${PROGRAM} prism: ${refusal}`);
    return EXIT_FAILED;
  }
  const { mode } = options;
  let upstream = options.upstream;
  let closeUpstream = async () => {};
  if (mode === 'proxy' && upstream === undefined) {
    const { startServer } = await import('../mocks/node/server.ts');
    const server = await startServer({ port: 0, quiet: true });
    upstream = server.baseUrl;
    closeUpstream = server.close;
    console.log(`started the stateful mock for Prism to proxy: ${upstream}`);
  }

  let running: Awaited<ReturnType<typeof startPrism>>;
  try {
    const settings = { upstream, errors: mode === 'proxy', inheritOutput: true, entry, timeoutMs: options.waitMs };
    running = await startPrism({ ...options, ...settings });
  } catch (error) {
    console.error(`${PROGRAM} prism: ${(error as Error).message}`);
    await closeUpstream();
    return EXIT_FAILED;
  }
  console.log(`\nprism ${mode} ready on ${running.url}${mode === 'proxy' ? ` -> ${upstream}` : ''}`);
  console.log(`try: curl -H 'Authorization: Bearer dev-token' ${running.url}/users/me`);

  return new Promise<number>((resolveCode) => {
    let stopping = false;
    const stop = async () => {
      stopping = true;
      await running.close();
      await closeUpstream();
      resolveCode(EXIT_OK);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    running.child.once('exit', async (code) => {
      if (stopping) return;
      console.error(`${PROGRAM} prism: Prism exited with code ${code}`);
      await closeUpstream();
      resolveCode(EXIT_FAILED);
    });
  });
}

/** The `prism` subcommand: argv after its name, answers the exit code. */
export function run(argv: string[]): Promise<number> {
  return runCommand(PRISM, argv, prism);
}
