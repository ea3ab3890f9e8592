// GET /__mock/deliveries?wait=true over real HTTP waits on its own world only (issue 10, item 6):
// it used to wait on every world's backlog, so one world's hung receiver held every other
// world's wait for the full 15 s. Loopback receivers; the held answer is released by the test.
import { afterEach, describe, expect, it } from 'vitest';
import { gate, receiverPool } from '../../support/loopback-receiver.ts';
import { startServer, type RunningServer } from './server.ts';
import { storeOf } from '../mock.ts';

const running: RunningServer[] = [];
const receivers = receiverPool();

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await receivers.closeAll();
});

describe('GET /__mock/deliveries?wait=true', () => {
  it("answers once its own world has settled, while another world's delivery is still held", async () => {
    const held = gate<{ status: number }>();
    const slow = await receivers.start(() => held.promise);
    const fast = await receivers.start();
    const server = await startServer({ port: 0, quiet: true });
    running.push(server);
    const enqueue = (token: string, url: string) => {
      const world = storeOf(server.mock).world(token);
      return world.sink.enqueue({ world: world.key, kind: 'subscription', url, payload: { token } });
    };
    const stuck = enqueue('hung-world', slow.url);
    enqueue('quick-world', fast.url);
    await slow.waitFor(1);

    const res = await fetch(`${server.origin}/__mock/deliveries?wait=true`, {
      headers: { authorization: 'Bearer quick-world' },
    });
    const body = (await res.json()) as { data: Array<{ state: string }>; settled?: boolean };
    expect(res.status).toBe(200);
    expect(body).not.toHaveProperty('settled');
    expect(body.data.map((record) => record.state)).toEqual(['delivered']);
    expect(stuck.state).toBe('pending');

    held.release({ status: 200 });
    const other = await fetch(`${server.origin}/__mock/deliveries?wait=true`, {
      headers: { authorization: 'Bearer hung-world' },
    });
    expect(((await other.json()) as { data: Array<{ state: string }> }).data.map((record) => record.state)).toEqual([
      'delivered',
    ]);
  });
});
