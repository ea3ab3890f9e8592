// store.snapshot() / store.restore(): a restored world answers every request exactly as the
// original does (reads, and the IDs and values of whatever is created next), and anything that
// cannot be restored exactly is refused with a coded error, leaving the store as it was.
import { describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../index.ts';
import { addWorkspaceSources } from '../api/users.ts';
import { createRecordingSink } from './recording-sink.ts';
import { createStore } from '../index.ts';
import { SNAPSHOT_FORMAT, type WorldsSnapshot } from './snapshot.ts';
import { COLLECTION_NAMES, patchable, snapshotView, trackChanges, worldPatch, type WorldPatch } from './snapshot.ts';
import { storeOf } from '../../mock.ts';

const CLOCK = Date.UTC(2025, 6, 1, 8);

function mockOf(seed: number | string = 5): Mock {
  return createMock({ seed, sink: createRecordingSink(() => CLOCK), now: () => CLOCK });
}

async function call(
  mock: Mock,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await mock.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { method, path, status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/** Changes a world in every way the API and the control API can: what a snapshot must carry. */
async function change(mock: Mock, token: string): Promise<void> {
  const world = mock.control.world(token);
  const [org] = world.workspaces;
  const project = world.projects[0]!;
  const [erroring] = world.workflows;
  const ok = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const answer = await call(mock, token, method, path, body, headers);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
  const hook = (await ok('POST', '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=first')).data;
  await ok('POST', `/v1/subscriptions?emitter_id=${erroring!.id}&listener_id=${hook.id}&event_name=%24errors`);
  await ok('POST', `/v1/auto_subscriptions?event_name=%24logs&listener_id=${hook.id}`);
  await ok('POST', '/v1/workflows', { project_id: project.id, org_id: org!.id, template_id: world.templates[0] });
  const created = (
    await ok('POST', '/v1/workflows', {
      project_id: project.id,
      org_id: org!.id,
      steps: [{ namespace: 's', props: { a: 1 } }],
      triggers: [{ props: { component_id: 'sc_Abc1234' } }],
    })
  ).data;
  await ok('PUT', `/v1/workflows/${created.id}`, { active: true, org_id: org!.id });
  await ok('DELETE', `/v1/subscriptions?emitter_id=dc_*&listener_id=${world.workflows[1]!.id}&event_name=%24logs`);
  await ok(
    'PUT',
    `/v1/connect/${project.id}/webhook`,
    { webhook_url: 'https://hooks.example.com/connect' },
    { 'x-pd-environment': 'production' },
  );
  const trigger = project.deployed_triggers[0]!;
  await ok(
    'PUT',
    `/v1/connect/${project.id}/deployed-triggers/${trigger.id}/webhooks?external_user_id=${encodeURIComponent(trigger.external_user_id)}`,
    { webhook_urls: ['https://hooks.example.com/t'] },
    { 'x-pd-environment': trigger.environment },
  );
  const production = { 'x-pd-environment': 'production' };
  const done = await ok(
    'POST',
    `/v1/connect/${project.id}/tokens`,
    { external_user_id: 'u-1', webhook_uri: 'https://hooks.example.com/c' },
    production,
  );
  await ok(
    'POST',
    `/v1/connect/${project.id}/tokens`,
    { external_user_id: 'u-2' },
    { 'x-pd-environment': 'development' },
  );
  expect(mock.control.completeConnect(token, done.token, { outcome: 'success' }).ok).toBe(true);
  expect(mock.control.emit(token, { emitter_id: erroring!.id, event_name: '$errors', event: { n: 1 } }).ok).toBe(true);
  expect(
    mock.control.emit(token, {
      emitter_id: erroring!.id,
      event_name: '$errors',
      event: { n: 2 },
      error: { code: 'TIMEOUT' },
    }).ok,
  ).toBe(true);
  // Sources beyond the bulk pool of addWorkspaceSources (shared props, fresh IDs).
  expect(addWorkspaceSources(storeOf(mock).world(token), world.workspaces[1]!.id, 40).ok).toBe(true);
}

/** Every read of a world, then more writes: the answers a restored world must repeat exactly. */
async function probe(mock: Mock, token: string) {
  const world = mock.control.world(token);
  const answers: unknown[] = [world];
  const get = async (path: string) => answers.push(await call(mock, token, 'GET', path));
  await get('/v1/users/me');
  await get('/v1/users/me/webhooks');
  for (const org of world.workspaces) {
    await get(`/v1/workspaces/${org.id}`);
    await get(`/v1/workspaces/${org.id}/subscriptions`);
    let cursor = '';
    for (let page = 0; page < 20; page++) {
      const answer = await call(mock, token, 'GET', `/v1/orgs/${org.id}/sources?limit=7${cursor}`);
      answers.push(answer);
      if (!answer.body.page_info.end_cursor) break;
      cursor = `&after=${answer.body.page_info.end_cursor}`;
    }
  }
  for (const workflow of world.workflows) {
    await get(`/v1/workflows/${workflow.id}`);
    await get(`/v1/workflows/${workflow.id}/$errors/event_summaries?expand=event&limit=100`);
  }
  const project = world.projects[0]!;
  for (const account of project.connected_accounts) {
    const answer = await call(
      mock,
      token,
      'GET',
      `/v1/connect/${project.id}/accounts/${account.id}?include_credentials=true`,
      undefined,
      {
        'x-pd-environment': account.environment,
      },
    );
    expect(answer.status).toBe(200);
    answers.push(answer);
  }
  // Writes after the restore: new IDs, keys and names continue the original's draws.
  answers.push(
    await call(mock, token, 'POST', '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fb&name=b&description=after'),
  );
  answers.push(
    await call(mock, token, 'POST', '/v1/workflows', {
      project_id: project.id,
      org_id: world.workspaces[0]!.id,
      template_id: world.templates[1],
    }),
  );
  answers.push(
    await call(
      mock,
      token,
      'PUT',
      `/v1/connect/${project.id}/webhook`,
      { webhook_url: 'https://hooks.example.com/dev' },
      { 'x-pd-environment': 'development' },
    ),
  );
  // Delivery records are numbered by the delivery log, which is not part of a world.
  const unnumbered = (result: unknown) => JSON.parse(JSON.stringify(result).replace(/"dlv_\d+"/g, '"dlv_?"'));
  answers.push(
    unnumbered(
      mock.control.emit(token, { emitter_id: world.workflows[0]!.id, event_name: '$errors', event: { after: true } }),
    ),
  );
  const pending = world.connect_tokens.find((entry) => !entry.completed);
  if (pending !== undefined)
    answers.push(unnumbered(mock.control.completeConnect(token, pending.token, { outcome: 'success' })));
  answers.push(
    await call(mock, token, 'GET', `/v1/workflows/${world.workflows[0]!.id}/$errors/event_summaries?expand=event`),
  );
  answers.push(mock.control.world(token));
  return JSON.parse(JSON.stringify(answers));
}

describe('store.snapshot() and store.restore()', () => {
  it('round-trip worlds with created webhooks, subscriptions, workflows, emitted errors and connect tokens; restored worlds answer alike', async () => {
    const original = mockOf();
    await change(original, 'alice');
    await call(original, 'bob', 'GET', '/v1/users/me'); // seeded, never changed: no generator state yet
    const text = JSON.stringify(storeOf(original).snapshot());

    const restored = mockOf();
    const result = storeOf(restored).restore(text);
    expect(result).toEqual({ ok: true, value: { tokens: ['alice', 'bob'] } });
    expect(JSON.stringify(storeOf(restored).snapshot())).toBe(text);
    for (const token of ['alice', 'bob']) {
      expect(await probe(restored, token), token).toEqual(await probe(original, token));
    }
  });

  it('is plain JSON with the format, version and seed, and detached from the live worlds', async () => {
    const mock = mockOf('s');
    await call(mock, 'carol', 'POST', '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=d');
    const snapshot = storeOf(mock).snapshot();
    expect(snapshot).toMatchObject({ format: SNAPSHOT_FORMAT, version: 1, seed: 's', worlds: [{ token: 'carol' }] });
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    const before = JSON.stringify(snapshot);
    await call(mock, 'carol', 'POST', '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fb&name=b&description=d');
    expect(JSON.stringify(snapshot)).toBe(before);
  });

  it('restores from a copy of a snapshot value: writes after the restore leave the value as it was', async () => {
    // A project's environment webhook is changed in place by a DELETE: the case that once wrote through into the snapshot.
    const mock = mockOf();
    const project = mock.control.world('gina').projects[0]!;
    const headers = { 'x-pd-environment': 'production' };
    await call(
      mock,
      'gina',
      'PUT',
      `/v1/connect/${project.id}/webhook`,
      { webhook_url: 'https://hooks.example.com/p' },
      headers,
    );
    const snapshot = storeOf(mock).snapshot();
    const before = JSON.stringify(snapshot);
    expect(storeOf(mock).restore(snapshot).ok).toBe(true);
    expect((await call(mock, 'gina', 'DELETE', `/v1/connect/${project.id}/webhook`, undefined, headers)).status).toBe(
      204,
    );
    expect(JSON.stringify(snapshot)).toBe(before);
    expect(storeOf(mock).restore(snapshot).ok).toBe(true);
    expect((await call(mock, 'gina', 'GET', `/v1/connect/${project.id}/webhook`, undefined, headers)).status).toBe(200);
  });

  it('replaces every world: a token the snapshot lacks is seeded afresh', async () => {
    const source = mockOf();
    await call(source, 'dave', 'GET', '/v1/users/me');
    const target = mockOf();
    await call(target, 'erin', 'POST', '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=d');
    expect(storeOf(target).restore(storeOf(source).snapshot()).ok).toBe(true);
    expect(mockOf().control.world('erin')).toEqual(target.control.world('erin'));
  });

  it('never hands out an ID the restored world already issued, even when its generator starts over', async () => {
    const mock = mockOf();
    const first = await call(
      mock,
      'frank',
      'POST',
      '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=d',
    );
    const snapshot = storeOf(mock).snapshot();
    // A world whose generator state is missing restarts it from its seed: the next draw is the
    // ID the original already gave `first`, so only the issued set keeps the two apart.
    snapshot.worlds[0]!.random = null;
    const restored = mockOf();
    expect(storeOf(restored).restore(snapshot).ok).toBe(true);
    const second = await call(
      restored,
      'frank',
      'POST',
      '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fb&name=b&description=d',
    );
    expect(second.status).toBe(200);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    const ids = (await call(restored, 'frank', 'GET', '/v1/users/me/webhooks')).body.data.map(
      (hook: { id: string }) => hook.id,
    );
    const seeded = mockOf().control.world('frank').webhooks;
    expect(ids).toEqual([...seeded, first.body.data.id, second.body.data.id]);
  });
});

describe('store.restore() refuses what it cannot restore exactly', () => {
  async function saved(): Promise<{ text: string; snapshot: WorldsSnapshot }> {
    const mock = mockOf();
    await change(mock, 'gina');
    const snapshot = storeOf(mock).snapshot();
    return { text: JSON.stringify(snapshot), snapshot };
  }

  const damage = (snapshot: WorldsSnapshot, edit: (world: Record<string, unknown>) => void) => {
    const copy = structuredClone(snapshot);
    edit(copy.worlds[0] as unknown as Record<string, unknown>);
    return copy;
  };

  it('with a coded error naming the problem, and leaves the store as it was', async () => {
    const { text, snapshot } = await saved();
    const store = createStore({ seed: 5 });
    const before = JSON.stringify(store.world('kept') && store.snapshot());
    const cases: Array<[unknown, string, RegExp]> = [
      [text.slice(0, text.length / 2), 'snapshot_unreadable', /not JSON \(truncated or damaged\?\)/],
      ['', 'snapshot_unreadable', /not JSON/],
      [{ worlds: [] }, 'snapshot_format', /format "workflow-api-mock-kit\/worlds"/],
      [[1, 2], 'snapshot_format', /not a worlds snapshot/],
      [{ ...snapshot, version: 2 }, 'snapshot_version', /version 2 is not supported; this kit reads version 1/],
      [{ ...snapshot, seed: 6 }, 'snapshot_seed', /seed 6, this store's seed is 5/],
      [{ ...snapshot, worlds: {} }, 'snapshot_invalid', /worlds: expected an array/],
      [damage(snapshot, (w) => delete w.issued), 'snapshot_invalid', /worlds\[0\]\.issued: expected an array/],
      [
        damage(snapshot, (w) => ((w.workflows as Array<Record<string, unknown>>)[1]!.workflow = 'x')),
        'snapshot_invalid',
        /worlds\[0\]\.workflows\[1\]\.workflow: expected an object/,
      ],
      [
        damage(snapshot, (w) => ((w.sources as Array<Record<string, unknown>>)[0]!.orgId = 'o_Missing')),
        'snapshot_invalid',
        /worlds\[0\]\.sources\[0\]\.orgId: workspace o_Missing is not in this world/,
      ],
      [
        damage(snapshot, (w) => ((w.random as Record<string, unknown>).words = 'AAAA')),
        'snapshot_invalid',
        /worlds\[0\]\.random: randomizer state: words must hold 2496 bytes/,
      ],
      [
        damage(snapshot, (w) => (w.webhooks as unknown[]).push((w.webhooks as unknown[])[0])),
        'snapshot_invalid',
        /worlds\[0\]\.webhooks\[\d+\]: wh_\w+ appears twice/,
      ],
      [
        { ...snapshot, worlds: [snapshot.worlds[0], snapshot.worlds[0]] },
        'snapshot_invalid',
        /worlds\[1\]\.token: token "gina" appears twice/,
      ],
    ];
    for (const [input, code, message] of cases) {
      const result = store.restore(input);
      expect(result.ok, `${code} ${message}`).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe(code);
      expect(result.error.message).toMatch(message);
      expect(JSON.stringify(store.snapshot())).toBe(before);
    }
    // The undamaged snapshot is accepted by the same store.
    expect(store.restore(text).ok).toBe(true);
  });
});

describe('world patches (the state file log, mocks/node/state.ts)', () => {
  it('a world written whole, then a patch after every change, replays to exactly the world', async () => {
    const mock = mockOf();
    const token = 'patched';
    const world = () => storeOf(mock).world(token);
    const whole = JSON.parse(JSON.stringify(snapshotView(5, [world()]).worlds[0]));
    trackChanges(world());
    let issued = world().ctx.issued.size;
    const patches: unknown[] = [];
    const takePatch = () => {
      // Through JSON, as the log holds it: a patch shares objects with the live world.
      patches.push(JSON.parse(JSON.stringify(worldPatch(world(), issued))));
      issued = world().ctx.issued.size;
    };
    const fetch = mock.fetch;
    mock.fetch = async (input, init) => {
      const response = await fetch(input, init);
      takePatch();
      return response;
    };
    await change(mock, token);
    await call(mock, token, 'DELETE', `/v1/webhooks/${mock.control.world(token).webhooks[0]}`);
    takePatch();

    const replay = patchable(whole);
    for (const patch of patches) replay.apply(patch as WorldPatch);
    expect(JSON.stringify(replay.snapshot())).toBe(JSON.stringify(snapshotView(5, [world()]).worlds[0]));
    // Most patches carry a few entries, not the world.
    const sizes = patches.map((patch) => JSON.stringify(patch).length).sort((a, b) => a - b);
    expect(sizes[Math.floor(sizes.length / 2)]!).toBeLessThan(JSON.stringify(whole).length / 4);
  });

  it('every collection of a world snapshot has its row (a new collection must get one to be logged)', () => {
    const view = snapshotView(5, [createStore({ seed: 5 }).world('rows')]).worlds[0]!;
    const arrays = Object.keys(view).filter(
      (key) => Array.isArray(view[key as keyof typeof view]) && !['issued', 'autoSubscriptions'].includes(key),
    );
    expect(arrays.sort()).toEqual([...COLLECTION_NAMES].sort());
  });
});

describe('store.restoreHashed() (the state file: tokens as keyed hashes)', () => {
  const hash = (token: string) => `h:${token.split('').reverse().join('')}`;
  async function hashedSnapshot(): Promise<{ snapshot: WorldsSnapshot; id: string }> {
    const mock = mockOf();
    const created = await call(
      mock,
      'kim',
      'POST',
      '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fk&name=k&description=d',
    );
    const snapshot = storeOf(mock).snapshot();
    for (const world of snapshot.worlds) world.token = hash(world.token);
    return { snapshot, id: created.body.data.id };
  }

  it('sets the worlds aside until a token hashing to one asks; that token gets its world, any other a fresh one', async () => {
    const { snapshot, id } = await hashedSnapshot();
    const mock = mockOf();
    expect(storeOf(mock).restoreHashed(snapshot, hash)).toEqual({ ok: true, value: { worlds: 1 } });
    expect(storeOf(mock).size()).toBe(0);
    expect(
      storeOf(mock)
        .setAside()
        .map((world) => world.token),
    ).toEqual([hash('kim')]);
    expect(mock.control.world('mik').webhooks).not.toContain(id);
    expect(mock.control.world('kim').webhooks).toContain(id);
    expect(storeOf(mock).setAside()).toEqual([]);
    expect(storeOf(mock).peek('kim')?.token).toBe('kim');
  });

  it('reset() and evict() drop a set-aside world: the token is seeded afresh', async () => {
    const { snapshot, id } = await hashedSnapshot();
    for (const drop of [(mock: Mock) => storeOf(mock).reset('kim'), (mock: Mock) => storeOf(mock).evict('kim')]) {
      const mock = mockOf();
      expect(storeOf(mock).restoreHashed(structuredClone(snapshot), hash).ok).toBe(true);
      drop(mock);
      expect(storeOf(mock).setAside()).toEqual([]);
      expect(mock.control.world('kim').webhooks).not.toContain(id);
    }
  });

  it('refuses a damaged world at once, as restore() does', async () => {
    const { snapshot } = await hashedSnapshot();
    (snapshot.worlds[0] as unknown as Record<string, unknown>).issued = 'x';
    const result = storeOf(mockOf()).restoreHashed(snapshot, hash);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('snapshot_invalid');
  });
});
