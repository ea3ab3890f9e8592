// A DeliverySink that only records (state 'recorded'): the store's default, so a store alone never touches the
// network; `requests` keeps what was asked, for tests.
import type { DeliveryRecord, DeliveryRequest, DeliverySink } from '../../outbound/types.ts';

export function createRecordingSink(
  now: () => number = () => Date.now(),
): DeliverySink & { requests: DeliveryRequest[] } {
  const requests: DeliveryRequest[] = [];
  let seq = 0;
  return {
    requests,
    enqueue(request): DeliveryRecord {
      requests.push(request);
      return {
        id: `dlv_${++seq}`,
        world: request.world,
        kind: request.kind,
        url: request.url,
        body: JSON.stringify(request.payload),
        headers: { 'content-type': 'application/json', ...request.headers },
        attempts: [],
        state: 'recorded',
        final_status: null,
        created_at: (request.now ?? now)(),
      };
    },
    idle: () => Promise.resolve(),
  };
}
