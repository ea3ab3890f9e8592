// The files beside the real service (docs/upstream.md, "Files"): `--record FILE`, a HAR log appended to (HarFile),
// and `--drift-report FILE` (JSON and JUnit), rewritten whole. Both 0600: a redacted recording is still traffic.
import { lstat, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { DEFAULT_RECORD_MAX_BYTES } from '../common/defaults.ts';
import { driftJUnit } from '../../openapi/drift-report.ts';
import type { DriftAnalyzer } from '../../openapi/drift.ts';
import { type Exchange, toHarEntry } from '../upstream/har.ts';
import { parseHar } from '../upstream/parse-har.ts';
import { EXCLUSIVE, temporaryBeside, unwritableReason, writeFileReplacing } from './files.ts';

/** A recording or report file that cannot be used: thrown before the server answers anything. */
export class RecordingFileError extends Error {
  override name = 'RecordingFileError';
}

/** Rotated recordings kept beside FILE: FILE.1 (the newest) to FILE.3. */
const RECORD_KEEP = 3;
/** Entries waiting for the disk at most; past it an exchange is dropped (and counted in the log), never waited for. */
const QUEUE_MAX_BYTES = 16 * 1024 * 1024;
const TAIL = Buffer.from('\n]}}\n');

export type FileKeeper = ReturnType<typeof keeper>;

/** One writer per file: a write in flight, and whether another is needed after it. */
function keeper(write: () => Promise<void>, log: (line: string) => void) {
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
    /** Something changed: written soon (one write at a time). */
    changed() {
      dirty = true;
      void run();
    },
    /** Writes now if anything changed; resolves once written. */
    async flush() {
      await running;
      await run();
    },
  };
}

/** What the upstream layer holds of a recording: HarFile's own methods. */
// Written out, not a Pick of HarFile: the class's declaration would ship Node's Buffer to every consumer.
export interface HarRecorder {
  record(exchange: Exchange): void;
  size(): number;
  /** Resolves once every queued exchange is on disk (or its failure logged). */
  flush(): Promise<void>;
  /** Flushes and lets the file go. */
  close(): Promise<void>;
}

/**
 * Opens `--record FILE`, appending to its entries; a file that is not a HAR log, a link, or a path whose folder is
 * missing or unwritable stops the start (RecordingFileError naming path and reason) and is left untouched.
 * @example
 * const creator = { name: 'workflow-api-mock-kit', version };
 * const recorder = await openHarRecorder('session.har', { secrets: secretFields(document), creator });
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
  const recording = new HarFile(path, head, { secrets: options.secrets, log, maxBytes });
  try {
    if (held !== undefined && held.bytes >= maxBytes) {
      await rotate(path);
      const full = `already held ${held.bytes} bytes (--record-max ${maxBytes})`;
      log(`[upstream] --record ${path} ${full}: ${recording.moved}`);
      await recording.begin([]);
    } else await recording.begin(held?.entries ?? []);
  } catch (error) {
    throw refuse(`cannot be written (${codeOf(error)})`);
  }
  return recording;
}

/**
 * A recording's file, never held whole nor rewritten: each batch of entries is written over the fixed tail
 * `\n]}}\n` followed by the tail again, in one positional write, so the file is always a whole HAR log.
 * At `maxBytes` it moves to FILE.1 (the oldest of RECORD_KEEP dropped) and a new FILE begins.
 */
class HarFile implements HarRecorder {
  readonly moved: string;
  private file: FileHandle | undefined;
  /** Where the tail begins: the next entries go here. */
  private end = 0;
  private count = 0;
  private queue: string[] = [];
  private queued = 0;
  private dropped = 0;
  /** A rotation failed (one log line said so), or the recorder was closed: nothing more is recorded. */
  private stopped = false;
  private writing: Promise<void> | undefined;
  private readonly path: string;
  private readonly head: Buffer;
  private readonly settings: { secrets: ReadonlySet<string>; log: (line: string) => void; maxBytes: number };

  constructor(path: string, head: Buffer, settings: HarFile['settings']) {
    this.path = path;
    this.head = head;
    this.settings = settings;
    this.moved = `moved to ${path}.1, a new ${path} begins`;
  }

  /** A new FILE holding `entries`: written beside it (random name, exclusive, 0600), then renamed over it. */
  async begin(entries: readonly string[]): Promise<void> {
    const temporary = temporaryBeside(this.path);
    const file = await open(temporary, EXCLUSIVE, 0o600);
    const text = Buffer.from(entries.map((entry, index) => `${index === 0 ? '' : ','}\n${entry}`).join(''));
    try {
      await file.write(Buffer.concat([this.head, text, TAIL]));
      await rename(temporary, this.path);
    } catch (error) {
      await file.close().catch(() => {});
      await rm(temporary, { force: true });
      throw error;
    }
    // The handle stays the file's once it is renamed.
    this.file = file;
    this.end = this.head.length + text.length;
    this.count = entries.length;
  }

  record(exchange: Exchange): void {
    if (this.stopped) return;
    const { path } = this;
    const { log } = this.settings;
    let entry: string;
    try {
      entry = JSON.stringify(toHarEntry(exchange, this.settings.secrets));
    } catch (error) {
      log(`[upstream] --record ${path}: an exchange could not be recorded: ${(error as Error).message}`);
      return;
    }
    if (this.queued + entry.length > QUEUE_MAX_BYTES) {
      this.dropped += 1;
      // The first and every thousandth: a log line per dropped exchange would be a flood of its own.
      if (this.dropped === 1 || this.dropped % 1000 === 0) {
        log(`[upstream] --record ${path}: the disk is behind, ${this.dropped} exchange(s) not recorded so far`);
      }
      return;
    }
    this.queue.push(entry);
    this.queued += entry.length;
    this.writing ??= this.drain().finally(() => {
      this.writing = undefined;
    });
  }

  size(): number {
    return this.count;
  }

  async flush(): Promise<void> {
    while (this.writing !== undefined) await this.writing;
  }

  async close(): Promise<void> {
    await this.flush();
    // An exchange that arrives after the last write (the server is stopping) is not recorded.
    this.stopped = true;
    await this.file?.close();
    this.file = undefined;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const entries = this.queue;
      this.queue = [];
      this.queued = 0;
      try {
        await this.write(entries);
      } catch (error) {
        const lost = `could not write ${entries.length} exchange(s)`;
        this.settings.log(`[upstream] --record ${this.path}: ${lost}: ${(error as Error).message}`);
      }
    }
  }

  /** Appends as many of `entries` as fit under maxBytes, rotating when none does, then the rest. */
  private async write(entries: string[]): Promise<void> {
    const taken = this.fitting(entries);
    if (taken === 0) return (await this.rotateFull()) ? this.write(entries) : undefined;
    const text = Buffer.from(
      entries
        .slice(0, taken)
        .map((entry, index) => `${this.count + index === 0 ? '' : ','}\n${entry}`)
        .join(''),
    );
    const file = this.file!;
    const at = this.end;
    try {
      await file.write(Buffer.concat([text, TAIL]), 0, text.length + TAIL.length, at);
    } catch (error) {
      // Put the tail back where it was, so the file stays a whole HAR log without these entries.
      await file.write(TAIL, 0, TAIL.length, at).catch(() => {});
      await file.truncate(at + TAIL.length).catch(() => {});
      throw error;
    }
    this.end = at + text.length;
    this.count += taken;
    if (taken < entries.length) return this.write(entries.slice(taken));
  }

  /** How many of `entries` fit under maxBytes; an entry alone in a new file is written whatever its size. */
  private fitting(entries: readonly string[]): number {
    let taken = 0;
    let bytes = 0;
    for (const entry of entries) {
      const more = Buffer.byteLength(entry) + (this.count + taken === 0 ? 1 : 2);
      if (this.count + taken > 0 && this.end + bytes + more + TAIL.length > this.settings.maxBytes) break;
      bytes += more;
      taken += 1;
    }
    return taken;
  }

  /** FILE is full: moved to FILE.1 and begun afresh; false (and recording stopped) when that failed. */
  private async rotateFull(): Promise<boolean> {
    const { path } = this;
    const { log, maxBytes } = this.settings;
    await this.file!.close();
    this.file = undefined;
    try {
      await rotate(path);
      await this.begin([]);
    } catch (error) {
      this.stopped = true;
      log(
        `[upstream] --record ${path} reached --record-max (${maxBytes} bytes) and could not move to ${path}.1 ` +
          `(${codeOf(error)}): recording stops here; answers go on`,
      );
      return false;
    }
    log(`[upstream] --record ${path} reached --record-max (${maxBytes} bytes): ${this.moved} (keeping ${RECORD_KEEP})`);
    return true;
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/**
 * The entries a recording holds (as JSON texts), or undefined when there is none. A file of `maxBytes` or more
 * moves to FILE.1 whole: only its head is read, so a large one costs no memory at start.
 */
async function heldEntries(
  path: string,
  refuse: (reason: string) => Error,
  maxBytes: number,
): Promise<{ entries: string[]; bytes: number } | undefined> {
  const stat = await lstat(path).catch(() => undefined);
  if (stat === undefined) return undefined;
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
  const text = await readFile(path, 'utf8').catch((error: Error) => {
    throw refuse(error.message);
  });
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
 * `--drift-report FILE`: the report as JSON at FILE and JUnit XML beside it (`drift.json` -> `drift.junit.xml`),
 * written after each change and on flush; a folder missing or taking no new file throws RecordingFileError now.
 * @example
 * const report = driftReportFile('drift.json', analyzer);
 * report.changed();
 */
export function driftReportFile(
  path: string,
  analyzer: DriftAnalyzer,
  log: (line: string) => void = console.error,
): FileKeeper {
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
