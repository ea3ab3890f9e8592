// Bench child of the worlds section (worlds.ts): the load generator, in its own process so the
// server's numbers are not the client's. Sends one first request (GET /v1/users/me) for each of
// `count` distinct tokens `<prefix>-<from + i>`, `concurrency` at a time over keep-alive loopback
// connections, and prints one JSON line: {ok, failed, statuses, ms}.
import { Agent, request } from 'node:http';

const [origin, fromText, countText, concurrencyText, prefix] = process.argv.slice(2);
if (origin === undefined || prefix === undefined)
  throw new Error('usage: worlds-driver.ts <origin> <from> <count> <concurrency> <prefix>');
const from = Number(fromText);
const count = Number(countText);
const concurrency = Number(concurrencyText);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const statuses: Record<string, number> = {};

function firstRequest(token: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      `${origin}/v1/users/me`,
      { agent, headers: { authorization: `Bearer ${token}` }, timeout: 30_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const status = await firstRequest(`${prefix}-${from + next++}`);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
agent.destroy();
const ok = statuses['200'] ?? 0;
process.stdout.write(`${JSON.stringify({ ok, failed: count - ok, statuses, ms: performance.now() - started })}\n`);
