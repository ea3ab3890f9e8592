// Section "scaling" (docs/scaling.md): N `serve` replicas, each with its own --state, behind
// Debian's nginx routing by token (`hash $http_authorization consistent`), all on loopback. It
// proves the recipe's three promises and measures the spread:
//   1. a token always reaches the same world: a webhook created through nginx is in every one of
//      the token's later reads through nginx, and exactly one replica's journal holds the token;
//   2. load spreads: how many tokens each replica got (of `tokens`), and the throughput through
//      nginx with all tokens at once;
//   3. a replica restarted keeps its worlds: one is stopped (SIGTERM) and started again on the
//      same port and state file, and its tokens' webhooks are still there.
// nginx is not an npm package: without it the section says so and does not run.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../cli/prism-launcher.ts';
import { stopChild, track } from './children.ts';
import { get } from './http.ts';

const CLI_BIN = fileURLToPath(new URL('../../cli/checkout-bin.js', import.meta.url));
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'];

export interface ScalingOptions {
  replicas: number;
  tokens: number;
  /** Reads per token through nginx after its write (each must see the write). */
  readsPerToken: number;
  /** How nginx spreads requests: by token (the recipe) or round-robin (what breaks it; the self-test's). Default: token. */
  balance?: Balance;
  /** GET /v1/users/me sent through nginx for the throughput figure; default 3,000. */
  throughputRequests?: number;
}

export type Balance = 'token' | 'round-robin';

export interface ScalingResult {
  nginx: string;
  replicas: number;
  tokens: number;
  /** Tokens whose world each replica holds (from the replicas' own journals), in replica order. */
  tokensPerReplica: number[];
  /** Tokens found in no replica's journal, or in more than one: both break the promise. */
  unplaced: number;
  splitTokens: number;
  /** Reads through nginx that missed the token's own write. */
  staleReads: number;
  reads: number;
  /** The restarted replica: how many of its tokens still had their webhook after the restart. */
  restart: { replica: number; tokens: number; kept: number; ms: number };
  /** GET /v1/users/me through nginx, all tokens round-robin, 32 at a time. */
  throughput: { requests: number; ms: number; rps: number; failed: number };
  /** An HTTP trigger of the first token's world: its endpoint_url read through nginx, and a POST to it. */
  endpoint: { origin: string; url: string; status: number };
}

/** Where Debian's nginx is, or undefined. */
export function findNginx(): string | undefined {
  for (const candidate of NGINX_CANDIDATES) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return undefined;
}

/** The nginx configuration of docs/scaling.md, for replicas on `ports`, listening on `port`, files under `dir`. */
export function nginxConfig(dir: string, port: number, ports: number[], balance: Balance = 'token'): string {
  return `# docs/scaling.md: N mock replicas behind one address, a token always on the same replica.
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream mock_replicas {
    # The bearer token picks the replica (consistent hashing: adding or removing a replica moves
    # only its share of the tokens). A request without a token goes anywhere; it has no world.
${balance === 'token' ? '    hash $http_authorization consistent;' : '    # round-robin: NOT the recipe (a token would reach several worlds)'}
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://mock_replicas;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # $http_host keeps the port the client addressed (an HTTP trigger's endpoint_url names it).
      proxy_set_header Host $http_host;
      # The long poll of GET /__mock/deliveries?wait=true answers within 15 s.
      proxy_read_timeout 30s;
    }
  }
}
`;
}

interface Replica {
  port: number;
  state: string;
  child: ChildProcess;
}

async function startReplica(port: number, state: string): Promise<Replica> {
  const child = track(
    spawn(
      process.execPath,
      [CLI_BIN, 'serve', '--port', String(port), '--host', '127.0.0.1', '--seed', '1', '--quiet', '--state', state],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    `http://127.0.0.1:${port}/`,
    () => child.exitCode !== null,
    () => `replica on ${port} exited:\n${output}`,
  );
  return { port, state, child };
}

/** Polls `url` until it answers (any status); a readiness check, not a sleep to pass. */
async function waitFor(url: string, gone: () => boolean, why: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone()) throw new Error(why());
    try {
      await get(url, {}, undefined, 1000);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`nothing answered at ${url} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function send(
  method: string,
  url: string,
  token: string,
  agent: Agent | false = false,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { authorization: `Bearer ${token}` }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Runs the recipe of docs/scaling.md on loopback and checks its promises.
 *
 * @example
 * const result = await measureScaling({ replicas: 3, tokens: 60, readsPerToken: 5 }, console.log);
 * console.log(result.tokensPerReplica, result.staleReads, result.restart.kept);
 */
export async function measureScaling(
  options: ScalingOptions,
  log: (line: string) => void = () => {},
): Promise<ScalingResult> {
  const nginx = findNginx();
  if (nginx === undefined)
    throw new Error('nginx is not installed (Debian: apt-get install nginx-light); the scaling section needs it');
  const dir = mkdtempSync(join(tmpdir(), 'mock-scaling-'));
  const replicas: Replica[] = [];
  let balancer: ChildProcess | undefined;
  try {
    for (let i = 0; i < options.replicas; i++)
      replicas.push(await startReplica(await freePort(), join(dir, `replica-${i}.json`)));
    const port = await freePort();
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
    writeFileSync(
      join(dir, 'nginx.conf'),
      nginxConfig(
        dir,
        port,
        replicas.map((r) => r.port),
        options.balance,
      ),
    );
    let nginxOutput = '';
    balancer = track(
      spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    balancer.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(
      `${origin}/`,
      () => balancer!.exitCode !== null,
      () => `nginx exited:\n${nginxOutput}`,
    );
    log(`scaling: ${options.replicas} replicas behind ${nginx} at ${origin}`);

    // 1. A write per token through nginx, then reads through nginx that must all see it.
    const tokens = Array.from({ length: options.tokens }, (_, i) => `scaling-${process.pid}-${i}`);
    const hooks = new Map<string, string>();
    let staleReads = 0;
    for (const token of tokens) {
      const created = await send(
        'POST',
        `${origin}/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2F${token}&name=n&description=d`,
        token,
      );
      if (created.status !== 200)
        throw new Error(`POST /v1/webhooks through nginx answered ${created.status}: ${created.body.slice(0, 200)}`);
      hooks.set(token, (JSON.parse(created.body) as { data: { id: string } }).data.id);
      for (let i = 0; i < options.readsPerToken; i++) {
        const read = await send('GET', `${origin}/v1/users/me/webhooks`, token);
        if (!read.body.includes(hooks.get(token)!)) staleReads++;
      }
    }
    // Where each token's world lives: the replica whose journal holds its requests.
    const owners = new Map<string, number[]>();
    for (const token of tokens) {
      const holders: number[] = [];
      for (const [i, replica] of replicas.entries()) {
        const journal = await send('GET', `http://127.0.0.1:${replica.port}/__mock/requests`, token);
        if ((JSON.parse(journal.body) as { data: unknown[] }).data.length > 0) holders.push(i);
      }
      owners.set(token, holders);
    }
    const tokensPerReplica = replicas.map(
      (_, i) => [...owners.values()].filter((holders) => holders.length === 1 && holders[0] === i).length,
    );
    const unplaced = [...owners.values()].filter((holders) => holders.length === 0).length;
    const splitTokens = [...owners.values()].filter((holders) => holders.length > 1).length;
    log(
      `scaling: tokens per replica ${tokensPerReplica.join(' / ')}; ${staleReads} of ${tokens.length * options.readsPerToken} reads missed their write`,
    );

    // 1b. An HTTP trigger's endpoint_url read through nginx names nginx's origin, and answers there.
    const endpoint = await throughEndpoint(origin, tokens[0]!);
    log(`scaling: endpoint_url through nginx ${endpoint.url}: POST answered ${endpoint.status}`);

    // 2. Throughput through nginx, every token at once.
    const throughput = await drive(origin, tokens, 32, options.throughputRequests ?? 3000);
    log(
      `scaling: ${throughput.requests} reads through nginx in ${throughput.ms.toFixed(0)} ms (${Math.round(throughput.rps)} req/s, ${throughput.failed} failed)`,
    );

    // 3. Restart the busiest replica on its port and state file.
    const victim = tokensPerReplica.indexOf(Math.max(...tokensPerReplica));
    const theirs = tokens.filter((token) => owners.get(token)?.[0] === victim);
    const started = performance.now();
    await stopChild(replicas[victim]!.child, 10_000);
    replicas[victim] = await startReplica(replicas[victim]!.port, replicas[victim]!.state);
    const ms = performance.now() - started;
    let kept = 0;
    for (const token of theirs) {
      const read = await send('GET', `${origin}/v1/users/me/webhooks`, token);
      if (read.body.includes(hooks.get(token)!)) kept++;
    }
    log(
      `scaling: replica ${victim} restarted in ${ms.toFixed(0)} ms; ${kept} of ${theirs.length} of its tokens kept their webhook`,
    );
    return {
      nginx,
      replicas: options.replicas,
      tokens: tokens.length,
      tokensPerReplica,
      unplaced,
      splitTokens,
      staleReads,
      reads: tokens.length * options.readsPerToken,
      restart: { replica: victim, tokens: theirs.length, kept, ms },
      throughput,
      endpoint,
    };
  } finally {
    if (balancer !== undefined) await stopChild(balancer);
    for (const replica of replicas) await stopChild(replica.child, 10_000);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The endpoint_url of the token's active HTTP-triggered workflow, read through `origin`, and a POST to it. */
async function throughEndpoint(origin: string, token: string): Promise<ScalingResult['endpoint']> {
  type Summary = { data: { workflows: Array<{ id: string; active: boolean }> } };
  type Read = { data: { triggers: Array<{ endpoint_url?: string }> } };
  const world = JSON.parse((await send('GET', `${origin}/__mock/world`, token)).body) as Summary;
  for (const { id } of world.data.workflows.filter((workflow) => workflow.active)) {
    const read = JSON.parse((await send('GET', `${origin}/v1/workflows/${id}`, token)).body) as Read;
    const url = read.data.triggers.find((trigger) => trigger.endpoint_url !== undefined)?.endpoint_url;
    if (url !== undefined) return { origin, url, status: (await send('POST', url, token)).status };
  }
  throw new Error('the seeded world holds no active HTTP-triggered workflow (docs/worlds.md)');
}

/** `count` GET /v1/users/me through `origin`, tokens round-robin, `concurrency` at a time. */
async function drive(origin: string, tokens: string[], concurrency: number, count: number) {
  let next = 0;
  let failed = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const token = tokens[next++ % tokens.length]!;
      const answer = await send('GET', `${origin}/v1/users/me`, token, agent).catch(() => ({ status: 0, body: '' }));
      if (answer.status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const ms = performance.now() - started;
  agent.destroy();
  return { requests: count, ms, rps: (count * 1000) / ms, failed };
}
