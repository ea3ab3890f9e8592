// The server's collection after evictions and its kept tick object (docs/performance.md, "Worlds: memory
// and eviction" and "The tick object's shape").
import { spawnSync } from 'node:child_process';
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

describe('keepTickShape', () => {
  // In a child with V8's natives syntax: the object kept is one of Node's tick objects, and a tick
  // object made after a full collection of an otherwise idle process still has its hidden class.
  it("keeps the hidden class of Node's tick objects through an idle process's full collection", () => {
    const script = `
      import { executionAsyncResource } from 'node:async_hooks';
      import { keepTickShape } from ${JSON.stringify(new URL('./memory.ts', import.meta.url).href)};
      const kept = await keepTickShape();
      const again = await keepTickShape();
      gc();
      const later = await new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
      console.log(JSON.stringify({ once: kept === again, keys: Object.keys(kept), same: %HaveSameMap(kept, later) }));
    `;
    const run = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '--eval', script],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ once: true, keys: ['callback', 'args'], same: true });
  });
});
