// Coverage of a test run (docs/control-api.md, "Coverage of a test run"): every /v1 answer counted
// by operation and status, per world and for all worlds; control requests never count.
import { describe, expect, it } from 'vitest';
import { document } from '../../openapi/generated/document.ts';
import { forEachOperation } from '../../openapi/document/operations.ts';
import { createMock, formatRunCoverage } from '../index.ts';
import { createRecordingSink } from '../store/world/index.ts';

const get = (mock: ReturnType<typeof createMock>, token: string, path: string, headers: Record<string, string> = {}) =>
  mock.fetch(path, { headers: { authorization: `Bearer ${token}`, ...headers } });

/** The document's operations as `METHOD /path`, read here on their own. */
const everyOperation: string[] = [];
forEachOperation(document, (path, method) => everyOperation.push(`${method.toUpperCase()} ${path}`));

describe('coverage of a test run', () => {
  it('starts with every operation untouched', () => {
    const report = createMock({ sink: createRecordingSink() }).coverage();
    expect(report.scope).toBe('all');
    expect(report.untouched).toEqual(everyOperation);
    expect(report.totals.operations).toEqual({ covered: 0, total: everyOperation.length, percent: 0 });
  });

  it('counts each answer by operation and documented status, per world and for all worlds; control calls never count', async () => {
    const mock = createMock({ sink: createRecordingSink() });
    expect((await get(mock, 'a', '/v1/users/me')).status).toBe(200);
    expect((await get(mock, 'a', '/v1/workflows/p_nope123')).status).toBe(404);
    expect((await get(mock, 'b', '/v1/users/me', { prefer: 'code=401' })).status).toBe(401);
    await get(mock, 'a', '/__mock/world');
    const all = mock.coverage();
    const me = all.operations.find((row) => row.operationId === 'getCurrentUser')!;
    expect(me.exchanges).toBe(2);
    expect(me.statuses.seen).toEqual([200, 401]);
    expect(me.statuses.missing).not.toContain('200');
    expect(me.statuses.missing).not.toContain('401');
    const workflow = all.operations.find((row) => row.method === 'GET' && row.path === '/workflows/{id}')!;
    expect(workflow.statuses.seen).toEqual([404]);
    expect(all.totals.exchanges).toBe(3);
    expect(all.untouched).not.toContain('GET /users/me');
    expect(all.untouched).toHaveLength(everyOperation.length - 2);

    const worldA = mock.coverage('a');
    expect(worldA.scope).toBe('world');
    expect(worldA.operations.find((row) => row.operationId === 'getCurrentUser')!.statuses.seen).toEqual([200]);
    expect(worldA.totals.exchanges).toBe(2);

    // A reset starts the world's count again; the run's stays.
    mock.control.reset('a');
    expect(mock.coverage('a').totals.exchanges).toBe(0);
    expect(mock.coverage().totals.exchanges).toBe(3);

    // The contracts' table (openapi/coverage.ts, one model for both), under a line naming the scope.
    const table = formatRunCoverage(mock.coverage());
    expect(table.split('\n')[0]).toMatch(
      /^Coverage \(all worlds\): operations 2\/\d+ \(\d+(\.\d)?%\), documented statuses 3\/\d+ .*, 3 answers; never touched: \d+$/,
    );
    expect(table).toMatch(/^operation\s+exchanges\s+statuses\s+missing statuses\s+params\s+links$/m);
    expect(table).toMatch(/^getCurrentUser\s+2\s+2\/\d+/m);
  });

  it("counts a link followed within a world (the created webhook's ID deleted), not across worlds", async () => {
    const mock = createMock({ sink: createRecordingSink() });
    const send = (token: string, method: string, path: string) =>
      mock.fetch(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    const created = await (
      await send('a', 'POST', '/v1/webhooks?url=https://hooks.example.com/in&name=in&description=d')
    ).json();
    // World b deletes the same ID (a 404 there): no link followed in b, nor from a's create.
    expect((await send('b', 'DELETE', `/v1/webhooks/${created.data.id}`)).status).toBe(404);
    const followed = (token?: string) =>
      mock.coverage(token).links.find((link) => link.id === 'createWebhook 200 Delete')!.followed;
    expect(followed()).toBe(0);
    expect((await send('a', 'DELETE', `/v1/webhooks/${created.data.id}`)).status).toBe(204);
    expect(followed('a')).toBe(1);
    expect(followed()).toBe(1);
    expect(followed('b')).toBe(0);
  });

  it('answers GET /__mock/coverage for the world or all worlds, and refuses another scope', async () => {
    const mock = createMock({ sink: createRecordingSink() });
    await get(mock, 'a', '/v1/users/me');
    await get(mock, 'b', '/v1/users/me');
    const world = await (await get(mock, 'a', '/__mock/coverage')).json();
    expect(world.data.totals.exchanges).toBe(1);
    const all = await (await get(mock, 'a', '/__mock/coverage?scope=all')).json();
    expect(all.data).toEqual(mock.coverage());
    expect((await get(mock, 'a', '/__mock/coverage?scope=everything')).status).toBe(400);
  });
});
