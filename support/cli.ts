// Runs the CLI (`cli/checkout-bin.js`, which loads cli/bin.ts) as a user would, a child process on the tests' Node,
// and collects what it prints (test support, never shipped).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../cli/checkout-bin.js', import.meta.url));
const KIT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Variables the CLI reads (colour too: it decides from its own stdout, a pipe here), cleared so a shell cannot change an outcome. */
const CLI_ENV = [
  ...'PORT HOST SEED MAX_WORLDS WORLD_TTL DELIVER_TO STATE_FILE STATE_INTERVAL STATE_KEY PRISM_PORT PRISM_HOST'.split(
    ' ',
  ),
  ...'PRISM_WAIT UPSTREAM RECEIVER_URL RECEIVER_SIGNING_KEY PUBLIC_URL NO_COLOR FORCE_COLOR'.split(' '),
];

const running: ChildProcessWithoutNullStreams[] = [];

/** util-linux's `script`, which gives a command a terminal of its own (Debian has it; CI runs on Debian). */
export const hasScript = spawnSync('script', ['--version']).status === 0;

/** The environment a CLI run starts from: the variables it reads cleared, `overrides` on top. */
function cliEnv(overrides: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of CLI_ENV) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('CONTRACT_')) delete env[name];
  return { ...env, ...overrides };
}
type CliOptions = { env?: Record<string, string>; stdin?: string; cwd?: string };

/**
 * Starts `node cli/checkout-bin.js ...args`.
 *
 * @example
 * const run = startCli(['serve', '--port', '0']);
 * await run.waitFor(/listening on (\S+)/);
 */
export function startCli(args: string[], options: CliOptions = {}) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? KIT_ROOT, env: cliEnv(options.env) });
  running.push(child);
  child.stdin.end(options.stdin);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': by then stdout and stderr have been read to the end.
  const exited = once(child, 'close').then(([code]) => code as number | null);
  return {
    child,
    /** The exit code (null when a signal ended it). */
    exited,
    out: () => stdout,
    err: () => stderr,
    /** Resolves with the first match of the pattern in stdout; rejects when the process exits first. */
    async waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
      for (;;) {
        const match = stdout.match(pattern);
        if (match) return match;
        const done = await Promise.race([once(child.stdout, 'data').then(() => false), exited.then(() => true)]);
        // At the exit, the loop's first line has one last look.
        if (done && !stdout.match(pattern))
          throw new Error(`the CLI exited before printing ${pattern}; stdout: ${stdout}; stderr: ${stderr}`);
      }
    },
  };
}

/**
 * Runs the CLI to its end.
 *
 * @example
 * const { code, stdout } = await runCli(['--version']);
 */
export async function runCli(args: string[], options: CliOptions = {}) {
  const run = startCli(args, options);
  const code = await run.exited;
  return { code, stdout: run.out(), stderr: run.err() };
}

/** Kills what a test left running (call from afterEach). */
export function killRunning(): void {
  for (const child of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Runs the CLI to its end on a terminal of its own (`script` gives it a pseudo-terminal, 80 columns): what a user at
 * a terminal sees, stdout and stderr as one text with the terminal's line ends. Only where `hasScript`.
 *
 * @example
 * const { code, text } = await runCliOnTerminal(['serv']);
 */
export async function runCliOnTerminal(args: string[], options: { env?: Record<string, string> } = {}) {
  const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
  const command = `stty cols 80 2>/dev/null; exec ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
  // A user's terminal: Node colours a TTY by TERM, and by CI only for the CI services it knows (CI=true alone is
  // a 2-colour terminal to it), so neither is inherited from the machine running the tests.
  const env = { ...cliEnv(options.env), TERM: 'xterm-256color', CI: undefined, ...options.env };
  const child = spawn('script', ['-qefc', command, '/dev/null'], { cwd: KIT_ROOT, env });
  running.push(child);
  child.stdin.end();
  let text = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const [code] = await once(child, 'close');
  return { code: code as number | null, text };
}
