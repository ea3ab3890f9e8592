// One seeded faker per world (the kit's own, world-faker.ts), so (server seed, token) always yields the same
// world; its Mersenne Twister's state is saved and restored with a world snapshot.
import { createWorldFaker, type Randomizer, type WorldFaker } from './world-faker.ts';

export type { WorldFaker } from './world-faker.ts';

/** What every factory and ID draw needs: the world's generator, its issued IDs and its clock. */
export interface FactoryContext {
  faker: WorldFaker;
  /** Every ID handed out in this world; newId redraws on collision. */
  issued: Set<string>;
  /** Current time in UNIX milliseconds (fixed reference date while a world is being seeded). */
  now(): number;
  /** The URL the mock serves an HTTP trigger's endpoint at, by its key (StoreOptions.endpointUrl); absent: a host of its own that nothing serves. */
  endpointUrl?: (key: string) => string;
}

/**
 * A fresh factory context drawing from `seed` (a string is hashed first): the catalogue's shared
 * records (mocks/store/api/catalogue.ts) and the factories' tests.
 *
 * @example
 * const ctx = createContext('catalogue');
 */
export function createContext(seed: number | string | number[], now: () => number = () => Date.now()): FactoryContext {
  const numeric = typeof seed === 'string' ? seedFrom(seed) : seed;
  return { faker: createWorldFaker(createRandomizer(numeric)), issued: new Set(), now };
}

/** FNV-1a 32-bit over the UTF-8 bytes of `text` (pure, browser-safe; no node:crypto). */
export function fnv1a32(text: string, basis = 0x811c9dc5): number {
  let hash = basis >>> 0;
  for (const byte of utf8.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

const utf8 = new TextEncoder();

/** A generator's whole state as plain JSON: the 624 words (base64, little-endian) and the position. */
export interface RandomizerState {
  index: number;
  words: string;
}

/** A Randomizer (faker's interface) plus `save()`, which captures the state to continue from later. */
export interface SavableRandomizer extends Randomizer {
  save(): RandomizerState;
}

const N = 624;
const M = 397;
const STATE_BYTES = N * 4;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

// faker's default randomizer's arithmetic (random.test.ts compares the two); words are uint32, every use of one
// a 32-bit operation, so wrapping on store changes nothing.
function initWords(seed: number): Uint32Array {
  const words = new Uint32Array(N);
  words[0] = seed;
  for (let i = 1; i < N; i++) {
    const previous = words[i - 1]! ^ (words[i - 1]! >>> 30);
    words[i] = Math.imul(1812433253, previous) + i;
  }
  return words;
}

function initWordsByArray(key: readonly number[]): Uint32Array {
  const words = initWords(19650218);
  let i = 1;
  let j = 0;
  for (let k = Math.max(N, key.length); k > 0; k--) {
    const previous = words[i - 1]! ^ (words[i - 1]! >>> 30);
    words[i] = (words[i]! ^ Math.imul(previous, 1664525)) + key[j]! + j;
    i++;
    j++;
    if (i >= N) {
      words[0] = words[N - 1]!;
      i = 1;
    }
    if (j >= key.length) j = 0;
  }
  for (let k = N - 1; k > 0; k--) {
    const previous = words[i - 1]! ^ (words[i - 1]! >>> 30);
    words[i] = (words[i]! ^ Math.imul(previous, 1566083941)) - i;
    i++;
    if (i >= N) {
      words[0] = words[N - 1]!;
      i = 1;
    }
  }
  words[0] = 0x80000000;
  return words;
}

function twist(words: Uint32Array): void {
  for (let k = 0; k < N; k++) {
    const y = (words[k]! & 0x80000000) | (words[(k + 1) % N]! & 0x7fffffff);
    words[k] = words[(k + M) % N]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
  }
}

function generator(words: Uint32Array, start: number): SavableRandomizer {
  let index = start;
  const nextU32 = (): number => {
    let y = words[index]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    if (++index >= N) {
      twist(words);
      index = 0;
    }
    return y >>> 0;
  };
  return {
    next() {
      const high = nextU32() >>> 5;
      const low = nextU32() >>> 6;
      return (high * 67108864 + low) * 11102230246251565e-32;
    },
    seed(seed) {
      words.set(typeof seed === 'number' ? initWords(seed) : initWordsByArray(seed));
      twist(words);
      index = 0;
    },
    save() {
      // The words' own bytes where the platform is little-endian (all that run this), else copied so.
      let bytes = new Uint8Array(words.buffer, words.byteOffset, STATE_BYTES);
      if (!LITTLE_ENDIAN) {
        bytes = new Uint8Array(STATE_BYTES);
        const view = new DataView(bytes.buffer);
        for (const [i, word] of words.entries()) view.setUint32(i * 4, word, true);
      }
      // One call rather than a string built byte by byte: the state file's log saves it on every write (~10x faster).
      return { index, words: btoa(String.fromCharCode.apply(null, bytes as unknown as number[])) };
    },
  };
}

/**
 * A savable generator seeded with `seed`: the stream of faker's default randomizer for that seed.
 *
 * @example
 * const randomizer = createRandomizer([1, 2]);
 * randomizer.next(); // a float in [0, 1), the same for the same seed
 * const state = randomizer.save(); // plain JSON; restoreRandomizer(state) continues from here
 */
export function createRandomizer(seed: number | number[]): SavableRandomizer {
  const randomizer = generator(new Uint32Array(N), 0);
  randomizer.seed(seed);
  return randomizer;
}

/**
 * The generator a `save()` captured, continuing exactly where it stopped; a TypeError names
 * what is wrong with a state that did not come from `save()`.
 *
 * @example
 * const a = createRandomizer(7);
 * a.next();
 * const b = restoreRandomizer(a.save());
 * a.next() === b.next(); // true
 */
export function restoreRandomizer(state: RandomizerState): SavableRandomizer {
  const index = (state as Partial<RandomizerState> | null)?.index;
  if (!Number.isInteger(index) || index! < 0 || index! >= N)
    throw new TypeError(`randomizer state: index must be an integer from 0 to ${N - 1}`);
  let binary: string;
  try {
    binary = atob(state.words);
  } catch {
    throw new TypeError('randomizer state: words must be base64');
  }
  if (binary.length !== STATE_BYTES)
    throw new TypeError(`randomizer state: words must hold ${STATE_BYTES} bytes, not ${binary.length}`);
  const view = new DataView(Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer);
  const words = new Uint32Array(N);
  for (let i = 0; i < N; i++) words[i] = view.getUint32(i * 4, true);
  return generator(words, index!);
}

/** A faker seed (array form) derived from any number of parts, e.g. (server seed, token). */
export function seedFrom(...parts: Array<string | number>): number[] {
  const text = parts.map(String).join('\u0000');
  // Two independent 32-bit hashes: faker's Mersenne Twister takes an array seed.
  return [fnv1a32(text), fnv1a32(text, 0x050c5d1f)];
}

/** A stable 16-hex-digit key for a token (FNV-1a 64-bit), used as the world key. */
export function stableKey(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of utf8.encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
export const BASE16 = '0123456789abcdef';

/**
 * `length` characters of `alphabet` from the faker's generator, one draw per chunk of characters (not per
 * character, as faker's string.alphanumeric: IDs and keys are drawn constantly).
 */
export function randomString(faker: WorldFaker, length: number, alphabet: string = BASE62): string {
  const base = alphabet.length;
  const perDraw = Math.floor(Math.log(2 ** 32) / Math.log(base));
  // Joined once: `out += char` leaves a cons-string tree per ID (docs/performance.md, "Worlds: memory and eviction").
  const out: string[] = [];
  while (out.length < length) {
    let value = faker.number.int({ min: 0, max: base ** perDraw - 1 });
    for (let i = 0; i < perDraw && out.length < length; i++) {
      out.push(alphabet[value % base]!);
      value = Math.floor(value / base);
    }
  }
  return out.join('');
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/**
 * The latest instant a world's time reaches (docs/worlds.md, "A clock per world"): a clock past it is refused and
 * time stops there, so every timestamp is an RFC 3339 date-time (no five-digit year) JavaScript dates can hold.
 */
export const LATEST_WORLD_TIME = '9999-12-31T23:59:59Z';
export const LATEST_WORLD_TIME_MS = Date.parse(LATEST_WORLD_TIME);

/**
 * An instant as the ISO 8601 text the world writes, never past LATEST_WORLD_TIME: an expiry a few
 * hours after a clock at the maximum shows the maximum.
 *
 * @example
 * isoTime(Date.UTC(2026, 0, 1)); // '2026-01-01T00:00:00.000Z'
 * isoTime(Date.UTC(10000, 0, 1)); // '9999-12-31T23:59:59.000Z'
 */
export function isoTime(ms: number): string {
  return new Date(Math.min(ms, LATEST_WORLD_TIME_MS)).toISOString();
}
