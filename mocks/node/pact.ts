// Pact files on disk (docs/pact.md, "Files and the merge rule"): a recorder's pact merged into its file under a
// lock file beside it, and replaced whole (files.ts), so no reader sees half a file and no writer's work is lost.
import { constants } from 'node:fs';
import { lstat, mkdir, open, readFile, readlink, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { consumerNameProblem, mergePacts, pactFileName, pactText, readKitPact, type PactFile } from '../app/pact.ts';
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
 * Merges `source`'s pact into `DIR/<consumer>-workflow-api.json` (folder made when missing; file 0600: it holds what
 * the consumer sent, redacted) under a lock, so concurrent writers (Vitest's, Playwright's workers) lose nothing.
 * Throws a TypeError for a consumer name that is no file name, and an Error naming the file and the reason when the
 * folder cannot be made, the file is no pact of that consumer (left as it is), the lock is no lock file or cannot be
 * read, or another writer holds it for 30 s. A failed merge writes the pact alone beside the file
 * (`<consumer>-workflow-api.unmerged-<time>-<pid>.json`), which the Error names: no interaction is lost.
 *
 * @example
 * // A Vitest setup file: each test file's interactions merged into one file.
 * afterAll(async () => {
 *   await writePactFile('pacts', handlers.pact!);
 * });
 */
export async function writePactFile(dir: string, source: PactSource): Promise<WrittenPact> {
  const problem = consumerNameProblem(source.consumer);
  if (problem !== undefined) throw new TypeError(`writePactFile: consumer ${problem}`);
  const path = join(dir, pactFileName(source.consumer));
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new Error(`cannot write the pact to ${path}: cannot make the folder ${dir} (${codeOf(error)})`);
  }
  const mine = source.pact();
  try {
    return await mergeInto(path, source.consumer, mine);
  } catch (error) {
    throw new Error(`${(error as Error).message}; ${await setAside(path, mine)}`);
  }
}

/** Merges `mine` into `consumer`'s file at `path` under its lock; throws an Error naming the file and the reason. */
async function mergeInto(path: string, consumer: string, mine: PactFile): Promise<WrittenPact> {
  const release = await lockFile(`${path}.lock`);
  try {
    const existing = await readFile(path, 'utf8').catch((error: unknown) => {
      if (codeOf(error) !== 'ENOENT') throw new Error(`cannot read the pact at ${path} (${codeOf(error)})`);
      return undefined;
    });
    const pacts = [mine];
    let before = 0;
    if (existing !== undefined) {
      const read = readKitPact(existing, consumer);
      if (!read.ok) {
        // What a link points to is named, never what it holds: a file linked by mistake may hold secrets.
        const link = await readlink(path).catch(() => undefined);
        const there = link === undefined ? 'the file there' : `the file there (a link to ${link})`;
        throw new Error(`cannot merge the pact into ${path}: ${there} ${read.error}`);
      }
      before = read.value.interactions.length;
      pacts.unshift(read.value);
    }
    const merged = mergePacts(consumer, pacts);
    await writeFileReplacing(path, pactText(merged), 0o600);
    return { path, interactions: merged.interactions.length, added: merged.interactions.length - before };
  } finally {
    await release();
  }
}

/** Writes `pact` alone beside `path`, under a name no other write takes; says where, or why it could not. */
async function setAside(path: string, pact: PactFile): Promise<string> {
  if (pact.interactions.length === 0) return 'this run recorded no interaction';
  const one = pact.interactions.length === 1;
  const count = `this run's ${pact.interactions.length} interaction${one ? '' : 's'}`;
  const aside = path.replace(/\.json$/, `.unmerged-${Date.now()}-${process.pid}.json`);
  try {
    await writeFileReplacing(aside, pactText(pact), 0o600);
    return `${count} ${one ? 'is' : 'are'} in ${aside}`;
  } catch (error) {
    return `${count} could not be written to ${aside} either (${codeOf(error)})`;
  }
}

const codeOf = (error: unknown): string =>
  (error as NodeJS.ErrnoException).code ?? (error as Error).message ?? String(error);

/**
 * Takes the lock file `lock` (O_EXCL, our pid in it), waiting for its holder up to LOCK_WAIT_MS; answers its
 * release. A lock that is no file this code makes (a folder, a link) or cannot be read fails at once.
 */
async function lockFile(lock: string): Promise<() => Promise<void>> {
  const giveUp = Date.now() + LOCK_WAIT_MS;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      const file = await open(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW);
      await file.writeFile(String(process.pid));
      await file.close();
      return () => rm(lock, { force: true });
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ENOENT') throw new Error(`cannot write the pact: the folder of ${lock} does not exist`);
      if (code !== 'EEXIST') throw new Error(`cannot write the pact: cannot create ${lock} (${code})`);
    }
    const holder = await lockHolder(lock);
    if (Date.now() > giveUp)
      throw new Error(
        `cannot write the pact: ${lock} has been held${typeof holder === 'number' ? ` by process ${holder}` : ''} for ${LOCK_WAIT_MS / 1000} s; remove it if no writer is running`,
      );
    if (holder === 'stale') await rm(lock, { force: true });
    // Another writer is merging: its merge takes milliseconds, so wait a little and try again.
    else if (holder !== 'gone') await new Promise((done) => setTimeout(done, wait));
  }
}

/** Who holds `lock`: a live pid, 'stale' (dead or too old) or 'gone'; throws when it is no readable regular file. */
async function lockHolder(lock: string): Promise<number | 'stale' | 'gone'> {
  let text: string;
  let modified: number;
  try {
    const info = await lstat(lock);
    if (!info.isFile()) {
      const kind = info.isDirectory() ? 'a folder' : info.isSymbolicLink() ? 'a link' : 'not a file';
      throw new Error(`cannot write the pact: the lock ${lock} is ${kind}, not a lock file; remove it`);
    }
    modified = info.mtimeMs;
    const file = await open(lock, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      text = await file.readFile('utf8');
    } finally {
      await file.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'gone';
    if (code === undefined) throw error;
    throw new Error(`cannot write the pact: cannot read the lock ${lock} (${code}); remove it if no writer is running`);
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
