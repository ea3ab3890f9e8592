// The request listener apart from the composition (listener.ts): what it hands the app, and what
// the exchange hook reports as a change for `--state`. Only an accepted write may mark the worlds as
// changed; a refused one (the app's 400, the head's 413) and every read leave them as they were.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestHead } from '../app/head.ts';
import type { AppRequest } from '../app/types.ts';
import { createMock } from '../index.ts';
import { createRecordingSink } from '../store/world/recording-sink.ts';
import { corsPolicy, hostPolicy } from './cors.ts';
import { getRequestListener } from './listener.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve() {
  const mock = createMock({ seed: 'listener', sink: createRecordingSink() });
  const heads: RequestHead[] = [];
  let changes = 0;
  mock.onExchange((exchange) => {
    if (exchange.worldChanged) changes++;
  });
  const listeners = getRequestListener({
    handle: (req: AppRequest, head: RequestHead) => {
      heads.push(head);
      return mock.handle(req, head);
    },
    cors: corsPolicy(),
    hosts: hostPolicy('127.0.0.1'),
    control: true,
    notice: () => {},
  });
  const server = createServer(listeners.request);
  server.on('checkContinue', listeners.checkContinue);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = (path: string, body: string) =>
    fetch(origin + path, {
      method: 'POST',
      headers: { authorization: 'Bearer listener', 'content-type': 'application/json' },
      body,
    });
  return { origin, post, heads, changes: () => changes };
}

describe('getRequestListener', () => {
  it('hands the app its own reading of the head: the URL is split once', async () => {
    const { origin, heads } = await serve();
    await fetch(`${origin}/v1/users/me?x=1`, { headers: { authorization: 'Bearer listener' } });
    expect(heads).toEqual([{ method: 'GET', path: '/v1/users/me', query: 'x=1' }]);
  });

  it('marks the worlds changed for an accepted write only: not for a refused one, a too-large one or a read', async () => {
    const { origin, post, changes } = await serve();
    expect((await post('/__mock/rate-limit', '{"requests":-1}')).status).toBe(400);
    expect((await post('/__mock/rate-limit', `{"requests":1,"x":"${'a'.repeat(1024 * 1024)}"}`)).status).toBe(413);
    expect((await fetch(`${origin}/__mock/world`, { headers: { authorization: 'Bearer listener' } })).status).toBe(200);
    expect(changes()).toBe(0);
    expect((await post('/__mock/rate-limit', '{"requests":0}')).status).toBe(200);
    expect(changes()).toBe(1);
  });
});
