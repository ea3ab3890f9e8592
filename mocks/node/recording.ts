// The files of the mock beside the real service (docs/upstream.md): `--record FILE`, a HAR 1.2 log
// the upstream exchanges are appended to, and `--drift-report FILE`, the drift report as JSON and
// JUnit XML. Both mode 0600 (a recording is redacted, but it is still someone's traffic).
// The report is small (its lists are capped, openapi/drift.ts) and rewritten whole, a new file
// renamed over the old (files.ts), at most one write at a time, coalescing the changes meanwhile.
// The recording is never held whole nor rewritten: its file is a fixed head, the entries, and a
// fixed tail `\n]}}\n`; each batch of entries is written at the tail's offset followed by the tail
// again, in one positional write, so between writes the file is always a whole HAR log. At
// `--record-max` bytes the file is moved to FILE.1 (FILE.1 to FILE.2, ... the oldest of
// RECORD_KEEP dropped) and a new FILE begins, with one log line; the server answers on throughout.
import { lstat, open, readFile, rename, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { DEFAULT_RECORD_MAX_BYTES } from '../common/defaults.ts';
import { driftJUnit } from '../../openapi/drift-report.ts';
import type { DriftAnalyzer } from '../../openapi/drift.ts';
import { type Exchange, toHarEntry } from '../upstream/har.ts';
import { parseHar } from '../upstream/parse-har.ts';
import { EXCLUSIVE, temporaryBeside, unwritableReason, writeFileReplacing } from './files.ts';

// Here, not in files.ts: its handle is a Node type, and files.ts is re-exported by the server's
// entry point, whose declarations a consumer without @types/node must still read.
interface FreshFile {
  file: FileHandle;
  /** Renames the file over its target. */
  install(): Promise<void>;
  /** Closes and removes it (a failed write). */
  discard(): Promise<void>;
}

/**
 * A new empty file beside `path` (random name, exclusive, 0600 unless told) and how to put it in
 * place: `install()` renames it over `path`; the handle stays the file's, wherever it is renamed.
 * @example
 * const fresh = await createBeside('session.har');
 * await fresh.file.write(head);
 * await fresh.install();
 */
async function createBeside(path: string, mode = 0o600): Promise<FreshFile> {
  const temporary = temporaryBeside(path);
  const file = await open(temporary, EXCLUSIVE, mode);
  return {
    file,
    install: () => rename(temporary, path),
    async discard() {
      await file.close().catch(() => {});
      await rm(temporary, { force: true });
    },
  };
}

/** A recording or report file that cannot be used: thrown before the server answers anything. */
export class RecordingFileError extends Error {
  override name = 'RecordingFileError';
}

/** Rotated recordings kept beside FILE: FILE.1 (the newest) to FILE.3. */
export const RECORD_KEEP = 3;
/** Entries waiting for the disk at most; past it an exchange is dropped (and counted in the log), never waited for. */
const QUEUE_MAX_BYTES = 16 * 1024 * 1024;
const TAIL = Buffer.from('\n]}}\n');

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

export interface HarRecorder {
  /** Queues one exchange, redacted, for the file. Cheap and never throws: a failure is a log line. */
  record(exchange: Exchange): void;
  /** Entries in the current file (those it held at start included; a rotation starts again at 0). */
  size(): number;
  /** Resolves once every queued exchange is on disk (or its failure logged). */
  flush(): Promise<void>;
  /** Flushes and lets the file go. */
  close(): Promise<void>;
}

/**
 * Opens `--record FILE`: the entries already there are kept and new ones appended; a file that is
 * not a HAR log, a link, or a path whose folder is missing or unwritable stops the start
 * (RecordingFileError, naming the path and the reason) and is left untouched.
 * @example
 * const recorder = await openHarRecorder('session.har', { secrets: secretFields(document), creator: { name: 'workflow-api-mock-kit', version } });
 * recorder.record(exchange);
 * await recorder.flush();
 */
export async function openHarRecorder(
  path: string,
  options: {
    secrets: ReadonlySet<string>;
    creator: { name: string; version: string };
    log?: (line: string) => void;
    /** Bytes before FILE is rotated; default DEFAULT_RECORD_MAX_BYTES. */
    maxBytes?: number;
  },
): Promise<HarRecorder> {
  const log = options.log ?? console.error;
  const maxBytes = options.maxBytes ?? DEFAULT_RECORD_MAX_BYTES;
  const refuse = (reason: string) => new RecordingFileError(`--record ${path}: ${reason}`);
  const unwritable = unwritableReason(path);
  if (unwritable !== undefined) throw refuse(unwritable);
  const held = await heldEntries(path, refuse, maxBytes);
  const head = Buffer.from(`{"log":{"version":"1.2","creator":${JSON.stringify(options.creator)},"entries":[`);
  const moved = `moved to ${path}.1, a new ${path} begins`;

  let file: FileHandle | undefined;
  /** Where the tail begins: the next entries go here. */
  let end = 0;
  let count = 0;
  const begin = async (entries: readonly string[]) => {
    const fresh = await createBeside(path);
    const text = Buffer.from(entries.map((entry, index) => `${index === 0 ? '' : ','}\n${entry}`).join(''));
    try {
      await fresh.file.write(Buffer.concat([head, text, TAIL]));
      await fresh.install();
    } catch (error) {
      await fresh.discard();
      throw error;
    }
    file = fresh.file;
    end = head.length + text.length;
    count = entries.length;
  };
  try {
    if (held !== undefined && held.bytes >= maxBytes) {
      await rotate(path);
      log(`[upstream] --record ${path} already held ${held.bytes} bytes (--record-max ${maxBytes}): ${moved}`);
      await begin([]);
    } else await begin(held?.entries ?? []);
  } catch (error) {
    throw refuse(`cannot be written (${codeOf(error)})`);
  }

  let queue: string[] = [];
  let queued = 0;
  let dropped = 0;
  /** A rotation failed (one log line said so), or the recorder was closed: nothing more is recorded. */
  let stopped = false;
  let writing: Promise<void> | undefined;

  const write = async (entries: string[]): Promise<void> => {
    // As many as fit under --record-max; an entry alone in a new file is written whatever its size.
    let taken = 0;
    let bytes = 0;
    for (const entry of entries) {
      const more = Buffer.byteLength(entry) + (count + taken === 0 ? 1 : 2);
      if (count + taken > 0 && end + bytes + more + TAIL.length > maxBytes) break;
      bytes += more;
      taken += 1;
    }
    if (taken === 0) {
      await file!.close();
      file = undefined;
      try {
        await rotate(path);
        await begin([]);
      } catch (error) {
        stopped = true;
        log(
          `[upstream] --record ${path} reached --record-max (${maxBytes} bytes) and could not move to ${path}.1 ` +
            `(${codeOf(error)}): recording stops here; answers go on`,
        );
        return;
      }
      log(`[upstream] --record ${path} reached --record-max (${maxBytes} bytes): ${moved} (keeping ${RECORD_KEEP})`);
      return write(entries);
    }
    const text = Buffer.from(
      entries
        .slice(0, taken)
        .map((entry, index) => `${count + index === 0 ? '' : ','}\n${entry}`)
        .join(''),
    );
    const at = end;
    try {
      await file!.write(Buffer.concat([text, TAIL]), 0, text.length + TAIL.length, at);
    } catch (error) {
      // Put the tail back where it was, so the file stays a whole HAR log without these entries.
      await file!.write(TAIL, 0, TAIL.length, at).catch(() => {});
      await file!.truncate(at + TAIL.length).catch(() => {});
      throw error;
    }
    end = at + text.length;
    count += taken;
    if (taken < entries.length) return write(entries.slice(taken));
  };
  const drain = async () => {
    while (queue.length > 0 && !stopped) {
      const entries = queue;
      queue = [];
      queued = 0;
      try {
        await write(entries);
      } catch (error) {
        log(`[upstream] --record ${path}: could not write ${entries.length} exchange(s): ${(error as Error).message}`);
      }
    }
  };
  const kick = () => {
    writing ??= drain().finally(() => {
      writing = undefined;
    });
  };

  return {
    record(exchange) {
      if (stopped) return;
      let entry: string;
      try {
        entry = JSON.stringify(toHarEntry(exchange, options.secrets));
      } catch (error) {
        log(`[upstream] --record ${path}: an exchange could not be recorded: ${(error as Error).message}`);
        return;
      }
      if (queued + entry.length > QUEUE_MAX_BYTES) {
        dropped += 1;
        // The first and every thousandth: a log line per dropped exchange would be a flood of its own.
        if (dropped === 1 || dropped % 1000 === 0) {
          log(`[upstream] --record ${path}: the disk is behind, ${dropped} exchange(s) not recorded so far`);
        }
        return;
      }
      queue.push(entry);
      queued += entry.length;
      kick();
    },
    size: () => count,
    async flush() {
      while (writing !== undefined) await writing;
    },
    async close() {
      while (writing !== undefined) await writing;
      // An exchange that arrives after the last write (the server is stopping) is not recorded.
      stopped = true;
      await file?.close();
      file = undefined;
    },
  };
}

type Refuse = (reason: string) => Error;

/** An I/O error's code (`ENOENT`), else its message. */
function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

interface Held {
  /** Each entry's JSON text. */
  entries: string[];
  bytes: number;
}

/**
 * The entries a recording already holds (each as its JSON text), or undefined when there is none.
 * A file of `maxBytes` or more is about to move to FILE.1 whole: only its head is read (a HAR log
 * starts `{"log":`), so a large one never costs its size in memory at start.
 */
async function heldEntries(path: string, refuse: Refuse, maxBytes: number): Promise<Held | undefined> {
  let stat: Awaited<ReturnType<typeof lstat>>;
  try {
    stat = await lstat(path);
  } catch {
    return undefined;
  }
  if (stat.isSymbolicLink()) throw refuse('is a symbolic link; name the file itself');
  if (!stat.isFile()) throw refuse('is not a file');
  if (stat.size === 0) return undefined;
  if (stat.size >= maxBytes) {
    const file = await open(path, 'r');
    const { buffer, bytesRead } = await file.read(Buffer.alloc(256), 0, 256, 0).finally(() => file.close());
    const start = buffer.subarray(0, bytesRead).toString('utf8');
    if (!/^\s*\{\s*"log"\s*:/.test(start)) throw refuse('not a HAR log; pick another file or remove it');
    return { entries: [], bytes: stat.size };
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw refuse((error as Error).message);
  }
  if (text.trim() === '') return undefined;
  const parsed = parseHar(text);
  if ('error' in parsed) throw refuse(`${parsed.error}; pick another file or remove it`);
  return { entries: parsed.entries.map((entry) => JSON.stringify(entry)), bytes: stat.size };
}

/** FILE -> FILE.1, FILE.1 -> FILE.2, ..., the oldest (FILE.RECORD_KEEP) replaced. */
async function rotate(path: string): Promise<void> {
  for (let n = RECORD_KEEP - 1; n >= 1; n--) await rename(`${path}.${n}`, `${path}.${n + 1}`).catch(() => {});
  await rename(path, `${path}.1`);
}

/**
 * `--drift-report FILE`: the analyzer's report as JSON at FILE, and as JUnit XML beside it
 * (`drift.json` -> `drift.junit.xml`), written after each change and on flush. A path whose folder
 * is missing or takes no new file throws RecordingFileError at once.
 * @example
 * const report = driftReportFile('drift.json', analyzer);
 * report.changed();
 */
export function driftReportFile(path: string, analyzer: DriftAnalyzer, log: (line: string) => void = console.error): FileKeeper {
  // Checked now, as --state is: a report that could never be written stops the start.
  const unwritable = unwritableReason(path);
  if (unwritable !== undefined) throw new RecordingFileError(`--drift-report ${path}: ${unwritable}`);
  return keeper(async () => {
    const report = analyzer.report();
    await writeFileReplacing(path, `${JSON.stringify(report, null, 2)}\n`);
    await writeFileReplacing(junitPath(path), driftJUnit(report));
  }, log);
}

/** Where the JUnit twin of a JSON report goes: `drift.json` -> `drift.junit.xml`. */
export function junitPath(path: string): string {
  return `${path.replace(/\.json$/i, '')}.junit.xml`;
}
