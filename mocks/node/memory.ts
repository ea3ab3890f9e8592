// What the node:http server does about V8's garbage collector (docs/performance.md).
//
// Evicted worlds are garbage that V8 collects late: it lets the old generation grow to a few times
// what survived its last full collection, so with 4,000 worlds kept a stream of new tokens took
// the server past 1 GB of RSS while its live heap stayed near 250 MB ("Worlds: memory and
// eviction"). The server therefore asks for a concurrent full collection after every `every`
// evictions; the marking runs beside the event loop, not in front of a request. The hook comes from
// V8's gc extension, reachable without a command-line flag through a fresh context; when it is not
// there, this does nothing.
//
// An idle server has no tick object alive, so V8's idle-time collection drops their hidden class,
// and after a few pauses every process.nextTick goes through V8's runtime ("The tick object's
// shape"). The server keeps one tick object for its life.
import { executionAsyncResource } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'async' | 'sync' }) => void;

/** V8's gc function, or undefined where it cannot be had. */
export function gcHook(): Collect | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const hook: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
    return typeof hook === 'function' ? (hook as Collect) : undefined;
  } catch {
    return undefined;
  }
}

/** Told of an eviction, with how much it counts (default 1). */
export type Evicted = (amount?: number) => void;

/**
 * An `onEvict` for the store: once `every` has been evicted, one concurrent full garbage collection.
 * Each call counts `amount` (default 1: worlds; the server passes each world's weight, so a heavy
 * scenario world counts for the garbage it leaves).
 *
 * @example
 * createMock({ worlds: { maxWorlds: 4000, onEvict: collectAfterEvictions(1000) } });
 */
export function collectAfterEvictions(every: number, collect: Collect | undefined = gcHook()): Evicted {
  let evicted = 0;
  return (amount = 1) => {
    if (collect === undefined) return;
    evicted += amount;
    if (evicted < every) return;
    evicted = 0;
    collect({ type: 'major', execution: 'async' });
  };
}

let keptTick: Promise<object> | undefined;

/**
 * Keeps one of Node's tick objects (what `process.nextTick` queues) alive for the process's life,
 * once per process. V8 keeps a hidden class only while an object has it; with one tick object always
 * alive, the class every tick object shares survives the collections of an idle server, and the
 * inline cache of Node's `nextTick` stays on its fast path. Resolves with the kept object: inside a
 * tick's callback, Node gives the tick object as the execution's async resource.
 *
 * @example
 * await keepTickShape(); // startServer does this before it listens
 */
export function keepTickShape(): Promise<object> {
  keptTick ??= new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
  return keptTick;
}
