// `npm start`: the stateful mock server (DESIGN §1). Parses flags and environment, starts
// mocks/server.ts, prints where it listens and a curl line to paste, stops on SIGINT/SIGTERM.
import { enableCompileCache } from 'node:module';
import { parseArgs } from 'node:util';
import { DEFAULT_HOST, DEFAULT_PORT } from '../mocks/defaults.ts';

export const HELP = `workflow-api mock server: a stateful fake of the Workflow Automation Service REST API (v1).
Each bearer token gets its own isolated world (user, workspaces, workflows, sources, webhooks...),
seeded deterministically from the token and --seed. Requests are validated against openapi/openapi.yaml.

Usage:
  npm start [-- --port 4010 --host 127.0.0.1 --seed 42 --quiet]

Flags:
  --port <n>     port to listen on, 0-65535 (0 = any free port)       default 4010   env PORT
  --host <addr>  interface to bind                                    default 127.0.0.1   env HOST
  --seed <s>     seed for the generated data (same seed + token = same world)   env SEED
  --quiet        no log line per request (normally: METHOD /path STATUS 1.2ms)
  -h, --help     this text

API:  http://<host>:<port>/v1/...  (every request needs "Authorization: Bearer <token>";
      a token of three dot-separated base64url segments counts as a workspace OAuth token)

Control API (mock only, same bearer token = same world; answers {"data": ...}):
  POST /__mock/reset                              this token's world back to its seeded state
  GET  /__mock/world                              IDs no API lists: projects, templates, accounts, triggers...
  GET  /__mock/requests                           request journal (method, path, status, ms, at)
  GET  /__mock/deliveries                         outbound webhook deliveries and their attempts
  POST /__mock/emit                               {emitter_id, event_name, event, error?}
  POST /__mock/triggers/{trigger_id}/emit         {event}
  POST /__mock/connect/{connect_token}/complete   {outcome: "success"|"error", error?}
  POST /__mock/rate-limit                         {requests, retry_after_seconds?}: next N API requests answer 429

Example:
  npm start -- --port 4010 --seed 1
  curl -H 'Authorization: Bearer dev-token' http://127.0.0.1:4010/v1/users/me
  curl -H 'Authorization: Bearer dev-token' http://127.0.0.1:4010/__mock/world`;

export interface ServeOptions {
  port: number;
  host: string;
  seed?: number | string;
  quiet: boolean;
}

export type ParsedArgs = { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; options: ServeOptions };

/** Flags win over environment variables; every bad value is a message, never an exception. */
export function parseServeArgs(argv: string[], env: Record<string, string | undefined>): ParsedArgs {
  let values: { port?: string; host?: string; seed?: string; quiet?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  // An empty environment variable counts as unset (`PORT= npm start`), a flag never does.
  const fromEnv = (name: string) => (env[name] === '' ? undefined : env[name]);

  const portText = values.port ?? fromEnv('PORT');
  let port = DEFAULT_PORT;
  if (portText !== undefined) {
    const from = values.port !== undefined ? '--port' : 'PORT';
    if (!/^\d+$/.test(portText) || Number(portText) > 65535) {
      return { kind: 'error', message: `${from} must be an integer from 0 to 65535, got "${portText}"` };
    }
    port = Number(portText);
  }

  const host = values.host ?? fromEnv('HOST') ?? DEFAULT_HOST;
  if (host.trim() === '' || /\s/.test(host)) {
    return { kind: 'error', message: `${values.host !== undefined ? '--host' : 'HOST'} must be a host name or address, got "${host}"` };
  }

  const seedText = values.seed ?? fromEnv('SEED');
  const options: ServeOptions = { port, host, quiet: values.quiet === true };
  if (seedText !== undefined) {
    if (seedText.trim() === '') return { kind: 'error', message: `${values.seed !== undefined ? '--seed' : 'SEED'} must not be empty` };
    options.seed = /^\d{1,15}$/.test(seedText) ? Number(seedText) : seedText;
  }
  return { kind: 'run', options };
}

async function main(): Promise<void> {
  const parsed = parseServeArgs(process.argv.slice(2), process.env);
  if (parsed.kind === 'help') {
    console.log(HELP);
    return;
  }
  if (parsed.kind === 'error') {
    console.error(`serve: ${parsed.message}\nRun "npm start -- --help" for the flags.`);
    process.exit(2);
  }
  const { port, host, seed, quiet } = parsed.options;

  // Node caches the compiled (type-stripped) modules between runs: start-up drops from about
  // 450 ms to about 300 ms once the cache is warm. Hence the server is imported only now.
  enableCompileCache();
  const { startServer } = await import('../mocks/server.ts');
  let server;
  try {
    server = await startServer({ port, host, quiet, ...(seed === undefined ? {} : { seed }) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`serve: port ${port} on ${host} is already in use; pick another with --port or PORT`);
    else if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') console.error(`serve: cannot bind to host ${host} (${code})`);
    else if (code === 'EACCES') console.error(`serve: no permission to listen on ${host}:${port}`);
    else console.error(`serve: could not start: ${(error as Error).message}`);
    process.exit(1);
  }

  console.log(`Workflow API mock listening on ${server.baseUrl}${seed === undefined ? '' : ` (seed ${seed})`}`);
  console.log(`Try:  curl -H 'Authorization: Bearer dev-token' ${server.baseUrl}/users/me`);
  console.log(`Control API: ${server.origin}/__mock/world (same bearer token); --help lists the routes. Ctrl-C stops.`);

  const stop = (signal: string) => {
    if (!quiet) console.log(`${signal}: shutting down`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

if (import.meta.main) await main();
