// Runs the one scenario list through one adapter. Each scenario gets a fresh random token (its
// own world). The mock's error hook must stay silent: no bad input may reach the 500 path.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

    beforeAll(async () => {
      const started = await adapter.start(mock);
      stop = started.stop;
      // Keep every status the suite saw, to prove below that none was a 500.
      driver = {
        name: started.driver.name,
        async request(method, path, options) {
          const response = await started.driver.request(method, path, options);
          statuses.push(response.status);
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

    it('no request of the suite reached the 500 path (bad input is always a 4xx)', () => {
      expect(statuses.length).toBeGreaterThan(100);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(logError).not.toHaveBeenCalled();
    });
  });
}
