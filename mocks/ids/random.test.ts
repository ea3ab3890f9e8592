// The world generator is our port of faker's Mersenne Twister (so its state can be saved): it must
// give faker's own stream for every seed, and a saved state must continue exactly where it stopped.
import { generateMersenne53Randomizer } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { createRandomizer, restoreRandomizer, seedFrom, type RandomizerState } from './random.ts';

const draws = (randomizer: { next(): number }, count: number) => Array.from({ length: count }, () => randomizer.next());

/** faker's own default randomizer (its seed() takes the array form too). */
function fakers(seed: number | number[]) {
  const randomizer = generateMersenne53Randomizer();
  randomizer.seed(seed);
  return randomizer;
}

describe('createRandomizer', () => {
  // 1500 draws = 3000 words: the state is regenerated (twisted) four times along the way.
  const seeds: Array<number | number[]> = [
    0,
    1,
    42,
    2 ** 32 - 1,
    -7,
    seedFrom(0, 'token'),
    seedFrom('seed-x', 'a.b~c+d/e=', 'after-seed'),
    [1, 2, 3],
    Array.from({ length: 700 }, (_, i) => i * 7919),
  ];

  it.each(seeds.map((seed) => [JSON.stringify(seed).slice(0, 40), seed]))(
    "gives faker's default stream for seed %s",
    (_name, seed) => {
      expect(draws(createRandomizer(seed), 1500)).toEqual(draws(fakers(seed), 1500));
    },
  );

  it('reseeds like faker: seed() restarts the stream', () => {
    const ours = createRandomizer(5);
    draws(ours, 100);
    ours.seed([9, 9]);
    expect(draws(ours, 700)).toEqual(draws(fakers([9, 9]), 700));
  });
});

describe('save and restoreRandomizer', () => {
  it.each([0, 1, 311, 312, 313, 700])('continue the same stream after %i draws', (before) => {
    const original = createRandomizer(seedFrom(3, 'restore'));
    draws(original, before);
    const state = original.save();
    // Plain JSON: it must survive storage as text.
    const restored = restoreRandomizer(JSON.parse(JSON.stringify(state)) as RandomizerState);
    const again = restoreRandomizer(state);
    const expected = draws(original, 1000);
    expect(draws(restored, 1000)).toEqual(expected);
    expect(draws(again, 1000)).toEqual(expected);
  });

  it('reject states that did not come from save(), naming the problem', () => {
    const good = createRandomizer(1).save();
    expect(() => restoreRandomizer({ ...good, index: 624 })).toThrow(/index must be an integer from 0 to 623/);
    expect(() => restoreRandomizer({ ...good, index: 1.5 })).toThrow(TypeError);
    expect(() => restoreRandomizer({ index: 0 } as RandomizerState)).toThrow(/words must be base64/);
    expect(() => restoreRandomizer({ ...good, words: good.words.slice(0, 100) })).toThrow(
      /words must hold 2496 bytes, not 75/,
    );
    expect(() => restoreRandomizer({ ...good, words: '%%%' })).toThrow(/base64/);
    expect(() => restoreRandomizer(null as unknown as RandomizerState)).toThrow(/index/);
  });
});
