// The faker methods the factories call, ported from @faker-js/faker to draw the same numbers in the same order
// (docs/performance.md, "Browser weight"); factories/locale.test.ts holds it to faker. Unported patterns throw.
import factoryLocale from './faker-locale.json' with { type: 'json' };

/** Where the numbers come from: faker's Randomizer interface (`next()` is a float in [0, 1)). */
export interface Randomizer {
  next(): number;
  seed(seed: number | number[]): void;
}

/** The faker methods the kit uses, with faker's names, arguments and results. */
export type WorldFaker = ReturnType<typeof createWorldFaker>;

/** A definition faker keeps per sex (first names, last-name patterns); any part may be absent. */
interface Sexed<T> {
  generic?: readonly T[];
  female?: readonly T[];
  male?: readonly T[];
}

/** The names an e-mail address or username is made of; a name not given is drawn. */
type Names = { firstName?: string; lastName?: string };

interface Weighted<T> {
  value: T;
  weight: number;
}

const locale = factoryLocale;
const firstNames: Sexed<string> = locale.person.first_name;
const lastNamePatterns: Sexed<Weighted<string>> = locale.person.last_name_pattern;
const LOWER = [...'abcdefghijklmnopqrstuvwxyz'];

/**
 * A faker drawing from `randomizer`. Every method draws what faker's draws, in faker's order;
 * methods call each other through the object, as faker's do.
 *
 * @example
 * const faker = createWorldFaker(createRandomizer(1));
 * faker.company.name(); // what faker with the English locale gives for the same randomizer
 */
export function createWorldFaker(randomizer: Randomizer) {
  const pick = <T>(values: readonly T[]): T => faker.helpers.arrayElement(values);
  const faker = {
    /** Restarts the generator from `seed` (faker's `faker.seed(seed)`). */
    seed: (seed: number | number[]): void => randomizer.seed(seed),
    helpers: { arrayElement: <T>(values: readonly T[]): T => arrayElement(faker, values) },
    /** An integer from `min` (default 0) to `max` (default 2^53 - 1), both included; a number is `max`. */
    number: { int: (options?: number | { min?: number; max?: number }): number => int(randomizer, options) },
    datatype: { boolean: (options?: { probability?: number }): boolean => boolean(randomizer, options) },
    lorem: {
      word: () => pick(locale.lorem.word),
      words: (count = 3): string => wordsOf(faker, count),
      sentence: () => sentence(faker),
    },
    person: {
      firstName: (): string => pick(sexedList(faker, randomizer, firstNames)),
      // The English locale has last-name patterns (a few names are double-barrelled).
      lastName: (): string =>
        fake(faker, weightedArrayElement(randomizer, sexedList(faker, randomizer, lastNamePatterns))),
    },
    internet: {
      email: (options?: Names): string => email(faker, options),
      username: (options?: Names): string => username(faker, options),
      domainWord: () => domainWord(faker),
      ipv4: () => ipv4(faker),
      userAgent: () => fake(faker, pick(locale.internet.user_agent_pattern)),
    },
    company: {
      name: () => fake(faker, pick(locale.company.name_pattern)),
      catchPhrase: () => {
        const { adjective, descriptor, noun } = locale.company;
        return [pick(adjective), pick(descriptor), pick(noun)].join(' ');
      },
    },
    commerce: {
      productAdjective: () => pick(locale.commerce.product_name.adjective),
      product: () => pick(locale.commerce.product_name.product),
    },
    hacker: { noun: () => pick(locale.hacker.noun), verb: () => pick(locale.hacker.verb) },
    word: { adjective: () => pick(locale.word.adjective), noun: () => pick(locale.word.noun) },
    string: { uuid: () => uuid(faker) },
    system: { semver: () => [faker.number.int(9), faker.number.int(20), faker.number.int(20)].join('.') },
  };
  return faker;
}

/** faker's helpers.arrayElement: one integer draw, none for a single value. */
function arrayElement<T>(faker: WorldFaker, values: readonly T[]): T {
  if (values.length === 0) throw new Error('Cannot get value from empty dataset.');
  return values[values.length > 1 ? faker.number.int({ max: values.length - 1 }) : 0]!;
}

/** faker's number.int: an integer from `min` (default 0) to `max` (default 2^53 - 1); a number is `max`. */
function int(randomizer: Randomizer, options: number | { min?: number; max?: number } = {}): number {
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = typeof options === 'number' ? { max: options } : options;
  // faker's arithmetic with multipleOf 1: the range's integer ends, no draw when they meet.
  const low = Math.ceil(min);
  const high = Math.floor(max);
  if (low === high) return low;
  if (high < low) {
    if (max >= min) throw new Error(`No suitable integer value between ${min} and ${max} found.`);
    throw new Error(`Max ${max} should be greater than min ${min}.`);
  }
  return Math.floor(randomizer.next() * (high - low + 1) + low);
}

/** faker's datatype.boolean. */
function boolean(randomizer: Randomizer, options: { probability?: number } = {}): boolean {
  const { probability = 0.5 } = options;
  if (probability <= 0) return false;
  // faker.number.float() with its defaults is the randomizer's next value itself.
  return probability >= 1 || randomizer.next() < probability;
}

/** faker's lorem.words: a count or a range of words (the range drawn first). */
function wordsOf(faker: WorldFaker, count: number | { min: number; max: number }): string {
  const n = typeof count === 'number' ? count : faker.number.int(count);
  if (n <= 0) return '';
  return Array.from({ length: n }, () => faker.lorem.word()).join(' ');
}

/** faker's lorem.sentence: 3 to 10 words, the first capitalized, and a full stop. */
function sentence(faker: WorldFaker): string {
  const words = wordsOf(faker, { min: 3, max: 10 });
  return `${words.charAt(0).toUpperCase() + words.substring(1)}.`;
}

/** faker's internet.email: a username from the names given (or drawn) at a free e-mail provider. */
function email(faker: WorldFaker, options: Names = {}): string {
  const { firstName, lastName } = options;
  // faker draws the provider first (a default of its destructuring), then the username.
  const provider = faker.helpers.arrayElement(locale.internet.free_email);
  let local = faker.internet.username({ firstName, lastName });
  local = local.replaceAll(/[^A-Za-z0-9._+-]+/g, '').substring(0, 50);
  local = local
    .replaceAll(/\.{2,}/g, '.')
    .replace(/^\./, '')
    .replace(/\.$/, '');
  return `${local}@${provider}`;
}

/** faker's internet.username: one of its forms of the names given (or drawn), a separator and a number. */
function username(faker: WorldFaker, options: Names = {}): string {
  const { firstName = faker.person.firstName(), lastName = faker.person.lastName() } = options;
  const separator = faker.helpers.arrayElement(['.', '_']);
  const number = faker.number.int(99);
  const forms = [() => `${firstName}${separator}${lastName}${number}`, () => `${firstName}${separator}${lastName}`];
  // Only when no last name was given (faker tests the option's truthiness): a form without it.
  if (!options.lastName) forms.push(() => `${firstName}${number}`);
  const name = faker.helpers.arrayElement(forms)();
  return asciiOnly(name.normalize('NFKD').replaceAll(/[\u0300-\u036F]/g, ''))
    .replaceAll("'", '')
    .replaceAll(' ', '');
}

/** faker's internet.ipv4 on its default network ('any', 0.0.0.0/0): all 32 bits drawn at once. */
function ipv4(faker: WorldFaker): string {
  const bits = faker.number.int(0xffffffff);
  return [(bits >>> 24) & 255, (bits >>> 16) & 255, (bits >>> 8) & 255, bits & 255].join('.');
}

/** faker's string.uuid: a version 4 UUID, one draw per hex digit. */
function uuid(faker: WorldFaker): string {
  const hex = (min: number, max: number) => faker.number.int({ min, max }).toString(16);
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replaceAll('x', () => hex(0, 15)).replaceAll('y', () => hex(8, 11));
}

/** faker's helpers.weightedArrayElement: one float over the total weight. */
function weightedArrayElement<T>(randomizer: Randomizer, entries: readonly Weighted<T>[]): T {
  if (entries.length === 0) throw new Error('weightedArrayElement expects an array with at least one element');
  if (entries.some((entry) => entry.weight <= 0)) {
    const expected = 'an array of { weight, value } objects where weight is a positive number';
    throw new Error(`weightedArrayElement expects ${expected}`);
  }
  const total = entries.reduce((sum, { weight }) => sum + weight, 0);
  // faker.number.float({ min: 0, max: total }).
  const drawn = randomizer.next() * (total - 0) + 0;
  let reached = 0;
  for (const { weight, value } of entries) {
    reached += weight;
    if (drawn < reached) return value;
  }
  return entries.at(-1)!.value;
}

/**
 * faker's choice of a per-sex list when no sex is given: a sex is drawn (female or male), then
 * its own list or the generic one, weighted 3 * sqrt(own length) to sqrt(generic length).
 */
function sexedList<T>(faker: WorldFaker, randomizer: Randomizer, definition: Sexed<T>): readonly T[] {
  const sex = faker.helpers.arrayElement(['female', 'male'] as const);
  const own = definition[sex];
  const generic = definition.generic;
  if (own === undefined) return generic ?? [];
  if (generic === undefined) return own;
  return weightedArrayElement(randomizer, [
    { weight: 3 * Math.sqrt(own.length), value: own },
    { weight: Math.sqrt(generic.length), value: generic },
  ]);
}

/** faker's internet.domainWord: an adjective and a noun, each made a domain name's part. */
function domainWord(faker: WorldFaker): string {
  return `${domainPart(faker, faker.word.adjective())}-${domainPart(faker, faker.word.noun())}`.toLowerCase();
}

/** faker's internet domain word part: the word slugified, else a lorem word, else 4 to 8 letters. */
function domainPart(faker: WorldFaker, word: string): string {
  const slug = slugify(word);
  if (isDomainPart(slug)) return slug;
  const lorem = slugify(faker.lorem.word());
  if (isDomainPart(lorem)) return lorem;
  const length = faker.number.int({ min: 4, max: 8 });
  return Array.from({ length }, () => faker.helpers.arrayElement(LOWER)).join('');
}

/**
 * faker's helpers.fake: the first `{{expression}}` is replaced by its value, then the whole text
 * is read again, until none is left. Only the expressions of the kit's locale patterns are ported.
 */
function fake(faker: WorldFaker, pattern: string): string {
  let text = pattern;
  for (;;) {
    const start = text.search(/{{[a-z]/);
    const end = text.indexOf('}}', start);
    if (start === -1 || end === -1) return text;
    const expression = text
      .substring(start + 2, end + 2)
      .replace('}}', '')
      .replace('{{', '');
    text = text.substring(0, start) + String(evaluate(faker, expression)) + text.substring(end + 2);
  }
}

/** The value of one `{{expression}}` of a locale pattern; throws for one not ported. */
function evaluate(faker: WorldFaker, expression: string): string | number {
  switch (expression) {
    case 'person.lastName':
      return faker.person.lastName();
    case 'person.last_name.generic':
      return faker.helpers.arrayElement(locale.person.last_name.generic);
    case 'company.legal_entity_type':
      return faker.helpers.arrayElement(locale.company.legal_entity_type);
    case 'system.semver':
      return faker.system.semver();
  }
  const call = /^(number\.int|helpers\.arrayElement)\((.*)\)$/s.exec(expression);
  const args = call === null ? undefined : jsonArguments(call[2]!);
  if (call !== null && args !== undefined && args.length === 1) {
    const [arg] = args;
    if (call[1] === 'number.int' && isIntOptions(arg)) return faker.number.int(arg);
    if (call[1] === 'helpers.arrayElement' && Array.isArray(arg)) return String(faker.helpers.arrayElement(arg));
  }
  const where = "port it from faker's helpers.fake";
  throw new Error(`world-faker.ts does not implement the locale pattern expression {{${expression}}}: ${where}`);
}

/** faker's helpers.slugify. */
function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replaceAll(/[\u0300-\u036F]/g, '')
    .replaceAll(' ', '-')
    .replaceAll(/[^\w.-]+/g, '');
}

/** faker's check that a slug can be part of a domain name. */
function isDomainPart(slug: string): boolean {
  return /^[a-z][a-z-]*[a-z]$/i.test(slug);
}

/**
 * faker transliterates the characters a username keeps beyond ASCII (Cyrillic, Greek, ...) with a
 * table of its own; the English names never have any, so that table is not ported: such a name fails.
 */
function asciiOnly(text: string): string {
  for (const char of text) {
    if (char.codePointAt(0)! >= 128)
      throw new Error(
        `mocks/ids/world-faker.ts does not transliterate ${JSON.stringify(char)} in a username (faker's character table is not ported)`,
      );
  }
  return text;
}

/** The arguments of a pattern's call, as faker reads them: JSON values; undefined when they are not. */
function jsonArguments(text: string): unknown[] | undefined {
  try {
    return JSON.parse(`[${text}]`) as unknown[];
  } catch {
    return undefined;
  }
}

function isIntOptions(value: unknown): value is { min?: number; max?: number } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, bound]) => (key === 'min' || key === 'max') && typeof bound === 'number');
}
