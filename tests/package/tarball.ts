// Test support for the package test: pack the kit exactly as `npm publish` would (prepack builds
// dist/), install the tarball into throw-away consumer projects, and run commands there as a user
// would. Everything stays on this machine: installs come from the npm cache when it has them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment a user's shell would give a child: none of the npm-script, vitest or NODE_ENV
 * variables of the `npm test` run that started us (they would change how npm, vite and the CLI behave).
 */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|TEST$|NODE_ENV$|INIT_CWD$|CONTRACT_)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? userEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 180_000);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}

/**
 * Starts the CLI installed in `consumer` (`workflow-api-mock ...args`) and waits for the line that says
 * where it listens; answers that base URL and how to stop it (resolved once the process is gone).
 *
 * @example
 * const served = await startKitCli(consumer, ['serve', '--port', '0', '--quiet']);
 * await fetch(`${served.baseUrl}/users/me`, { headers });
 * await served.stop();
 */
export async function startKitCli(
  consumer: string,
  args: readonly string[],
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const bin = join(consumer, 'node_modules', '.bin', 'workflow-api-mock');
  const child = spawn(bin, args, { cwd: consumer, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  // Awaited only by stop(); a child that failed to start is reported by the wait below, not here.
  const closed = once(child, 'close').catch(() => undefined);
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no address:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/(http:\/\/127\.0\.0\.1:\d+\/v1)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`serve exited ${code}:\n${output}`)));
  });
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await closed;
    },
  };
}

/** Fails with the command's whole output, so a CI log says what went wrong. */
export async function runOk(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<RunResult> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${options.cwd}) exited ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  }
  return result;
}

export interface PackedKit {
  tarball: string;
  /** Paths inside the package, as `npm pack --json` lists them. */
  files: string[];
  size: number;
  unpackedSize: number;
}

/** `npm pack` of the checkout: runs `prepack` (the tsc build), like `npm publish` does. */
export async function packKit(): Promise<PackedKit> {
  const destination = mkdtempSync(join(tmpdir(), 'kit-pack-'));
  const { stdout } = await runOk('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: ROOT,
    timeoutMs: 600_000,
  });
  // npm prints the lifecycle scripts' output before the JSON array.
  const [info] = JSON.parse(stdout.slice(stdout.indexOf('\n[') + 1)) as [
    { filename: string; files: { path: string }[]; size: number; unpackedSize: number },
  ];
  return {
    tarball: join(destination, info.filename),
    files: info.files.map((file) => file.path),
    size: info.size,
    unpackedSize: info.unpackedSize,
  };
}

/** Versions the kit is developed and tested against, so a consumer installs the same (from the cache). */
export function devVersion(name: string): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * A fresh ESM project with the kit's tarball and the given packages installed; with `lockfileOnly`,
 * only named in package.json and package-lock.json, for an `npm ci` to install.
 */
export async function createConsumer(
  kit: PackedKit,
  packages: readonly string[],
  options: { lockfileOnly?: boolean } = {},
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kit-consumer-'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'kit-consumer', version: '1.0.0', private: true, type: 'module' }, null, 2),
  );
  const lockfileOnly = options.lockfileOnly ? ['--package-lock-only'] : [];
  await runOk(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', ...lockfileOnly, kit.tarball, ...packages],
    { cwd: dir, timeoutMs: 300_000 },
  );
  return dir;
}

/**
 * `vite build` of the app in `app` (a folder of the consumer project, on the consumer's own Vite)
 * into `outDir`, relative to it.
 *
 * @example
 * await viteBuild(consumer, join(consumer, 'playwright', 'app'), '../dist');
 */
export async function viteBuild(consumer: string, app: string, outDir: string): Promise<void> {
  await runOk(
    process.execPath,
    [join(consumer, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir],
    { cwd: app },
  );
}
