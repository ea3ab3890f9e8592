// What a store keeps besides its worlds, bounded per world and in total (docs/worlds.md, "Bounds"): journals and
// delivery logs count into one tally per store, so the store evicts past its cap however they are spread.
import { apiError, type Result } from '../../common/errors.ts';
import type { DeliveryRecord, DeliveryRequest, DeliverySink } from '../../outbound/types.ts';

/** Delivery records kept per world (the oldest go first). */
export const DELIVERY_LOG_LIMIT = 500;
/** Delivery body bytes kept per world; the newest record is always kept, whatever its size. */
export const DELIVERY_LOG_BYTES = 4 * 1024 * 1024;
/** Journal lines plus delivery records of all worlds together, before least-recently-used worlds are evicted. */
export const RETAINED_ENTRIES_LIMIT = 200_000;
/** Delivery body bytes of all worlds together, before least-recently-used worlds are evicted. */
export const RETAINED_BYTES_LIMIT = 64 * 1024 * 1024;

/**
 * Resources of one kind a world may hold through the API (webhooks, workflows, sources, subscriptions, auto-
 * subscriptions, Connect tokens, deployed triggers; docs/worlds.md, "Bounds"): generous for any test, yet a client
 * looping on a create cannot grow a world without bound. The control API (POST /__mock/sources) is not capped.
 */
export const COLLECTION_LIMIT = 10_000;
/** The Retry-After of a `collection_full` answer: the document gives every 429 one (the cap lifts when something is deleted). */
export const COLLECTION_FULL_RETRY_AFTER_S = 60;

/**
 * The 429 `collection_full` (docs/errors.md) when adding `adding` items to a collection of `size`
 * would pass COLLECTION_LIMIT; undefined when they fit.
 */
export function collectionFull(collection: string, size: number, adding = 1): Result<never> | undefined {
  if (size + adding <= COLLECTION_LIMIT) return undefined;
  const error = apiError(
    'collection_full',
    `This world holds ${size} ${collection}; at most ${COLLECTION_LIMIT} can be created through the API. Delete some or reset the world (POST /__mock/reset)`,
    { collection, count: size, limit: COLLECTION_LIMIT },
  );
  return { ok: false, error: { ...error, headers: { 'retry-after': String(COLLECTION_FULL_RETRY_AFTER_S) } } };
}

/** A store's running count of what its sessions keep besides their worlds. */
export interface Tally {
  entries: number;
  bytes: number;
}

export const overTally = (tally: Tally): boolean =>
  tally.entries > RETAINED_ENTRIES_LIMIT || tally.bytes > RETAINED_BYTES_LIMIT;

/** A world's delivery log and the sink that fills it: deliveries go on to `sink` and are recorded as they are queued. */
export type DeliveryLog = ReturnType<typeof deliveryLog>;

// Characters of a body, counted as bytes: exact for ASCII, within 3x otherwise; cheap.
const sizeOf = (record: DeliveryRecord) => record.body.length;

export function deliveryLog(
  sink: DeliverySink,
  tally: Tally,
  limit = DELIVERY_LOG_LIMIT,
  byteLimit = DELIVERY_LOG_BYTES,
) {
  const deliveries: DeliveryRecord[] = [];
  let bytes = 0;
  return {
    deliveries,
    sink: {
      enqueue(request: DeliveryRequest): DeliveryRecord {
        const record = sink.enqueue(request);
        deliveries.push(record);
        const size = sizeOf(record);
        bytes += size;
        tally.bytes += size;
        tally.entries += 1;
        // The oldest records go, over the count or the bytes; the newest one always stays.
        let drop = 0;
        let dropped = 0;
        while (drop < deliveries.length - 1 && (deliveries.length - drop > limit || bytes - dropped > byteLimit))
          dropped += sizeOf(deliveries[drop++]!);
        if (drop > 0) {
          deliveries.splice(0, drop);
          bytes -= dropped;
          tally.bytes -= dropped;
          tally.entries -= drop;
        }
        return record;
      },
      idle: (world?: string) => sink.idle(world),
    } satisfies DeliverySink,
    /** Takes this log's records out of the tally (the session is gone). */
    release(): void {
      tally.entries -= deliveries.length;
      tally.bytes -= bytes;
      deliveries.length = 0;
      bytes = 0;
    },
  };
}
