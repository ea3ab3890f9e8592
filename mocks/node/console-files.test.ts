// The console (docs/control-api.md, "The console") in Debian's Chromium: served by the mock server,
// driven only through its UI, every action checked by what the page then shows and, where the page
// could be wrong about it, by the API itself. No request may leave loopback: every other URL is
// blocked and recorded, and the list must stay empty.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, openLoopbackPage } from '../../support/chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleAnswer } from './console-files.ts';
import { type RunningServer, startServer } from './server.ts';

/** 10000 -> '10,000', as the page writes counts. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const TOKEN = 'console-test';
// The screenshots land in docs/ (the README shows docs/console.png) with UPDATE_SCREENSHOTS=1, else in
// a temporary folder: a test run leaves the tracked files as they were.
const SHOTS =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? fileURLToPath(new URL('../../docs/', import.meta.url))
    : mkdtempSync(join(tmpdir(), 'console-shots-'));
/** How long a page check may take to come true: the machine running the test may be loaded. */
const SLOW = { timeout: 10_000 };

describe('consoleAnswer (no browser)', () => {
  it('redirects / and /__mock/ui to the page, keeping the query', () => {
    expect(consoleAnswer('GET', '/', 'token=abc')).toMatchObject({
      status: 302,
      headers: { location: '/__mock/ui/?token=abc' },
    });
    expect(consoleAnswer('GET', '/__mock/ui', '')).toMatchObject({ status: 302, headers: { location: '/__mock/ui/' } });
    // Not a browser opening the mock: the app answers it, as before the console.
    expect(consoleAnswer('POST', '/', '')).toBeUndefined();
  });

  it('serves the page, its assets and the document, and leaves the API alone', () => {
    const page = consoleAnswer('GET', '/__mock/ui/', '');
    expect(page?.status).toBe(200);
    expect(page?.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(page?.body)).toContain('<script type="module" src="console.js">');
    // Where deliveries may go, said where they are shown (docs/control-api.md, "Where deliveries may go").
    expect(String(page?.body)).toMatch(/id="deliveries-where">To your own receiver: .*--deliver-to HOST:PORT/);
    expect(consoleAnswer('GET', '/__mock/ui/swagger-ui-bundle.js', '')?.headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    );
    expect(JSON.parse(String(consoleAnswer('GET', '/__mock/ui/openapi.json', '')?.body)).openapi).toMatch(/^3\.1/);
    expect(consoleAnswer('GET', '/__mock/world', '')).toBeUndefined();
    expect(consoleAnswer('GET', '/v1/users/me', '')).toBeUndefined();
  });

  it('refuses other files and other methods with the one error body', () => {
    expect(consoleAnswer('GET', '/__mock/ui/../package.json', '')).toMatchObject({ status: 404 });
    expect(JSON.parse(String(consoleAnswer('GET', '/__mock/ui/x.js', '')?.body))).toMatchObject({ code: 'not_found' });
    expect(consoleAnswer('POST', '/__mock/ui/', '')).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } });
  });

  it("answers 404 for the names every object inherits: a lookup sees the console's own files only", async () => {
    const server = await startServer({ port: 0, quiet: true });
    try {
      for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
        expect(consoleAnswer('GET', `/__mock/ui/${name}`, ''), name).toMatchObject({ status: 404 });
        const response = await fetch(`${server.origin}/__mock/ui/${name}`);
        expect([name, response.status, ((await response.json()) as { code: string }).code]).toEqual([
          name,
          404,
          'not_found',
        ]);
      }
    } finally {
      await server.close();
    }
  });
});

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback that records what it gets and answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe.skipIf(!hasChromium)('the console in Chromium', () => {
  let mock: RunningServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let browser: Browser;
  let page: Page;
  let blocked: string[] = [];
  let pageErrors: string[] = [];

  /** The API's own view, to check the page against. */
  const api = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${mock.origin}${path}`, {
      headers: { authorization: `Bearer ${TOKEN}`, ...headers },
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const status = () => page.locator('#status');
  const tab = (name: string) => page.locator(`#tabs button[data-tab="${name}"]`).click();

  beforeAll(async () => {
    receiver = await startReceiver();
    mock = await startServer({ port: 0, seed: 1, quiet: true });
    ({ browser, page, blocked, pageErrors } = await openLoopbackPage());
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) pageErrors.push(message.text());
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
    await new Promise((resolve) => receiver?.server.close(resolve));
    if (process.env.UPDATE_SCREENSHOTS !== '1') rmSync(SHOTS, { recursive: true, force: true });
  });

  it('opens from / with ?token= and shows the world the API holds', async () => {
    await page.goto(`${mock.origin}/?token=${TOKEN}`);
    expect(new URL(page.url()).pathname).toBe('/__mock/ui/');
    const me = (await api('/v1/users/me')).body.data;
    const world = (await api('/__mock/world')).body.data;
    await expect.poll(() => page.locator('#user').textContent(), SLOW).toContain(me.username);
    expect(await page.locator('#user').textContent()).toContain(
      `${grouped(me.daily_invocations_used)} / ${grouped(me.daily_invocations_quota)}`,
    );
    expect(await page.locator('#workspaces tbody tr').count()).toBe(world.workspaces.length);
    expect(await page.locator('#workspaces tbody tr').first().textContent()).toContain(
      `${grouped(me.orgs[0].daily_credits_used)} / ${grouped(me.orgs[0].daily_credits_quota)}`,
    );
    expect(await page.locator('#workflows tbody tr').count()).toBe(world.workflows.length);
    expect(await page.locator('#subscriptions tbody tr').count()).toBe(world.subscriptions.length);
    expect(await page.locator('#subscriptions tbody tr').first().textContent()).toContain(
      `${world.subscriptions[0].emitter_id}→${world.subscriptions[0].listener_id}`,
    );
    expect(await page.locator('#auto-subscriptions tbody tr').count()).toBe(world.auto_subscriptions.length);
    expect(await page.locator('#webhooks tbody tr').count()).toBe(world.webhooks.length);
    const project = world.projects[0];
    const card = page.locator(`.project[data-id="${project.id}"]`);
    expect(await card.locator('.triggers tbody tr').count()).toBe(project.deployed_triggers.length);
    const accounts = (await api(`/v1/connect/${project.id}/accounts`, { 'x-pd-environment': 'production' })).body.data;
    await expect
      .poll(() => card.locator(`.accounts tr[data-id="${accounts[0].id}"]`).textContent(), SLOW)
      .toBe(
        `${accounts[0].id}${accounts[0].name}${accounts[0].app.name}${accounts[0].external_id}production${accounts[0].healthy ? 'yes' : 'no'}`,
      );
    await page.screenshot({ path: join(SHOTS, 'console.png'), fullPage: false });
  });

  it('pages sources with the API cursor', async () => {
    const world = (await api('/__mock/world')).body.data;
    const org = world.workspaces.find((w: { source_count: number }) => w.source_count > 5);
    const all = (await api(`/v1/orgs/${org.id}/sources?limit=100`)).body.data.map((s: { id: string }) => s.id);
    const box = page.locator(`.sources[data-org="${org.id}"]`);
    await expect.poll(() => box.locator('tbody tr').first().textContent(), SLOW).toContain(all[0]);
    await box.locator('button.next').click();
    await expect.poll(() => box.locator('tbody tr').first().textContent(), SLOW).toContain(all[5]);
    await box.locator('button.prev').click();
    await expect.poll(() => box.locator('tbody tr').first().textContent(), SLOW).toContain(all[0]);
  });

  it('toggles a workflow active through PUT /v1/workflows/{id}', async () => {
    const world = (await api('/__mock/world')).body.data;
    const workflow = world.workflows.find((w: { active: boolean }) => !w.active);
    await page.getByLabel(`${workflow.id} active`).check();
    await expect.poll(() => status().textContent(), SLOW).toBe(`${workflow.id} is now active`);
    expect((await api(`/v1/workflows/${workflow.id}`)).body.data.active).toBe(true);
    await expect.poll(() => page.getByLabel(`${workflow.id} active`).isChecked(), SLOW).toBe(true);
  });

  it('emits $errors from a workflow and $logs from a source', async () => {
    const world = (await api('/__mock/world')).body.data;
    const workflow = world.workflows[0];
    await tab('actions');
    const form = page.locator('#emit-form');
    await form.locator('[name=emitter_id]').selectOption(workflow.id);
    await form.locator('[name=event_name]').selectOption('$errors');
    await form.locator('button').click();
    await expect
      .poll(() => status().textContent(), SLOW)
      .toMatch(new RegExp(`^Emitted \\$errors from ${workflow.id}: \\d+ deliver(y|ies)$`));
    expect((await api('/__mock/world')).body.data.workflows[0].error_events).toBe(workflow.error_events + 1);
    await form.locator('[name=emitter_id]').selectOption(world.sources[0].id);
    await form.locator('[name=event_name]').selectOption('$logs');
    await form.locator('button').click();
    await expect
      .poll(() => status().textContent(), SLOW)
      .toMatch(new RegExp(`^Emitted \\$logs from ${world.sources[0].id}: \\d+ deliver(y|ies)$`));
    await tab('world');
    await expect
      .poll(() => page.locator(`#workflows tr[data-id="${workflow.id}"] td`).last().textContent(), SLOW)
      .toBe(String(workflow.error_events + 1));
  });

  it('sets a project webhook, emits from a deployed trigger, and shows the signed delivery verifying', async () => {
    const world = (await api('/__mock/world')).body.data;
    const project = world.projects[0];
    const trigger = project.deployed_triggers.find((t: { environment: string }) => t.environment === 'production');
    await tab('actions');
    const hook = page.locator('#project-webhook-form');
    await hook.locator('[name=project_id]').selectOption(project.id);
    await hook.locator('[name=environment]').selectOption('production');
    await hook.locator('[name=url]').fill(`${receiver.url}/trigger`);
    await hook.locator('button').click();
    await expect.poll(() => status().textContent(), SLOW).toBe(`Webhook of ${project.id} (production) set`);
    const emit = page.locator('#trigger-form');
    await emit.locator('[name=trigger_id]').selectOption(trigger.id);
    await emit.locator('button').click();
    await expect.poll(() => status().textContent(), SLOW).toBe(`Trigger ${trigger.id} emitted: 1 delivery`);
    await tab('activity');
    const delivery = page.locator('.delivery.delivered').first();
    await expect
      .poll(() => delivery.locator('summary').textContent(), SLOW)
      .toBe(`delivered trigger → ${receiver.url}/trigger (200)`);
    expect(await delivery.locator('.attempts .good').textContent()).toBe(' ✓ verifies');
    const got = receiver.received.find((r) => r.url === '/trigger');
    expect(await delivery.locator('.attempts code').textContent()).toBe(got?.headers['x-pd-signature']);
    // A wrong key typed in the page: the same delivery no longer verifies.
    await page.locator('#verify-key').fill('0'.repeat(64));
    await page.locator('#verify-key').dispatchEvent('change');
    await expect.poll(() => delivery.locator('.attempts .bad').textContent(), SLOW).toBe(' ✗ does not verify');
    await page.locator('#verify-key').fill('');
    await page.locator('#verify-key').dispatchEvent('change');
    // The page's own requests (the PUT it sent) are journaled apart: hidden by default, shown tagged with the box.
    expect(await page.locator('#requests tbody').textContent()).not.toContain(`/v1/connect/${project.id}/webhook`);
    await page.locator('#requests-console').check();
    await expect
      .poll(() => page.locator('#requests tbody').textContent(), SLOW)
      .toContain(`PUT/v1/connect/${project.id}/webhook console200`);
    expect(await page.locator('#requests tbody tr.from-console').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'console-activity.png') });
    await page.locator('#requests-console').uncheck();
  });

  it("sets a deployed trigger's own webhook, which then gets the trigger's deliveries, signed with its own key", async () => {
    const world = (await api('/__mock/world')).body.data;
    const project = world.projects[0];
    const trigger = project.deployed_triggers.find((t: { environment: string }) => t.environment === 'production');
    await tab('actions');
    const set = page.locator('#trigger-webhooks-form');
    await set.locator('[name=trigger_id]').selectOption(trigger.id);
    await set.locator('[name=urls]').fill(`${receiver.url}/own`);
    await set.locator('button').click();
    await expect
      .poll(() => status().textContent(), SLOW)
      .toBe(`Webhooks of trigger ${trigger.id}: ${receiver.url}/own`);
    const emit = page.locator('#trigger-form');
    await emit.locator('[name=trigger_id]').selectOption(trigger.id);
    await emit.locator('button').click();
    await expect.poll(() => status().textContent(), SLOW).toBe(`Trigger ${trigger.id} emitted: 1 delivery`);
    await tab('activity');
    const delivery = page.locator('.delivery', { hasText: `${receiver.url}/own` }).first();
    await expect
      .poll(() => delivery.locator('summary').textContent(), SLOW)
      .toBe(`delivered trigger → ${receiver.url}/own (200)`);
    expect(await delivery.locator('.attempts .good').textContent()).toBe(' ✓ verifies');
    await tab('world');
    await expect
      .poll(() => page.locator(`.project[data-id="${project.id}"] .triggers`).textContent(), SLOW)
      .toContain(`${receiver.url}/own`);
    // Back to the environment's webhook, which the next step's world still shows.
    await tab('actions');
    await set.locator('[name=urls]').fill('');
    await set.locator('button').click();
    await expect
      .poll(() => status().textContent(), SLOW)
      .toBe(`Webhooks of trigger ${trigger.id}: none (the environment's applies)`);
  });

  it('completes connect flows with success and with an error', async () => {
    const world = (await api('/__mock/world')).body.data;
    const project = world.projects[0];
    await tab('actions');
    const start = page.locator('#connect-token-form');
    await start.locator('[name=project_id]').selectOption(project.id);
    await start.locator('[name=webhook_uri]').fill(`${receiver.url}/connect`);
    await start.locator('button').click();
    await expect.poll(() => status().textContent(), SLOW).toMatch(/^Connect token ctok_\w+ created$/);
    const first = (await status().textContent())!.split(' ')[2]!;
    const complete = page.locator('#complete-form');
    await complete.locator('[name=connect_token]').selectOption(first);
    await complete.locator('[name=outcome]').selectOption('success');
    await complete.locator('button').click();
    await expect
      .poll(() => status().textContent(), SLOW)
      .toMatch(new RegExp(`^Connect flow ${first} completed: success, account apn_\\w+$`));
    const account = (await status().textContent())!.split(' ').at(-1)!;
    // The flow ran in the form's default environment, development (a 404 here would add a line to
    // the request log that a later test counts).
    expect(
      (await api(`/v1/connect/${project.id}/accounts/${account}`, { 'x-pd-environment': 'development' })).status,
    ).toBe(200);

    await start.locator('button').click();
    await expect.poll(() => status().textContent(), SLOW).not.toContain(first);
    const second = (await status().textContent())!.split(' ')[2]!;
    await complete.locator('[name=connect_token]').selectOption(second);
    await complete.locator('[name=outcome]').selectOption('error');
    await complete.locator('[name=error]').fill('user cancelled');
    await complete.locator('button').click();
    await expect.poll(() => status().textContent(), SLOW).toBe(`Connect flow ${second} completed: error`);

    await tab('world');
    const card = page.locator(`.project[data-id="${project.id}"]`);
    await expect.poll(() => card.locator('.accounts').textContent(), SLOW).toContain(account);
    expect(await card.locator('.connect-tokens').textContent()).toContain(`${first}developmentyes`);
    expect(await card.locator('.environments').textContent()).toContain(`${receiver.url}/trigger`);
    await tab('activity');
    await expect.poll(() => page.locator('.delivery summary', { hasText: '/connect' }).count(), SLOW).toBe(2);
    await expect
      .poll(() => receiver.received.filter((r) => r.url === '/connect').map((r) => JSON.parse(r.body).event), SLOW)
      .toEqual(['CONNECTION_SUCCESS', 'CONNECTION_ERROR']);
  });

  it('injects a rate limit that its own reloads never spend: the client under test meets every 429 (issue 41)', async () => {
    type Entry = { method: string; path: string; at: string; status: number; from?: string };
    const journal = async () => (await api('/__mock/requests?include=console')).body.data as Entry[];
    /** The console's /v1 requests the journal holds after `last` (the newest entry before the action). */
    const consoleApiAfter = async (last: Entry | undefined) => {
      const entries = await journal();
      const from = last === undefined ? 0 : entries.findLastIndex((e) => e.at === last.at && e.path === last.path) + 1;
      return entries.slice(from).filter((e) => e.from === 'console' && e.path.startsWith('/v1/'));
    };
    await tab('actions');
    expect(await page.locator('#faults-note').textContent()).toBe(
      "These faults are for your app: this console's own requests pass them by, so it never spends them.",
    );
    const last = (await journal()).at(-1);
    const form = page.locator('#rate-limit-form');
    await form.locator('[name=requests]').fill('3');
    await form.locator('[name=retry_after_seconds]').fill('7');
    await form.locator('button').click();
    await expect.poll(() => status().textContent(), SLOW).toBe('Rate limit: the next 3 /v1 requests answer 429');
    // The action reloads the world through /v1 (users/me, webhooks, workspaces, sources, accounts), then the
    // World tab reloads it again: more than three requests with the limit set, none of them refused.
    await tab('world');
    await expect.poll(async () => (await consoleApiAfter(last)).length, SLOW).toBeGreaterThan(6);
    expect((await consoleApiAfter(last)).filter((e) => e.status !== 200)).toEqual([]);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api('/v1/users/me')).status);
    expect(statuses).toEqual([429, 429, 429, 200]);
  });

  it('injects latency and failures where the server has faults (docs/control-api.md, "Faults")', async () => {
    // The server under test has faults: a 404 here is the defect this test is for, never a reason to skip.
    const probe = await fetch(`${mock.origin}/__mock/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect({ status: probe.status, body: await probe.text() }).toMatchObject({ status: 200 });
    await tab('actions');
    const form = page.locator('#faults-form');
    await form.locator('[name=fail_rate]').fill('1');
    await form.locator('button').click();
    await expect
      .poll(() => status().textContent(), SLOW)
      .toMatch(/^(Faults: latency 0-0 ms, 1 of requests answer 503|.*503 service_unavailable.*)$/);
    expect((await api('/v1/users/me')).status).toBe(503);
    await form.locator('[name=fail_rate]').fill('0');
    await form.locator('button').click();
    await expect.poll(() => api('/v1/users/me').then((answer) => answer.status), SLOW).toBe(200);
  });

  it('shows the newest requests only, and keeps a folded delivery folded across refreshes', async () => {
    for (let i = 0; i < 201; i++) await api('/v1/users/me');
    // The journal's length as the API gives it at each try (the page's own reloads may still be landing).
    const journal = async () => (await api('/__mock/requests')).body.data.length;
    await tab('activity');
    await expect
      .poll(
        async () =>
          (await page.locator('#requests-more').textContent()) === `The newest 200 of ${await journal()} requests.`,
        SLOW,
      )
      .toBe(true);
    expect(await page.locator('#requests tbody tr').count()).toBe(200);
    const first = page.locator('.delivery').first();
    const id = await first.getAttribute('data-id');
    await first.locator('summary').click();
    // A refresh later (it shows the request made after the fold), the delivery is still folded.
    await api('/v1/users/me');
    await expect
      .poll(
        async () =>
          (await page.locator('#requests-more').textContent()) === `The newest 200 of ${await journal()} requests.`,
        SLOW,
      )
      .toBe(true);
    expect(await page.locator(`.delivery[data-id="${id}"]`).evaluate((el) => (el as HTMLDetailsElement).open)).toBe(
      false,
    );
  });

  it('moves the world clock and switches the world to a scenario (issue 19)', async () => {
    await tab('actions');
    // A scenario chosen first, sent only after another action has reloaded the page's world: the choice holds.
    await page.locator('#scenario-form select').selectOption('empty-account');
    await page.locator('#clock-form input[name="set"]').fill('2026-01-01T00:00:00Z');
    await page.locator('#clock-form input[name="freeze"]').check();
    await page.locator('#clock-form button').click();
    await expect
      .poll(() => status().textContent(), SLOW)
      .toBe("The world's clock now shows 2026-01-01T00:00:00.000Z (standing still)");
    expect((await api('/__mock/clock')).body.data).toMatchObject({ now: '2026-01-01T00:00:00.000Z', frozen: true });
    await expect
      .poll(() => page.locator('#clock-form output').textContent(), SLOW)
      .toBe('Now: 2026-01-01T00:00:00.000Z, standing still');
    expect(await page.locator('#scenario-form select').inputValue()).toBe('empty-account');
    await page.locator('#scenario-form button').click();
    await expect.poll(() => status().textContent(), SLOW).toBe('World switched to scenario empty-account');
    expect((await api('/__mock/world')).body.data.workflows).toEqual([]);
    await page.locator('#scenario-form select').selectOption('');
    await page.locator('#scenario-form button').click();
    await expect.poll(() => status().textContent(), SLOW).toBe('World switched back to its seeded state');
    await page.locator('#clock-form input[name="freeze"]').uncheck();
  });

  it('resets the world', async () => {
    await tab('actions');
    await page.locator('#reset-form button').click();
    await expect.poll(() => status().textContent(), SLOW).toBe('World reset');
    await tab('activity');
    await expect.poll(() => page.locator('#deliveries').textContent(), SLOW).toContain('No delivery yet');
    await tab('world');
    const world = (await api('/__mock/world')).body.data;
    // Only the seeded ones are left: the document's example token (never completed), none of this test's.
    expect(world.connect_tokens.filter((t: { completed: boolean }) => t.completed)).toEqual([]);
    const card = page.locator(`.project[data-id="${world.projects[0].id}"]`);
    await expect.poll(() => card.locator('.environments').textContent(), SLOW).not.toContain(receiver.url);
    expect(await card.locator('.connect-tokens tbody tr').count()).toBe(
      world.connect_tokens.filter((t: { project_id: string }) => t.project_id === world.projects[0].id).length,
    );
  });

  it('renders the API reference offline, and its Try-it calls this mock with the token', async () => {
    await tab('reference');
    const operation = page
      .locator('#operations-users-getCurrentUser, .opblock:has(.opblock-summary-path[data-path="/users/me"])')
      .first();
    // 1.7 MB of Swagger UI to parse and render: on a loaded two-core machine that alone took 50 s.
    await operation.waitFor({ timeout: 90_000 });
    // Its version badges are readable: white on the console's darker fills (console.css), not Swagger UI's light ones.
    const fills = await page
      .locator('#swagger .info .title small')
      .evaluateAll((badges) => badges.map((badge) => getComputedStyle(badge).backgroundColor));
    expect(fills).toContain('rgb(47, 107, 0)');
    expect(fills).not.toContain('rgb(137, 191, 4)');
    await operation.locator('.opblock-summary').first().click();
    await operation.locator('button.execute').click();
    const me = (await api('/v1/users/me')).body.data;
    await expect
      .poll(
        () => operation.locator('.live-responses-table tr.response .response-col_status').first().textContent(),
        SLOW,
      )
      .toContain('200');
    expect(
      await operation.locator('.live-responses-table tr.response .response-col_description').first().textContent(),
    ).toContain(me.username);
    expect(await operation.locator('.curl-command').textContent()).toContain(`Authorization: Bearer ${TOKEN}`);
    // The page's token is in Swagger UI's own Authorize state too: its padlock shows it locked.
    expect(await page.locator('.auth-wrapper .authorize').getAttribute('class')).toMatch(/(^| )locked( |$)/);
    await page.screenshot({ path: join(SHOTS, 'console-reference.png') });
  }, 150_000);

  it('sent nothing beyond loopback and met no page error', () => {
    expect(blocked).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
