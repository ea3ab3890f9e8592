// One redaction for everything the kit writes (openapi/redact.ts, docs/upstream.md "Redaction"):
// each secret form a client may send is planted through every face that records (the Pact recorder
// of createMock and of `serve --pact-dir`, the HAR recording beside an upstream, the request
// journal) and every file and download they give is searched for it. All on 127.0.0.1.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killRunning, startCli } from '../../support/cli.ts';
import { createMock } from '../index.ts';
import { writePactFile } from './pact.ts';
import { type RunningServer, startServer } from './server.ts';

afterEach(killRunning);

/** Each secret once, each under its own name so a failure names the form that leaked. */
const SECRET = {
  bearer: 'BearerSecretQ7v9',
  apiKey: 'ApiKeySecretM3x8',
  cookie: 'CookieSecretK2w5',
  rawQuery: 'RawQuerySecretP4n1',
  encodedQuery: 'EncodedQuerySecretZ8c3',
  encodedName: 'EncodedNameSecretH6d2',
  encodedPassword: 'EncodedPasswordSecretT5j7',
  jsonSecret: 'JsonClientSecretR9b4',
  formSecret: 'FormClientSecretW1g6',
};

/** Every character percent-encoded: `%45%6E...`, what a client that encodes everything sends. */
const encodeAll = (text: string) => [...text].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('');

/**
 * The planted requests, each to its own operation or status (a pact keeps the first exchange of
 * each): the bearer, `x-api-key` and a cookie as headers; `access_token` in the query raw, with
 * its value percent-encoded, and with its name percent-encoded beside an encoded `password`;
 * `client_secret` in a JSON and in a form body of the login.
 */
const PLANTED: Array<{ path: string; init?: RequestInit }> = [
  {
    path: `/users/me?access_token=${SECRET.rawQuery}`,
    init: { headers: { 'x-api-key': SECRET.apiKey, cookie: `session=${SECRET.cookie}` } },
  },
  { path: `/users/me/webhooks?access_token=${encodeAll(SECRET.encodedQuery)}` },
  { path: `/workflows/p_nope123?access_%74oken=${SECRET.encodedName}&%70assword=${SECRET.encodedPassword}` },
  {
    path: '/oauth/token',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'planted',
        client_secret: SECRET.jsonSecret,
      }),
    },
  },
  {
    path: '/oauth/token',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=planted&client_secret=${SECRET.formSecret}`,
    },
  },
];

/** Sends every planted request through `fetch` against `baseUrl` (`.../v1`); answers their statuses. */
async function plant(fetch: (url: string, init?: RequestInit) => Promise<Response>, baseUrl: string) {
  const statuses: number[] = [];
  for (const { path, init } of PLANTED) {
    const headers = { authorization: `Bearer ${SECRET.bearer}`, ...(init?.headers as Record<string, string>) };
    const answer = await fetch(`${baseUrl}${path}`, { ...init, headers });
    await answer.arrayBuffer();
    statuses.push(answer.status);
  }
  return statuses;
}

/** The text of a control API download, with the planted bearer. */
async function download(fetch: (url: string, init?: RequestInit) => Promise<Response>, url: string) {
  const answer = await fetch(url, { headers: { authorization: `Bearer ${SECRET.bearer}` } });
  expect(answer.status, url).toBe(200);
  return answer.text();
}

/** Fails naming the text and the secret form found in it, in either encoding. */
function expectNoSecret(where: string, text: string): void {
  for (const [form, secret] of Object.entries(SECRET))
    for (const written of [secret, encodeAll(secret)])
      expect(text.includes(written), `${where} holds the ${form} secret`).toBe(false);
}

const folder = () => mkdtempSync(join(tmpdir(), 'redaction-'));

describe('one redaction for everything the kit writes', () => {
  it('the Pact recorder of createMock: mock.pact, GET /__mock/pact, the written file (0600), the journal', async () => {
    const mock = createMock({ seed: 5, pact: { consumer: 'web', log: () => {} } });
    const fetch = (url: string, init?: RequestInit) => mock.fetch(url, init);
    await plant(fetch, '/v1');
    const pact = mock.pact!.pact();
    // Every plant is an interaction of its own: the search below reads what was recorded of each.
    expect(pact.interactions.map((interaction) => interaction.key)).toEqual([
      'createOAuthToken 200 a fresh world',
      'createOAuthToken 415 a fresh world',
      'getCurrentUser 200 a fresh world',
      'getWorkflow 404 a fresh world',
      'listWebhooks 200 a fresh world',
    ]);
    expect(pact.interactions.find((one) => one.key.startsWith('getCurrentUser'))!.request.query).toEqual({
      access_token: ['[redacted]'],
    });
    expect(pact.interactions.find((one) => one.key.startsWith('getWorkflow'))!.request.query).toEqual({
      access_token: ['[redacted]'],
      password: ['[redacted]'],
    });
    expectNoSecret('mock.pact.text()', mock.pact!.text());
    expectNoSecret('GET /__mock/pact', await download(fetch, '/__mock/pact'));
    expectNoSecret('GET /__mock/requests', await download(fetch, '/__mock/requests'));
    const written = await writePactFile(folder(), mock.pact!);
    expect(statSync(written.path).mode & 0o777).toBe(0o600);
    expectNoSecret(written.path, readFileSync(written.path, 'utf8'));
  });

  it('serve --pact-dir: GET /__mock/pact, the journal and the file it writes at exit (0600)', async () => {
    const dir = folder();
    const run = startCli(['serve', '--port', '0', '--quiet', '--pact-dir', dir, '--pact-consumer', 'web']);
    const [, baseUrl] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    const origin = new URL(baseUrl!).origin;
    expect(await plant(fetch, baseUrl!)).toEqual([200, 200, 404, 200, 415]);
    expectNoSecret('GET /__mock/pact', await download(fetch, `${origin}/__mock/pact`));
    expectNoSecret('GET /__mock/requests', await download(fetch, `${origin}/__mock/requests`));
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const path = join(dir, 'web-workflow-api.json');
    expect(JSON.parse(readFileSync(path, 'utf8')).interactions).toHaveLength(5);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expectNoSecret(path, readFileSync(path, 'utf8'));
  }, 60_000);

  it('the HAR recording beside an upstream, and both servers’ journals', async () => {
    const servers: RunningServer[] = [];
    const start = async (options: Parameters<typeof startServer>[0]) => {
      const server = await startServer({ port: 0, host: '127.0.0.1', quiet: true, log: () => {}, ...options });
      servers.push(server);
      return server;
    };
    try {
      const upstream = await start({ seed: 5 });
      const dir = folder();
      const record = join(dir, 'session.har');
      const front = await start({ seed: 5, upstream: { url: upstream.baseUrl, live: '*' }, record });
      await plant(fetch, front.baseUrl);
      for (const server of [front, upstream])
        expectNoSecret(
          `${server.origin} GET /__mock/requests`,
          await download(fetch, `${server.origin}/__mock/requests`),
        );
      await front.close();
      const har = readFileSync(record, 'utf8');
      expect(JSON.parse(har).log.entries).toHaveLength(PLANTED.length);
      expect(readdirSync(dir)).toEqual(['session.har']);
      expectNoSecret(record, har);
    } finally {
      await Promise.all(servers.map((server) => server.close().catch(() => {})));
    }
  });
});
