// `serve --state FILE` (docs/worlds.md, "State across restarts"): the store's worlds in the one
// snapshot format (mocks/store/snapshot.ts, shared with the browser persistence), restored at
// start and written with write-and-rename (a new file beside the old one, then renamed over it,
// so the file is always a whole snapshot: the old one or the new one) on an interval when
// something changed, on `POST /__mock/snapshot`, and when the server stops. A file that cannot be
// restored exactly stops the start with a clear error and is never overwritten.
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ok, type Result } from '../errors.ts';
import type { SavedState } from '../app/control.ts';
import type { Store } from '../store/index.ts';

import { STATE_INTERVAL_MS } from '../defaults.ts';

/** Why a state file cannot be restored: the start stops (exit 1) and the file is left as it is. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

export interface StateKeeper {
  /** Writes every world now (writes never overlap: one waits for the other). */
  save(): Promise<Result<SavedState>>;
  /** Something may have changed: the next interval writes. */
  touch(): void;
  /** Stops the interval and writes a last time. */
  stop(): Promise<void>;
}

/** The file's text, or undefined when there is none yet (the first save creates it). */
export async function readStateFile(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateFileError(`cannot read the state file ${path}: ${(error as Error).message}`);
  }
}

/** Restores `text` into `store`, or throws StateFileError naming the file and what is wrong with it. */
export function restoreState(path: string, text: string, store: Store): string[] {
  const restored = store.restore(text);
  if (!restored.ok) {
    throw new StateFileError(
      `cannot restore the state file ${path} (${restored.error.code}): ${restored.error.message}. The file was left untouched; move it away or fix it to start`,
    );
  }
  return restored.value.tokens;
}

/** Writes `text` to `path` through a temporary file in the same folder and a rename. */
async function writeAtomically(path: string, text: string): Promise<number> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const file = await open(temporary, 'w');
  try {
    await file.writeFile(text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return Buffer.byteLength(text);
}

/**
 * Keeps `store` in `path`: writes when touched, every `intervalMs`, and on `save()`/`stop()`.
 *
 * @example
 * const keeper = keepState({ path: 'worlds.json', store: mock.store });
 * await keeper.save(); // { ok: true, value: { path: 'worlds.json', worlds: 3, bytes: 61234 } }
 */
export function keepState(options: { path: string; store: Store; intervalMs?: number; log?: (line: string) => void }): StateKeeper {
  const { path, store } = options;
  let changed = false;
  let last: Promise<unknown> = Promise.resolve();
  const save = (): Promise<Result<SavedState>> => {
    const run = last.then(async (): Promise<Result<SavedState>> => {
      changed = false;
      const snapshot = store.snapshot();
      const bytes = await writeAtomically(path, JSON.stringify(snapshot));
      return ok({ path, worlds: snapshot.worlds.length, bytes });
    });
    last = run.catch(() => undefined);
    return run;
  };
  const timer = setInterval(() => {
    if (!changed) return;
    save().catch((error: unknown) => options.log?.(`[state] could not write ${path}: ${(error as Error).message}`));
  }, options.intervalMs ?? STATE_INTERVAL_MS);
  timer.unref();
  return {
    save,
    touch: () => {
      changed = true;
    },
    async stop() {
      clearInterval(timer);
      await save();
    },
  };
}
