// Pact files on disk (docs/pact.md, "Files and the merge rule"): a recorder's pact merged into
// `DIR/<consumer>-workflow-api.json` with what the file holds already, so that several test files,
// workers and processes end in one file. The read, merge and write happen under a lock file beside
// it (created exclusively; one left by a process that died is taken over), and the file is replaced
// whole (files.ts): a reader never sees half of one, and no writer's interactions are lost.
import { constants } from 'node:fs';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { mergePacts, pactFileName, pactText, readKitPact, type PactFile } from '../app/pact.ts';
import { writeFileReplacing } from './files.ts';

/** How long a writer waits for another one's lock before it gives up (a merge takes milliseconds). */
const LOCK_WAIT_MS = 30_000;
/** A lock older than this is taken over even if its holder seems alive (a reused pid). */
const LOCK_STALE_MS = 120_000;

/** What writePactFile wrote. */
export interface WrittenPact {
  /** The file: `DIR/<consumer>-workflow-api.json`. */
  path: string;
  /** How many interactions the file holds now, the merged ones included. */
  interactions: number;
  /** How many of them this write added. */
  added: number;
}

/** The pact a writer merges in: a recorder (`mock.pact`, `handlers.pact`) or a file's content. */
export interface PactSource {
  readonly consumer: string;
  pact(): PactFile;
}

/**
 * Merges `source`'s pact into `DIR/<consumer>-workflow-api.json` (the folder and the file created
 * when missing), under a lock so that concurrent writers (Vitest's workers, Playwright's) never lose
 * each other's interactions. Throws an Error naming the file and the reason when the folder cannot
 * be made, the file there is no pact of that consumer (it is left as it is), or another writer
 * holds the lock for 30 s.
 *
 * @example
 * // A Vitest setup file: each test file's interactions merged into one file.
 * afterAll(async () => {
 *   await writePactFile('pacts', handlers.pact!);
 * });
 */
export async function writePactFile(dir: string, source: PactSource): Promise<WrittenPact> {
  const path = join(dir, pactFileName(source.consumer));
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new Error(
      `cannot write the pact to ${path}: cannot make the folder ${dir} (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  const release = await lockFile(`${path}.lock`);
  try {
    let existing: string | undefined;
    try {
      existing = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const mine = source.pact();
    const pacts = [mine];
    let before = 0;
    if (existing !== undefined) {
      const read = readKitPact(existing, source.consumer);
      if (!read.ok) throw new Error(`cannot merge the pact into ${path}: the file there ${read.error}`);
      before = read.value.interactions.length;
      pacts.unshift(read.value);
    }
    const merged = mergePacts(source.consumer, pacts);
    await writeFileReplacing(path, pactText(merged), 0o644);
    return { path, interactions: merged.interactions.length, added: merged.interactions.length - before };
  } finally {
    await release();
  }
}

/** Takes the lock file `lock` (O_EXCL, our pid in it), waiting for its holder; answers its release. */
async function lockFile(lock: string): Promise<() => Promise<void>> {
  const giveUp = Date.now() + LOCK_WAIT_MS;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      const file = await open(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW);
      await file.writeFile(String(process.pid));
      await file.close();
      return () => rm(lock, { force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new Error(`cannot write the pact: the folder of ${lock} does not exist`);
      if (code !== 'EEXIST') throw new Error(`cannot write the pact: cannot create ${lock} (${code})`);
    }
    const holder = await lockHolder(lock);
    if (holder === 'gone') continue;
    if (holder === 'stale') {
      await rm(lock, { force: true });
      continue;
    }
    if (Date.now() > giveUp)
      throw new Error(
        `cannot write the pact: ${lock} has been held by process ${holder} for ${LOCK_WAIT_MS / 1000} s; remove it if that process is gone`,
      );
    // Another writer is merging: its merge takes milliseconds, so wait a little and try again.
    await new Promise((done) => setTimeout(done, wait));
  }
}

/** Who holds `lock`: a live pid, 'stale' (its process is gone, or it is too old), or 'gone' (released meanwhile). */
async function lockHolder(lock: string): Promise<number | 'stale' | 'gone'> {
  let text: string;
  let modified: number;
  try {
    [text, modified] = await Promise.all([readFile(lock, 'utf8'), stat(lock).then((info) => info.mtimeMs)]);
  } catch {
    return 'gone';
  }
  const pid = Number(text);
  // Written right after the create: an empty file is a writer between the two steps.
  if (text === '') return Date.now() - modified > LOCK_STALE_MS ? 'stale' : 0;
  if (!Number.isInteger(pid) || pid <= 0 || Date.now() - modified > LOCK_STALE_MS) return 'stale';
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? 'stale' : pid;
  }
}
