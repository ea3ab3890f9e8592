// A small dashboard on the Workflow API, the app the Playwright fixture's test drives: it calls
// the API under /v1 on its own origin with its own key, knowing nothing of the mock (the fixture
// answers its requests from each test's world). It shows the user, the first workspace's sources and
// the user's webhooks (what the official verifier's broken variants corrupt, tests/package/pact.test.ts);
// the rest depends on the query string:
// ?project=proj_... lists that project's accounts, ?workflow=p_... counts its error events,
// ?ctok=ctok_... says whether a Connect token is still valid.
const api = async (path) => {
  const response = await fetch(`/v1${path}`, {
    headers: { authorization: 'Bearer the-apps-own-key', 'x-pd-environment': 'production' },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
};
const show = (id, text) => {
  document.getElementById(id).textContent = text;
};
const params = new URLSearchParams(location.search);

try {
  const { data: me } = await api('/users/me');
  show('user', me.username);
  show(
    'invocations',
    `invocations ${me.daily_invocations_used} / ${me.daily_invocations_quota}${me.daily_invocations_used >= me.daily_invocations_quota ? ' (quota used up)' : ''}`,
  );
  const [workspace] = me.orgs;
  show('credits', `credits ${workspace.daily_credits_used} / ${workspace.daily_credits_quota}`);
  const sources = await api(`/orgs/${workspace.id}/sources?limit=100`);
  show(
    'sources',
    sources.data.length === 0
      ? 'No sources yet'
      : `${sources.page_info.total_count} sources, ${sources.data.length} on this page`,
  );
  const { data: webhooks } = await api('/users/me/webhooks');
  show('webhooks', `${webhooks.length} webhooks`);
  if (params.has('project')) {
    const { data: accounts } = await api(`/connect/${params.get('project')}/accounts`);
    const list = document.getElementById('accounts');
    for (const account of accounts) {
      const item = document.createElement('li');
      item.textContent = `${account.id}: ${account.dead ? 'dead' : account.healthy ? 'healthy' : 'failing'}`;
      list.append(item);
    }
  }
  if (params.has('workflow')) {
    const { data: events } = await api(`/workflows/${params.get('workflow')}/$errors/event_summaries?limit=100`);
    show('errors', `${events.length} recent errors`);
  }
  if (params.has('ctok')) {
    const answer = await api(`/connect/tokens/${params.get('ctok')}/validate`);
    show('token', answer.success ? 'connect token valid' : `connect token refused: ${answer.error}`);
  }
  document.body.dataset.ready = 'true';
} catch (error) {
  show('user', `error: ${error.message}`);
  document.body.dataset.ready = 'error';
}
