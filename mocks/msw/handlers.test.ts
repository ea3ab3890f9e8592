// createHandlers options a frontend relies on, under setupServer: `token` for requests without an
// Authorization header, a relative `baseUrl`, and `persist` (worlds kept in Web Storage across
// a reload, which is simulated by creating the handlers again over the same storage).
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMock } from '../index.ts';
import { createHandlers, DEFAULT_STORAGE_KEY, type HandlersOptions } from './handlers.ts';

const BASE_URL = 'http://kit-handlers.mock.test/v1';

/** Runs `body` with the handlers of `options` intercepting fetch, then stops them. */
async function withHandlers<T>(
  options: HandlersOptions,
  body: (handlers: ReturnType<typeof createHandlers>) => Promise<T>,
): Promise<T> {
  const handlers = createHandlers({ baseUrl: BASE_URL, ...options });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledFrame: 'error' });
  try {
    return await body(handlers);
  } finally {
    server.close();
  }
}

async function call(method: string, url: string, token: string | null) {
  const response = await fetch(url, { method, headers: token === null ? {} : { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

const createWebhook = (name: string, token: string | null = 'tab') =>
  call('POST', `${BASE_URL}/webhooks?url=https%3A%2F%2Fhooks.example.com%2F${name}&name=${name}&description=d`, token);
const webhookNames = async (token: string | null = 'tab') =>
  (await call('GET', `${BASE_URL}/users/me/webhooks`, token)).body.data.map((hook: { name: string }) => hook.name);

/** An in-memory Web Storage area; `failWrites` makes setItem throw like a full quota does. */
function memoryStorage(options: { failWrites?: boolean } = {}) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem(key: string, value: string) {
      if (options.failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('createHandlers({ token })', () => {
  it('answers requests without an Authorization header from that token world, and others from their own', async () => {
    await withHandlers({ token: 'page-dev', seed: 3 }, async (handlers) => {
      const anonymous = await call('GET', `${BASE_URL}/users/me`, null);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.data.id).toBe(handlers.mock.control.world('page-dev').user.id);
      const own = await call('GET', `${BASE_URL}/users/me`, 'someone-else');
      expect(own.body.data.id).toBe(handlers.mock.control.world('someone-else').user.id);
      expect(own.body.data.id).not.toBe(anonymous.body.data.id);
    });
  });

  it('without it a request without the header is a 401, as on the real API', async () => {
    await withHandlers({}, async () => {
      expect((await call('GET', `${BASE_URL}/users/me`, null)).status).toBe(401);
    });
  });

  it('must be a bearer token', () => {
    expect(() => createHandlers({ baseUrl: BASE_URL, token: 'has spaces' })).toThrow(
      /createHandlers: token "has spaces" is not a bearer token/,
    );
  });
});

describe('createHandlers({ baseUrl }) relative', () => {
  it('is a TypeError naming the option outside a browser', () => {
    expect(() => createHandlers({ baseUrl: '/v1' })).toThrow(TypeError);
    expect(() => createHandlers({ baseUrl: '/v1' })).toThrow(
      /baseUrl "\/v1" is not an absolute URL, and there is no page origin/,
    );
    // createMock, under the handlers and on its own, says the same with its own name.
    expect(() => createMock({ baseUrl: '/v1' })).toThrow(/^createMock: baseUrl "\/v1" is not an absolute URL/);
  });

  it("resolves against the page's origin in a browser", async () => {
    vi.stubGlobal('location', { origin: 'http://app.mock.test', href: 'http://app.mock.test/' });
    const handlers = createHandlers({ baseUrl: '/api/v1', token: 'rel' });
    expect(handlers.mock.baseUrl).toBe('http://app.mock.test/api/v1');
    const server = setupServer(...handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      expect((await call('GET', 'http://app.mock.test/api/v1/users/me', null)).status).toBe(200);
    } finally {
      server.close();
    }
    expect(() => createHandlers({ baseUrl: 'v1' })).toThrow(/a relative one must be a path starting with "\/"/);
  });
});

describe('createHandlers({ persist })', () => {
  it('keeps the worlds across a reload; without it a reload seeds them afresh', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    await withHandlers({ persist: 'session' }, async (handlers) => {
      expect(handlers.persistence?.loaded).toBe('empty');
      expect((await createWebhook('kept')).status).toBe(200);
    });
    expect(JSON.parse(storage.items.get(DEFAULT_STORAGE_KEY)!)).toMatchObject({
      format: 'workflow-api-mock-kit/worlds',
      version: 1,
    });
    await withHandlers({ persist: 'session' }, async (handlers) => {
      expect(handlers.persistence?.loaded).toEqual({ restored: ['tab'] });
      expect(await webhookNames()).toContain('kept');
    });
    await withHandlers({}, async () => {
      expect(await webhookNames()).not.toContain('kept');
    });
  });

  it('uses localStorage for "local", under storageKey when given', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    await withHandlers({ persist: 'local', storageKey: 'my-app/worlds' }, async () => {
      await createWebhook('local');
    });
    expect([...storage.items.keys()]).toEqual(['my-app/worlds']);
  });

  it('saves changes made through the JS control API when the page is hidden or unloaded', async () => {
    const storage = memoryStorage();
    const listeners = new Map<string, () => void>();
    vi.stubGlobal('sessionStorage', storage);
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => listeners.set(type, listener));
    vi.stubGlobal('document', { visibilityState: 'visible' });
    await withHandlers({ persist: 'session' }, async (handlers) => {
      const world = handlers.mock.control.world('tab');
      expect(
        handlers.mock.control.emit('tab', {
          emitter_id: world.workflows[0]!.id,
          event_name: '$errors',
          event: { from: 'control' },
        }).ok,
      ).toBe(true);
      expect(storage.items.size).toBe(0);
      listeners.get('visibilitychange')!();
      expect(storage.items.size).toBe(0); // still visible
      (globalThis as unknown as { document: { visibilityState: string } }).document.visibilityState = 'hidden';
      listeners.get('visibilitychange')!();
      expect(storage.items.get(DEFAULT_STORAGE_KEY)).toContain('"from":"control"');
      storage.items.clear();
      listeners.get('pagehide')!();
      expect(storage.items.get(DEFAULT_STORAGE_KEY)).toContain('"from":"control"');
    });
  });

  it('logs a storage that refuses writes once, and the app still gets its answers', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage({ failWrites: true }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await withHandlers({ persist: 'session' }, async () => {
      expect((await createWebhook('one')).status).toBe(200);
      expect((await createWebhook('two')).status).toBe(200);
      expect(await webhookNames()).toEqual(expect.arrayContaining(['one', 'two']));
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /cannot save the worlds to sessionStorage "workflow-api-mock-kit\/worlds" \(quota exceeded\?\): QuotaExceededError/,
    );
  });

  it('says why it does not restore a saved snapshot (another seed, damage), seeds fresh worlds and replaces it on the next change', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await withHandlers({ persist: 'session', seed: 1 }, async () => {
      await createWebhook('seed-one');
    });
    await withHandlers({ persist: 'session', seed: 2 }, async (handlers) => {
      expect(handlers.persistence?.loaded).toEqual({
        refused: expect.stringMatching(/seed 1, this store's seed is 2/),
      });
      expect(await webhookNames()).not.toContain('seed-one');
      await createWebhook('seed-two');
    });
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /not restoring the worlds saved in sessionStorage "workflow-api-mock-kit\/worlds" \(snapshot_seed\)/,
    );
    expect(JSON.parse(storage.items.get(DEFAULT_STORAGE_KEY)!).seed).toBe(2);

    storage.items.set(DEFAULT_STORAGE_KEY, storage.items.get(DEFAULT_STORAGE_KEY)!.slice(0, 500));
    await withHandlers({ persist: 'session', seed: 2 }, async (handlers) => {
      expect(handlers.persistence?.loaded).toEqual({ refused: expect.stringMatching(/not JSON/) });
      expect((await call('GET', `${BASE_URL}/users/me`, 'tab')).status).toBe(200);
    });
    expect(String(warn.mock.calls[1]![0])).toMatch(/\(snapshot_unreadable\)/);
  });

  it('without Web Storage (Node) warns and keeps the worlds in memory', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await withHandlers({ persist: 'session' }, async (handlers) => {
      expect(handlers.persistence).toBeNull();
      expect((await createWebhook('memory')).status).toBe(200);
    });
    expect(String(warn.mock.calls[0]![0])).toMatch(/there is no sessionStorage here/);
  });
});
