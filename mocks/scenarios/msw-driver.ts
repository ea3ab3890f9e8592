// Driver through the MSW adapter: setupServer(...createHandlers()) intercepts the global fetch,
// and requests are made with the kit's typed openapi-fetch client.
import { setupServer, type SetupServer } from 'msw/node';
import { createApiClient } from '../../openapi/client.ts';
import type { Mock } from '../index.ts';
import { createHandlers } from '../msw.ts';
import { parseBody, type Driver, type DriverRequest, type DriverResponse } from './driver.ts';

// A host nobody resolves: only MSW can answer it.
export const MSW_BASE_URL = 'http://workflow-api.mock.test/v1';

export function startMswDriver(mock: Mock): { driver: Driver; server: SetupServer } {
  const server = setupServer(...createHandlers({ baseUrl: MSW_BASE_URL, mock }));
  server.listen({ onUnhandledFrame: 'error' });
  const apiClient = createApiClient({ baseUrl: MSW_BASE_URL });
  const origin = new URL(MSW_BASE_URL).origin;
  const originClient = createApiClient({ baseUrl: origin });

  const driver: Driver = {
    name: 'msw',
    async request(method, path, options: DriverRequest): Promise<DriverResponse> {
      const toOrigin = path.startsWith('/__mock') || path.startsWith('origin:');
      const client = toOrigin ? originClient : apiClient;
      const url = path.startsWith('origin:') ? path.slice('origin:'.length) : path;
      const headers: Record<string, string> = {};
      if (options.token !== null) headers['authorization'] = `Bearer ${options.token}`;
      Object.assign(headers, options.headers);
      const init: Record<string, unknown> = {
        headers,
        params: { query: options.query },
        parseAs: 'text',
      };
      if (options.rawBody !== undefined) {
        init.body = options.rawBody;
        init.bodySerializer = (body: string) => body;
      } else if (options.body !== undefined) {
        init.body = options.body;
      }
      // The scenarios are written against concrete paths and any method, so the call is
      // untyped here; the typed surface is exercised in msw.test.ts.
      const result = await (client.request as (m: string, u: string, i: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>)(
        method.toLowerCase(),
        url,
        init,
      );
      const responseHeaders: Record<string, string> = {};
      result.response.headers.forEach((value, name) => {
        responseHeaders[name] = value;
      });
      const payload = result.response.ok ? result.data : result.error;
      const text = payload === undefined ? '' : typeof payload === 'string' ? payload : JSON.stringify(payload);
      return { status: result.response.status, headers: responseHeaders, body: parseBody(text), text };
    },
  };
  return { driver, server };
}
