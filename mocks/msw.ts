// MSW 3 adapter: two catch-all handlers that hand every intercepted request to the mock's one
// route table. Works with setupServer (msw/node) and setupWorker (msw/browser): nothing imported
// from here touches Node-only modules.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { createUrlMapper, DEFAULT_BASE_URL, fromFetchRequest } from './app/fetch.ts';
import { createMock, type Mock } from './index.ts';
import { createDeliveryEngine } from './webhooks/delivery.ts';

/** In a page (setupWorker, or a DOM test environment) outbound webhooks are recorded, not sent. */
const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

export interface HandlersOptions {
  /** Where the API is mounted, version segment included; default http://127.0.0.1:4010/v1. */
  baseUrl?: string;
  /** Seed for a mock created here (ignored when `mock` is given). */
  seed?: number | string;
  /**
   * Share one Mock between handlers and tests (its `control` API, its store). Without it, a mock
   * is created here; in a browser its webhook deliveries are only recorded (GET /__mock/deliveries).
   */
  mock?: Mock;
}

export function createHandlers(options: HandlersOptions = {}): HttpHandler[] & { mock: Mock } {
  const baseUrl = (options.baseUrl ?? options.mock?.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const mock =
    options.mock ??
    createMock({
      baseUrl,
      sink: createDeliveryEngine({ send: !inBrowser }),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    });
  const mapUrl = createUrlMapper(baseUrl);
  const origin = new URL(baseUrl).origin;

  const resolve = async ({ request }: { request: Request }) => {
    const response = await mock.handle(await fromFetchRequest(request, mapUrl));
    return new HttpResponse(response.status === 204 ? null : response.body, {
      status: response.status,
      headers: response.headers,
    });
  };

  const handlers = [http.all(`${baseUrl}/*`, resolve), http.all(`${origin}/__mock/*`, resolve)];
  return Object.assign(handlers, { mock });
}
