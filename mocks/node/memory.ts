// Evicted worlds are garbage that V8 collects late: it lets the old generation grow to a few times
// what survived its last full collection, so with 4,000 worlds kept a stream of new tokens took
// the server past 1 GB of RSS while its live heap stayed near 250 MB (docs/performance.md,
// "Worlds: memory and eviction"). The node:http server therefore asks for a concurrent full
// collection after every `every` evictions; the marking runs beside the event loop, not in front of
// a request. The hook comes from V8's gc extension, reachable without a command-line flag through
// a fresh context; when it is not there, this does nothing.
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
