// A DeliverySink that only records (state 'recorded'); the store's default when no delivery
// engine is given, so a store on its own never touches the network.
import type { DeliveryRecord, DeliveryRequest, DeliverySink } from '../webhooks/types.ts';

export function createRecordingSink(now: () => number = () => Date.now()): DeliverySink & { requests: DeliveryRequest[] } {
  const records = new Map<string, DeliveryRecord[]>();
  const requests: DeliveryRequest[] = [];
  let seq = 0;
  return {
    requests,
    enqueue(request) {
      requests.push(request);
      const record: DeliveryRecord = {
        id: `dlv_${++seq}`,
        world: request.world,
        kind: request.kind,
        url: request.url,
        body: JSON.stringify(request.payload),
        headers: { 'content-type': 'application/json', ...request.headers },
        attempts: [],
        state: 'recorded',
        final_status: null,
        created_at: now(),
      };
      const list = records.get(request.world) ?? [];
      list.push(record);
      records.set(request.world, list);
      return record;
    },
    list(world) {
      return [...(records.get(world) ?? [])];
    },
    clear(world) {
      records.delete(world);
    },
    idle() {
      return Promise.resolve();
    },
  };
}
