// `serve --state FILE` (docs/worlds.md, "State across restarts"): FILE, a snapshot with hashed tokens, and FILE.log,
// one line per accepted write before its answer leaves; what cannot be restored exactly stops the start untouched.
import { constants } from 'node:buffer';
import { createHmac, randomBytes } from 'node:crypto';
import {
  closeSync,
  fchmodSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { SavedState } from '../app/control.ts';
import type { ExchangeListener } from '../app/exchange.ts';
import { STATE_INTERVAL_MS } from '../common/defaults.ts';
import { apiError, ok, type ApiError, type Result } from '../common/errors.ts';
import {
  patchable,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  snapshotView,
  trackChanges,
  type World,
  worldPatch,
  type WorldPatch,
  type WorldSnapshot,
} from '../store/world/index.ts';
import { isObject } from '../../openapi/json.ts';
import type { Store } from '../store/index.ts';
import { writeFileReplacingSync } from './files.ts';
import { lockStateFile, StateLockedError, type StateLock } from './state-lock.ts';

// Tokens are stored as HMAC-SHA256(key, token): tokens are guessable, so the hash is keyed. The key is STATE_KEY,
// else FILE.key beside the file (32 bytes, mode 0600).
interface TokenHasher {
  /** HMAC-SHA256 of the token, hex. */
  hash(token: string): string;
  /** Names the key without revealing it (stored in the snapshot: another key is refused with a clear message). */
  readonly keyId: string;
  /** Where the key came from, for messages. */
  readonly source: string;
}

function tokenHasher(key: string | Buffer, source: string): TokenHasher {
  return {
    hash: (token) => createHmac('sha256', key).update(token).digest('hex'),
    keyId: createHmac('sha256', key).update('workflow-api-mock-kit/state-key-id').digest('hex').slice(0, 16),
    source,
  };
}

/** `fromEnv` (STATE_KEY) when given, else `path`.key, made on first use; throws with the system's code when it cannot. */
function stateKey(path: string, fromEnv?: string): TokenHasher {
  if (fromEnv !== undefined && fromEnv !== '') return tokenHasher(fromEnv, 'STATE_KEY');
  const file = `${path}.key`;
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(file, 'utf8').trim();
  if (key === '') throw Object.assign(new Error(`the key file ${file} is empty`), { code: 'EKEYEMPTY' });
  return tokenHasher(key, file);
}

/** Why the state file cannot be used: the start stops (exit 1) and the files are left as they are. */
class StateFileError extends Error {
  override name = 'StateFileError';
}

const LOG_FORMAT = 'workflow-api-mock-kit/state-log';
const LOG_VERSION = 1;
/** Version 1 with each `token` as `tokenHash` (TokenHasher); version 1 files are restored, then rewritten hashed. */
const STATE_VERSION = 2;

type FileWorld = Omit<WorldSnapshot, 'token'> & { tokenHash: string };

function toFile(world: WorldSnapshot, tokenHash: string): FileWorld {
  const { token: _token, ...rest } = world;
  return { tokenHash, ...rest };
}

function fromFile(world: FileWorld): WorldSnapshot {
  const { tokenHash, ...rest } = world;
  return { token: tokenHash, ...rest } as WorldSnapshot;
}

/** The longest FILE.log line read: V8's longest string, which bounds the kit's JSON.stringify too; refused by line. */
const LOG_LINE_MAX_BYTES = constants.MAX_STRING_LENGTH;

/** One line of FILE.log after its header: what one accepted write left in one world. */
type LogRecord = { w: string; full: FileWorld } | { w: string; patch: WorldPatch } | { w: string; gone: true };

/** An opened state file: locked, writable, read; restored into a store by keepState. */
export interface OpenedState {
  path: string;
  /**
   * What to restore: nothing; hashed worlds with the log applied (store.restoreHashed); or for store.restore, which
   * migrates the one and names what is wrong with the other, a previous release's file or text that does not parse.
   */
  restored: { hashed: unknown } | { clear: unknown } | undefined;
  hasher: TokenHasher;
  /** Generation of the log read at start (the next compaction covers it). */
  generation: number;
  /** What of the log was dropped at start (an unfinished last line), for the keeper to report. */
  dropped?: string;
  fd: number;
  lock: StateLock;
  /** The store's `onEvict`, noted for the keeper's next record (the store is built before the keeper). */
  evicted(token: string): void;
  /** Tokens evicted since the keeper's last record. */
  evictions: Set<string>;
}

export type StateKeeper = ReturnType<typeof keepState>;

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
  return apiError(
    'state_write_failed',
    `Could not write the state file: ${reason(error)}. ${what} The server's log names the file.`,
    code === undefined ? {} : { errno: code },
  );
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
export async function openState(path: string, key?: string): Promise<OpenedState> {
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
    throw new StateFileError(
      `cannot write the state file ${path} (in ${dirname(resolve(path))}): ${reason(error)}. Nothing was started`,
    );
  }
  try {
    let hasher: TokenHasher;
    try {
      hasher = stateKey(path, key);
    } catch (error) {
      throw new StateFileError(`cannot read or create the key of the state file (${path}.key): ${reason(error)}`);
    }
    const text = readText(path);
    const { lines, dropped } = readLog(fd, `${path}.log`);
    const { restored, generation } = replay(path, text, lines, hasher);
    const evictions = new Set<string>();
    const evicted = (token: string) => void evictions.add(token);
    const opened = { path, restored, generation, fd, lock, hasher, evictions, evicted };
    return dropped === undefined ? opened : { ...opened, dropped };
  } catch (error) {
    closeSync(fd);
    await lock.release();
    throw error;
  }
}

/**
 * FILE.log's complete lines, read a chunk at a time (the log may be longer than V8's longest string); a line
 * past LOG_LINE_MAX_BYTES is refused. A last line without its newline was never answered: left out, `dropped`.
 */
function readLog(fd: number, where: string): { lines: string[]; dropped?: string } {
  const lines: string[] = [];
  const chunk = Buffer.allocUnsafe(1 << 20);
  let position = 0; // of the chunk in the file
  let start = 0; // of the line being read
  const tooLong = () => {
    const longest = `${LOG_LINE_MAX_BYTES.toLocaleString('en-US')} bytes, the longest line a state log holds`;
    return new StateFileError(
      `cannot restore ${where}, line ${lines.length + 1}: longer than ${longest}. ${UNTOUCHED}`,
    );
  };
  for (;;) {
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) break;
    const view = chunk.subarray(0, read);
    for (let end = view.indexOf(0x0a); end !== -1; end = view.indexOf(0x0a, end + 1)) {
      if (position + end - start > LOG_LINE_MAX_BYTES) throw tooLong();
      lines.push(start >= position ? view.toString('utf8', start - position, end) : textAt(fd, start, position + end));
      start = position + end + 1;
    }
    position += read;
    if (position - start > LOG_LINE_MAX_BYTES) throw tooLong();
  }
  if (position === start) return { lines };
  const unfinished = `an unfinished last record (${position - start} bytes, no newline) was dropped`;
  const why = 'its write was never answered (the server stopped while writing it)';
  return { lines, dropped: `${where}, line ${lines.length + 1}: ${unfinished}; ${why}` };
}

function textAt(fd: number, start: number, end: number): string {
  const bytes = Buffer.allocUnsafe(end - start);
  let offset = 0;
  while (offset < bytes.length) {
    const read = readSync(fd, bytes, offset, bytes.length - offset, start + offset);
    if (read === 0) break; // cannot happen: the scan read these bytes
    offset += read;
  }
  return bytes.toString('utf8', 0, offset);
}

/** The snapshot with the log's records newer than it applied, ready for the store. */
function replay(
  path: string,
  text: string | undefined,
  lines: readonly string[],
  hasher: TokenHasher,
): { restored: OpenedState['restored']; generation: number } {
  const where = (n: number) => `${path}.log, line ${n + 1}`;
  const generation = lines.length > 0 ? logGeneration(lines[0]!, where(0)) : 0;
  if (text === undefined) {
    if (lines.length > 1)
      throw new StateFileError(
        `cannot restore ${path}: its log holds writes but the snapshot they follow is missing. The files were left untouched`,
      );
    return { restored: undefined, generation };
  }
  let snapshot: Record<string, unknown>;
  try {
    snapshot = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { restored: { clear: text }, generation }; // store.restore names what is wrong with it
  }
  // null, a list, a number: not a snapshot, which store.restore says (restoreState names the file).
  if (!isObject(snapshot)) return { restored: { clear: snapshot }, generation };
  // The previous release's file (tokens in clear, no log): restored as it is, then rewritten hashed.
  if (snapshot.version === SNAPSHOT_VERSION && snapshot.tokens === undefined)
    return { restored: { clear: snapshot }, generation };
  if (snapshot.format !== SNAPSHOT_FORMAT) return { restored: { clear: snapshot }, generation };
  checkStateSnapshot(path, snapshot, hasher);
  const worlds = new Map<string, PatchableWorld>();
  for (const [i, world] of (snapshot.worlds as unknown[]).entries()) {
    if (!isFileWorld(world)) {
      const at = `the state file ${path}: worlds[${i}]`;
      throw new StateFileError(`cannot restore ${at} is not a world (no tokenHash). ${UNTOUCHED}`);
    }
    worlds.set(world.tokenHash, patchable(fromFile(world)));
  }
  const covered = typeof snapshot.log === 'number' ? snapshot.log : -1;
  if (generation > covered) applyLog(worlds, lines, where);
  const { format, seed } = snapshot;
  const restored = [...worlds.values()].map((world) => world.snapshot());
  return { restored: { hashed: { format, version: SNAPSHOT_VERSION, seed, worlds: restored } }, generation };
}

/** The generation the log's header names; StateFileError when the first line is no such header. */
function logGeneration(line: string, where: string): number {
  const header = parseLine(line, where) as { format?: unknown; version?: unknown; generation?: unknown };
  if (header.format !== LOG_FORMAT || header.version !== LOG_VERSION || !Number.isInteger(header.generation)) {
    const expected = `a ${LOG_FORMAT} version ${LOG_VERSION} header`;
    const untouched = 'The files were left untouched; move them away to start';
    throw new StateFileError(`cannot restore ${where}: not ${expected}. ${untouched}`);
  }
  return header.generation as number;
}

type PatchableWorld = ReturnType<typeof patchable>;

/** A worlds snapshot this release keeps state in: its version, its tokens hashed with this key. */
function checkStateSnapshot(path: string, snapshot: Record<string, unknown>, hasher: TokenHasher): void {
  if (snapshot.version !== STATE_VERSION || snapshot.tokens !== 'hmac-sha256' || !Array.isArray(snapshot.worlds)) {
    throw new StateFileError(
      `cannot restore the state file ${path}: it is a worlds snapshot of version ` +
        `${JSON.stringify(snapshot.version)}; this release reads version ${STATE_VERSION} (tokens as keyed hashes) ` +
        `and migrates version ${SNAPSHOT_VERSION} (the previous release's, tokens in clear). ` +
        'The file was left untouched; a newer release wrote it, ' +
        'or move it away to start afresh',
    );
  }
  if (snapshot.key !== hasher.keyId) {
    throw new StateFileError(
      `cannot restore the state file ${path}: its tokens were hashed with another key ` +
        `(${JSON.stringify(snapshot.key)}; ` +
        `this one, from ${hasher.source}, is "${hasher.keyId}"), so no token would find its world. ` +
        'Set STATE_KEY to the key it was written with, or move the file away. The file was left untouched',
    );
  }
}

/** The log's records after its header, applied in order to the snapshot's worlds (by token hash). */
function applyLog(worlds: Map<string, PatchableWorld>, lines: readonly string[], where: (n: number) => string): void {
  for (let n = 1; n < lines.length; n++) {
    const record = parseLine(lines[n]!, where(n));
    if (!isLogRecord(record)) {
      const shape = '{w, full|patch|gone}';
      throw new StateFileError(`cannot restore ${where(n)}: not a record of this log (${shape}). ${UNTOUCHED}`);
    }
    const hash = record.w;
    const current = worlds.get(hash);
    worlds.delete(hash);
    if ('gone' in record) continue;
    if ('full' in record) {
      worlds.set(hash, patchable(fromFile(record.full)));
    } else if (current !== undefined && 'patch' in record) {
      try {
        current.apply(record.patch);
      } catch (error) {
        const problem = (error as Error).message;
        throw new StateFileError(`cannot restore ${where(n)}: a damaged change (${problem}). ${UNTOUCHED}`);
      }
      worlds.set(hash, current);
    } else {
      const problem = 'a change to a world the log never wrote whole';
      throw new StateFileError(`cannot restore ${where(n)}: ${problem}. The files were left untouched`);
    }
  }
}

const UNTOUCHED = 'The files were left untouched; move them away or fix them to start';

function isFileWorld(value: unknown): value is FileWorld {
  return isObject(value) && typeof value.tokenHash === 'string';
}

/** A log line's shape (what the store then checks of the world it holds is its own business). */
function isLogRecord(value: unknown): value is LogRecord {
  if (!isObject(value) || typeof value.w !== 'string') return false;
  if ('gone' in value) return value.gone === true;
  if ('full' in value) return isFileWorld(value.full);
  const { patch } = value;
  const lists = (v: unknown) => v === undefined || (isObject(v) && Object.values(v).every(Array.isArray));
  return (
    isObject(patch) &&
    Array.isArray(patch.issued) &&
    (patch.random === null || isObject(patch.random)) &&
    lists(patch.set) &&
    lists(patch.deleted) &&
    lists(patch.all)
  );
}

function parseLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new StateFileError(
      `cannot restore ${where}: not JSON (damaged). The files were left untouched; move them away to start`,
    );
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

/** Restores what openState read into `store`: how many worlds; StateFileError naming the file and the problem. */
function restoreState(
  path: string,
  restored: NonNullable<OpenedState['restored']>,
  store: Store,
  hasher: TokenHasher,
): number {
  let result: ReturnType<Store['restore']> | ReturnType<Store['restoreHashed']>;
  try {
    result = 'hashed' in restored ? store.restoreHashed(restored.hashed, hasher.hash) : store.restore(restored.clear);
  } catch (error) {
    // The store refuses what it can name; anything else is still this file's damage, not a crash.
    throw new StateFileError(`cannot restore the state file ${path}: ${(error as Error).message}. ${UNTOUCHED}`);
  }
  if (!result.ok) {
    throw new StateFileError(
      `cannot restore the state file ${path} (${result.error.code}): ${result.error.message}. The file was left untouched; move it away or fix it to start`,
    );
  }
  return 'worlds' in result.value ? result.value.worlds : result.value.tokens.length;
}

/**
 * Keeps `store` in the opened state file: restores it (StateFileError when it cannot be restored
 * exactly), writes it whole at once (so a start with an unwritable file fails before serving), then
 * logs every accepted write (`commit`) and compacts every `intervalMs` when something changed.
 *
 * @example
 * const keeper = keepState({ opened: await openState('worlds.json'), store: storeOf(mock) });
 * keeper.commit('dev-token', 200); // after a request of the bearer dev-token, before its answer
 * await keeper.stop();
 */
export function keepState(options: {
  opened: OpenedState;
  store: Store;
  intervalMs?: number;
  log?: (line: string) => void;
}) {
  const { opened, store } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const { path, restored, hasher } = opened;
  const restoredWorlds = restored === undefined ? 0 : restoreState(path, restored, store, hasher);
  if (opened.dropped !== undefined) log(`[state] ${opened.dropped}`);
  if (restored !== undefined && 'clear' in restored && restoredWorlds > 0) {
    const rewritten = `${restoredWorlds} worlds restored and rewritten now with keyed hashes`;
    log(`[state] ${path}: a previous release's file, tokens in clear: ${rewritten}`);
  }
  const keeping: Keeping = { opened, store, log, generation: opened.generation, written: new Map(), changed: false };
  // The start: a snapshot of what was restored, which also proves the file can be written.
  try {
    compact(keeping);
  } catch (error) {
    throw new StateFileError(`cannot write the state file ${path}: ${reason(error)}. Nothing was started`);
  }
  const timer = setInterval(() => {
    if (keeping.changed) void save(keeping);
  }, options.intervalMs ?? STATE_INTERVAL_MS);
  timer.unref();
  return {
    /** Worlds restored at start. */
    restoredWorlds,
    /**
     * Appends what `token`'s request left in its world before its answer leaves (a 4xx in a world the log does not
     * hold yet changed nothing); an error value when the write failed (the answer must not be a 2xx).
     */
    commit: (token: string | undefined, status: number) => commit(keeping, token, status),
    /** Writes every world now and empties the log (a compaction). */
    save: () => save(keeping),
    /** Says where the server listens to a second server that asks for the file (state-lock.ts). */
    describe: (url: string) => opened.lock.describe(url),
    /** Stops the interval, writes a last time and lets the file go; rejects when that write failed. */
    stop: () => stop(keeping, timer),
  };
}

interface Keeping {
  opened: OpenedState;
  store: Store;
  log: (line: string) => void;
  /** The log's generation: the next compaction's snapshot says it covers it. */
  generation: number;
  /** The worlds the log holds whole since the last compaction, and how many IDs each had issued at its last record. */
  written: Map<string, { world: World; issued: number; hash: string }>;
  changed: boolean;
}

function append(fd: number, lines: string): void {
  const buffer = Buffer.from(lines);
  let offset = 0;
  while (offset < buffer.length) offset += writeSync(fd, buffer, offset);
}

/** Writes the snapshot covering the log (new file, fsync, rename), then starts the log afresh; synchronous. */
function compact(keeping: Keeping): SavedState {
  const { opened, store } = keeping;
  const { path, fd, hasher } = opened;
  const live = store.snapshot().worlds;
  // The worlds no token asked for since the start first: they are the least recently used.
  const asleep = store.setAside().map((world) => toFile(world, world.token));
  const worlds = [...asleep, ...live.map((world) => toFile(world, hasher.hash(world.token)))];
  const snapshot = {
    format: SNAPSHOT_FORMAT,
    version: STATE_VERSION,
    seed: store.seed,
    tokens: 'hmac-sha256',
    key: hasher.keyId,
    log: keeping.generation,
    worlds,
  };
  const text = JSON.stringify(snapshot);
  // A random name created exclusively, never through a link planted beside the file (files.ts).
  writeFileReplacingSync(path, text, { durable: true });
  keeping.generation += 1;
  ftruncateSync(fd, 0);
  append(fd, `${JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, generation: keeping.generation })}\n`);
  keeping.written.clear();
  opened.evictions.clear();
  for (const { token } of live) {
    const world = store.peek(token);
    if (world === undefined) continue;
    trackChanges(world);
    keeping.written.set(token, { world, issued: world.ctx.issued.size, hash: hasher.hash(token) });
  }
  keeping.changed = false;
  return { path, worlds: snapshot.worlds.length, bytes: Buffer.byteLength(text) };
}

async function save(keeping: Keeping): Promise<Result<SavedState>> {
  try {
    return ok(compact(keeping));
  } catch (error) {
    keeping.log(`[state] could not write ${keeping.opened.path}: ${(error as Error).message}`);
    const kept = 'The worlds are still in memory and the log of writes since the last snapshot is kept.';
    return { ok: false, error: writeFailed(kept, error) };
  }
}

/** StateKeeper.commit: the evictions since the last record and what `token`'s request left, in one append. */
function commit(keeping: Keeping, token: string | undefined, status: number): Result<void> {
  const { opened, written } = keeping;
  const records: LogRecord[] = [];
  // Also for a world the log never wrote: the snapshot may hold it (set aside at start, woken since).
  for (const evicted of opened.evictions) {
    records.push({ w: written.get(evicted)?.hash ?? opened.hasher.hash(evicted), gone: true });
    written.delete(evicted);
  }
  opened.evictions.clear();
  if (token !== undefined) {
    const record = worldRecord(keeping, token, status);
    if (record !== undefined) records.push(record);
  }
  if (records.length === 0) return ok(undefined);
  try {
    append(opened.fd, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
    keeping.changed = true;
    return ok(undefined);
  } catch (error) {
    // What this record held is not in the log: the world's next record is written whole.
    if (token !== undefined) written.delete(token);
    keeping.log(`[state] could not append to ${opened.path}.log: ${(error as Error).message}`);
    const lost = 'The request was applied in memory but is not kept; it may be lost at the next restart.';
    return { ok: false, error: writeFailed(lost, error) };
  }
}

/** What `token`'s world needs in the log after a request: that it is gone, what changed, or all of it. */
function worldRecord(keeping: Keeping, token: string, status: number): LogRecord | undefined {
  const { store, written } = keeping;
  const world = store.peek(token);
  const logged = written.get(token);
  if (world === undefined) {
    written.delete(token);
    return logged === undefined ? undefined : { w: logged.hash, gone: true };
  }
  if (logged?.world === world) {
    const record = { w: logged.hash, patch: worldPatch(world, logged.issued) };
    logged.issued = world.ctx.issued.size;
    return record;
  }
  if (status >= 400 && logged === undefined) return undefined;
  // A world new to the log (seeded, reset or restored since): written whole.
  const hash = logged?.hash ?? keeping.opened.hasher.hash(token);
  const record = { w: hash, full: toFile(snapshotView(store.seed, [world]).worlds[0]!, hash) };
  trackChanges(world);
  written.set(token, { world, issued: world.ctx.issued.size, hash });
  return record;
}

/** StateKeeper.stop: a last compaction, then the file let go whatever happened to it. */
async function stop(keeping: Keeping, timer: ReturnType<typeof setInterval>): Promise<void> {
  const { opened } = keeping;
  clearInterval(timer);
  try {
    const saved = await save(keeping);
    if (!saved.ok) {
      throw new StateFileError(`could not write the state file ${opened.path} at exit: ${saved.error.body.error}`);
    }
  } finally {
    closeSync(opened.fd);
    await opened.lock.release();
  }
}

/**
 * The `--state` log's subscriber of the exchange hook (mocks/app/exchange.ts): a request that may
 * have changed its world is in FILE.log before its answer leaves, and when it cannot be, the answer
 * is the error, never the 2xx. `mock.control`'s calls are written at the next compaction.
 *
 * @example
 * mock.onExchange(logExchanges(keeper));
 */
export function logExchanges(keeper: StateKeeper): ExchangeListener {
  return (record) => {
    if (record.via !== 'request' || !record.worldChanged) return undefined;
    const logged = keeper.commit(record.session?.token, record.status);
    return logged.ok ? undefined : logged.error;
  };
}
