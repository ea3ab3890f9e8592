// The server's collection after evictions (docs/performance.md, "Worlds: memory and eviction").
import { describe, expect, it } from 'vitest';
import { collectAfterEvictions, gcHook } from './memory.ts';

describe('collectAfterEvictions', () => {
  it('asks for one concurrent full collection every `every` evictions', () => {
    const calls: unknown[] = [];
    const onEvict = collectAfterEvictions(3, (options) => calls.push(options));
    for (let i = 0; i < 7; i++) onEvict();
    expect(calls).toEqual([
      { type: 'major', execution: 'async' },
      { type: 'major', execution: 'async' },
    ]);
  });

  it("reaches V8's gc without a command-line flag, and does nothing without it", () => {
    const collect = gcHook();
    expect(typeof collect).toBe('function');
    expect(() => collect!({ type: 'minor', execution: 'sync' })).not.toThrow();
    expect(() => collectAfterEvictions(1, undefined)()).not.toThrow();
  });
});
