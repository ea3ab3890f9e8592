// The mock's control API over HTTP (docs/control-api.md), reached with the target's raw transport at the
// control origin. Only targets with caps.control get one; a live target never does.
import type { Target } from './targets/types.ts';

export interface Control {
  world(): Promise<Record<string, unknown>>;
  reset(): Promise<void>;
  emit(body: { emitter_id: string; event_name: string; event: unknown; error?: Record<string, unknown> }): Promise<{ emit_id: string }>;
  completeConnect(connectToken: string, body: { outcome: 'success' | 'error'; error?: string }): Promise<{ account?: { id: string } }>;
  deliveries(): Promise<unknown[]>;
  requests(): Promise<unknown[]>;
}

export function createControl(target: Target): Control | null {
  if (!target.caps.control || target.controlUrl === undefined) return null;
  const origin = target.controlUrl;
  const send = async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await target.fetch(`${origin}/__mock${path}`, {
      method,
      headers: { authorization: `Bearer ${target.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`control API ${method} /__mock${path} answered ${response.status}: ${text}`);
    return (JSON.parse(text) as { data: unknown }).data;
  };
  return {
    world: () => send('GET', '/world'),
    reset: async () => void (await send('POST', '/reset')),
    emit: (body) => send('POST', '/emit', body),
    completeConnect: (connectToken, body) => send('POST', `/connect/${encodeURIComponent(connectToken)}/complete`, body),
    deliveries: () => send('GET', '/deliveries'),
    requests: () => send('GET', '/requests'),
  };
}
