import { describe, expect, it } from 'vitest';
import { ID_PREFIXES, isEmitterGlob, isId, kindOf, newId } from './ids.ts';
import { createContext } from './random.ts';

describe('ID registry', () => {
  it('holds the 17 prefixes of the spec', () => {
    expect(Object.keys(ID_PREFIXES)).toHaveLength(17);
    expect(new Set(Object.values(ID_PREFIXES)).size).toBe(17);
    expect(ID_PREFIXES).toMatchObject({
      workflow: 'p_',
      source: 'dc_',
      step: 'c_',
      project: 'proj_',
      connectToken: 'ctok_',
      deployment: 'd_',
    });
  });

  it('draws prefix + 7 base62 characters and recognises the kind back', () => {
    const ctx = createContext(42);
    for (const kind of Object.keys(ID_PREFIXES) as Array<keyof typeof ID_PREFIXES>) {
      const id = newId(kind, ctx);
      expect(id).toMatch(new RegExp(`^${ID_PREFIXES[kind]}[A-Za-z0-9]{7}$`));
      expect(kindOf(id)).toBe(kind);
      expect(isId(kind, id)).toBe(true);
    }
  });

  it('uses the longest matching prefix (p_ vs proj_, c_ vs ctok_ vs dc_ vs sc_)', () => {
    expect(kindOf('proj_abc1234')).toBe('project');
    expect(kindOf('p_abc1234')).toBe('workflow');
    expect(kindOf('ctok_abc1234')).toBe('connectToken');
    expect(kindOf('c_abc1234')).toBe('step');
    expect(kindOf('dc_abc1234')).toBe('source');
    expect(kindOf('sc_abc1234')).toBe('savedComponent');
    expect(kindOf('d_abc1234')).toBe('deployment');
  });

  it('answers undefined for unknown prefixes, empty or non-base62 suffixes', () => {
    for (const value of ['x_abc', 'abc', '', 'p_', 'p_*', 'dc_*', 'wh_ab-cd', 'P_abc1234'])
      expect(kindOf(value)).toBeUndefined();
    expect(isId('workflow', 'dc_abc1234')).toBe(false);
    expect(isId('workflow', 42)).toBe(false);
  });

  it('recognises the emitter globs separately', () => {
    expect(isEmitterGlob('p_*')).toBe(true);
    expect(isEmitterGlob('dc_*')).toBe(true);
    expect(isEmitterGlob('wh_*')).toBe(false);
    expect(isEmitterGlob('p_abc1234')).toBe(false);
  });

  it('is deterministic under a seed and differs across seeds', () => {
    const draw = (seed: number) => {
      const ctx = createContext(seed);
      return Array.from({ length: 20 }, () => newId('workflow', ctx));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('never hands out the same ID twice within a world, even when the generator repeats', () => {
    const ctx = createContext(1);
    const first = newId('webhook', ctx);
    // Replay the generator from the same seed but keep the issued set: the first draw collides.
    ctx.faker.seed(1);
    const second = newId('webhook', ctx);
    expect(second).not.toBe(first);
    const many = new Set(Array.from({ length: 5000 }, () => newId('source', ctx)));
    expect(many.size).toBe(5000);
  });
});
