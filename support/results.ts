// Store unit-test helpers: unwrap an ok Result, read and assert an error, a sink that only records the delivery
// requests it is given, and an example request of the document as the app receives it.
import { expect } from 'vitest';
import type { ApiError, Result } from '../mocks/common/errors.ts';
import type { DeliveryRecord, DeliveryRequest } from '../mocks/outbound/types.ts';
import { createStore } from '../mocks/store/index.ts';
import { worldSummary } from '../mocks/store/world/index.ts';
import type { ExampleRequest } from '../openapi/example-requests.ts';
import type { AppRequest } from '../mocks/app/types.ts';

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.status} ${JSON.stringify(result.error.body)}`);
  return result.value;
}

export function expectError(result: Result<unknown>, status: number, code?: string): ApiError {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  const { error } = result;
  expect(error.status).toBe(status);
  if (code !== undefined) expect(error.body.code).toBe(code);
  expect(typeof error.body.error).toBe('string');
  return error;
}

/** What recordingSink answers: a DeliverySink plus the requests it was given and a per-world log. */
export type RecordingSink = ReturnType<typeof recordingSink>;

/** A sink that records what it was asked to deliver, as the store made it, for the store's unit tests. */
export function recordingSink() {
  const requests: DeliveryRequest[] = [];
  const records: DeliveryRecord[] = [];
  return {
    requests,
    enqueue(request: DeliveryRequest): DeliveryRecord {
      requests.push(request);
      const record: DeliveryRecord = {
        id: `rec_${records.length + 1}`,
        world: request.world,
        kind: request.kind,
        url: request.url,
        body: JSON.stringify(request.payload),
        headers: {},
        attempts: [],
        state: 'recorded',
        final_status: null,
        created_at: 0,
      };
      records.push(record);
      return record;
    },
    list: (world: string) => records.filter((record) => record.world === world),
    clear(world: string): void {
      for (let i = records.length - 1; i >= 0; i--) if (records[i]!.world === world) records.splice(i, 1);
      for (let i = requests.length - 1; i >= 0; i--) if (requests[i]!.world === world) requests.splice(i, 1);
    },
    idle: (): Promise<void> => Promise.resolve(),
  };
}

/**
 * The world of `token` in a new store seeded `seed`, on a clock fixed at `now`, its deliveries
 * recorded (the setup every store test of emits, runs and quotas needs).
 *
 * @example
 * beforeEach(() => ({ sink, store, world, orgId, projectId } = storeFixture('emitter')));
 */
export function storeFixture(
  token: string,
  options: { seed?: number; now?: number; endpointUrl?: (key: string) => string } = {},
) {
  const sink = recordingSink();
  const now = options.now ?? Date.UTC(2030, 2, 3, 4, 5, 6);
  const store = createStore({ seed: options.seed ?? 41, sink, now: () => now, endpointUrl: options.endpointUrl });
  const world = store.world(token);
  const summary = worldSummary(world);
  return { sink, store, world, orgId: summary.workspaces[0]!.id, projectId: summary.projects[0]!.id };
}

/**
 * The AppRequest of `request`, sent with `token`'s bearer, its body as JSON text.
 * @example
 * const response = await mock.handle(exampleAppRequest(exampleRequests(document)[0]!, 'test-token'));
 */
export function exampleAppRequest(request: ExampleRequest, token: string): AppRequest {
  const query = request.query.toString();
  return {
    method: request.method,
    url: `/v1${request.path}${query === '' ? '' : `?${query}`}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    body: request.body === undefined ? '' : JSON.stringify(request.body),
  };
}
