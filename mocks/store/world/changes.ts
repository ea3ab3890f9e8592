// What changed in a world since it was last written, for the state log (docs/worlds.md "State across restarts"):
// a TrackedMap notes every key a value was handed out for (an iteration marks it all); untracked, one check per call.

/** The keys of a collection that may have changed, or 'all' (it was iterated or cleared). */
export type Marks<K> = Set<K> | 'all';

export class TrackedMap<K, V> extends Map<K, V> {
  #marks: Marks<K> | undefined;

  /** Starts noting changed keys (from now on), or forgets those noted so far. */
  track(): void {
    this.#marks = new Set();
  }

  /** The keys noted since track() or the last take(), which starts a new set. Undefined: not tracking. */
  take(): Marks<K> | undefined {
    const marks = this.#marks;
    if (marks !== undefined) this.#marks = new Set();
    return marks;
  }

  #mark(key: K): void {
    if (this.#marks !== undefined && this.#marks !== 'all') this.#marks.add(key);
  }

  #markAll(): void {
    if (this.#marks !== undefined) this.#marks = 'all';
  }

  override get(key: K): V | undefined {
    const value = super.get(key);
    if (value !== undefined && this.#marks !== undefined) this.#mark(key);
    return value;
  }

  override set(key: K, value: V): this {
    if (this.#marks !== undefined) this.#mark(key);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    if (this.#marks !== undefined) this.#mark(key);
    return super.delete(key);
  }

  override clear(): void {
    this.#markAll();
    super.clear();
  }

  override values(): MapIterator<V> {
    this.#markAll();
    return super.values();
  }

  override entries(): MapIterator<[K, V]> {
    this.#markAll();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    this.#markAll();
    return super.entries();
  }

  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    this.#markAll();
    super.forEach(callback, thisArg);
  }
}
