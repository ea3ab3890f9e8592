// The factories draw from mocks/faker-locale.json, a small subset of faker's English
// locale. These tests keep every generated value identical to what the full English locale gives:
// a factory that starts using a definition the subset lacks fails here, whether faker throws for
// it ("... are missing in this locale") or silently falls back to other data.
import type { Faker } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import { describe, expect, it } from 'vitest';
import factoryLocale from '../faker-locale.json' with { type: 'json' };
import { createRandomizer, fakerWith, seedFrom, type FactoryContext } from '../random.ts';
import {
  makeApp,
  makeConnectedAccount,
  makeConnectToken,
  makeCredentials,
  makeDeployedTrigger,
  makeErrorEventSummary,
  makeEventSource,
  makeOriginalEvent,
  makeProject,
  makeSavedComponent,
  makeStep,
  makeStepFromDefinition,
  makeSubscription,
  makeTemplate,
  makeTriggerFromDefinition,
  makeUser,
  makeWebhook,
  makeWorkflow,
  makeWorkspace,
} from './index.ts';

const EnglishFaker = englishFaker.constructor as typeof Faker;
const NOW = Date.UTC(2025, 5, 1, 12);

function contexts(seed: number[]): [FactoryContext, FactoryContext] {
  const subset = fakerWith(createRandomizer(seed));
  const full = new EnglishFaker({ locale: englishFaker.rawDefinitions, randomizer: createRandomizer(seed) });
  return [
    { faker: subset, issued: new Set(), now: () => NOW },
    { faker: full, issued: new Set(), now: () => NOW },
  ];
}

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
    makeErrorEventSummary(ctx, undefined, { largeEvent: i % 3 === 0 }),
    makeOriginalEvent(ctx),
    makeProject(ctx),
    makeTemplate(ctx),
    makeApp(ctx),
    makeConnectedAccount(ctx),
    makeConnectToken(ctx),
    makeCredentials(ctx),
    makeDeployedTrigger(ctx),
    makeTriggerFromDefinition(ctx, { props: [{}, { cron: '0 * * * *' }, { email: true }, { component_id: 'sc_Abc1234' }][i % 4]! }, 'o_Abc1234'),
    makeStepFromDefinition(ctx, { namespace: `step_${i}`, props: { text: 'x', slack: { authProvisionId: 'apn_Abc1234' } } }),
  ];
}

describe('the factories locale subset', () => {
  it('gives every factory exactly the values of the full English locale, over many seeds', () => {
    for (let seed = 0; seed < 12; seed++) {
      const [subset, full] = contexts(seedFrom('locale-subset', seed));
      for (let i = 0; i < 25; i++) {
        const expected = JSON.stringify(everything(full, i));
        // A missing definition throws here (faker's FakerError), failing the test with its message.
        expect(JSON.stringify(everything(subset, i)), `seed ${seed}, round ${i}`).toBe(expected);
      }
    }
  });

  it('holds verbatim copies of faker English definitions', () => {
    const english = englishFaker.rawDefinitions as Record<string, unknown>;
    const walk = (subset: unknown, path: string[]): void => {
      const original = path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], english);
      if (Array.isArray(subset)) {
        expect(subset, path.join('.')).toEqual(original);
        return;
      }
      for (const [key, value] of Object.entries(subset as object)) walk(value, [...path, key]);
    };
    walk(factoryLocale, []);
  });

  it('is loud about a definition it lacks: faker throws, naming it', () => {
    const faker = fakerWith(createRandomizer(1));
    expect(() => faker.location.city()).toThrow(/location\.city.*missing/s);
    expect(() => faker.animal.dog()).toThrow(/animal\.dog.*missing/s);
  });
});
