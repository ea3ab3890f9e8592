// Files written whole (docs/upstream.md, "Files"): a random name created with O_EXCL|O_NOFOLLOW, renamed over the
// target, so a planted link is never followed; and the start-up check that a path's folder takes a new file.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, openSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** Create a new file, never through a link: O_CREAT|O_EXCL|O_NOFOLLOW. */
export const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * A fresh name beside `path` that nobody can guess ahead of time.
 * @example
 * temporaryBeside('/tmp/rec.har'); // '/tmp/.rec.har.3f9a0c1e5b7d2a44.tmp'
 */
export function temporaryBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`);
}

/**
 * Writes `text` to `path` whole: a reader sees the old file or the new one, never half of one, and a
 * link at `path` or at any temporary name is never followed.
 * @example
 * await writeFileReplacing('drift.json', JSON.stringify(report), 0o600);
 */
export async function writeFileReplacing(path: string, text: string, mode = 0o600): Promise<void> {
  const temporary = temporaryBeside(path);
  const file = await open(temporary, EXCLUSIVE, mode);
  try {
    try {
      await file.writeFile(text);
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export interface WholeFileOptions {
  /** Default 0600. */
  mode?: number;
  /** fsync before the rename. */
  durable?: boolean;
}

/**
 * writeFileReplacing, synchronously, with an fsync before the rename when `durable` (the state
 * snapshot: the log is emptied right after, so the snapshot must be on disk first).
 * @example
 * writeFileReplacingSync('worlds.json', text, { durable: true });
 */
export function writeFileReplacingSync(path: string, text: string, options: WholeFileOptions = {}): void {
  const temporary = temporaryBeside(path);
  const file = openSync(temporary, EXCLUSIVE, options.mode ?? 0o600);
  try {
    try {
      writeFileSync(file, text);
      if (options.durable === true) fsyncSync(file);
    } finally {
      closeSync(file);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Why a file cannot be written at `path` (its folder is missing, no folder or takes no new file; the path is a
 * folder), or undefined: checked at start, so such a flag stops the start, not the first write or the exit.
 * @example
 * unwritableReason('missing/rec.har'); // 'the folder missing does not exist'
 */
export function unwritableReason(path: string): string | undefined {
  const folder = dirname(path);
  try {
    if (statSync(path).isDirectory()) return 'it is a folder';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return `${notAFolder(folder)} is not a folder`;
    if (code !== 'ENOENT') return `it cannot be read (${code})`;
  }
  try {
    if (!statSync(folder).isDirectory()) return `${folder} is not a folder`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `the folder ${folder} does not exist`;
    if (code === 'ENOTDIR') return `${notAFolder(folder)} is not a folder`;
    return `the folder ${folder} cannot be read (${code})`;
  }
  const probe = temporaryBeside(path);
  try {
    closeSync(openSync(probe, EXCLUSIVE, 0o600));
    rmSync(probe, { force: true });
  } catch (error) {
    return `the folder ${folder} does not take a new file (${(error as NodeJS.ErrnoException).code})`;
  }
  return undefined;
}

/** The first part of `folder` that exists and is not a folder (`notes.txt` of `notes.txt/a/b`). */
function notAFolder(folder: string): string {
  let at = folder;
  for (;;) {
    const parent = dirname(at);
    if (parent === at) return folder;
    try {
      if (!statSync(at).isDirectory()) return at;
    } catch {
      // Missing or under a file: look further up.
    }
    at = parent;
  }
}

const UNREADABLE: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
};

/**
 * Why a file could not be read, in words, with the absolute path it was looked for at: the one phrasing of the
 * command line's "cannot read" lines.
 * @example
 * unreadableReason('nope.har', Object.assign(new Error(), { code: 'ENOENT' })); // 'no such file (/home/me/nope.har)'
 */
export function unreadableReason(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const why = (code !== undefined && UNREADABLE[code]) || code || (error as Error).message;
  return `${why} (${resolve(path)})`;
}
