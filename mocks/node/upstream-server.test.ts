// The mock server beside a real service, end to end on 127.0.0.1 (docs/upstream.md): the "real
// service" is a second kit server whose answers carry four planted departures
// (support/planted-upstream.ts). A session through `startServer({ upstream, record, driftReport })`
// must get the live answers from it and the rest from the mock, each saying so; the drift report
// (over HTTP and in its files) must name every planted departure; the recording must hold no token
// and replay the session with the upstream stopped; nothing of the control API reaches it.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PLANTED, plantedUpstream } from '../../support/planted-upstream.ts';
import { createMock } from '../index.ts';
import { type RunningServer, startServer } from './server.ts';

const TOKEN = 'staging-caller-token';
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close().catch(() => {})));
});

async function start(options: Parameters<typeof startServer>[0]): Promise<RunningServer> {
  const server = await startServer({ port: 0, host: '127.0.0.1', quiet: true, log: () => {}, ...options });
  running.push(server);
  return server;
}

/** The planted upstream on loopback, with every request it got kept (method, path, bearer). */
async function upstreamServer() {
  const upstream = plantedUpstream();
  const seen: string[] = [];
  const mock = {
    ...upstream.mock,
    handle: (
      request: Parameters<typeof upstream.mock.handle>[0],
      head?: Parameters<typeof upstream.mock.handle>[1],
    ) => {
      seen.push(`${request.method} ${request.url.split('?')[0]} ${request.headers.authorization ?? '-'}`);
      return upstream.mock.handle(request, head);
    },
  };
  return Object.assign(await start({ mock }), { seen });
}

/** One request per planted departure, one mocked, one the upstream does not know (its world has other IDs). */
function session(): Array<{ method: string; path: string; headers: Record<string, string> }> {
  const world = createMock({ seed: 7 }).control.world(TOKEN);
  const mine = createMock({ seed: 1 }).control.world(TOKEN);
  const account = world.projects[0]!.connected_accounts[0]!;
  return [
    { method: 'GET', path: '/users/me', headers: {} },
    { method: 'POST', path: '/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=d', headers: {} },
    {
      method: 'GET',
      path: `/connect/${world.projects[0]!.id}/accounts/${account.id}`,
      headers: { 'x-pd-environment': account.environment },
    },
    { method: 'GET', path: `/workspaces/${world.workspaces[0]!.id}`, headers: {} },
    { method: 'GET', path: '/users/me/webhooks', headers: {} },
    { method: 'GET', path: `/workspaces/${mine.workspaces[1]!.id}`, headers: {} },
  ];
}
const LIVE = 'getCurrentUser,createWebhook,getConnectedAccount,getWorkspace';

async function send(baseUrl: string, request: { method: string; path: string; headers: Record<string, string> }) {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: { authorization: `Bearer ${TOKEN}`, ...request.headers },
  });
  return {
    status: response.status,
    source: response.headers.get('x-mock-source'),
    fallback: response.headers.get('x-mock-fallback'),
    body: await response.text(),
  };
}

describe('startServer({ upstream })', () => {
  it('live operations answer from the upstream, the rest from the mock; the drift report finds every planted departure; the recording replays with the upstream stopped', async () => {
    const upstream = await upstreamServer();
    const folder = mkdtempSync(join(tmpdir(), 'upstream-server-'));
    const record = join(folder, 'session.har');
    const driftReport = join(folder, 'drift.json');
    const server = await start({
      seed: 1,
      upstream: { url: upstream.baseUrl, live: LIVE, fallbackOn: '404' },
      record,
      driftReport,
    });
    expect(server.beside).toEqual([
      `Upstream: ${upstream.baseUrl}; live: getCurrentUser, createWebhook, getConnectedAccount, getWorkspace (4 operations, the rest mocked); the mock answers on 404`,
      `Recording: ${record} (0 exchanges so far; redacted, 0600)`,
      `Drift report: ${driftReport} and ${join(folder, 'drift.junit.xml')}, as answers come`,
    ]);

    const answers = [];
    for (const request of session()) answers.push(await send(server.baseUrl, request));
    expect(answers.map((answer) => [answer.status, answer.source, answer.fallback])).toEqual([
      [200, 'live', null],
      [201, 'live', null],
      [200, 'live', null],
      [200, 'live', null],
      [200, 'mock', null],
      [200, 'mock', '404'],
    ]);
    expect(JSON.parse(answers[0]!.body).data).toHaveProperty('user_name');
    // The caller's own token went, to this upstream only; the mocked operation never did.
    expect(upstream.seen.every((line) => line.endsWith(`Bearer ${TOKEN}`))).toBe(true);
    expect(upstream.seen.map((line) => line.split(' ')[1])).not.toContain('/v1/users/me/webhooks');
    const journal = await (
      await fetch(`${server.origin}/__mock/requests`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json();
    expect(journal.data.map((entry: { source?: string }) => entry.source ?? 'mock')).toEqual([
      'live',
      'live',
      'live',
      'live',
      'mock',
      'mock',
    ]);

    // The drift report over the control API: every planted departure, N of N.
    const drift = (
      await (await fetch(`${server.origin}/__mock/drift`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()
    ).data;
    const op = (id: string) =>
      drift.operations.find((operation: { operationId: string }) => operation.operationId === id);
    const pointers = (list: Array<{ pointer: string }>) => list.map((field) => field.pointer);
    const found = [
      pointers(op(PLANTED.renamedField.operationId).missing).includes(PLANTED.renamedField.missing) &&
        pointers(op(PLANTED.renamedField.operationId).extra).includes(PLANTED.renamedField.extra),
      op(PLANTED.undocumentedStatus.operationId).undocumentedStatuses.includes(PLANTED.undocumentedStatus.status),
      pointers(op(PLANTED.wrappedAnswer.operationId).extra).includes(PLANTED.wrappedAnswer.extra) &&
        op(PLANTED.wrappedAnswer.operationId).contradicted.includes(PLANTED.wrappedAnswer.assumption),
      pointers(op(PLANTED.contradictedAssumption.operationId).wrongType).includes(
        PLANTED.contradictedAssumption.wrongType,
      ) &&
        op(PLANTED.contradictedAssumption.operationId).contradicted.includes(PLANTED.contradictedAssumption.assumption),
    ];
    expect(found).toEqual([true, true, true, true]);
    // The upstream's own 404 (the fallback) was judged too: a documented status.
    expect(drift.answers).toBe(5);

    await server.close();
    running.splice(running.indexOf(server), 1);
    const report = JSON.parse(readFileSync(driftReport, 'utf8'));
    expect(report).toEqual(drift);
    expect(readFileSync(join(folder, 'drift.junit.xml'), 'utf8')).toContain('<failure message=');
    expect(statSync(record).mode & 0o777).toBe(0o600);
    const har = readFileSync(record, 'utf8');
    expect(har).not.toContain(TOKEN);
    expect(JSON.parse(har).log.entries).toHaveLength(5);

    // Replay, with the upstream gone: the same answers, byte for byte, from the recording.
    await upstream.close();
    running.splice(running.indexOf(upstream), 1);
    const replay = await start({ replay: record });
    expect(replay.beside).toEqual([`Replay: every API request answered from ${record} (5 exchanges), no network`]);
    for (const [index, request] of session().slice(0, 4).entries()) {
      const replayed = await send(replay.baseUrl, request);
      expect([replayed.status, replayed.source, replayed.body]).toEqual([
        answers[index]!.status,
        'replay',
        answers[index]!.body,
      ]);
    }
    const miss = await send(replay.baseUrl, { method: 'GET', path: '/users/me?x=1', headers: {} });
    expect(miss.status).toBe(404);
    expect(JSON.parse(miss.body).error).toMatch(/closest recorded request is GET \/users\/me \(differs in query\)/);
  });

  it('never forwards the control API or the console, and no request can choose another upstream', async () => {
    const upstream = await upstreamServer();
    const server = await start({ upstream: { url: upstream.baseUrl, live: '*' } });
    for (const path of ['/__mock/world', '/__mock/requests', '/__mock/ui/', '/__mock/drift'])
      await fetch(`${server.origin}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(upstream.seen).toEqual([]);
    // An absolute-form request target naming another host still goes to the upstream named at start.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'GET',
          path: 'http://169.254.169.254/v1/users/me',
          headers: { authorization: `Bearer ${TOKEN}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    expect(upstream.seen).toEqual([`GET /v1/users/me Bearer ${TOKEN}`]);
  });

  it('an unreachable upstream is a 502 naming the cause, or the mock with --fallback-on unreachable', async () => {
    const upstream = await upstreamServer();
    const url = upstream.baseUrl;
    await upstream.close();
    running.splice(running.indexOf(upstream), 1);
    const strict = await start({ upstream: { url, live: 'getCurrentUser' } });
    const failed = await send(strict.baseUrl, { method: 'GET', path: '/users/me', headers: {} });
    expect([failed.status, failed.source, JSON.parse(failed.body).code]).toEqual([502, 'live', 'bad_gateway']);
    expect(JSON.parse(failed.body).error).toMatch(/ECONNREFUSED/);
    const lenient = await start({ upstream: { url, live: 'getCurrentUser', fallbackOn: 'unreachable' } });
    const rescued = await send(lenient.baseUrl, { method: 'GET', path: '/users/me', headers: {} });
    expect([rescued.status, rescued.source, rescued.fallback]).toEqual([200, 'mock', 'unreachable']);
  });

  it('a server without an upstream answers GET /__mock/drift with 404 saying how to get one', async () => {
    const server = await start({});
    const answer = await fetch(`${server.origin}/__mock/drift`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(404);
    expect((await answer.json()).error).toMatch(/--upstream URL --live OPS/);
  });
});
