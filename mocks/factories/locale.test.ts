// The factories draw from the kit's own faker (mocks/ids/world-faker.ts), which reads
// mocks/ids/faker-locale.json, a small subset of faker's English locale. These tests keep every
// generated value identical to what the real faker with its full English locale gives, from the
// same random numbers: every factory over many seeds, and every faker method the kit implements
// with every argument shape the kit uses, called several times in a row and interleaved. After each
// comparison both generators must be at the same place (their next numbers equal): a port that drew
// one number more or less would shift every world after it.
import type { Faker } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import { describe, expect, it } from 'vitest';
import factoryLocale from '../ids/faker-locale.json' with { type: 'json' };
import {
  createRandomizer,
  restoreRandomizer,
  seedFrom,
  type FactoryContext,
  type SavableRandomizer,
  type WorldFaker,
} from '../ids/random.ts';
import { createWorldFaker } from '../ids/world-faker.ts';
import { makeApp, makeConnectedAccount, makeConnectToken, makeCredentials } from './connect.ts';
import { makeDeployedTrigger } from './deployed-trigger.ts';
import { makeErrorEventSummary, makeOriginalEvent } from './error-event.ts';
import {
  makeEventSource,
  makeProject,
  makeSubscription,
  makeTemplate,
  makeUser,
  makeWebhook,
  makeWorkflow,
  makeWorkspace,
} from './resources.ts';
import { makeSavedComponent, makeStep, makeStepFromDefinition } from './step.ts';
import { makeTriggerFromDefinition } from './trigger.ts';

const EnglishFaker = englishFaker.constructor as typeof Faker;
const NOW = Date.UTC(2025, 5, 1, 12);

/** The kit's faker and the real one with the full English locale, each on its own randomizer seeded alike. */
interface Pair {
  kit: WorldFaker;
  real: Faker;
  kitRandomizer: SavableRandomizer;
  realRandomizer: SavableRandomizer;
}

function pair(seed: number | number[]): Pair {
  const kitRandomizer = createRandomizer(seed);
  const realRandomizer = createRandomizer(seed);
  return {
    kit: createWorldFaker(kitRandomizer),
    real: new EnglishFaker({ locale: englishFaker.rawDefinitions, randomizer: realRandomizer }),
    kitRandomizer,
    realRandomizer,
  };
}

/** Both generators at the same place: the next few numbers are the same. */
function expectInStep({ kitRandomizer, realRandomizer }: Pair, message: string): void {
  const next = (randomizer: SavableRandomizer) => [randomizer.next(), randomizer.next(), randomizer.next()];
  expect(next(kitRandomizer), `${message}: numbers drawn`).toEqual(next(realRandomizer));
}

const context = (faker: WorldFaker): FactoryContext => ({ faker, issued: new Set(), now: () => NOW });

/** One of everything the store ever builds, in one sequence of draws. */
function everything(ctx: FactoryContext, i: number): unknown[] {
  const kinds = ['http', 'source', 'timer', 'email'] as const;
  return [
    makeUser(ctx),
    makeWorkspace(ctx),
    makeWorkspace(ctx, undefined, { usageFields: true }),
    makeEventSource(ctx),
    makeWorkflow(ctx, undefined, { triggerKind: kinds[i % 4]! }),
    makeWorkflow(ctx),
    makeStep(ctx),
    makeSavedComponent(ctx),
    makeWebhook(ctx),
    makeSubscription(ctx),
    makeErrorEventSummary(ctx, { largeEvent: i % 3 === 0 }),
    makeOriginalEvent(ctx),
    makeProject(ctx),
    makeTemplate(ctx),
    makeApp(ctx),
    makeConnectedAccount(ctx),
    makeConnectToken(ctx),
    makeCredentials(ctx),
    makeDeployedTrigger(ctx),
    makeTriggerFromDefinition(
      ctx,
      { props: [{}, { cron: '0 * * * *' }, { email: true }, { component_id: 'sc_Abc1234' }][i % 4]! },
      'o_Abc1234',
    ),
    makeStepFromDefinition(ctx, {
      namespace: `step_${i}`,
      props: { text: 'x', slack: { authProvisionId: 'apn_Abc1234' } },
    }),
  ];
}

/** Every method the kit's faker implements, with every argument shape the kit's code passes (and faker's defaults). */
const CALLS: Array<[string, (faker: WorldFaker) => unknown]> = [
  ['helpers.arrayElement, one element (no draw)', (f) => f.helpers.arrayElement(['only'])],
  ['helpers.arrayElement, two elements', (f) => f.helpers.arrayElement(['.', '_'])],
  ['helpers.arrayElement, four strings', (f) => f.helpers.arrayElement(['http', 'source', 'timer', 'email'])],
  ['helpers.arrayElement, numbers', (f) => f.helpers.arrayElement([1_000, 10_000, 25_000, 100_000])],
  ['helpers.arrayElement, objects', (f) => f.helpers.arrayElement([{ a: 1 }, { b: 2 }, { c: 3 }])],
  ['helpers.arrayElement, a long list', (f) => f.helpers.arrayElement(factoryLocale.word.noun)],
  ['number.int { min, max }', (f) => f.number.int({ min: 1, max: 3 })],
  ['number.int { min: 0, max: 10_000 }', (f) => f.number.int({ min: 0, max: 10_000 })],
  ['number.int, a range of days in ms', (f) => f.number.int({ min: 0, max: 7 * 86_400_000 })],
  ['number.int, randomString: 62^5 - 1', (f) => f.number.int({ min: 0, max: 62 ** 5 - 1 })],
  ['number.int, randomString: 16^8 - 1', (f) => f.number.int({ min: 0, max: 16 ** 8 - 1 })],
  ['number.int, min = max (no draw)', (f) => f.number.int({ min: 0, max: 0 })],
  ['number.int, fractional ends', (f) => f.number.int({ min: 2.5, max: 7.5 })],
  ['number.int { max }', (f) => f.number.int({ max: 5 })],
  ['number.int(max)', (f) => f.number.int(99)],
  ['number.int(), the default range', (f) => f.number.int()],
  ['datatype.boolean()', (f) => f.datatype.boolean()],
  ...[0, 0.1, 0.2, 0.3, 0.8, 1].map((probability): [string, (f: WorldFaker) => unknown] => [
    `datatype.boolean { probability: ${probability} }`,
    (f) => f.datatype.boolean({ probability }),
  ]),
  ['lorem.word', (f) => f.lorem.word()],
  ['lorem.words(3)', (f) => f.lorem.words(3)],
  ['lorem.words()', (f) => f.lorem.words()],
  ['lorem.words(0)', (f) => f.lorem.words(0)],
  ['lorem.sentence', (f) => f.lorem.sentence()],
  ['person.firstName', (f) => f.person.firstName()],
  ['person.lastName', (f) => f.person.lastName()],
  ['internet.email()', (f) => f.internet.email()],
  ['internet.username()', (f) => f.internet.username()],
  [
    'internet.username and email with drawn names (makeUser)',
    (f) => {
      const firstName = f.person.firstName();
      const lastName = f.person.lastName();
      return [f.internet.username({ firstName, lastName }), f.internet.email({ firstName, lastName })];
    },
  ],
  [
    'internet.email, names with apostrophes and spaces',
    (f) => f.internet.email({ firstName: "D'angelo Mary", lastName: "O'Reilly-Smith" }),
  ],
  ['internet.username, names with diacritics', (f) => f.internet.username({ firstName: 'Zoë', lastName: 'Núñez' })],
  ['internet.email, dots to collapse', (f) => f.internet.email({ firstName: '.a..', lastName: 'b.' })],
  // Cut at 50 characters, at times just after a separator dot (dropped then).
  ['internet.email, long names', (f) => f.internet.email({ firstName: 'x'.repeat(49), lastName: 'Long'.repeat(10) })],
  ['internet.email, first name only', (f) => f.internet.email({ firstName: 'Ann' })],
  ['internet.username, an empty last name', (f) => f.internet.username({ firstName: 'Ann', lastName: '' })],
  ['internet.domainWord', (f) => f.internet.domainWord()],
  ['internet.ipv4', (f) => f.internet.ipv4()],
  ['internet.userAgent', (f) => f.internet.userAgent()],
  ['company.name', (f) => f.company.name()],
  ['company.catchPhrase', (f) => f.company.catchPhrase()],
  ['commerce.productAdjective', (f) => f.commerce.productAdjective()],
  ['commerce.product', (f) => f.commerce.product()],
  ['hacker.noun', (f) => f.hacker.noun()],
  ['hacker.verb', (f) => f.hacker.verb()],
  ['word.adjective', (f) => f.word.adjective()],
  ['word.noun', (f) => f.word.noun()],
  ['string.uuid', (f) => f.string.uuid()],
  ['system.semver', (f) => f.system.semver()],
];

const SEEDS = 250;
const CALLS_IN_A_ROW = 6;

/** The next `count` numbers `randomizer` will give, without moving it. */
function peek(randomizer: SavableRandomizer, count: number): number[] {
  const copy = restoreRandomizer(randomizer.save());
  return Array.from({ length: count }, () => copy.next());
}

describe("the kit's faker (mocks/ids/world-faker.ts)", () => {
  it.each(CALLS)("%s: the real faker's values and draws, called repeatedly over many seeds", (name, call) => {
    const both = pair(0);
    for (let seed = 0; seed < SEEDS; seed++) {
      const seedArray = seedFrom('world-faker', name, seed);
      both.kitRandomizer.seed(seedArray);
      both.realRandomizer.seed(seedArray);
      const kit = Array.from({ length: CALLS_IN_A_ROW }, () => call(both.kit));
      const real = Array.from({ length: CALLS_IN_A_ROW }, () => call(both.real));
      expect(kit, `${name}, seed ${seed}`).toEqual(real);
      expectInStep(both, `${name}, seed ${seed}`);
    }
  });

  it("gives the real faker's values with the methods interleaved at random", () => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const both = pair(seedFrom('world-faker-interleaved', seed));
      // Which call comes next is drawn from a generator of its own.
      const order = createRandomizer(seed);
      for (let i = 0; i < 60; i++) {
        const [name, call] = CALLS[Math.floor(order.next() * CALLS.length)]!;
        expect(call(both.kit), `seed ${seed}, call ${i}: ${name}`).toEqual(call(both.real));
      }
      expectInStep(both, `seed ${seed}`);
    }
  });

  it('expands every pattern of the locale subset (names, user agents)', () => {
    // Which pattern a call expands is known from its first draws (faker's arrayElement and
    // weightedArrayElement arithmetic); every pattern must come up, and give faker's value.
    const lastNameWeights = factoryLocale.person.last_name_pattern.generic.map((entry) => entry.weight);
    const weighted = (x: number) => {
      const drawn = x * lastNameWeights.reduce((sum, weight) => sum + weight, 0);
      let reached = 0;
      return lastNameWeights.findIndex((weight) => {
        reached += weight;
        return drawn < reached;
      });
    };
    const cases: Array<[string, number, (f: WorldFaker) => string, (draws: number[]) => number]> = [
      [
        'company.name_pattern',
        factoryLocale.company.name_pattern.length,
        (f) => f.company.name(),
        ([x]) => Math.floor(x! * factoryLocale.company.name_pattern.length),
      ],
      [
        'internet.user_agent_pattern',
        factoryLocale.internet.user_agent_pattern.length,
        (f) => f.internet.userAgent(),
        ([x]) => Math.floor(x! * factoryLocale.internet.user_agent_pattern.length),
      ],
      // The sex is drawn first (it picks nothing here: the English last-name patterns are generic only).
      ['person.last_name_pattern', lastNameWeights.length, (f) => f.person.lastName(), ([, x]) => weighted(x!)],
    ];
    for (const [definition, count, call, pick] of cases) {
      const seen = new Set<number>();
      const both = pair(seedFrom('world-faker-patterns', definition));
      for (let i = 0; i < 1_000; i++) {
        seen.add(pick(peek(both.kitRandomizer, 2)));
        const value = call(both.kit);
        expect(value, definition).toBe(call(both.real));
        expect(value, definition).not.toContain('{{');
      }
      expect(seen.size, definition).toBe(count);
    }
  });

  it('is loud about what it does not port: a username beyond ASCII', () => {
    const faker = createWorldFaker(createRandomizer(1));
    // faker transliterates it with a table of its own; the English names never need it.
    expect(() => faker.internet.username({ firstName: 'Иван', lastName: 'Smith' })).toThrow(
      /does not transliterate "И"/,
    );
    // Diacritics are not beyond ASCII once decomposed: those work as in faker (compared above).
    expect(faker.internet.username({ firstName: 'Zoë', lastName: 'Núñez' })).toMatch(/^Zoe[._]?(Nunez)?\d*$/);
  });
});

describe('the factories', () => {
  it('give exactly the values of the real faker with the full English locale, over many seeds', () => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const both = pair(seedFrom('locale-subset', seed));
      const [kit, real] = [context(both.kit), context(both.real)];
      for (let i = 0; i < 4; i++) {
        const round = seed * 4 + i;
        const expected = JSON.stringify(everything(real, round));
        expect(JSON.stringify(everything(kit, round)), `seed ${seed}, round ${i}`).toBe(expected);
      }
      expectInStep(both, `seed ${seed}`);
    }
  });
});

describe('the locale subset', () => {
  it('holds verbatim copies of faker English definitions', () => {
    const english = englishFaker.rawDefinitions as Record<string, unknown>;
    const walk = (subset: unknown, path: string[]): void => {
      const original = path.reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        english,
      );
      if (Array.isArray(subset)) {
        expect(subset, path.join('.')).toEqual(original);
        return;
      }
      for (const [key, value] of Object.entries(subset as object)) walk(value, [...path, key]);
    };
    walk(factoryLocale, []);
  });
});
