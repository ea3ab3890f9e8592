// Concurrency over real HTTP (issue 10, item 7), loopback only: many requests in flight at once
// against one server, through keep-alive connections. The server answers one request at a time
// per event-loop turn, so what these pin down is that no answer is lost, no ID repeats, and a
// reset or another world's traffic never leaves a world half-changed.
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.ts';

const running: RunningServer[] = [];
const agents: Agent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  await Promise.all(running.splice(0).map((server) => server.close()));
});

interface Answer {
  status: number;
  body: { data?: unknown; code?: string };
}

async function setup() {
  const server = await startServer({ port: 0, quiet: true, seed: 11 });
  running.push(server);
  // 64 sockets: far more requests in flight than a CI job sends, well under the connection cap.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  agents.push(agent);
  const send = (method: string, path: string, token: string, body?: unknown): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${server.origin}${path}`,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, body: text === '' ? {} : JSON.parse(text) });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const createWebhook = (token: string, n: number) =>
    send('POST', `/v1/webhooks?url=https://hooks.example.com/${n}&name=hook-${n}&description=d`, token);
  const webhookIds = async (token: string) =>
    ((await send('GET', '/v1/users/me/webhooks', token)).body.data as Array<{ id: string }>).map((w) => w.id);
  return { server, send, createWebhook, webhookIds };
}

const idOf = (answer: Answer) => (answer.body.data as { id: string }).id;

describe('concurrent requests over HTTP', () => {
  it('1,000 concurrent webhook creations give 1,000 distinct IDs, all listed', async () => {
    const { createWebhook, webhookIds } = await setup();
    const seeded = await webhookIds('many');
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, n) => createWebhook('many', n)));
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const ids = answers.map(idOf);
    expect(new Set(ids).size).toBe(1000);
    const listed = await webhookIds('many');
    expect(listed).toHaveLength(seeded.length + 1000);
    expect(new Set(listed)).toEqual(new Set([...seeded, ...ids]));
  }, 60_000);

  it('concurrent activate/deactivate of one workflow: every answer shows what its request set, and the end state is one that was set', async () => {
    const { send } = await setup();
    const world = (await send('GET', '/__mock/world', 'toggle')).body.data as {
      workflows: Array<{ id: string; org_id: string; active: boolean }>;
    };
    const workflow = world.workflows[0]!;
    const before = (await send('GET', `/v1/workflows/${workflow.id}`, 'toggle')).body.data as Record<string, unknown>;
    const wanted = Array.from({ length: 200 }, (_, i) => i % 3 === 0);
    const answers = await Promise.all(
      wanted.map((active) =>
        send('PUT', `/v1/workflows/${workflow.id}`, 'toggle', { active, org_id: workflow.org_id }),
      ),
    );
    expect(answers.map((answer) => answer.status).every((status) => status === 200)).toBe(true);
    expect(answers.map((answer) => (answer.body.data as { active: boolean }).active)).toEqual(wanted);
    const after = (await send('GET', `/v1/workflows/${workflow.id}`, 'toggle')).body.data as Record<string, unknown>;
    expect(wanted).toContain(after.active);
    // Nothing but the activation changed.
    expect({ ...after, active: null }).toEqual({ ...before, active: null });
  }, 60_000);

  it('a reset during 300 creations leaves a consistent world: exactly the creations journaled after the reset are listed', async () => {
    const { send, createWebhook, webhookIds } = await setup();
    const seeded = await webhookIds('reset');
    const creations = Array.from({ length: 300 }, (_, n) => createWebhook('reset', n));
    const reset = send('POST', '/__mock/reset', 'reset');
    const more = Array.from({ length: 300 }, (_, n) => createWebhook('reset', 300 + n));
    const answers = await Promise.all([...creations, ...more]);
    expect((await reset).status).toBe(200);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const answered = new Set(answers.map(idOf));

    const listed = await webhookIds('reset');
    const created = listed.filter((id) => !seeded.includes(id));
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.slice(0, seeded.length)).toEqual(seeded);
    expect(created.every((id) => answered.has(id))).toBe(true);
    // The reset emptied the journal: what it holds now is what came after, and that is what is listed.
    const journal = (await send('GET', '/__mock/requests', 'reset')).body.data as Array<{
      method: string;
      path: string;
      status: number;
    }>;
    const createdAfter = journal.filter(
      (entry) => entry.method === 'POST' && entry.path === '/v1/webhooks' && entry.status === 200,
    );
    expect(created).toHaveLength(createdAfter.length);
    expect(created.length).toBeLessThan(600);
    // The world still works: the next creation is listed.
    const next = idOf(await createWebhook('reset', 999));
    expect(await webhookIds('reset')).toContain(next);
  }, 60_000);

  it('two worlds hammered at once never see each other', async () => {
    const { send, createWebhook, webhookIds } = await setup();
    const seededA = await webhookIds('world-a');
    const seededB = await webhookIds('world-b');
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, n) => createWebhook(n % 2 === 0 ? 'world-a' : 'world-b', n)),
    );
    const idsA = answers.filter((_, n) => n % 2 === 0).map(idOf);
    const idsB = answers.filter((_, n) => n % 2 === 1).map(idOf);
    expect(new Set(await webhookIds('world-a'))).toEqual(new Set([...seededA, ...idsA]));
    expect(new Set(await webhookIds('world-b'))).toEqual(new Set([...seededB, ...idsB]));
    // A world's IDs are not found in the other.
    expect((await send('DELETE', `/v1/webhooks/${idsA[0]}`, 'world-b')).status).toBe(404);
    const journalA = (await send('GET', '/__mock/requests', 'world-a')).body.data as unknown[];
    const journalB = (await send('GET', '/__mock/requests', 'world-b')).body.data as unknown[];
    // Each journal holds its own world's requests only: a list, 300 creations, a list (and B's DELETE).
    expect([journalA.length, journalB.length]).toEqual([302, 303]);
  }, 60_000);
});
