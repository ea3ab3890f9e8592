// Runs the one scenario list through one adapter. Each scenario gets a fresh random token (its
// own world). The mock's error hook must stay silent: no bad input may reach the 500 path.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validator } from '../../openapi/validator.ts';
import { createMock, type Mock } from '../index.ts';
import { createDeliveryEngine } from '../webhooks/delivery.ts';
import type { Driver } from './driver.ts';
import { scenarios } from './scenarios.ts';
import { createSession } from './session.ts';

export interface Adapter {
  name: string;
  start(mock: Mock): Promise<{ driver: Driver; stop(): Promise<void> }>;
}

export function runScenarios(adapter: Adapter): void {
  describe(`scenarios through ${adapter.name}`, () => {
    const logError = vi.fn();
    // Record deliveries instead of sending them: the scenarios inspect what would be sent.
    const mock = createMock({ seed: 7, logError, sink: createDeliveryEngine({ send: false }) });
    let driver: Driver;
    let stop: () => Promise<void>;
    const statuses: number[] = [];
    const undocumented: string[] = [];

    beforeAll(async () => {
      const started = await adapter.start(mock);
      stop = started.stop;
      // Keep every status the suite saw, to prove below that none was a 500.
      driver = {
        name: started.driver.name,
        async request(method, path, options) {
          const response = await started.driver.request(method, path, options);
          statuses.push(response.status);
          const issues = responseIssues(method, path, response.status, response.headers['content-type'] ?? null, response.body);
          if (issues.length > 0) undocumented.push(`${method} ${path} ${response.status}: ${JSON.stringify(issues).slice(0, 400)}`);
          return response;
        },
      };
    });
    afterAll(async () => {
      await stop?.();
    });

    for (const scenario of scenarios) {
      it(scenario.name, async () => {
        await scenario.run(createSession(driver));
      });
    }

    it('every /v1 answer of the suite is documented and matches its schema in openapi.yaml', () => {
      expect(undocumented).toEqual([]);
    });

    it('no request of the suite reached the 500 path (bad input is always a 4xx)', () => {
      expect(statuses.length).toBeGreaterThan(100);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(logError).not.toHaveBeenCalled();
    });
  });
}

// Statuses the app answers before any operation is known to accept the request (the document
// lists them per operation only where they are specific); their body is still the Error schema.
const GENERIC_STATUSES = new Set([405, 413, 415]);

/** Checks one answer against the document: the operation's documented status, media type and schema. */
function responseIssues(method: string, path: string, status: number, contentType: string | null, body: unknown): unknown[] {
  if (path.startsWith('/__mock') || path.startsWith('origin:')) return [];
  const lookup = validator.matchOperation(method, path.split('?')[0]!);
  if (lookup.kind !== 'match' || GENERIC_STATUSES.has(status)) {
    return status >= 400 ? validator.validateSchema('Error', body) : [{ message: `no operation for ${method} ${path}` }];
  }
  return validator.validateResponse(lookup.operationId, status, status === 204 ? null : contentType, status === 204 ? undefined : body);
}
