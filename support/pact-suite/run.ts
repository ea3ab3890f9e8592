// Runs the frontend suite of this folder (vitest.config.ts) in a child Vitest, as a user's CI would,
// and answers where its pact went: the file the official verifier is pointed at in the suite.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The consumer the suite's setup file records for. */
export const SUITE_CONSUMER = 'vitest-app';

/** The bearer and seed of the suite's handlers: a fresh mock server given both opens the same world. */
export const SUITE_WORLD = { token: 'vitest-suite', seed: 5 } as const;

/**
 * Runs the suite with its pact merged into `dir`; answers the exit code, the output and the file.
 *
 * @example
 * const { code, file } = await runPactSuite(mkdtempSync(join(tmpdir(), 'pacts-')));
 */
export function runPactSuite(dir: string): Promise<{ code: number | null; output: string; file: string }> {
  const env: NodeJS.ProcessEnv = { PACT_DIR: dir, NO_COLOR: '1' };
  // Not the parent run's Vitest variables: the child is a run of its own.
  for (const [name, value] of Object.entries(process.env))
    if (!/^(VITEST|TEST$|NODE_ENV$)/.test(name)) env[name] ??= value;
  const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const child = spawn(process.execPath, [vitest, 'run', '--config', 'support/pact-suite/vitest.config.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output, file: join(dir, `${SUITE_CONSUMER}-workflow-api.json`) }));
  });
}
