// The recipe of docs/scaling.md, run as printed: two `serve` replicas, each with its own --state,
// behind Debian's nginx with the page's own nginx block (its ports swapped for free ones), all on
// loopback. Its promises hold, and the same checks catch a balancer that does not route by token.
// nginx is no npm package: without it these cases are skipped, and say why (`.ci/run` installs it).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../cli/prism-launcher.ts';

const CLI_BIN = fileURLToPath(new URL('../cli/checkout-bin.js', import.meta.url));
const PAGE = readFileSync(new URL('./scaling.md', import.meta.url), 'utf8');
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find(
  (candidate) => spawnSync(candidate, ['-v']).status === 0,
);
const why = nginx === undefined ? ' (SKIPPED: nginx is not installed; Debian: apt-get install nginx)' : '';

/** The page's nginx block for replicas on `ports` and nginx on `port`, in a file layout under `dir`. */
function config(dir: string, port: number, ports: number[], byToken = true): string {
  const block = /```nginx\n([\s\S]*?)```/.exec(PAGE)![1]!;
  const servers = block.match(/^ *server 127\.0\.0\.1:\d+ .*\n/gm)!;
  const upstreams = ports.map((p) => servers[0]!.replace(/:\d+/, `:${p}`)).join('');
  const recipe = block
    .replace(servers.join(''), upstreams)
    .replace(/listen 127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${port};`)
    .replace(byToken ? '' : /^ *hash \$http_authorization consistent;\n/m, '');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join(' ');
  return `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn; events {}\nhttp { access_log off; ${temp}\n${recipe}}\n`;
}

async function send(method: string, url: string, token: string): Promise<{ status: number; body: string }> {
  const answer = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, connection: 'close' } });
  return { status: answer.status, body: await answer.text() };
}

/** Starts `args` and polls `url` until it answers: a readiness check, not a sleep to pass. */
async function started(file: string, args: string[], url: string): Promise<ChildProcess> {
  const child = spawn(file, args, { stdio: 'ignore' });
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null || tries > 300) throw new Error(`${file} ${args.join(' ')} did not start`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Writes and reads webhooks through nginx per token, finds each token's replica, restarts one. */
async function runRecipe(tokens: number, byToken: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'mock-scaling-'));
  const ports = [await freePort(), await freePort()];
  const replica = (i: number) => {
    const args = [
      CLI_BIN,
      'serve',
      '--port',
      String(ports[i]),
      '--seed',
      '42',
      '--quiet',
      '--state',
      join(dir, `r${i}.json`),
    ];
    return started(process.execPath, args, `http://127.0.0.1:${ports[i]}/`);
  };
  const replicas = [await replica(0), await replica(1)];
  const port = await freePort();
  for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, t));
  writeFileSync(join(dir, 'nginx.conf'), config(dir, port, ports, byToken));
  const origin = `http://127.0.0.1:${port}`;
  const balancer = await started(
    nginx!,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    origin,
  );
  try {
    const names = Array.from({ length: tokens }, (_, i) => `scaling-${process.pid}-${i}`);
    const hooks = new Map<string, string>();
    let staleReads = 0;
    for (const token of names) {
      const created = await send(
        'POST',
        `${origin}/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fx&name=n&description=d`,
        token,
      );
      hooks.set(token, JSON.parse(created.body).data.id);
      for (let i = 0; i < 2; i++)
        if (!(await send('GET', `${origin}/v1/users/me/webhooks`, token)).body.includes(hooks.get(token)!))
          staleReads++;
    }
    // Where each token's world lives: the replicas whose own journal holds its requests.
    const owners = new Map<string, number[]>();
    for (const token of names) {
      const holders = [];
      for (const [i, p] of ports.entries())
        if (JSON.parse((await send('GET', `http://127.0.0.1:${p}/__mock/requests`, token)).body).data.length > 0)
          holders.push(i);
      owners.set(token, holders);
    }
    const perReplica = ports.map((_, i) => names.filter((t) => owners.get(t)!.join() === String(i)).length);
    const split = names.filter((t) => owners.get(t)!.length !== 1).length;
    // An HTTP trigger's endpoint_url read through nginx names nginx's origin, and answers there.
    const world = JSON.parse((await send('GET', `${origin}/__mock/world`, names[0]!)).body);
    let endpoint = '';
    for (const { id } of world.data.workflows.filter((w: { active: boolean }) => w.active)) {
      const read = JSON.parse((await send('GET', `${origin}/v1/workflows/${id}`, names[0]!)).body);
      endpoint ||= read.data.triggers.find((t: { endpoint_url?: string }) => t.endpoint_url)?.endpoint_url ?? '';
    }
    const endpointStatus = endpoint === '' ? 0 : (await send('POST', endpoint, names[0]!)).status;
    // The busiest replica restarted on its port and state file keeps its tokens' worlds.
    const victim = perReplica[0]! >= perReplica[1]! ? 0 : 1;
    await stop(replicas[victim]!);
    replicas[victim] = await replica(victim);
    const theirs = names.filter((t) => owners.get(t)!.join() === String(victim));
    let kept = 0;
    for (const token of theirs)
      if ((await send('GET', `${origin}/v1/users/me/webhooks`, token)).body.includes(hooks.get(token)!)) kept++;
    return { origin, staleReads, perReplica, split, endpoint, endpointStatus, restarted: theirs.length, kept };
  } finally {
    for (const child of [balancer, ...replicas]) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

describe(`the scaling recipe of docs/scaling.md behind nginx${why}`, () => {
  it('is the nginx block of the page, with its ports swapped and nothing else changed', () => {
    const text = config('/tmp/x', 8080, [4021, 4022]);
    expect(text).toContain('hash $http_authorization consistent;');
    expect(text.match(/server 127\.0\.0\.1:\d+ max_fails=0;/g)).toEqual([
      'server 127.0.0.1:4021 max_fails=0;',
      'server 127.0.0.1:4022 max_fails=0;',
    ]);
    expect(text).toContain('listen 127.0.0.1:8080;');
    expect(text).toContain('proxy_set_header Host $http_host;');
  });

  it.skipIf(nginx === undefined)(
    'keeps each token on one replica, spreads the tokens, and a restarted replica keeps its worlds',
    { timeout: 120_000 },
    async () => {
      const result = await runRecipe(16, true);
      expect(result.staleReads).toBe(0);
      expect(result.split).toBe(0);
      expect(result.perReplica.reduce((a, b) => a + b, 0)).toBe(16);
      for (const count of result.perReplica) expect(count).toBeGreaterThan(0);
      expect(result.restarted).toBeGreaterThan(0);
      expect(result.kept).toBe(result.restarted);
      // The page passes the port on (Host $http_host): endpoint_url points at nginx, and answers there.
      expect(result.endpoint.startsWith(`${result.origin}/__endpoints/`), result.endpoint).toBe(true);
      expect(result.endpointStatus).toBe(200);
    },
  );

  it.skipIf(nginx === undefined)('catches a balancer that does not route by token', { timeout: 120_000 }, async () => {
    const result = await runRecipe(8, false);
    expect(result.staleReads + result.split).toBeGreaterThan(0);
  });
});
