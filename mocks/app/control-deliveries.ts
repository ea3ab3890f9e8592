// `GET /__mock/deliveries` a page at a time, bodies cut for the list (docs/control-api.md): whole, ~300 large
// deliveries made an answer longer than a JS string may be. The log keeps whole bodies (retention.ts bounds it).
import { fail, ok, type Result } from '../common/errors.ts';
import type { DeliveryRecord } from '../outbound/types.ts';

/** Characters of a body shown in the list; the rest is counted in `body_length`. */
export const LISTED_BODY_CHARACTERS = 4096;

export type ListedDelivery = DeliveryRecord & { body_truncated?: true; body_length?: number };

/** The records after the one with ID `after` (from the start without it), at most `limit`, bodies cut. */
export function deliveryPage(
  records: readonly DeliveryRecord[],
  limit: number,
  after?: string,
): Result<{ data: ListedDelivery[]; next_after?: string }> {
  let start = 0;
  if (after !== undefined) {
    const index = records.findIndex((record) => record.id === after);
    if (index === -1)
      return fail('bad_request', `after: no delivery ${after} in this world's log (the last 500 are kept)`, { after });
    start = index + 1;
  }
  const page = records.slice(start, start + limit);
  const data = page.map(
    (record): ListedDelivery =>
      record.body.length <= LISTED_BODY_CHARACTERS
        ? record
        : {
            ...record,
            body: record.body.slice(0, LISTED_BODY_CHARACTERS),
            body_truncated: true,
            body_length: record.body.length,
          },
  );
  const more = start + limit < records.length;
  return ok(more ? { data, next_after: page.at(-1)!.id } : { data });
}
