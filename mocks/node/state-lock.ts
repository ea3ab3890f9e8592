// One server per state file (docs/worlds.md, "State across restarts"): the holder listens on a local socket named
// after the file, which the kernel closes when the process dies, so a crashed holder leaves no lock behind.
import { createHash } from 'node:crypto';
import { realpath, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

/** Who holds a state file: what the holder answers on its lock. */
export interface LockHolder {
  pid: number;
  /** ISO time the holder started. */
  started: string;
  /** Where the holder serves, when it has said so. */
  url?: string;
}

export type StateLock = Awaited<ReturnType<typeof lockStateFile>>;

/** The state file is held by another live server (`holder`). */
export class StateLockedError extends Error {
  override name = 'StateLockedError';
  readonly holder: LockHolder | undefined;
  constructor(path: string, holder: LockHolder | undefined) {
    const who =
      holder === undefined
        ? 'another process (it did not say who)'
        : `another server: pid ${holder.pid}, started ${holder.started}${holder.url === undefined ? '' : `, serving ${holder.url}`}`;
    super(
      `the state file ${path} is in use by ${who}. One server per state file: stop that one, or give this one another --state FILE`,
    );
    this.holder = holder;
  }
}

/** The socket address for `path`: one per file (its folder's real path and its name), short enough for any platform. */
async function lockAddress(path: string): Promise<{ address: string; file: boolean }> {
  const absolute = resolve(path);
  const folder = await realpath(dirname(absolute)).catch(() => dirname(absolute));
  const id = createHash('sha256')
    .update(join(folder, basename(absolute)))
    .digest('hex')
    .slice(0, 32);
  if (process.platform === 'linux') return { address: `\0workflow-api-mock-kit/state/${id}`, file: false };
  if (process.platform === 'win32') return { address: `\\\\?\\pipe\\workflow-api-mock-kit-state-${id}`, file: false };
  return { address: join(tmpdir(), `workflow-api-mock-kit-${id}.sock`), file: true };
}

function listen(server: Server, address: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((done) => {
    server.once('error', (error: NodeJS.ErrnoException) => done(error));
    server.listen(address, () => {
      server.removeAllListeners('error');
      done(undefined);
    });
  });
}

/** What the process on `address` says it is; undefined when nobody answers (ECONNREFUSED: a stale socket file). */
function ask(address: string): Promise<{ holder?: LockHolder } | undefined> {
  return new Promise((done) => {
    const socket = createConnection(address);
    let text = '';
    socket.setEncoding('utf8');
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? undefined : {}),
    );
    socket.on('close', () => {
      try {
        const holder = JSON.parse(text) as LockHolder;
        done(Number.isInteger(holder.pid) ? { holder } : {});
      } catch {
        done({});
      }
    });
  });
}

/**
 * Takes the lock of the state file `path`, or throws StateLockedError naming the live holder.
 *
 * @example
 * const lock = await lockStateFile('worlds.json');
 * lock.describe('http://127.0.0.1:4010/v1');
 * await lock.release();
 */
export async function lockStateFile(path: string, started = new Date()) {
  const { address, file } = await lockAddress(path);
  const me: LockHolder = { pid: process.pid, started: started.toISOString() };
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.end(JSON.stringify(me));
  });
  // The lock must never keep a stopped server's process alive.
  server.unref();
  for (let attempt = 0; ; attempt++) {
    const error = await listen(server, address);
    if (error === undefined) break;
    if (error.code !== 'EADDRINUSE') throw error;
    const answer = await ask(address);
    if (answer !== undefined) throw new StateLockedError(path, answer.holder);
    // Nobody answers: a socket file left by a holder that died (not on Linux or Windows).
    if (!file || attempt > 0) throw new StateLockedError(path, undefined);
    await rm(address, { force: true });
  }
  return {
    /** Tells the holder's URL to whoever asks next (known once the server listens). */
    describe(url: string): void {
      me.url = url;
    },
    release: () => new Promise<void>((done) => server.close(() => done())),
  };
}
