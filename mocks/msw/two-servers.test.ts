// MSW 3 runs a request's handlers twice while two setupServer instances listen in one process (docs/testing.md,
// "Two MSW servers at once"), as with a Vitest setup file's server beside a test file's own.
import { setupServer } from 'msw/node';
import { afterEach, expect, it, vi } from 'vitest';
import { createHandlers } from './handlers.ts';

afterEach(() => vi.restoreAllMocks());

it('the fake answers each request once, silently, while a second MSW server listens', async () => {
  const elsewhere = setupServer(...createHandlers({ baseUrl: 'https://one.example.test/v1' }));
  const handlers = createHandlers({ baseUrl: 'https://two.example.test/v1' });
  const server = setupServer(...handlers);
  const errors = vi.spyOn(console, 'error');
  elsewhere.listen({ onUnhandledFrame: 'error' });
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const created = await fetch(
      'https://two.example.test/v1/webhooks?url=https://hooks.example.com/in&name=in&description=test',
      {
        method: 'POST',
        headers: { authorization: 'Bearer two-token' },
      },
    );
    expect(created.status).toBe(200);
    const listed = await fetch('https://two.example.test/v1/users/me/webhooks', {
      headers: { authorization: 'Bearer two-token' },
    });
    const ids = ((await listed.json()) as { data: Array<{ id: string }> }).data.map((webhook) => webhook.id);
    expect(ids).toContain(((await created.json()) as { data: { id: string } }).data.id);
    const journal = handlers.mock.control.requests('two-token').map((entry) => `${entry.method} ${entry.path}`);
    expect(journal).toEqual(['POST /v1/webhooks', 'GET /v1/users/me/webhooks']);
    expect(errors).not.toHaveBeenCalled();
  } finally {
    server.close();
    elsewhere.close();
  }
});
