// The mock's console (docs/control-api.md, "The console"): plain DOM, no framework, no build step.
// It reads a world through the public API (/v1) and the control API (/__mock), both with the
// bearer typed in the page (or given as ?token=), and steers it through the same two APIs. Every
// text it shows goes through textContent, never innerHTML: the world's data is generated text.

const $ = (selector, root = document) => root.querySelector(selector);
const state = {
  token: '',
  tab: 'world',
  world: null,
  sourcesCursor: {},
  keys: new Map(),
  folded: new Set(),
  activityShown: '',
  poll: undefined,
  reference: false,
  driftShown: '',
};

/** h('td', {class: 'x'}, 'text', child): an element with attributes (on* as listeners) and children. */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (name === 'checked') el.checked = Boolean(value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

const table = (head, rows, attrs = {}) =>
  h(
    'table',
    attrs,
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        head.map((c) => h('th', {}, c)),
      ),
    ),
    h('tbody', {}, rows),
  );
// Thousands separated: compute-time quotas are milliseconds (86,400,000 is a day).
const count = (n) => (typeof n === 'number' ? n.toLocaleString('en-US') : String(n));
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const pct = (used, quota) => (quota === undefined ? '' : `${count(used ?? 0)} / ${count(quota)}`);
const time = (ms) => new Date(ms).toLocaleTimeString();

function say(text, kind = 'ok') {
  const status = $('#status');
  status.textContent = text;
  status.dataset.kind = kind;
}

/** One call to this mock with the token; resolves to {status, body} (body parsed when JSON). */
async function call(method, path, body, headers = {}) {
  // x-mock-console: the journal keeps the console's own requests apart from the app's (GET /__mock/requests leaves them out).
  const init = { method, headers: { authorization: `Bearer ${state.token}`, 'x-mock-console': '1', ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let parsed = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed };
}

/** The `data` of a 2xx answer, or throws an Error whose message is the API's. */
async function data(method, path, body, headers) {
  const answer = await call(method, path, body, headers);
  if (answer.status >= 200 && answer.status < 300)
    return answer.body?.data === undefined ? answer.body : answer.body.data;
  const message = answer.body?.error ?? `HTTP ${answer.status}`;
  throw new Error(`${method} ${path}: ${answer.status} ${answer.body?.code ?? ''} ${message}`.replace(/\s+/g, ' '));
}

// ---- world ---------------------------------------------------------------------------------------

async function loadWorld() {
  if (state.token === '') return;
  await loadClockAndScenarios();
  const [world, user, webhooks] = await Promise.all([
    data('GET', '/__mock/world'),
    data('GET', '/v1/users/me'),
    data('GET', '/v1/users/me/webhooks'),
  ]);
  state.world = world;
  const workspaces = await Promise.all(world.workspaces.map((w) => data('GET', `/v1/workspaces/${w.id}`)));
  renderWorld(world, user, workspaces, webhooks);
  fillSelects(world);
  await Promise.all([
    ...world.workspaces.map((w) => loadSources(w.id, state.sourcesCursor[w.id])),
    ...world.projects.map(loadAccounts),
  ]);
}

/** The clock's time and the scenarios into the Actions tab's clock and scenario forms. */
async function loadClockAndScenarios() {
  const [clock, listed] = await Promise.all([data('GET', '/__mock/clock'), data('GET', '/__mock/scenarios')]);
  $('#clock-form').elements.now.value =
    `Now: ${clock.now}${clock.changed ? '' : ' (real time)'}${clock.frozen ? ', standing still' : ''}`;
  const select = $('#scenario-form').elements.name;
  select.replaceChildren(
    h('option', { value: '' }, '(the seeded world)'),
    ...listed.scenarios.map((scenario) =>
      h('option', { value: scenario.name, title: scenario.description }, scenario.name),
    ),
  );
  // A choice not sent yet survives a refresh (any action reloads the world): the user would lose it.
  select.value = select.dataset.chosen ?? listed.current ?? '';
}

/** GET /v1/connect/{project_id}/accounts for each environment of the project, into its accounts table. */
async function loadAccounts(project) {
  const lists = await Promise.all(
    project.environments.map(async (e) => {
      const page = await call('GET', `/v1/connect/${project.id}/accounts?limit=100`, undefined, {
        'x-pd-environment': e.name,
      });
      return page.status === 200 ? page.body.data.map((account) => ({ ...account, environment: e.name })) : [];
    }),
  );
  for (const account of lists.flat()) {
    const row = $(`.project[data-id="${project.id}"] .accounts tr[data-id="${account.id}"]`);
    row?.replaceChildren(
      h('td', {}, h('code', {}, account.id)),
      h('td', {}, account.name),
      h('td', {}, account.app?.name ?? ''),
      h('td', {}, account.external_id),
      h('td', {}, account.environment),
      h('td', { class: account.healthy ? 'good' : 'bad' }, account.healthy ? 'yes' : 'no'),
    );
  }
}

function renderWorld(world, user, workspaces, webhooks) {
  const counts = new Map(world.workspaces.map((w) => [w.id, w.source_count]));
  const panel = $('#world');
  panel.replaceChildren(
    h('h2', {}, 'User'),
    h(
      'dl',
      { id: 'user' },
      h('dt', {}, 'id'),
      h('dd', {}, user.id),
      h('dt', {}, 'username'),
      h('dd', {}, user.username),
      h('dt', {}, 'email'),
      h('dd', {}, user.email),
      h('dt', {}, 'compute time (ms) used / quota'),
      h('dd', {}, pct(user.daily_compute_time_used, user.daily_compute_time_quota)),
      h('dt', {}, 'invocations used / quota'),
      h('dd', { id: 'user-invocations' }, pct(user.daily_invocations_used, user.daily_invocations_quota)),
      h('dt', {}, 'world key'),
      h('dd', {}, world.key),
    ),
    h('h2', {}, 'Workspaces'),
    table(
      ['id', 'name', 'credits', 'compute time (ms)', 'invocations', 'sources'],
      workspaces.map((w) =>
        h(
          'tr',
          { 'data-id': w.id },
          h('td', {}, h('code', {}, w.id)),
          h('td', {}, w.name),
          h('td', {}, pct(w.daily_credits_used, w.daily_credits_quota)),
          h('td', {}, pct(w.daily_compute_time_used, w.daily_compute_time_quota)),
          h('td', {}, pct(w.daily_invocations_used, w.daily_invocations_quota)),
          h('td', {}, counts.get(w.id) ?? ''),
        ),
      ),
      { id: 'workspaces' },
    ),
    h('h2', {}, 'Workflows'),
    table(
      ['id', 'workspace', 'project', 'active', '$errors kept'],
      world.workflows.map((w) =>
        h(
          'tr',
          { 'data-id': w.id },
          h('td', {}, h('code', {}, w.id)),
          h('td', {}, w.org_id),
          h('td', {}, w.project_id),
          h(
            'td',
            {},
            h(
              'label',
              {},
              h('input', {
                type: 'checkbox',
                checked: w.active,
                'aria-label': `${w.id} active`,
                onchange: (e) => toggleWorkflow(w, e.target),
              }),
              w.active ? ' on' : ' off',
            ),
          ),
          h('td', {}, w.error_events),
        ),
      ),
      { id: 'workflows' },
    ),
    h('h2', {}, 'Sources'),
    h(
      'div',
      { id: 'sources' },
      world.workspaces.map((w) =>
        h(
          'div',
          { class: 'sources', 'data-org': w.id },
          h('h3', {}, `${w.name} (${w.id}), ${w.source_count} sources`),
          h('div', { class: 'page' }),
        ),
      ),
    ),
    h('h2', {}, 'Subscriptions'),
    table(
      ['id', 'emitter', '', 'listener', 'event', 'workspace'],
      world.subscriptions.map((s) =>
        h(
          'tr',
          {},
          h('td', {}, h('code', {}, s.id)),
          h('td', {}, s.emitter_id),
          h('td', {}, '→'),
          h('td', {}, s.listener_id),
          h('td', {}, s.event_name),
          h('td', {}, s.org_id),
        ),
      ),
      { id: 'subscriptions' },
    ),
    h('h2', {}, 'Auto-subscriptions'),
    table(
      ['event', '', 'listener'],
      world.auto_subscriptions.map((a) =>
        h('tr', {}, h('td', {}, a.event_name), h('td', {}, '→'), h('td', {}, a.listener_id)),
      ),
      { id: 'auto-subscriptions' },
    ),
    h('h2', {}, 'Webhooks'),
    table(
      ['id', 'name', 'url', 'active'],
      webhooks.map((w) =>
        h(
          'tr',
          {},
          h('td', {}, h('code', {}, w.id)),
          h('td', {}, w.name ?? ''),
          h('td', {}, w.url),
          h('td', {}, String(w.active ?? '')),
        ),
      ),
      { id: 'webhooks' },
    ),
    h('h2', {}, 'Projects'),
    h('div', { id: 'projects' }, world.projects.map(renderProject)),
  );
}

function renderProject(project) {
  const tokens = state.world.connect_tokens.filter((t) => t.project_id === project.id);
  return h(
    'article',
    { class: 'project', 'data-id': project.id },
    h('h3', {}, h('code', {}, project.id), ` in ${project.org_id}`),
    table(
      ['environment', 'webhook'],
      project.environments.map((e) => h('tr', {}, h('td', {}, e.name), h('td', {}, e.webhook_url ?? '(none)'))),
      { class: 'environments' },
    ),
    table(
      ['deployed trigger', 'environment', 'end user', 'state', 'its webhooks', 'workflows'],
      project.deployed_triggers.map((t) =>
        h(
          'tr',
          {},
          h('td', {}, h('code', {}, t.id)),
          h('td', {}, t.environment),
          h('td', {}, t.external_user_id ?? ''),
          h('td', {}, t.active === false ? 'paused' : `active, ${t.event_count ?? 0} event(s)`),
          // With IDs where the summary has them (webhooks), else the URLs alone.
          h(
            'td',
            {},
            (t.webhooks?.map((w) => `${w.id} ${w.url}`) ?? t.webhook_urls).join(', ') || '(the environment’s)',
          ),
          h('td', {}, (t.workflow_ids ?? []).join(', ')),
        ),
      ),
      { class: 'triggers' },
    ),
    // The IDs from the summary at once; their names, apps and health once the API's list answers.
    table(
      ['connected account', 'name', 'app', 'end user', 'environment', 'healthy'],
      project.accounts.map((a) => h('tr', { 'data-id': a }, h('td', {}, h('code', {}, a)))),
      { class: 'accounts' },
    ),
    table(
      ['connect token', 'environment', 'completed'],
      tokens.map((t) =>
        h(
          'tr',
          {},
          h('td', {}, h('code', {}, t.token)),
          h('td', {}, t.environment),
          h('td', {}, t.completed ? 'yes' : 'no'),
        ),
      ),
      { class: 'connect-tokens' },
    ),
  );
}

async function loadSources(orgId, cursor) {
  const query = new URLSearchParams({ limit: '5' });
  if (cursor !== undefined) query.set(cursor.direction, cursor.at);
  const page = await call('GET', `/v1/orgs/${orgId}/sources?${query}`);
  const box = $(`.sources[data-org="${orgId}"] .page`);
  if (box === null) return;
  if (page.status !== 200) {
    box.replaceChildren(h('p', { class: 'error' }, `${page.status} ${page.body?.error ?? ''}`));
    return;
  }
  const info = page.body.page_info;
  const go = (direction, at) => () => {
    state.sourcesCursor[orgId] = { direction, at };
    loadSources(orgId, state.sourcesCursor[orgId]).catch(fail);
  };
  box.replaceChildren(
    table(
      ['id', 'name', 'active'],
      page.body.data.map((s) =>
        h('tr', {}, h('td', {}, h('code', {}, s.id)), h('td', {}, s.name), h('td', {}, String(s.active))),
      ),
    ),
    h(
      'p',
      { class: 'pager' },
      h(
        'button',
        {
          type: 'button',
          class: 'prev',
          disabled: cursor === undefined || page.body.data.length === 0,
          onclick: go('before', info.start_cursor),
        },
        '‹ previous',
      ),
      ` ${page.body.data.length} of ${info.total_count} `,
      h(
        'button',
        {
          type: 'button',
          class: 'next',
          disabled: info.end_cursor === undefined || info.end_cursor === null,
          onclick: go('after', info.end_cursor),
        },
        'next ›',
      ),
    ),
  );
}

async function toggleWorkflow(workflow, box) {
  try {
    const updated = await data('PUT', `/v1/workflows/${workflow.id}`, { active: box.checked, org_id: workflow.org_id });
    say(`${workflow.id} is now ${updated.active ? 'active' : 'inactive'}`);
  } catch (error) {
    fail(error);
  }
  await loadWorld().catch(fail);
}

function options(select, values, label = (v) => v) {
  const keep = select.value;
  select.replaceChildren(...values.map((v) => h('option', { value: v }, label(v))));
  if (values.includes(keep)) select.value = keep;
}

function fillSelects(world) {
  const emitters = [...world.workflows.map((w) => w.id), ...world.sources.map((s) => s.id)];
  options($('#emit-form [name=emitter_id]'), emitters);
  const projects = world.projects.map((p) => p.id);
  options($('#project-webhook-form [name=project_id]'), projects);
  options($('#connect-token-form [name=project_id]'), projects);
  const triggers = world.projects.flatMap((p) => p.deployed_triggers.map((t) => t.id));
  options($('#trigger-form [name=trigger_id]'), triggers);
  options($('#trigger-webhooks-form [name=trigger_id]'), triggers);
  options(
    $('#complete-form [name=connect_token]'),
    world.connect_tokens.filter((t) => !t.completed).map((t) => t.token),
  );
}

// ---- activity ------------------------------------------------------------------------------------

/** `t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<body>">` checked with `key` (docs/control-api.md). */
async function verifies(header, body, key) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const crypto = globalThis.crypto.subtle;
  const hmac = await crypto.importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.sign('HMAC', hmac, new TextEncoder().encode(`${parts.t}.${body}`));
  const hex = [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return hex === parts.v1;
}

async function signatureCell(header, delivery) {
  if (header === undefined) return h('span', { class: 'muted' }, 'unsigned');
  const key = $('#verify-key').value.trim() || state.keys.get(delivery.url);
  const result =
    key === undefined
      ? h('span', { class: 'muted' }, ' (no key known for this URL)')
      : (await verifies(header, delivery.body, key))
        ? h('span', { class: 'good' }, ' ✓ verifies')
        : h('span', { class: 'bad' }, ' ✗ does not verify');
  return h('span', { class: 'signature' }, h('code', {}, header), result);
}

async function renderDelivery(d) {
  const attempts = await Promise.all(
    d.attempts.map(async (a) =>
      h(
        'tr',
        {},
        h('td', {}, a.attempt),
        h('td', {}, time(a.started_at)),
        h('td', {}, a.duration_ms),
        h('td', {}, a.status ?? ''),
        h('td', {}, a.error ?? ''),
        h('td', {}, await signatureCell(a.headers?.['x-pd-signature'], d)),
      ),
    ),
  );
  return h(
    'details',
    {
      class: `delivery ${d.state}`,
      'data-id': d.id,
      open: !state.folded.has(d.id),
      ontoggle: (e) => state.folded[e.target.open ? 'delete' : 'add'](d.id),
    },
    h(
      'summary',
      {},
      h('b', {}, d.state),
      ` ${d.kind} → ${d.url}`,
      d.final_status === null || d.final_status === undefined ? '' : ` (${d.final_status})`,
    ),
    h('p', {}, 'signature: ', await signatureCell(d.headers?.['x-pd-signature'], d)),
    h('pre', {}, d.body),
    table(['attempt', 'started', 'ms', 'status', 'error', 'signature'], attempts, { class: 'attempts' }),
  );
}

const SHOWN = { requests: 200, deliveries: 30 };

async function loadActivity() {
  if (state.token === '') return;
  const own = $('#requests-console').checked;
  const [requests, deliveries] = await Promise.all([
    data('GET', own ? '/__mock/requests?include=console' : '/__mock/requests'),
    data('GET', '/__mock/deliveries'),
  ]);
  // Redrawn only when something shown changed: a poll that finds nothing new leaves the page (and
  // a click or a selection in it) alone.
  const shown = JSON.stringify([
    own,
    requests.length,
    requests.at(-1),
    deliveries.length,
    deliveries.slice(-SHOWN.deliveries).map((d) => [d.id, d.state, d.attempts.length]),
    $('#verify-key').value,
    [...state.keys],
  ]);
  if (shown === state.activityShown) return;
  state.activityShown = shown;
  // The newest only: the page redraws them every second, and a world keeps up to 1,000 and 500.
  $('#requests tbody').replaceChildren(
    ...requests
      .slice(-SHOWN.requests)
      .reverse()
      .map((r) =>
        h(
          'tr',
          { class: [r.status >= 400 ? 'bad' : '', r.from === 'console' ? 'from-console' : ''].join(' ').trim() },
          h('td', {}, time(r.at)),
          h('td', {}, r.method),
          h(
            'td',
            {},
            r.path,
            r.from === 'console' ? h('small', { class: 'tag' }, ' console') : null,
            r.source === undefined ? null : h('span', { class: `source ${r.source}` }, r.source),
          ),
          h('td', {}, r.status),
          h('td', {}, r.ms),
        ),
      ),
  );
  const items = await Promise.all(deliveries.slice(-SHOWN.deliveries).reverse().map(renderDelivery));
  const more = (list, kind) =>
    list.length > SHOWN[kind]
      ? h('p', { class: 'hint' }, `The newest ${SHOWN[kind]} of ${list.length} ${kind}.`)
      : null;
  $('#requests-more').replaceChildren(...[more(requests, 'requests')].filter(Boolean));
  $('#deliveries').replaceChildren(
    ...(items.length === 0
      ? [h('p', { class: 'hint' }, 'No delivery yet: emit something from Actions.')]
      : [more(deliveries, 'deliveries'), ...items].filter(Boolean)),
  );
}

// ---- pact (docs/pact.md, "The console's download") -------------------------------------------------

/**
 * GET /__mock/pact, saved as `<consumer>-workflow-api.json`, the bytes the kit's files have: in a
 * page under MSW's worker no file can be written, so this is how the interactions leave the browser.
 */
async function downloadPact() {
  const answer = await call('GET', '/__mock/pact');
  if (answer.status === 404) {
    $('#pact-note').textContent =
      'This mock records no pact: give createHandlers or startMockWorker pact: { consumer }, or serve --pact-dir DIR --pact-consumer NAME.';
    return;
  }
  if (answer.status !== 200) throw new Error(answer.body?.error ?? `GET /__mock/pact answered ${answer.status}`);
  const pact = answer.body.data;
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(pact, null, 2)}\n`], { type: 'application/json' }));
  const link = h('a', { href: url, download: `${pact.consumer.name}-workflow-api.json` });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  $('#pact-note').textContent =
    `${plural(pact.interactions.length, 'interaction', 'interactions')} of ${pact.consumer.name}.`;
}

// ---- drift (serve --upstream, docs/upstream.md) ----------------------------------------------------

/** GET /__mock/drift: the report of every upstream answer so far (404 when the server has no upstream). */
async function loadDrift() {
  if (state.token === '') return;
  const answer = await call('GET', '/__mock/drift');
  const root = $('#drift-report');
  if (answer.status === 404) {
    root.replaceChildren(
      h(
        'p',
        { class: 'hint' },
        'This server has no upstream: start it with serve --upstream URL --live OPS to compare the real service with the document.',
      ),
    );
    return;
  }
  if (answer.status !== 200) throw new Error(answer.body?.error ?? `GET /__mock/drift answered ${answer.status}`);
  const report = answer.body.data;
  // Redrawn only when the report changed (it is polled each second while the tab is open).
  const shown = JSON.stringify(report);
  if (shown === state.driftShown) return;
  state.driftShown = shown;
  const lists = (op) => [op.undocumentedStatuses, op.missing, op.extra, op.wrongType, op.invalid, op.contradicted];
  // A field past the report's per-operation bound is counted in droppedFields only (openapi/drift.ts).
  const drifting = report.operations.filter((op) => op.droppedFields > 0 || lists(op).some((list) => list.length > 0));
  const rows = [];
  for (const op of drifting) {
    const name = `${op.operationId} (${op.method} ${op.template})`;
    for (const status of op.undocumentedStatuses) rows.push([name, 'undocumented status', String(status), '']);
    for (const [kind, list] of [
      ['missing', op.missing],
      ['extra', op.extra],
      ['wrong type', op.wrongType],
      ['invalid', op.invalid],
    ])
      for (const field of list)
        rows.push([
          name,
          kind,
          field.pointer || '(body)',
          `${field.message} (${plural(field.count, 'answer', 'answers')})`,
        ]);
    // The report lists a bounded number of fields per operation (openapi/drift.ts); the rest is a count.
    const dropped = plural(op.droppedFields, 'more field departure', 'more field departures');
    if (op.droppedFields > 0) rows.push([name, 'not listed', '', dropped]);
    for (const pointer of op.contradicted) rows.push([name, 'contradicts', pointer, '']);
  }
  const contradicted = report.assumptions.filter((a) => a.contradicted > 0);
  const confirmed = report.assumptions.filter((a) => a.contradicted === 0);
  root.replaceChildren(
    h(
      'p',
      { class: 'drift-summary' },
      `${plural(report.answers, 'answer', 'answers')} over ${plural(report.operations.length, 'operation', 'operations')}: ${drifting.length === 0 ? 'no drift from the document' : `${drifting.length} drift from the document`}.`,
    ),
    rows.length === 0
      ? h(
          'p',
          { class: 'hint' },
          report.answers === 0
            ? 'No live answer yet: call a --live operation.'
            : 'Every live answer matches the document.',
        )
      : table(
          ['operation', 'departure', 'where', 'what'],
          rows.map((cells) => h('tr', { class: 'bad' }, ...cells.map((cell) => h('td', {}, cell)))),
          { id: 'drift-departures' },
        ),
    h('h2', {}, `Assumptions (x-assumed): ${confirmed.length} confirmed, ${contradicted.length} contradicted`),
    table(
      ['verdict', 'where', 'assumption', 'answers'],
      [...contradicted, ...confirmed].map((a) =>
        h(
          'tr',
          { class: a.contradicted > 0 ? 'bad' : '' },
          h('td', {}, a.contradicted > 0 ? 'contradicted' : 'confirmed'),
          h('td', {}, a.pointer),
          h('td', {}, a.contradicted > 0 ? `${a.sentence} (${a.evidence})` : a.sentence),
          h('td', {}, `${a.confirmed} / ${a.contradicted}`),
        ),
      ),
      { id: 'drift-assumptions' },
    ),
  );
}

// ---- actions -------------------------------------------------------------------------------------

function show(title, value) {
  $('#action-result').textContent = `${title}\n${JSON.stringify(value, null, 2)}`;
}

const json = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the body is not JSON: ${text}`);
  }
};

const ACTIONS = {
  'emit-form': async (f) => {
    const result = await data('POST', '/__mock/emit', {
      emitter_id: f.emitter_id.value,
      event_name: f.event_name.value,
      event: json(f.event.value),
    });
    return [
      `Emitted ${f.event_name.value} from ${f.emitter_id.value}: ${plural(result.deliveries.length, 'delivery', 'deliveries')}`,
      result,
    ];
  },
  'project-webhook-form': async (f) => {
    const result = await data(
      'PUT',
      `/v1/connect/${f.project_id.value}/webhook`,
      { webhook_url: f.url.value },
      { 'x-pd-environment': f.environment.value },
    );
    if (result.signing_key !== undefined) state.keys.set(result.webhook_url ?? f.url.value, result.signing_key);
    return [`Webhook of ${f.project_id.value} (${f.environment.value}) set`, result];
  },
  // PUT answers the webhooks without their keys; each one's GET gives its key, kept to verify deliveries.
  // Every deployed-trigger call names the trigger's environment and end user (the document requires both).
  'trigger-webhooks-form': async (f) => {
    const project = state.world.projects.find((p) => p.deployed_triggers.some((t) => t.id === f.trigger_id.value));
    const trigger = project.deployed_triggers.find((t) => t.id === f.trigger_id.value);
    const base = `/v1/connect/${project.id}/deployed-triggers/${trigger.id}/webhooks`;
    const headers = { 'x-pd-environment': trigger.environment };
    const urls = f.urls.value
      .split(',')
      .map((url) => url.trim())
      .filter((url) => url !== '');
    const user = new URLSearchParams({ external_user_id: trigger.external_user_id });
    const result = await data('PUT', `${base}?${user}`, { webhook_urls: urls }, headers);
    for (const webhook of result.webhooks ?? []) {
      const full = await data('GET', `${base}/${webhook.id}?${user}`, undefined, headers);
      if (full.signing_key !== undefined) state.keys.set(full.url, full.signing_key);
    }
    return [
      `Webhooks of trigger ${trigger.id}: ${urls.length === 0 ? "none (the environment's applies)" : urls.join(', ')}`,
      result,
    ];
  },
  'trigger-form': async (f) => {
    const result = await data('POST', `/__mock/triggers/${f.trigger_id.value}/emit`, { event: json(f.event.value) });
    return [
      `Trigger ${f.trigger_id.value} emitted: ${plural(result.deliveries.length, 'delivery', 'deliveries')}`,
      result,
    ];
  },
  'connect-token-form': async (f) => {
    const body = { external_user_id: f.external_user_id.value };
    if (f.webhook_uri.value !== '') body.webhook_uri = f.webhook_uri.value;
    const result = await data('POST', `/v1/connect/${f.project_id.value}/tokens`, body, {
      'x-pd-environment': f.environment.value,
    });
    return [`Connect token ${result.token} created`, result];
  },
  'complete-form': async (f) => {
    const body = { outcome: f.outcome.value };
    if (f.error.value !== '') body.error = f.error.value;
    const result = await data('POST', `/__mock/connect/${f.connect_token.value}/complete`, body);
    return [
      `Connect flow ${f.connect_token.value} completed: ${f.outcome.value}${result.account ? `, account ${result.account.id}` : ''}`,
      result,
    ];
  },
  'rate-limit-form': async (f) => {
    const result = await data('POST', '/__mock/rate-limit', {
      requests: Number(f.requests.value),
      retry_after_seconds: Number(f.retry_after_seconds.value),
    });
    return [
      result === null ? 'Rate limit lifted' : `Rate limit: the next ${result.requests} /v1 requests answer 429`,
      result,
    ];
  },
  // The faults of docs/control-api.md ("Faults"), where the server has them: a 404 says it has not.
  'faults-form': async (f) => {
    const body = {
      latency_ms: { min: Number(f.min.value), max: Number(f.max.value) },
      fail_rate: Number(f.fail_rate.value),
    };
    const result = await data('POST', '/__mock/faults', body);
    return [
      `Faults: latency ${result.latency_ms?.min ?? 0}-${result.latency_ms?.max ?? 0} ms, ${result.fail_rate ?? 0} of requests answer 503`,
      result,
    ];
  },
  // docs/worlds.md, "A clock per world": set, then advance, then freeze or let run.
  'clock-form': async (f) => {
    const body = { freeze: f.freeze.checked };
    if (f.set.value.trim() !== '') body.set = f.set.value.trim();
    if (f.advance.value.trim() !== '') body.advance = f.advance.value.trim();
    const result = await data('POST', '/__mock/clock', body);
    return [`The world's clock now shows ${result.now}${result.frozen ? ' (standing still)' : ''}`, result];
  },
  'scenario-form': async (f) => {
    state.keys.clear();
    state.sourcesCursor = {};
    const name = f.name.value === '' ? null : f.name.value;
    delete f.name.dataset.chosen;
    return [
      name === null ? 'World switched back to its seeded state' : `World switched to scenario ${name}`,
      await data('POST', '/__mock/scenario', { name }),
    ];
  },
  'reset-form': async () => {
    state.keys.clear();
    state.sourcesCursor = {};
    return ['World reset', await data('POST', '/__mock/reset')];
  },
};

async function act(event) {
  event.preventDefault();
  const form = event.target;
  try {
    const [message, result] = await ACTIONS[form.id](form.elements);
    say(message);
    show(message, result);
  } catch (error) {
    fail(error);
    show('Failed', String(error.message));
  }
  await Promise.all([loadWorld(), loadActivity()]).catch(fail);
}

// ---- reference -----------------------------------------------------------------------------------

function loadScript(src) {
  return new Promise((resolve, reject) => {
    document.head.append(h('link', { rel: 'stylesheet', href: 'swagger-ui.css' }));
    const script = h('script', { src });
    script.addEventListener('load', resolve);
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)));
    document.head.append(script);
  });
}

/** The page's token in Swagger UI's Authorize dialog too, so its padlocks and curl lines show it. */
function authorizeReference() {
  if (typeof state.reference === 'object' && state.token !== '')
    state.reference.preauthorizeApiKey('bearerAuth', state.token);
}

/** Swagger UI (vendored, mocks/console/vendor/), loaded on first use (1.7 MB the other tabs do not need), pointed at this mock. */
async function loadReference() {
  if (state.reference) return;
  state.reference = true;
  say('Loading the API reference…', 'busy');
  const [spec] = await Promise.all([fetch('openapi.json').then((r) => r.json()), loadScript('swagger-ui-bundle.js')]);
  // "Try it out" goes to this mock (its /v1), with the page's token.
  spec.servers = [{ url: `${location.origin}/v1`, description: 'This mock' }];
  state.reference = globalThis.SwaggerUIBundle({
    spec,
    domNode: $('#swagger'),
    deepLinking: false,
    validatorUrl: null,
    tryItOutEnabled: true,
    requestInterceptor: (request) => {
      if (new URL(request.url, location.href).origin === location.origin && state.token !== '')
        request.headers.Authorization = `Bearer ${state.token}`;
      return request;
    },
  });
  authorizeReference();
  say('API reference ready: "Try it out" calls this mock with your token');
}

// ---- wiring --------------------------------------------------------------------------------------

function fail(error) {
  say(error.message ?? String(error), 'error');
}

function showTab(tab) {
  state.tab = tab;
  for (const button of document.querySelectorAll('#tabs button'))
    button.setAttribute('aria-selected', String(button.dataset.tab === tab));
  for (const panel of document.querySelectorAll('[data-panel]')) panel.hidden = panel.dataset.panel !== tab;
  if (tab === 'reference') loadReference().catch(fail);
  if (tab === 'activity') loadActivity().catch(fail);
  if (tab === 'world') loadWorld().catch(fail);
  if (tab === 'drift') loadDrift().catch(fail);
}

function useToken(token) {
  state.token = token.trim();
  state.activityShown = '';
  state.sourcesCursor = {};
  state.keys.clear();
  localStorage.setItem('mock-console-token', state.token);
  $('#token').value = state.token;
  if (state.token === '') return;
  authorizeReference();
  say(`Using token ${state.token}`);
  loadWorld().catch(fail);
  loadActivity().catch(fail);
}

function start() {
  const params = new URLSearchParams(location.search);
  $('#token-form').addEventListener('submit', (event) => {
    event.preventDefault();
    useToken($('#token').value);
  });
  for (const button of document.querySelectorAll('#tabs button'))
    button.addEventListener('click', () => showTab(button.dataset.tab));
  for (const form of document.querySelectorAll('form.action')) form.addEventListener('submit', act);
  $('#scenario-form').elements.name.addEventListener('change', (event) => {
    event.target.dataset.chosen = event.target.value;
  });
  $('#verify-key').addEventListener('change', () => loadActivity().catch(fail));
  $('#requests-console').addEventListener('change', () => loadActivity().catch(fail));
  $('#pact-download').addEventListener('click', () => downloadPact().catch(fail));
  // Activity is live: polled once a second while its tab is open (the control API has no push).
  state.poll = setInterval(() => {
    if (state.tab === 'activity' && document.visibilityState === 'visible') loadActivity().catch(fail);
    if (state.tab === 'drift' && document.visibilityState === 'visible') loadDrift().catch(fail);
  }, 1000);
  useToken(params.get('token') ?? localStorage.getItem('mock-console-token') ?? '');
  if (params.get('tab') !== null) showTab(params.get('tab'));
}

start();
