// The mock's control API over HTTP (docs/control-api.md), reached with the target's raw transport at the
// control origin. Only targets with caps.control get one; a live target never does.
import type { components } from '../openapi/generated/control-schema.ts';
import { createApi, type Api } from './api.ts';
import type { Target } from './targets/types.ts';

type Schemas = components['schemas'];

export type Control = NonNullable<ReturnType<typeof createControl>>;

/** The control API of the target's world, or of `token`'s world (a second world of the same mock). */
export function createControl(target: Target, token = target.token) {
  if (!target.caps.control || target.controlUrl === undefined) return null;
  const api = createApi(`${target.controlUrl}/__mock`, token, target.fetch);
  const send = async <T = any>(method: string, path: string, options: Parameters<Api['call']>[2] = {}): Promise<T> => {
    const answer = await api.call(method, path, options);
    if (answer.status !== 200)
      throw new Error(`control API ${method} /__mock${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  return {
    world: () => send<Schemas['WorldSummary']>('GET', '/world'),
    reset: async () => void (await send('POST', '/reset')),
    emit: (body: Schemas['EmitBody']) => send<{ emit_id: string; deliveries: any[] }>('POST', '/emit', { body }),
    emitTrigger: (triggerId: string, body: Schemas['TriggerEmitBody']) =>
      send<{ event_id: string; deliveries: any[] }>('POST', `/triggers/${encodeURIComponent(triggerId)}/emit`, {
        body,
      }),
    completeConnect: (connectToken: string, body: Schemas['CompleteConnectBody']) =>
      send<{ delivery: any; account?: { id: string } }>(
        'POST',
        `/connect/${encodeURIComponent(connectToken)}/complete`,
        {
          body,
        },
      ),
    deliveries: (options: { wait?: boolean } = {}) =>
      send<Schemas['DeliveryRecord'][]>('GET', '/deliveries', { query: { wait: options.wait } }),
    requests: () => send<Schemas['JournalEntry'][]>('GET', '/requests'),
    rateLimit: (rule: { requests: number; retry_after_seconds?: number }) =>
      send<Schemas['RateLimitRule'] | null>('POST', '/rate-limit', { body: rule }),
    addSources: (body: Schemas['AddSourcesBody']) => send<Schemas['AddedSources']>('POST', '/sources', { body }),
    /** Raw exchanges under `<origin>/__mock` (unchecked: the control API is not in the document), for refusals. */
    api,
  };
}
