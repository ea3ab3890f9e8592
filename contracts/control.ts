// The mock's control API over HTTP (docs/control-api.md), reached with the target's raw transport at the
// control origin. Only targets with caps.control get one; a live target never does.
import type { components } from '../openapi/generated/control-schema.ts';
import { createApi, type Api } from './api.ts';
import type { Target } from './targets/types.ts';

type Schemas = components['schemas'];

export interface Control {
  world(): Promise<Schemas['WorldSummary']>;
  reset(): Promise<void>;
  emit(body: Schemas['EmitBody']): Promise<{ emit_id: string; deliveries: any[] }>;
  emitTrigger(triggerId: string, body: Schemas['TriggerEmitBody']): Promise<{ event_id: string; deliveries: any[] }>;
  completeConnect(
    connectToken: string,
    body: Schemas['CompleteConnectBody'],
  ): Promise<{ delivery: any; account?: { id: string } }>;
  deliveries(options?: { wait?: boolean }): Promise<Schemas['DeliveryRecord'][]>;
  requests(): Promise<Schemas['JournalEntry'][]>;
  rateLimit(rule: { requests: number; retry_after_seconds?: number }): Promise<Schemas['RateLimitRule'] | null>;
  addSources(body: Schemas['AddSourcesBody']): Promise<Schemas['AddedSources']>;
  /** Raw exchanges under `<origin>/__mock` (unchecked: the control API is not in the document), for refusals. */
  api: Api;
}

/** The control API of the target's world, or of `token`'s world (a second world of the same mock). */
export function createControl(target: Target, token = target.token): Control | null {
  if (!target.caps.control || target.controlUrl === undefined) return null;
  const api = createApi(`${target.controlUrl}/__mock`, token, target.fetch);
  const send = async (method: string, path: string, options: Parameters<Api['call']>[2] = {}): Promise<any> => {
    const answer = await api.call(method, path, options);
    if (answer.status !== 200)
      throw new Error(`control API ${method} /__mock${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  return {
    world: () => send('GET', '/world'),
    reset: async () => void (await send('POST', '/reset')),
    emit: (body) => send('POST', '/emit', { body }),
    emitTrigger: (triggerId, body) => send('POST', `/triggers/${encodeURIComponent(triggerId)}/emit`, { body }),
    completeConnect: (connectToken, body) =>
      send('POST', `/connect/${encodeURIComponent(connectToken)}/complete`, { body }),
    deliveries: (options = {}) => send('GET', '/deliveries', { query: { wait: options.wait } }),
    requests: () => send('GET', '/requests'),
    rateLimit: (rule) => send('POST', '/rate-limit', { body: rule }),
    addSources: (body) => send('POST', '/sources', { body }),
    api,
  };
}
