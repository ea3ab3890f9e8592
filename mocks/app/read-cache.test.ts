// The read cache's own rules (read-cache.ts): an answer is used only at the version it was made
// at, a change made while it was being made discards it, and the bounds drop the oldest first.
// That the cache is invisible through the app is the fuzzer's (support/fuzz.test.ts).
import { describe, expect, it } from 'vitest';
import { createKitMock, createMock } from '../mock.ts';
import type { World } from '../store/world/index.ts';
import { createReadCache } from './read-cache.ts';
import type { AppResponse } from './types.ts';

const answer = (body: string): AppResponse => ({ status: 200, headers: { 'content-type': 'application/json' }, body });
const worldOf = (name: string) => ({ name }) as unknown as World;

describe('createReadCache', () => {
  it('answers what was kept until the world changes, and only for that world', () => {
    const cache = createReadCache();
    const [a, b] = [worldOf('a'), worldOf('b')];
    cache.set(a, 'GET /x', cache.version(a), answer('1'));
    expect(cache.get(a, 'GET /x')?.body).toBe('1');
    expect(cache.get(b, 'GET /x')).toBeUndefined();
    cache.changed(b);
    expect(cache.get(a, 'GET /x')?.body).toBe('1');
    cache.changed(a);
    expect(cache.get(a, 'GET /x')).toBeUndefined();
    expect(cache.size().entries).toBe(0);
  });

  it('keeps nothing made across a change', () => {
    const cache = createReadCache();
    const world = worldOf('a');
    const version = cache.version(world);
    cache.changed(world); // a write ran while the answer was being made
    cache.set(world, 'GET /x', version, answer('stale'));
    expect(cache.get(world, 'GET /x')).toBeUndefined();
  });

  it('drops the oldest answers past its bounds in entries and characters', () => {
    const world = worldOf('a');
    const byCount = createReadCache({ maxEntries: 2 });
    for (const key of ['1', '2', '3']) byCount.set(world, key, 0, answer(key));
    expect([byCount.get(world, '1'), byCount.get(world, '2')?.body, byCount.get(world, '3')?.body]).toEqual([
      undefined,
      '2',
      '3',
    ]);
    // Each answer weighs its characters plus its encoded bytes (kept to be sent as they are): 2 per ASCII character.
    const bySize = createReadCache({ maxChars: 20 });
    bySize.set(world, 'a', 0, answer('123456'));
    bySize.set(world, 'b', 0, answer('7890'));
    bySize.set(world, 'c', 0, answer('x'));
    expect([bySize.get(world, 'a'), bySize.get(world, 'b')?.body, bySize.get(world, 'c')?.body]).toEqual([
      undefined,
      '7890',
      'x',
    ]);
    expect(bySize.size()).toEqual({ entries: 2, chars: 10 });
    expect(new TextDecoder().decode(bySize.get(world, 'b')!.bytes)).toBe('7890');
    bySize.set(world, 'd', 0, answer('far more than ten characters'));
    expect(bySize.get(world, 'd')).toBeUndefined();
  });
});

describe('the read cache in the app', () => {
  const headers = { authorization: 'Bearer cache-reader' };
  const call = (
    mock: ReturnType<typeof createMock>,
    method: string,
    url: string,
    extra: Record<string, string> = {},
    body = '',
  ) => mock.handle({ method, url, headers: { ...headers, ...extra }, body });
  /** A cache that counts its hits. */
  const counting = () => {
    const cache = createReadCache();
    const hits = { count: 0 };
    return {
      hits,
      cache: {
        ...cache,
        get(world: World, key: string) {
          const kept = cache.get(world, key);
          if (kept !== undefined) hits.count++;
          return kept;
        },
      },
    };
  };

  it('answers a repeated read from what it kept, and a read after a write anew', async () => {
    const { cache, hits } = counting();
    const mock = createKitMock({ seed: 1, readCache: cache });
    const first = await call(mock, 'GET', '/v1/users/me/webhooks');
    expect((await call(mock, 'GET', '/v1/users/me/webhooks')).body).toBe(first.body);
    expect(hits.count).toBe(1);
    const created = await call(
      mock,
      'POST',
      '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=d',
    );
    const id = JSON.parse(created.body).data.id as string;
    expect((await call(mock, 'GET', '/v1/users/me/webhooks')).body).toContain(id);
    expect(hits.count).toBe(1);
  });

  it('keys on the declared headers, and forgets a world changed through mock.control', async () => {
    const { cache, hits } = counting();
    const mock = createKitMock({ seed: 1, readCache: cache });
    const project = mock.control.world('cache-reader').projects[0]!;
    const hook = `/v1/connect/${project.id}/webhook`;
    const put = await call(
      mock,
      'PUT',
      hook,
      { 'x-pd-environment': 'development', 'content-type': 'application/json' },
      '{"webhook_url":"https://hooks.example.com/dev"}',
    );
    expect(put.status).toBe(200);
    const development = await call(mock, 'GET', hook, { 'x-pd-environment': 'development' });
    expect(development.status).toBe(200);
    // Same URL, another environment: another answer, not the kept one.
    const production = await call(mock, 'GET', hook, { 'x-pd-environment': 'production' });
    expect(production.body).not.toBe(development.body);
    expect(hits.count).toBe(0);
    const sources = mock.control.world('cache-reader').workspaces[0]!.id;
    const page = `/v1/orgs/${sources}/sources?limit=100`;
    const before = JSON.parse((await call(mock, 'GET', page)).body).data.length as number;
    expect(before).toBeLessThan(97);
    expect(mock.control.addSources('cache-reader', { org_id: sources, count: 3 }).ok).toBe(true);
    expect(JSON.parse((await call(mock, 'GET', page)).body).data.length).toBe(Math.min(100, before + 3));
    expect(hits.count).toBe(0);
  });

  it('can be turned off: every answer made anew, the same', async () => {
    const mock = createMock({ seed: 1, readCache: false });
    const first = await call(mock, 'GET', '/v1/users/me');
    expect((await call(mock, 'GET', '/v1/users/me')).body).toBe(first.body);
  });
});

describe('the read cache across a UTC midnight of the world', () => {
  it('answers GET /users/me anew once the time alone has passed midnight: the daily counters start again', async () => {
    let now = Date.UTC(2030, 2, 3, 23, 59, 0);
    const mock = createMock({ seed: 1, now: () => now });
    const me = async () => {
      const answer = await mock.handle({
        method: 'GET',
        url: '/v1/users/me',
        headers: { authorization: 'Bearer midnight' },
        body: '',
      });
      return JSON.parse(answer.body).data as { daily_invocations_used: number; daily_compute_time_used: number };
    };
    const before = await me();
    expect(before.daily_invocations_used + before.daily_compute_time_used).toBeGreaterThan(0);
    expect(await me()).toEqual(before);
    // No request in between changes the world: only the clock moves.
    now += 60_000;
    expect(await me()).toMatchObject({ daily_invocations_used: 0, daily_compute_time_used: 0 });
  });
});
