// What a long run shows while it runs and leaves when it is interrupted (docs/contracts.md, "Progress and
// interruption"): `contracts --explore` and `pact verify` share it; the suites' progress is vitest's own reporter.
import { writeFileReplacingSync } from '../mocks/node/files.ts';
import { type JunitSuite, junitXml } from '../openapi/junit.ts';

/** How often a run off a terminal (or with --quiet) says it is alive: rare enough for a CI log, and for docs' runs. */
const PLAIN_EVERY_MS = 30_000;
/** How often the terminal's line is redrawn at most. */
const REDRAW_EVERY_MS = 100;

export interface Progress {
  /** The counts so far (`12 of 1500 runs, 140 requests`); the elapsed time is added. */
  update(counts: string): void;
  /** Clears the terminal's line before the run's own lines go on. */
  done(): void;
}

/**
 * One updating line on a terminal (`label: counts, 3.2 s`), redrawn at most every 100 ms; off a terminal or `quiet`,
 * a plain line every 30 s, so a short run prints exactly what it printed before.
 *
 * @example
 * const progress = startProgress('contracts --explore', process.stdout, false);
 * progress.update('3 of 100 runs, 41 requests');
 * progress.done();
 */
export function startProgress(label: string, stream: NodeJS.WriteStream, quiet: boolean): Progress {
  const live = stream.isTTY === true && !quiet;
  const started = performance.now();
  let shownAt = live ? 0 : started;
  let drawn = false;
  return {
    update(counts) {
      const now = performance.now();
      if (now - shownAt < (live ? REDRAW_EVERY_MS : PLAIN_EVERY_MS)) return;
      shownAt = now;
      const line = `${label}: ${counts}, ${((now - started) / 1000).toFixed(1)} s`;
      if (!live) stream.write(`${line}\n`);
      else {
        // \r and erase-line: the same line redrawn, cut to the terminal's width so it never wraps.
        stream.write(`\r\u001b[2K${line.slice(0, Math.max(10, (stream.columns ?? 80) - 1))}`);
        drawn = true;
      }
    },
    done() {
      if (drawn) stream.write('\r\u001b[2K');
      drawn = false;
    },
  };
}

/** What a run interrupted with Ctrl-C leaves: one line of what ran, and the JUnit report of it. */
interface Leaving {
  /** Names the run in its lines and the report: `contracts --explore`, `pact verify`. */
  name: string;
  /** Where the JUnit report goes; none: the line only. */
  junitFile: string | undefined;
  log: (line: string) => void;
  /** Synchronous: how far the run went (`after 3 of 12 interactions: ...`) and the suites of what ran. */
  ran: () => { after: string; suites: JunitSuite[] };
}

/**
 * Until the returned function is called, SIGINT (Ctrl-C) ends the run at once: a line saying how far it went, and
 * the JUnit report of what ran with one more failing case marking the run interrupted, written whole (temporary
 * file and rename: never a 0-byte file); then exit 130, the shell's code for SIGINT. All of it synchronous, as
 * vitest, when it runs, exits a moment after the signal.
 *
 * @example
 * const stop = onInterrupt({ name: 'pact verify', junitFile: 'pact.xml', log: console.log, ran: () => ({ after: 'after 3 interactions', suites: [] }) });
 * try { await longRun(); } finally { stop(); }
 */
export function onInterrupt({ name, junitFile, log, ran }: Leaving): () => void {
  const handler = () => {
    process.exitCode = 130;
    try {
      const { after, suites } = ran();
      log(`\n${name}: interrupted (SIGINT) ${after}`);
      if (junitFile === undefined) return;
      const message = `interrupted (SIGINT) ${after}`;
      const failure = { message, text: `The run was ${message}.` };
      const marked = {
        name: 'interrupted',
        cases: [{ classname: name, name: 'the run was interrupted', seconds: 0, failure }],
      };
      writeFileReplacingSync(junitFile, junitXml(`${name} (interrupted)`, [...suites, marked]), { mode: 0o644 });
      log(`${name}: JUnit report, marked interrupted, written to ${junitFile}`);
    } finally {
      // An empty write's callback runs once what was written before it is handed over (cli/bin.ts does the same).
      process.stdout.write('', () => process.exit(130));
    }
  };
  process.once('SIGINT', handler);
  return () => process.off('SIGINT', handler);
}
