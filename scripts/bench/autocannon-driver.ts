// The fallback load generator (./load-client.ts) where wrk is not installed: autocannon in a process
// of its own, so its CPU is not the bench's. Argument: one ClientRun as JSON. Prints one
// `BENCHJSON {...}` line in wrk's units (microseconds), with the exact latency of every answer
// (autocannon's own histogram keeps whole milliseconds).
import autocannon, { type AutocannonResult } from 'autocannon';
import type { ClientRun } from './load-client.ts';
import { Samples, summarize } from './stats.ts';

const run = JSON.parse(process.argv[2] ?? '{}') as ClientRun;
const samples = new Samples();
const result = await new Promise<AutocannonResult>((resolve, reject) => {
  const instance = autocannon(
    {
      url: run.origin,
      connections: run.connections,
      duration: run.durationS,
      timeout: 10,
      headers: run.headers,
      requests: [{ method: 'GET', path: run.path }],
    },
    (error, answer) => (error ? reject(error) : resolve(answer)),
  );
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => samples.push(ms));
});
const latency = summarize(samples.values());
const us = (ms: number) => Math.round(ms * 1000);
const report = {
  requests: result.requests.total,
  durationUs: Math.round(result.duration * 1e6),
  bytes: result.throughput.total,
  errors: result.errors,
  non2xx: result.non2xx,
  p50: us(latency.p50),
  p90: us(latency.p90),
  p99: us(latency.p99),
  max: us(latency.max),
};
process.stdout.write(`BENCHJSON ${JSON.stringify(report)}\n`);
