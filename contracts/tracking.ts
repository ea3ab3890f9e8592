// Registers the undo of every resource the API says it created, at the lowest layer, so that a
// case never forgets one, including a negative case whose "refused" request a broken server
// accepted (live safety: nothing created by a run outlives it).
import { apiOf, searchParamsOf, type Answer, type Api } from './api.ts';
import type { Cleanup } from './cleanup.ts';

const tolerate404 = (what: string) => (answer: Answer) => {
  if (answer.status >= 300 && answer.status !== 404) throw new Error(`${what} answered ${answer.status}`);
};

export function trackCreations(api: Api, cleanup: Cleanup): Api {
  const call: Api['call'] = async (method, path, options) => {
    const answer = await api.call(method, path, options);
    if (method !== 'POST' || answer.status < 200 || answer.status >= 300) return answer;
    if (path === '/webhooks' && answer.body?.data?.id) {
      const id = answer.body.data.id as string;
      cleanup.add(`delete webhook ${id}`, async () =>
        tolerate404(`DELETE /webhooks/${id}`)(await api.delete(`/webhooks/${id}`)),
      );
    } else if (path === '/workflows' && answer.body?.data?.id) {
      const id = answer.body.data.id as string;
      const orgId = (options?.body as { org_id?: string } | undefined)?.org_id;
      const body = { active: false, org_id: orgId };
      cleanup.add(`deactivate workflow ${id}`, async () =>
        tolerate404(`PUT /workflows/${id}`)(await api.put(`/workflows/${id}`, { body })),
      );
    } else if (path === '/subscriptions') {
      const query = searchParamsOf(options?.query);
      const triple = {
        emitter_id: query.get('emitter_id') ?? '',
        listener_id: query.get('listener_id') ?? '',
        event_name: query.get('event_name') ?? '',
      };
      cleanup.add(`unsubscribe ${triple.listener_id} from ${triple.emitter_id}`, async () =>
        tolerate404('DELETE /subscriptions')(await api.delete('/subscriptions', { query: triple })),
      );
    }
    return answer;
  };
  return apiOf(call);
}
