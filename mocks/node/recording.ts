// The files of the mock beside the real service (docs/upstream.md): `--record FILE`, a HAR 1.2 log
// the upstream exchanges are appended to, and `--drift-report FILE`, the drift report as JSON and
// JUnit XML. Both are rewritten whole (a new file renamed over the old, so a reader never sees half
// a file), mode 0600 (a recording is redacted, but it is still someone's traffic), at most one
// write at a time, coalescing the changes that arrive meanwhile.
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import { driftJUnit } from '../../openapi/drift-report.ts';
import type { DriftAnalyzer } from '../../openapi/drift.ts';
import { emptyHar, type Exchange, type Har, parseHar, toHarEntry } from '../upstream/har.ts';

/** A recording or report file that cannot be used: thrown before the server answers anything. */
export class RecordingFileError extends Error {
  override name = 'RecordingFileError';
}

export interface FileKeeper {
  /** Something changed: written soon (one write at a time). */
  changed(): void;
  /** Writes now if anything changed; resolves once written. */
  flush(): Promise<void>;
}

/** One writer per file: a write in flight, and whether another is needed after it. */
function keeper(write: () => Promise<void>, log: (line: string) => void): FileKeeper {
  let dirty = false;
  let running: Promise<void> | undefined;
  const run = (): Promise<void> => {
    if (running !== undefined) return running;
    if (!dirty) return Promise.resolve();
    dirty = false;
    running = write()
      .catch((error: unknown) => log(`[upstream] could not write: ${(error as Error).message}`))
      .finally(() => {
        running = undefined;
      })
      .then(() => (dirty ? run() : undefined));
    return running;
  };
  return {
    changed() {
      dirty = true;
      void run();
    },
    async flush() {
      await running;
      await run();
    },
  };
}

async function writePrivate(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}

export interface HarRecorder extends FileKeeper {
  /** Appends one exchange, redacted. */
  record(exchange: Exchange): void;
  /** Entries in the file (those it held at start included). */
  size(): number;
}

/**
 * Opens `--record FILE`: the entries already there are kept and new ones appended; a file that is
 * not a HAR log stops the start (RecordingFileError) and is left untouched.
 * @example
 * const recorder = await openHarRecorder('session.har', { secrets: secretFields(document), creator: { name: 'workflow-api-mock-kit', version } });
 * recorder.record(exchange);
 * await recorder.flush();
 */
export async function openHarRecorder(
  path: string,
  options: { secrets: ReadonlySet<string>; creator: { name: string; version: string }; log?: (line: string) => void },
): Promise<HarRecorder> {
  const har: Har = emptyHar(options.creator);
  let text: string | undefined;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new RecordingFileError(`--record ${path}: ${(error as Error).message}`);
  }
  if (text !== undefined && text.trim() !== '') {
    const parsed = parseHar(text);
    if ('error' in parsed) throw new RecordingFileError(`--record ${path}: ${parsed.error}; pick another file or remove it`);
    har.log.entries.push(...parsed.entries);
  }
  const file = keeper(() => writePrivate(path, `${JSON.stringify(har, null, 2)}\n`), options.log ?? console.error);
  return {
    ...file,
    record(exchange) {
      har.log.entries.push(toHarEntry(exchange, options.secrets));
      file.changed();
    },
    size: () => har.log.entries.length,
  };
}

/**
 * `--drift-report FILE`: the analyzer's report as JSON at FILE, and as JUnit XML beside it
 * (`drift.json` -> `drift.junit.xml`), written after each change and on flush.
 * @example
 * const report = driftReportFile('drift.json', analyzer);
 * report.changed();
 */
export function driftReportFile(path: string, analyzer: DriftAnalyzer, log: (line: string) => void = console.error): FileKeeper {
  return keeper(async () => {
    const report = analyzer.report();
    await writePrivate(path, `${JSON.stringify(report, null, 2)}\n`);
    await writePrivate(junitPath(path), driftJUnit(report));
  }, log);
}

/** Where the JUnit twin of a JSON report goes: `drift.json` -> `drift.junit.xml`. */
export function junitPath(path: string): string {
  return `${path.replace(/\.json$/i, '')}.junit.xml`;
}
