// Faults through MSW (docs/control-api.md, "Faults"): createHandlers' `faults` for every world,
// `mock.control.faults()` and `mock.control.rateLimit()` per world, the Prefer header per request.
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createHandlers } from './handlers.ts';

const BASE_URL = 'http://kit-faults.mock.test/v1';

describe('faults under MSW', () => {
  it('applies the handlers’ faults to every world, mock.control per world, and Prefer per request', async () => {
    const handlers = createHandlers({ baseUrl: BASE_URL, faults: { failRate: 1, random: () => 0.5 } });
    const server = setupServer(...handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const get = (token: string, prefer?: string) =>
        fetch(`${BASE_URL}/users/me`, {
          headers: { authorization: `Bearer ${token}`, ...(prefer === undefined ? {} : { prefer }) },
        });
      const failed = await get('browser');
      expect([failed.status, failed.headers.get('retry-after')]).toEqual([503, '1']);

      expect(handlers.mock.control.faults('browser', { fail_rate: 0 })).toEqual({ ok: true, value: { fail_rate: 0 } });
      expect((await get('browser')).status).toBe(200);
      expect((await get('other')).status).toBe(503);

      const documented = await get('browser', 'code=401');
      expect([documented.status, documented.headers.get('preference-applied')]).toEqual([401, 'code=401']);

      handlers.mock.control.rateLimit('browser', { requests: 1, retry_after_seconds: 4 });
      const limited = await get('browser');
      expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '4']);
      expect((await get('browser')).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
