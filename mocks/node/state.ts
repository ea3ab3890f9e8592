// `serve --state FILE` (docs/worlds.md, "State across restarts"). Two files: FILE, a worlds
// snapshot (mocks/store/snapshot.ts, the format the browser persistence shares), and FILE.log, the
// log of accepted writes since that snapshot: before a write's answer leaves the server, what the
// write changed in its world (a WorldPatch: the entries it set or deleted, the world's generator
// and issued IDs), the world whole when the log has none of it yet, or that the world is gone (an
// eviction). A record is one line appended with one write(2): once it returns, the line is in the
// kernel, and it survives the process being killed (kill -9); it is not fsync'ed, so a power cut
// may lose the last seconds (docs/worlds.md says why). A compaction (every --state-interval when
// something changed, POST /__mock/snapshot, the start and the stop) writes the snapshot
// (new file, fsync, rename) and empties the log; the snapshot names the log generation it covers,
// so a crash between the two never applies a record twice. At start the snapshot and then the log
// are restored; anything that cannot be restored exactly stops the start and is left untouched.
import { closeSync, fchmodSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { authenticate } from '../app/auth.ts';
import type { SavedState } from '../app/control.ts';
import { STATE_INTERVAL_MS } from '../defaults.ts';
import { apiError, ok, type ApiError, type Result } from '../errors.ts';
import type { Store, World } from '../store/index.ts';
import { patchable, snapshotView, trackChanges, worldPatch, type WorldPatch, type WorldSnapshot } from '../store/snapshot.ts';
import { lockStateFile, StateLockedError, type StateLock } from './state-lock.ts';

/** Why the state file cannot be used: the start stops (exit 1) and the files are left as they are. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

export const LOG_FORMAT = 'workflow-api-mock-kit/state-log';
export const LOG_VERSION = 1;

/** One line of FILE.log after its header: what one accepted write left in one world. */
type LogRecord = { w: string; full: WorldSnapshot } | { w: string; patch: WorldPatch } | { w: string; gone: true };

/** An opened state file: locked, writable, read; restored into a store by keepState. */
export interface OpenedState {
  path: string;
  /** The snapshot with the log applied (undefined: no state yet), as store.restore() takes it. */
  restored: unknown;
  /** Generation of the log read at start (the next compaction covers it). */
  generation: number;
  fd: number;
  lock: StateLock;
}

export interface StateKeeper {
  /** Worlds restored at start. */
  readonly restoredWorlds: number;
  /**
   * Appends what the request of `token` left in its world, before its answer leaves the server.
   * `status` is the answer's: a refused request (4xx) in a world the log does not hold yet changed
   * nothing worth a record. An error value when the write failed (the answer must not be a 2xx).
   */
  commit(token: string | undefined, status: number): Result<void>;
  /** The store evicted `token`'s world: the next record says so. */
  evicted(token: string): void;
  /** Writes every world now and empties the log (a compaction). */
  save(): Promise<Result<SavedState>>;
  /** Says where the server listens to a second server that asks for the file (state-lock.ts). */
  describe(url: string): void;
  /** Stops the interval, writes a last time and lets the file go; rejects when that write failed. */
  stop(): Promise<void>;
}

const CODE_MEANING: Record<string, string> = {
  ENOENT: 'the folder does not exist',
  EACCES: 'no permission',
  EPERM: 'no permission',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
};

/** An I/O error as a short reason without paths (they stay in the server's log). */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined ? 'an unexpected error' : `${CODE_MEANING[code] ?? 'an I/O error'} (${code})`;
}

function writeFailed(what: string, error: unknown): ApiError {
  const code = (error as NodeJS.ErrnoException).code;
  return apiError('state_write_failed', `Could not write the state file: ${reason(error)}. ${what} The server's log names the file.`, {
    ...(code === undefined ? {} : { errno: code }),
  });
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateFileError(`cannot read the state file ${path}: ${reason(error)}`);
  }
}

/**
 * Takes the state file `path` for this process: refuses it (StateFileError) when another server
 * holds it, when its folder cannot be written, or when the snapshot or its log cannot be read;
 * otherwise answers what to restore. Before the server listens: nothing is served on a refusal.
 *
 * @example
 * const opened = await openState('worlds.json');
 */
export async function openState(path: string): Promise<OpenedState> {
  let lock: StateLock;
  try {
    lock = await lockStateFile(path);
  } catch (error) {
    if (error instanceof StateLockedError) throw new StateFileError(error.message);
    throw new StateFileError(`cannot lock the state file ${path}: ${reason(error)}`);
  }
  const logPath = `${path}.log`;
  let fd: number;
  try {
    // Opening the log for appending is the proof that the folder can be written.
    fd = openSync(logPath, 'a+', 0o600);
    if ((fstatSync(fd).mode & 0o077) !== 0) fchmodSync(fd, 0o600);
  } catch (error) {
    await lock.release();
    throw new StateFileError(`cannot write the state file ${path} (in ${dirname(resolve(path))}): ${reason(error)}. Nothing was started`);
  }
  try {
    const text = readText(path);
    const { restored, generation } = replay(path, text, readFileSync(fd, 'utf8'));
    return { path, restored, generation, fd, lock };
  } catch (error) {
    closeSync(fd);
    await lock.release();
    throw error;
  }
}

/** The snapshot text with the log's records newer than it applied (or the text itself when there are none). */
function replay(path: string, text: string | undefined, log: string): { restored: unknown; generation: number } {
  const lines = log.split('\n');
  // The last line without its newline was being written when the process died: never answered.
  lines.pop();
  if (lines.length === 0) return { restored: text, generation: 0 };
  const where = (n: number) => `${path}.log, line ${n + 1}`;
  const header = parseLine(lines[0]!, where(0)) as { format?: unknown; version?: unknown; generation?: unknown };
  if (header.format !== LOG_FORMAT || header.version !== LOG_VERSION || !Number.isInteger(header.generation)) {
    throw new StateFileError(
      `cannot restore ${where(0)}: not a ${LOG_FORMAT} version ${LOG_VERSION} header. The files were left untouched; move them away to start`,
    );
  }
  const generation = header.generation as number;
  let snapshot: Record<string, unknown> | undefined;
  if (text !== undefined) {
    try {
      snapshot = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { restored: text, generation }; // store.restore names what is wrong with it
    }
  }
  const covered = typeof snapshot?.log === 'number' ? snapshot.log : -1;
  if (generation <= covered || lines.length === 1) return { restored: text, generation };
  if (snapshot === undefined || !Array.isArray(snapshot.worlds)) {
    throw new StateFileError(`cannot restore ${path}: its log holds writes but the snapshot they follow is missing or damaged. The files were left untouched`);
  }
  const worlds = new Map<string, ReturnType<typeof patchable>>();
  for (const world of snapshot.worlds as WorldSnapshot[]) worlds.set(world.token, patchable(world));
  for (let n = 1; n < lines.length; n++) {
    const record = parseLine(lines[n]!, where(n)) as LogRecord;
    const token = record.w;
    const current = worlds.get(token);
    worlds.delete(token);
    if ('gone' in record) continue;
    if ('full' in record) {
      worlds.set(token, patchable(record.full));
    } else if (current !== undefined && 'patch' in record) {
      current.apply(record.patch);
      worlds.set(token, current);
    } else {
      throw new StateFileError(`cannot restore ${where(n)}: a change to a world the log never wrote whole. The files were left untouched`);
    }
  }
  return { restored: { ...snapshot, worlds: [...worlds.values()].map((world) => world.snapshot()) }, generation };
}

function parseLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new StateFileError(`cannot restore ${where}: not JSON (damaged). The files were left untouched; move them away to start`);
  }
}

/**
 * Lets an opened state file go without keeping it (the start failed after openState).
 *
 * @example
 * await abandonState(opened);
 */
export async function abandonState(opened: OpenedState): Promise<void> {
  closeSync(opened.fd);
  await opened.lock.release();
}

/** Restores `snapshot`, or throws StateFileError naming the file and what is wrong with it. */
export function restoreState(path: string, snapshot: unknown, store: Store): string[] {
  const restored = store.restore(snapshot);
  if (!restored.ok) {
    throw new StateFileError(
      `cannot restore the state file ${path} (${restored.error.code}): ${restored.error.message}. The file was left untouched; move it away or fix it to start`,
    );
  }
  return restored.value.tokens;
}

/**
 * Keeps `store` in the opened state file: restores it (StateFileError when it cannot be restored
 * exactly), writes it whole at once (so a start with an unwritable file fails before serving), then
 * logs every accepted write (`commit`) and compacts every `intervalMs` when something changed.
 *
 * @example
 * const keeper = keepState({ opened: await openState('worlds.json'), store: mock.store });
 * keeper.commit('dev-token', 200); // after a request of the bearer dev-token, before its answer
 * await keeper.stop();
 */
export function keepState(options: { opened: OpenedState; store: Store; intervalMs?: number; log?: (line: string) => void }): StateKeeper {
  const { opened, store } = options;
  const { path, fd } = opened;
  const log = options.log ?? ((line: string) => console.error(line));
  const restoredWorlds = opened.restored === undefined ? 0 : restoreState(path, opened.restored, store).length;
  let generation = opened.generation;
  /** The worlds the log holds whole since the last compaction, and how many IDs each had issued at its last record. */
  const written = new Map<string, { world: World; issued: number }>();
  const gone = new Set<string>();
  let changed = false;

  const append = (lines: string): void => {
    const buffer = Buffer.from(lines);
    let offset = 0;
    while (offset < buffer.length) offset += writeSync(fd, buffer, offset);
  };

  /** Writes the snapshot (new file, fsync, rename) covering the log, then starts the log afresh. Synchronous: no write lands in between. */
  const compact = (): SavedState => {
    const snapshot = { ...store.snapshot(), log: generation };
    const text = JSON.stringify(snapshot);
    const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
    const file = openSync(temporary, 'w', 0o600);
    try {
      writeSync(file, text);
      fsyncSync(file);
    } finally {
      closeSync(file);
    }
    try {
      renameSync(temporary, path);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
    generation += 1;
    ftruncateSync(fd, 0);
    append(`${JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, generation })}\n`);
    written.clear();
    gone.clear();
    for (const world of snapshot.worlds) {
      const live = store.peek(world.token);
      if (live === undefined) continue;
      trackChanges(live);
      written.set(world.token, { world: live, issued: live.ctx.issued.size });
    }
    changed = false;
    return { path, worlds: snapshot.worlds.length, bytes: Buffer.byteLength(text) };
  };

  const save = async (): Promise<Result<SavedState>> => {
    try {
      return ok(compact());
    } catch (error) {
      log(`[state] could not write ${path}: ${(error as Error).message}`);
      return { ok: false, error: writeFailed('The worlds are still in memory and the log of writes since the last snapshot is kept.', error) };
    }
  };

  // The start: a snapshot of what was restored, which also proves the file can be written.
  try {
    compact();
  } catch (error) {
    throw new StateFileError(`cannot write the state file ${path}: ${reason(error)}. Nothing was started`);
  }

  const timer = setInterval(() => {
    if (changed) void save();
  }, options.intervalMs ?? STATE_INTERVAL_MS);
  timer.unref();

  return {
    restoredWorlds,
    commit(token, status) {
      const records: LogRecord[] = [];
      for (const evicted of gone) records.push({ w: evicted, gone: true });
      gone.clear();
      if (token !== undefined) {
        const world = store.peek(token);
        const logged = written.get(token);
        if (world === undefined) {
          if (logged !== undefined) records.push({ w: token, gone: true });
          written.delete(token);
        } else if (logged?.world === world) {
          records.push({ w: token, patch: worldPatch(world, logged.issued) });
          logged.issued = world.ctx.issued.size;
        } else if (status < 400 || logged !== undefined) {
          // A world new to the log (seeded, reset or restored since): written whole.
          records.push({ w: token, full: snapshotView(store.seed, [world]).worlds[0]! });
          trackChanges(world);
          written.set(token, { world, issued: world.ctx.issued.size });
        }
      }
      if (records.length === 0) return ok(undefined);
      try {
        append(`${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
        changed = true;
        return ok(undefined);
      } catch (error) {
        // What this record held is not in the log: the world's next record is written whole.
        if (token !== undefined) written.delete(token);
        log(`[state] could not append to ${path}.log: ${(error as Error).message}`);
        return { ok: false, error: writeFailed('The request was applied in memory but is not kept; it may be lost at the next restart.', error) };
      }
    },
    evicted(token) {
      if (written.delete(token)) gone.add(token);
    },
    save,
    describe: (url) => opened.lock.describe(url),
    async stop() {
      clearInterval(timer);
      try {
        const saved = await save();
        if (!saved.ok) throw new StateFileError(`could not write the state file ${path} at exit: ${saved.error.body.error}`);
      } finally {
        closeSync(fd);
        await opened.lock.release();
      }
    },
  };
}

/** The bearer token of a request's headers, when it has one (the world it may have changed). */
export function requestToken(headers: Record<string, string>): string | undefined {
  const credentials = authenticate(headers);
  return credentials.ok ? credentials.value.token : undefined;
}
