import { type FactoryContext, randomString } from '../ids/random.ts';
import type {
  EmittedEventSummary,
  OriginalContext,
  OriginalEvent,
  WorkflowErrorDetails,
  WorkflowErrorEventSummary,
} from './types.ts';
import { newId } from '../ids/ids.ts';

const PRODUCTS = [
  'Ergonomic Steel Chair',
  'Rustic Cotton Gloves',
  'Handmade Granite Keyboard',
  'Sleek Bronze Lamp',
  'Licensed Wooden Table',
  'Refined Rubber Shoes',
];

export const PLATFORM_VERSION = '3.61.2';

/** Emit and event IDs of the service look like 27-character base62 strings (KSUID-like). */
export function eventId(ctx: FactoryContext): string {
  return randomString(ctx.faker, 27);
}

export function defaultStack(code: string, cellId: string): string {
  return `Error: ${code}\n    at Object.run (file:///tmp/__pdg__/dist/code/${cellId}/component.mjs:12:11)\n    at async /var/task/launch_worker.js:42:9`;
}

/** A realistic HTTP-request event (what most workflows are triggered by). */
export function makeOriginalEvent(ctx: FactoryContext, options: { large?: boolean } = {}): Record<string, unknown> {
  const { faker } = ctx;
  const event: Record<string, unknown> = {
    method: 'POST',
    path: faker.helpers.arrayElement(['/', '/orders', '/hooks/github']),
    query: {},
    client_ip: faker.internet.ipv4(),
    headers: { 'content-type': 'application/json', 'user-agent': faker.internet.userAgent() },
    body: { id: faker.string.uuid(), email: faker.internet.email(), amount: faker.number.int({ min: 1, max: 10_000 }) },
  };
  if (options.large) {
    // Well over 1 KB of JSON so the summaries endpoint truncates it unless expand=event.
    event.body = {
      ...(event.body as object),
      // Cheap draws only (no lorem): seeding a world must stay fast.
      items: Array.from({ length: 24 }, () => ({
        sku: randomString(faker, 10),
        title: faker.helpers.arrayElement(PRODUCTS),
        quantity: faker.number.int({ min: 1, max: 5 }),
        unit_price_cents: faker.number.int({ min: 100, max: 20_000 }),
      })),
    };
  }
  return event;
}

export interface ErrorEventOptions {
  workflowId?: string;
  ownerId?: string;
  cellId?: string;
  error?: Partial<WorkflowErrorDetails>;
  originalEvent?: OriginalEvent;
  largeEvent?: boolean;
  /** Sequence number for the `<indexed_at_ms>-<seq>` id. */
  seq?: number;
}

export function makeErrorEventSummary(ctx: FactoryContext, options: ErrorEventOptions = {}): WorkflowErrorEventSummary {
  const { faker } = ctx;
  const indexedAt = ctx.now() - faker.number.int({ min: 0, max: 7 * 86_400_000 });
  const ts = new Date(indexedAt).toISOString();
  const workflowId = options.workflowId ?? newId('workflow', ctx);
  const cellId = options.cellId ?? newId('step', ctx);
  const emitId = eventId(ctx);
  const code =
    options.error?.code ??
    faker.helpers.arrayElement(['InternalFailure', 'TIMEOUT', 'TypeError', 'ConfigurationError']);
  const context: OriginalContext = {
    id: eventId(ctx),
    ts,
    workflow_id: workflowId,
    deployment_id: newId('deployment', ctx),
    source_type: 'COMPONENT',
    verified: false,
    owner_id: options.ownerId ?? newId('workspace', ctx),
    platform_version: PLATFORM_VERSION,
  };
  return {
    id: `${indexedAt}-${options.seq ?? faker.number.int({ min: 0, max: 999 })}`,
    indexed_at_ms: indexedAt,
    event: {
      original_event: options.originalEvent ?? makeOriginalEvent(ctx, { large: options.largeEvent ?? false }),
      original_context: context,
      error: { code, cellId, ts, stack: defaultStack(code, cellId), ...options.error },
      metadata: { emitter_id: workflowId, emit_id: emitId, name: '$errors' },
    },
  };
}

/**
 * One event a workflow or source emitted on its default stream (the reference's "Get workflow emits"), in the last week
 * of the world's clock; `seq` makes its `<indexed_at_ms>-<seq>` ID unique in the world.
 *
 * @example
 * makeEmittedEventSummary(ctx, { emitterId: 'dc_Ow7gJ0a', seq: 7 }); // { id: '1763…-7', indexed_at_ms, event, metadata }
 */
export function makeEmittedEventSummary(
  ctx: FactoryContext,
  options: { emitterId: string; seq: number; largeEvent?: boolean },
): EmittedEventSummary {
  const indexedAt = ctx.now() - ctx.faker.number.int({ min: 0, max: 7 * 86_400_000 });
  return {
    id: `${indexedAt}-${options.seq}`,
    indexed_at_ms: indexedAt,
    event: makeOriginalEvent(ctx, { large: options.largeEvent ?? false }),
    metadata: { emitter_id: options.emitterId, emit_id: eventId(ctx), name: '' },
  };
}
