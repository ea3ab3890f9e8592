// The `/browser` entry in a real browser: Debian's Chromium driven by playwright-core,
// startMockWorker() in the page (page-entry.ts), requests made by the page's own fetch and by the
// typed client, worlds kept across a reload with `persist` and seeded afresh without it.
// Without Chromium the suite is skipped locally with a reason; in CI (CI=true) it must run.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { servePage, type PageServer } from './serve-page.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) {
  throw new Error(`browser tests need Chromium at ${CHROMIUM} (apt-get install -y chromium); .ci/run installs it`);
}

async function waitForKit(page: Page, errors: string[]): Promise<void> {
  await page.waitForFunction(() => (window as any).kit !== undefined, undefined, { timeout: 30_000 });
  const kit = await page.evaluate(() => ({ ready: (window as any).kit.ready, error: (window as any).kit.error }));
  expect(kit, errors.join('\n')).toEqual({ ready: true, error: undefined });
}

function call(page: Page, method: string, path: string, token: string | null, body?: unknown) {
  return page.evaluate(
    async ({ method, path, token, body }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, token, body },
  );
}

describe.skipIf(!available)('startMockWorker() in Chromium', () => {
  let server: PageServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await servePage();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await openPage('');
  });

  /** A new tab (its own sessionStorage) on the test page with `query` as startMockWorker options. */
  async function openPage(query: string): Promise<Page> {
    const opened = await browser.newPage();
    const errors: string[] = [];
    opened.on('pageerror', (error) => errors.push(String(error)));
    await opened.goto(server.url + query);
    await waitForKit(opened, errors);
    return opened;
  }

  async function reload(target: Page): Promise<void> {
    await target.reload();
    await waitForKit(target, []);
  }

  const webhookIds = async (target: Page, token: string) =>
    (await call(target, 'GET', '/v1/users/me/webhooks', token)).body.data.map((hook: { id: string }) => hook.id) as string[];

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });


  it('serves the seeded world of a token through the service worker', async () => {
    const me = await call(page, 'GET', '/v1/users/me', 'browser-token', undefined);
    expect(me.status).toBe(200);
    expect(me.body.data.id).toMatch(/^u_[A-Za-z0-9]+$/);
    expect(me.body.data.orgs.length).toBeGreaterThanOrEqual(2);
    for (const org of me.body.data.orgs) expect(org.id).toMatch(/^o_[A-Za-z0-9]+$/);
  });

  it('refuses a request without a token, as the Node adapters do', async () => {
    const answer = await call(page, 'GET', '/v1/users/me', null, undefined);
    expect(answer.status).toBe(401);
    expect(typeof answer.body.error).toBe('string');
  });

  it('keeps state across requests: a created webhook is listed, an unsupported URL is refused', async () => {
    const created = await call(page, 'POST', '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fin&name=browser&description=from%20the%20page', 'browser-state', {});
    expect(created.status).toBe(200);
    expect(created.body.data.id).toMatch(/^wh_/);
    const listed = await call(page, 'GET', '/v1/users/me/webhooks', 'browser-state', undefined);
    expect(listed.body.data.map((w: { id: string }) => w.id)).toContain(created.body.data.id);
    const refused = await call(page, 'POST', '/v1/webhooks?url=ftp%3A%2F%2Fx&name=n&description=d', 'browser-state', {});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/unsupported/i);
  });

  it('works with the typed client and records deliveries through the JS control API', async () => {
    const result = await page.evaluate(async () => {
      const { mock, createApiClient, baseUrl } = (window as any).kit;
      const token = 'browser-control';
      const client = createApiClient({ baseUrl, token });
      const me = await client.GET('/users/me');
      const hook = await client.POST('/webhooks', { params: { query: { url: 'https://hooks.example.com/errors', name: 'errors', description: 'error feed' } } });
      const sub = await client.POST('/subscriptions', { params: { query: { emitter_id: 'p_*', listener_id: hook.data.data.id, event_name: '$errors' } } });
      const workflowId = mock.control.world(token).workflows[0].id;
      const emitted = mock.control.emit(token, { emitter_id: workflowId, event_name: '$errors', event: { hello: 'browser' } });
      await mock.control.idle();
      return {
        meStatus: me.response.status,
        subStatus: sub.response.status,
        emitted: emitted.ok,
        // Only ours: the seeded world has subscriptions of its own that may route this event too.
        deliveries: mock.control
          .deliveries(token)
          .filter((d: any) => d.url === 'https://hooks.example.com/errors')
          .map((d: any) => ({ url: d.url, state: d.state, body: JSON.parse(d.body) })),
      };
    });
    expect(result.meStatus).toBe(200);
    expect(result.subStatus).toBe(200);
    expect(result.emitted).toBe(true);
    expect(result.deliveries).toHaveLength(1);
    expect(result.deliveries[0]).toMatchObject({ url: 'https://hooks.example.com/errors', state: 'recorded', body: { event_name: '$errors', event: { hello: 'browser' } } });
  });
  it('with persist, keeps a created webhook across page.reload()', async () => {
    const tab = await openPage('?persist=session');
    try {
      const created = await call(tab, 'POST', '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fkept&name=kept&description=survives', 'browser-persist', {});
      expect(created.status).toBe(200);
      await reload(tab);
      expect(await tab.evaluate(() => (window as any).kit.persistence.loaded)).toEqual({ restored: ['browser-persist'] });
      expect(await webhookIds(tab, 'browser-persist')).toContain(created.body.data.id);
    } finally {
      await tab.close();
    }
  });

  it('without persist, a reload seeds the world afresh: the created webhook is gone, the seeded ones are back', async () => {
    const tab = await openPage('');
    try {
      const seeded = await webhookIds(tab, 'browser-reload');
      const created = await call(tab, 'POST', '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fgone&name=gone&description=lost', 'browser-reload', {});
      expect(created.status).toBe(200);
      expect(await webhookIds(tab, 'browser-reload')).toContain(created.body.data.id);
      await reload(tab);
      expect(await webhookIds(tab, 'browser-reload')).toEqual(seeded);
    } finally {
      await tab.close();
    }
  });

  it('with token, answers requests without an Authorization header from that bearer world', async () => {
    const tab = await openPage('?token=page-dev');
    try {
      const anonymous = await call(tab, 'GET', '/v1/users/me', null);
      expect(anonymous.status).toBe(200);
      const explicit = await call(tab, 'GET', '/v1/users/me', 'page-dev');
      expect(anonymous.body).toEqual(explicit.body);
      const other = await call(tab, 'GET', '/v1/users/me', 'someone-else');
      expect(other.body.data.id).not.toBe(anonymous.body.data.id);
    } finally {
      await tab.close();
    }
  });
});
