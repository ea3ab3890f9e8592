// One seeded faker per world. Everything random in a world (IDs, names, keys) is drawn from its
// own generator, so the same (server seed, token) always yields the same world byte for byte.
//
// The Faker class is taken from the prebuilt English instance of '@faker-js/faker/locale/en'
// rather than from the package root: the root module loads every locale (~200 ms at start-up),
// the English entry point ~40 ms. The instance it builds is the same as
// `new Faker({ locale: [en, base] })` (its rawDefinitions are exactly that merge).
import type { Faker } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';

const FakerClass = englishFaker.constructor as typeof Faker;

/** What every factory and ID draw needs: the world's generator, its issued IDs and its clock. */
export interface FactoryContext {
  faker: Faker;
  /** Every ID handed out in this world; newId redraws on collision. */
  issued: Set<string>;
  /** Current time in UNIX milliseconds (fixed reference date while a world is being seeded). */
  now(): number;
}

export function createFaker(seed: number | number[]): Faker {
  const faker = new FakerClass({ locale: englishFaker.rawDefinitions });
  faker.seed(seed);
  return faker;
}

export function createContext(seed: number | string | number[], now: () => number = () => Date.now()): FactoryContext {
  const numeric = typeof seed === 'string' ? seedFrom(seed) : seed;
  return { faker: createFaker(numeric), issued: new Set(), now };
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
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const BASE16 = '0123456789abcdef';

/**
 * `length` characters of `alphabet` from the faker's generator. Draws one integer per chunk of
 * characters: faker.string.alphanumeric is ~10x slower, and IDs/keys are drawn constantly.
 */
export function randomString(faker: Faker, length: number, alphabet: string = BASE62): string {
  const base = alphabet.length;
  const perDraw = Math.floor(Math.log(2 ** 32) / Math.log(base));
  let out = '';
  while (out.length < length) {
    let value = faker.number.int({ min: 0, max: base ** perDraw - 1 });
    for (let i = 0; i < perDraw && out.length < length; i++) {
      out += alphabet[value % base];
      value = Math.floor(value / base);
    }
  }
  return out;
}

export function randomBase62(faker: Faker, length: number): string {
  return randomString(faker, length, BASE62);
}

export function randomLowerAlnum(faker: Faker, length: number): string {
  return randomString(faker, length, BASE36);
}

export function randomHex(faker: Faker, length: number): string {
  return randomString(faker, length, BASE16);
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}
