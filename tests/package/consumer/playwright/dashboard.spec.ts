// Each test its own world: the built-in scenarios, the clock past a Connect token's expiry, and a
// signed delivery read back and checked, against the dashboard app (pw-app) in Chromium. The
// package test runs it beside the README's own test, under the README's playwright.config.ts.
import { createServer } from 'node:http';
import { expect as expectSoon, test } from 'workflow-api-mock-kit/playwright';
import { verifySignature } from 'workflow-api-mock-kit/signature';

// A loaded CI machine builds a busy world and paints the page slower than the defaults (5 s, 30 s).
const expect = expectSoon.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const ready = async (page: import('@playwright/test').Page, query = '') => {
  await page.goto(`/${query}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
};

test.describe('empty-account', () => {
  test.use({ scenario: 'empty-account' });
  test('shows a workspace with no sources and no usage', async ({ page, mock }) => {
    expect(mock.token).toMatch(/^scenario_empty-account_pw-/);
    await ready(page);
    await expect(page.locator('#sources')).toHaveText('No sources yet');
    await expect(page.locator('#invocations')).toHaveText(/^invocations 0 \//);
  });
});

test.describe('busy-workspace', () => {
  test.use({ scenario: 'busy-workspace' });
  test('shows 450 sources, the first page of 100', async ({ page, mock }) => {
    await ready(page);
    await expect(page.locator('#sources')).toHaveText('450 sources, 100 on this page');
    expect((await mock.world()).workflows).toHaveLength(300);
  });
});

test.describe('quotas-exhausted', () => {
  test.use({ scenario: 'quotas-exhausted' });
  test('shows the invocations and credits used up', async ({ page }) => {
    await ready(page);
    await expect(page.locator('#invocations')).toHaveText('invocations 10000 / 10000 (quota used up)');
    await expect(page.locator('#credits')).toHaveText('credits 1000 / 1000');
  });
});

test.describe('connect-broken-accounts', () => {
  test.use({ scenario: 'connect-broken-accounts' });
  test('lists a healthy, a failing and a dead account', async ({ page, mock }) => {
    const [project] = (await mock.world()).projects;
    await ready(page, `?project=${project!.id}`);
    await expect(page.locator('#accounts li')).toHaveText([/: healthy$/, /: failing$/, /: dead$/]);
  });
});

test.describe('workflow-errors', () => {
  test.use({ scenario: 'workflow-errors' });
  test('counts a full page of recent errors', async ({ page }) => {
    await ready(page, '?workflow=p_Err0r5x');
    await expect(page.locator('#errors')).toHaveText('100 recent errors');
  });
});

test('the clock moves a Connect token past its expiry', async ({ page, mock, request }) => {
  const [project] = (await mock.world()).projects;
  const created = await request.post(`${mock.baseUrl}/connect/${project!.id}/tokens`, {
    headers: { authorization: `Bearer ${mock.token}`, 'x-pd-environment': 'production' },
    data: { external_user_id: 'user-1', expires_in: 3600 },
  });
  expect(created.status()).toBe(200);
  const { token } = await created.json();
  await ready(page, `?ctok=${token}`);
  await expect(page.locator('#token')).toHaveText('connect token valid');
  const clock = await mock.clock({ advance: '61m' });
  expect(clock.offset_ms).toBeGreaterThanOrEqual(61 * 60_000);
  await ready(page, `?ctok=${token}`);
  await expect(page.locator('#token')).toHaveText('connect token refused: connect token expired');
});

test('a deployed trigger delivers a signed event the test reads back', async ({ mock, request }) => {
  const received: Array<{ body: string; signature: string }> = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['x-pd-signature']) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = receiver.address() as { port: number };
    const [project] = (await mock.world()).projects;
    const trigger = project!.deployed_triggers.find((t) => t.environment === 'production')!;
    const set = await request.put(`${mock.baseUrl}/connect/${project!.id}/webhook`, {
      headers: { authorization: `Bearer ${mock.token}`, 'x-pd-environment': 'production' },
      data: { url: `http://127.0.0.1:${port}/hooks` },
    });
    expect(set.status()).toBe(200);
    const key = (await set.json()).data.signing_key as string;
    await mock.control('POST', `/triggers/${trigger.id}/emit`, { event: { order: 42 } });
    const [delivery] = await mock.deliveries();
    expect(delivery).toMatchObject({ kind: 'trigger', state: 'delivered', final_status: 200 });
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toBe(delivery!.body);
    const verified = await verifySignature({ rawBody: received[0]!.body, header: received[0]!.signature, key });
    expect(verified.ok).toBe(true);
    expect(JSON.parse(delivery!.body).event).toEqual({ order: 42 });
  } finally {
    receiver.close();
  }
});

test('parallel tests never share a world', async ({ mock }, testInfo) => {
  expect(mock.token).toContain(`pw-${testInfo.workerIndex}-`);
  const { key } = await mock.world();
  expect(key).toMatch(/^[0-9a-f]{16}$/);
  // This test made no /v1 request: its world's coverage is empty.
  expect((await mock.coverage()).totals.exchanges).toBe(0);
});
