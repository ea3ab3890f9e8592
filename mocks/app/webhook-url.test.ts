// The webhook URL rule has one home, the document's WebhookUrl pattern (with `x-error-code:
// unsupported_url`), and the server must agree with it on every URL field: every URL the pattern
// refuses is a 400 `unsupported_url`, every URL it admits is stored and then lists valid against the
// response schemas (and parses as a URL, so a delivery can be sent to it).
import { describe, expect, it } from 'vitest';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import { isErrorCode } from '../common/errors.ts';
import { createMock } from '../index.ts';
import { createRecordingSink } from '../store/world/recording-sink.ts';

const ADMITTED = [
  'https://hooks.acme.example/workflow-errors',
  'http://localhost:3000/x',
  'http://127.0.0.1:4010/',
  'https://example.com:8443/hooks/errors?x=1&y=two#frag',
  'http://[::1]:9000/hook',
  'http://[2001:db8::1]/in',
  'http://h.example.com:65535/',
  'https://a.b-c.example/p%20q;v=1,2',
  'https://xn--bcher-kva.example/',
  'http://10.0.0.255:0/a/b',
];

const REFUSED = [
  'https:hooks.acme.example/x', // no "//"
  'https://hooks.acme.example/a b', // a space
  'https://hooks.acme.example/a\nb', // a newline
  'https://user:pw@hooks.acme.example/', // user info
  'https://user@hooks.acme.example/',
  'https://my_host.acme.example/', // "_" in a host name
  'http://[F]/', // not an IPv6 address
  'http://h.example.com:65536/', // port out of range
  'http://999.999.999.999/', // not an IPv4 address
  'http://01.2.3.4/', // a leading zero (read as octal by WHATWG URL)
  'http://1.2.3/', // numeric host that is not a dotted quad
  'http://a..b/',
  'http://a.b./', // trailing dot
  'https://-leading.example/',
  'https://bücher.example/', // not in its xn-- form
  'http://h.example.com/<script>',
  'HTTP://h.example.com/', // the protocol is lower case
  'ftp://x',
  'example.com/hook',
  'http://',
  'https://:80/',
  'mailto:ops@example.com',
  '//example.com/hook',
];

const token = 'webhook-url-table';
const mock = createMock({ seed: 'urls', sink: createRecordingSink() });
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const summary = mock.control.world(token);
const project = summary.projects[0]!;
const trigger = project.deployed_triggers[0]!;
const asOwner = `external_user_id=${encodeURIComponent(trigger.external_user_id)}`;
/** A project webhook per URL: each in a world of its own (a project has one per environment, and only two environments). */
const environmentToken = (n: number) => `${token}-environment-${n}`;
const environmentWorld = (n: number) => mock.control.world(environmentToken(n));

/** Every field of the API that takes a webhook URL, and how to send one to it. */
const FIELDS: Record<string, (url: string, n: number) => Promise<Response>> = {
  'POST /webhooks url': (url) =>
    mock.fetch(`/v1/webhooks?${new URLSearchParams({ url, name: 'n', description: 'd' })}`, {
      method: 'POST',
      headers,
    }),
  'PUT /connect/{project_id}/webhook webhook_url': (url, n) =>
    mock.fetch(`/v1/connect/${environmentWorld(n).projects[0]!.id}/webhook`, {
      method: 'PUT',
      headers: { ...headers, authorization: `Bearer ${environmentToken(n)}`, 'x-pd-environment': 'production' },
      body: JSON.stringify({ webhook_url: url }),
    }),
  'POST /connect/{project_id}/tokens webhook_uri': (url) =>
    mock.fetch(`/v1/connect/${project.id}/tokens`, {
      method: 'POST',
      headers: { ...headers, 'x-pd-environment': 'development' },
      body: JSON.stringify({ external_user_id: 'u', webhook_uri: url }),
    }),
  'PUT /connect/{project_id}/deployed-triggers/{trigger_id}/webhooks webhook_urls': (url) =>
    mock.fetch(`/v1/connect/${project.id}/deployed-triggers/${trigger.id}/webhooks?${asOwner}`, {
      method: 'PUT',
      headers: { ...headers, 'x-pd-environment': trigger.environment },
      body: JSON.stringify({ webhook_urls: [url] }),
    }),
};

const admittedByPattern = (url: string) => validator.validateSchema('WebhookUrl', url).length === 0;

describe('the WebhookUrl rule: document and server agree', () => {
  it('the table is what it claims: the pattern admits every ADMITTED URL and refuses every REFUSED one', () => {
    expect(ADMITTED.length + REFUSED.length).toBeGreaterThanOrEqual(25);
    expect(ADMITTED.filter((url) => !admittedByPattern(url))).toEqual([]);
    expect(REFUSED.filter(admittedByPattern)).toEqual([]);
    // Whatever the pattern admits, a delivery can be sent to.
    for (const url of ADMITTED) expect(() => new URL(url), url).not.toThrow();
  });

  for (const [field, send] of Object.entries(FIELDS)) {
    it(`${field}: a URL the pattern refuses is 400 unsupported_url, one it admits is stored as given`, async () => {
      let n = 0;
      for (const url of [...ADMITTED, ...REFUSED]) {
        const answer = await send(url, n++);
        const body = (await answer.json()) as { code?: string };
        if (admittedByPattern(url)) expect(answer.status, `${JSON.stringify(url)}: ${JSON.stringify(body)}`).toBe(200);
        else expect([answer.status, body.code], JSON.stringify(url)).toEqual([400, 'unsupported_url']);
      }
    });
  }

  it('every admitted URL that was stored lists valid against the response schemas', async () => {
    const webhooks = await mock.fetch('/v1/users/me/webhooks', { headers });
    const list = (await webhooks.json()) as { data: Array<{ url: string }> };
    expect(validator.validateResponse('listWebhooks', 200, webhooks.headers.get('content-type'), list)).toEqual([]);
    expect(list.data.map((webhook) => webhook.url)).toEqual(expect.arrayContaining(ADMITTED));
    // ADMITTED are sent first: the n-th of them went to the n-th world.
    const environments = ADMITTED.map(
      (_, n) => environmentWorld(n).projects[0]!.environments.find((e) => e.name === 'production')!.webhook_url,
    );
    expect(environments).toEqual(expect.arrayContaining(ADMITTED));
    for (const url of environments)
      if (url !== null) expect(validator.validateSchema('WebhookUrl', url), url).toEqual([]);
  });

  it('an empty URL is a missing one (400 bad_request), not an unsupported one', async () => {
    for (const [field, send] of Object.entries(FIELDS)) {
      const answer = await send('', 0);
      expect([answer.status, ((await answer.json()) as { code?: string }).code], field).toEqual([400, 'bad_request']);
    }
  });

  it('a URL of another type (a number in a JSON body) is ill-typed (400 bad_request), not an unsupported one', async () => {
    const answer = await mock.fetch(`/v1/connect/${project.id}/tokens`, {
      method: 'POST',
      headers: { ...headers, 'x-pd-environment': 'development' },
      body: JSON.stringify({ external_user_id: 'u', webhook_uri: 123 }),
    });
    expect([answer.status, ((await answer.json()) as { code?: string }).code]).toEqual([400, 'bad_request']);
  });

  it('every x-error-code of the document is an error code the kit answers', () => {
    const named: unknown[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (typeof node === 'object' && node !== null)
        for (const [key, value] of Object.entries(node)) key === 'x-error-code' ? named.push(value) : walk(value);
    };
    walk(document);
    expect(named).toContain('unsupported_url');
    expect(named.filter((code) => !isErrorCode(code))).toEqual([]);
  });
});
