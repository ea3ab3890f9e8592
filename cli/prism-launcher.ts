// Stoplight Prism on the kit's document as a child process, once it answers: for `prism` and the Prism targets.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** What `prism` needs and the kit does not install for its users (it is a devDependency here). */
export const PRISM_PACKAGE = '@stoplight/prism-cli';
export const PRISM_INSTALL = `npm i -D ${PRISM_PACKAGE}@^5`;

/**
 * Prism's entry script as resolved from the first of `from` (directories) that has it: by default
 * the user's project (the working directory), then the kit itself. Undefined when none has it.
 *
 * @example
 * const entry = resolvePrism() ?? fail(`install it: ${PRISM_INSTALL}`);
 */
export function resolvePrism(from: readonly string[] = [process.cwd(), import.meta.url]): string | undefined {
  for (const base of from) {
    // createRequire wants a file inside the directory; it need not exist.
    const require = createRequire(base.startsWith('file:') ? base : join(base, 'noop.js'));
    try {
      return require.resolve(`${PRISM_PACKAGE}/dist/index.js`);
    } catch {
      // not installed there; try the next place
    }
  }
  return undefined;
}

/** How much of Prism's output is kept for `output()` and error messages (characters, the newest). */
const PRISM_LOG_KEPT = 64 * 1024;

export interface PrismOptions {
  mode: 'mock' | 'proxy';
  /** 0 or absent picks a free port. */
  port?: number;
  host?: string;
  /** proxy mode: the server Prism forwards to, with its /v1 base path. */
  upstream?: string;
  /** mock mode: generate bodies from the schemas (json-schema-faker) instead of serving the examples. */
  dynamic?: boolean;
  /** Answer request/response violations with an error instead of only logging them. */
  errors?: boolean;
  /** Where Prism's own log lines go; default: the last 64 KiB kept in memory (see `output()`). */
  inheritOutput?: boolean;
  /** Prism's log level (`-v`): `error` is its fastest that still reports failures; default Prism's own, `info`, a line per request. */
  verboseLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
  timeoutMs?: number;
  /** Prism's entry script; default `resolvePrism()`. */
  entry?: string;
}

export interface PrismProcess {
  /** Prism's base URL. Prism serves the document's paths at its root (no /v1 prefix). */
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  close(): Promise<void>;
}

/**
 * A port that was free a moment ago on `host`.
 *
 * @example
 * const port = await freePort();
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Why `port` on `host` cannot be Prism's, or undefined when it is free: checked before Prism starts, so a server
 * already there is named instead of answering the readiness probe for Prism (issue 41) and Prism's EADDRINUSE.
 *
 * @example
 * await portRefusal('127.0.0.1', 4011); // 'port 4011 on 127.0.0.1 is already in use (another server ...'
 */
export async function portRefusal(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolveRefusal) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      resolveRefusal(
        error.code === 'EADDRINUSE'
          ? `port ${port} on ${host} is already in use (another server listens there: a mock or an earlier Prism?); ` +
              'stop it or pick another port with -p/--port or PRISM_PORT'
          : `cannot listen on ${host}:${port} (${error.code ?? error.message})`,
      ),
    );
    server.listen(port, host, () => server.close(() => resolveRefusal(undefined)));
  });
}

/**
 * Starts Prism and resolves once it answers HTTP; rejects when it exits first or does not answer in time.
 *
 * @example
 * const prism = await startPrism({ mode: 'mock', port: 0 });
 * await fetch(`${prism.url}/users/me`, { headers: { authorization: 'Bearer t' } });
 * await prism.close();
 */
export async function startPrism(options: PrismOptions): Promise<PrismProcess> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const entry = options.entry ?? resolvePrism();
  if (entry === undefined) throw new Error(`${PRISM_PACKAGE} is not installed: ${PRISM_INSTALL}`);
  // The document through the package's self-reference: the same line finds it in the checkout and in node_modules.
  const args = [entry, options.mode, createRequire(import.meta.url).resolve('workflow-api-mock-kit/openapi.yaml')];
  if (options.mode === 'proxy') {
    if (!options.upstream) throw new Error('proxy mode needs an upstream URL');
    args.push(options.upstream);
  }
  args.push('-h', host, '-p', String(port));
  if (options.dynamic) args.push('--dynamic');
  if (options.errors) args.push('--errors');
  if (options.verboseLevel !== undefined) args.push('-v', options.verboseLevel);

  // process.execPath: the same Node that runs us, whatever `node` is on PATH. Prism's analytics off.
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SCARF_ANALYTICS: 'false' },
  });
  // Bounded: at its default level Prism writes a line per request, megabytes under load.
  let log = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    log += text;
    if (log.length > PRISM_LOG_KEPT) log = log.slice(-PRISM_LOG_KEPT);
    if (options.inheritOutput) process.stdout.write(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const url = `http://${host}:${port}`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  // Readiness: Prism prints its routes and then answers HTTP; poll until any answer arrives. The probe is a CORS
  // preflight, which Prism's server answers itself (204) in both modes: no route is looked up, nothing is proxied
  // upstream, and Prism logs no error line for it.
  const probe = { method: 'OPTIONS', headers: { origin: url, 'access-control-request-method': 'GET' } };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism ${options.mode} exited with code ${child.exitCode}:\n${log}`);
    try {
      await fetch(`${url}/`, { ...probe, signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`prism ${options.mode} did not answer on ${url} within ${timeoutMs} ms:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100)); // poll interval for readiness, not a sleep to pass a test
    }
  }

  return {
    url,
    port,
    child,
    output: () => log,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
