// The console's own requests in the journal (docs/control-api.md, "The console"): journaled with
// `from: console` and left out of what GET /__mock/requests and mock.control.requests answer unless
// asked for, so a user reading the journal sees their app's requests.
import { describe, expect, it } from 'vitest';
import { createMock } from '../index.ts';
import { CONSOLE_REQUEST_HEADER } from './app.ts';

const baseUrl = 'http://127.0.0.1:4010/v1';
const token = 'journal-test';

async function call(mock: ReturnType<typeof createMock>, path: string, headers: Record<string, string> = {}) {
  const response = await mock.fetch(
    new Request(`http://127.0.0.1:4010${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }),
  );
  return { status: response.status, body: (await response.json()) as any };
}

describe("the console's own requests", () => {
  it('are journaled apart: left out of GET /__mock/requests and mock.control.requests unless asked for', async () => {
    const mock = createMock({ baseUrl });
    expect((await call(mock, '/v1/users/me')).status).toBe(200);
    expect((await call(mock, '/v1/users/me/webhooks', { [CONSOLE_REQUEST_HEADER]: '1' })).status).toBe(200);
    expect((await call(mock, '/v1/workflows/p_nope')).status).toBe(404);

    const appOnly = (await call(mock, '/__mock/requests')).body.data as Array<{ path: string; from?: string }>;
    expect(appOnly.map((entry) => entry.path)).toEqual(['/v1/users/me', '/v1/workflows/p_nope']);
    expect(appOnly.every((entry) => entry.from === undefined)).toBe(true);

    const all = (await call(mock, '/__mock/requests?include=console')).body.data as Array<{
      path: string;
      from?: string;
    }>;
    expect(all.map((entry) => [entry.path, entry.from ?? 'app'])).toEqual([
      ['/v1/users/me', 'app'],
      ['/v1/users/me/webhooks', 'console'],
      ['/v1/workflows/p_nope', 'app'],
    ]);

    expect(mock.control.requests(token).map((entry) => entry.path)).toEqual(['/v1/users/me', '/v1/workflows/p_nope']);
    expect(mock.control.requests(token, { console: true })).toHaveLength(3);
  });

  it('include takes only "console": anything else is a 400 naming the parameter', async () => {
    const mock = createMock({ baseUrl });
    const refused = await call(mock, '/__mock/requests?include=everything');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('/query/include');
  });
});
