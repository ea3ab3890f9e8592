// Worlds' memory, measured as docs/performance.md ("Worlds: memory and eviction") says; the load generator is
// this file run as a script.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { get, rssMb, serve, track } from './children.ts';
import { fmt, int, type Section, table } from './report.ts';

export interface WorldsResult {
  startRssMb: number;
  steps: Array<{ tokens: number; rssMb: number; failed: number; ms: number }>;
  /** A new token and the run's first token both answered 200 after the last step. */
  stillAnswers: boolean;
}

/** `node worlds.ts <origin> <from> <count> <concurrency> <prefix>` in a child: {failed, ms}. */
function drive(...args: Array<string | number>): Promise<{ failed: number; ms: number }> {
  const child = track(spawn(process.execPath, [fileURLToPath(import.meta.url), ...args.map(String)]));
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (out.stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (out.stderr += chunk));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.stdout)) : reject(new Error(`worlds driver: ${out.stderr}`)),
    ),
  );
}

export async function measureWorlds(
  options: { checkpoints: number[]; concurrency: number; serveArgs?: string[] },
  log: (line: string) => void = () => {},
): Promise<WorldsResult> {
  const server = await serve(options.serveArgs);
  const prefix = `bench-world-${process.pid}`;
  try {
    // One request first, so that the start figure includes a loaded app, as every later one does.
    await get(`${server.origin}/v1/users/me`, { authorization: `Bearer ${prefix}-warm` });
    const startRssMb = rssMb(server.pid);
    const steps: WorldsResult['steps'] = [];
    let done = 0;
    for (const tokens of [...options.checkpoints].sort((a, b) => a - b)) {
      const { failed, ms } = await drive(server.origin, done, tokens - done, options.concurrency, prefix);
      done = tokens;
      steps.push({ tokens, rssMb: rssMb(server.pid), failed, ms });
      log(`worlds: ${int(tokens)} tokens: RSS ${fmt(steps.at(-1)!.rssMb, 0)} MB, ${failed} failed`);
    }
    const fresh = await get(`${server.origin}/v1/users/me`, { authorization: `Bearer ${prefix}-after` });
    const first = await get(`${server.origin}/v1/users/me`, { authorization: `Bearer ${prefix}-0` });
    return { startRssMb, steps, stillAnswers: fresh.status === 200 && first.status === 200 };
  } finally {
    await server.stop();
  }
}

/** The report of the section and its target: RSS after 20,000 tokens. */
export function worldsSection(result: WorldsResult, title: string): Section {
  const rows = [['tokens', 'RSS MB', 'failed', 'step s']];
  for (const step of result.steps)
    rows.push([int(step.tokens), fmt(step.rssMb, 0), String(step.failed), fmt(step.ms / 1000, 1)]);
  const answered = result.stillAnswers ? 'both answered 200' : 'were NOT both answered';
  const lines = [
    ...table(rows),
    `   RSS at start ${fmt(result.startRssMb, 0)} MB; then a new token and the first one ${answered}`,
  ];
  const at = result.steps.findIndex((step) => step.tokens === 20_000);
  if (at < 0) return { title, lines, targets: [] };
  const failed = result.steps.slice(0, at + 1).reduce((n, step) => n + step.failed, 0);
  const rss = result.steps[at]!.rssMb;
  const measured = `${fmt(rss, 0)} MB, ${failed} failed${result.stillAnswers ? '' : ', no longer answering'}`;
  const target = 'RSS after 20,000 tokens < 600 MB (serve defaults), every request answered';
  return { title, lines, targets: [{ target, measured, pass: rss < 600 && failed === 0 && result.stillAnswers }] };
}

if (import.meta.main) {
  const [origin, from, count, concurrency, prefix] = process.argv.slice(2);
  const agent = new Agent({ keepAlive: true, maxSockets: Number(concurrency) });
  const first = (token: string) =>
    new Promise<boolean>((resolve) => {
      const req = request(`${origin}/v1/users/me`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) =>
        res.resume().on('end', () => resolve(res.statusCode === 200)),
      );
      req.on('error', () => resolve(false)).end();
    });
  const started = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: Number(concurrency) }, async () => {
      while (next < Number(count)) if (!(await first(`${prefix}-${Number(from) + next++}`))) failed++;
    }),
  );
  agent.destroy();
  process.stdout.write(JSON.stringify({ failed, ms: performance.now() - started }));
}
