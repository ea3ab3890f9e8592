// Registers the undo of every resource the API says it created, at the lowest layer, so that a
// case never forgets one, including a negative case whose "refused" request a broken server
// accepted (live safety: nothing created by a run outlives it).
import type { Answer, Api, CallOptions } from './api.ts';
import type { Cleanup } from './cleanup.ts';

function queryOf(options: CallOptions | undefined): URLSearchParams {
  const query = options?.query;
  if (query instanceof URLSearchParams) return query;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, String(value));
  return params;
}

const tolerate404 = (what: string) => (answer: Answer) => {
  if (answer.status >= 300 && answer.status !== 404) throw new Error(`${what} answered ${answer.status}`);
};

export function trackCreations(api: Api, cleanup: Cleanup): Api {
  const call: Api['call'] = async (method, path, options) => {
    const answer = await api.call(method, path, options);
    if (method !== 'POST' || answer.status < 200 || answer.status >= 300) return answer;
    if (path === '/webhooks' && answer.body?.data?.id) {
      const id = answer.body.data.id as string;
      cleanup.add(`delete webhook ${id}`, async () => tolerate404(`DELETE /webhooks/${id}`)(await api.delete(`/webhooks/${id}`)));
    } else if (path === '/workflows' && answer.body?.data?.id) {
      const id = answer.body.data.id as string;
      const orgId = (options?.body as { org_id?: string } | undefined)?.org_id;
      cleanup.add(`deactivate workflow ${id}`, async () =>
        tolerate404(`PUT /workflows/${id}`)(await api.put(`/workflows/${id}`, { body: { active: false, org_id: orgId } })),
      );
    } else if (path === '/subscriptions') {
      const query = queryOf(options);
      const triple = { emitter_id: query.get('emitter_id') ?? '', listener_id: query.get('listener_id') ?? '', event_name: query.get('event_name') ?? '' };
      cleanup.add(`unsubscribe ${triple.listener_id} from ${triple.emitter_id}`, async () =>
        tolerate404('DELETE /subscriptions')(await api.delete('/subscriptions', { query: triple })),
      );
    }
    return answer;
  };
  return {
    call,
    get: (path, options) => call('GET', path, options),
    post: (path, options) => call('POST', path, options),
    put: (path, options) => call('PUT', path, options),
    delete: (path, options) => call('DELETE', path, options),
  };
}
