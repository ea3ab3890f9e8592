// The console's Drift tab and journal badges (docs/control-api.md, "The console"; docs/upstream.md) in
// Debian's Chromium: a mock server beside the planted upstream (support/planted-upstream.ts), both on
// 127.0.0.1. After a live session, the tab must show each planted departure and the contradicted
// assumption, and the journal which requests were live. Every URL off loopback is blocked and recorded.
import type { Browser, Page } from 'playwright-core';
import { hasChromium, openLoopbackPage } from '../../support/chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTED, plantedUpstream } from '../../support/planted-upstream.ts';
import { createMock } from '../index.ts';
import { type RunningServer, startServer } from './server.ts';

const TOKEN = 'console-drift';
const SLOW = { timeout: 10_000 };

describe.skipIf(!hasChromium)('the console beside an upstream, in Chromium', () => {
  let upstream: RunningServer;
  let server: RunningServer;
  let plain: RunningServer;
  let browser: Browser;
  let page: Page;
  let blocked: string[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    upstream = await startServer({ port: 0, host: '127.0.0.1', quiet: true, mock: plantedUpstream().mock });
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      quiet: true,
      seed: 7,
      upstream: { url: upstream.baseUrl, live: 'getCurrentUser,getWorkspace' },
    });
    plain = await startServer({ port: 0, host: '127.0.0.1', quiet: true });
    ({ browser, page, blocked, pageErrors } = await openLoopbackPage());
    // A live session of the caller: two planted operations go upstream, one stays mocked.
    const workspace = createMock({ seed: 7 }).control.world(TOKEN).workspaces[0]!.id;
    for (const path of ['/users/me', `/workspaces/${workspace}`, '/users/me/webhooks'])
      await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server, upstream, plain].map((running) => running?.close()));
  });

  it('the Drift tab shows each departure by pointer and the contradicted assumption', async () => {
    await page.goto(`${server.origin}/__mock/ui/?token=${TOKEN}&tab=drift`);
    const departures = page.locator('#drift-departures tbody tr');
    await expect.poll(() => departures.count(), SLOW).toBeGreaterThanOrEqual(4);
    // The page's own World tab calls live operations too (GET /v1/users/me...): more rows may follow.
    const rows = await departures.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    expect(rows.map((cells) => cells.slice(1, 3))).toEqual(
      expect.arrayContaining([
        ['missing', PLANTED.renamedField.missing],
        ['extra', PLANTED.renamedField.extra],
        ['contradicts', '/paths/~1users~1me/get'],
        ['wrong type', PLANTED.contradictedAssumption.wrongType],
        ['contradicts', PLANTED.contradictedAssumption.assumption],
      ]),
    );
    expect(await page.locator('.drift-summary').textContent()).toMatch(
      /^\d+ answers over 2 operations: 2 drift from the document\.$/,
    );
    const contradicted = page.locator('#drift-assumptions tbody tr.bad td:nth-child(2)');
    // The renamed field of /users/me is inside User, whose billing-period fields are an assumption too.
    expect(await contradicted.allTextContents()).toEqual([
      '/paths/~1users~1me/get',
      PLANTED.contradictedAssumption.assumption,
      '/components/schemas/User',
    ]);
  });

  it('the journal marks the requests the upstream answered', async () => {
    await page.locator('#tabs button[data-tab="activity"]').click();
    const rows = page.locator('#requests tbody tr');
    await expect.poll(() => rows.count(), SLOW).toBeGreaterThanOrEqual(3);
    const journal = await rows.evaluateAll((trs) =>
      trs.map((tr) => [
        tr.querySelector('td:nth-child(3)')?.firstChild?.textContent,
        tr.querySelector('.source')?.textContent ?? 'mock',
      ]),
    );
    expect(journal).toContainEqual(['/v1/users/me', 'live']);
    expect(journal).toContainEqual(['/v1/users/me/webhooks', 'mock']);
    for (const [path, source] of journal)
      expect([path, source]).toEqual([
        path,
        path === '/v1/users/me' || path?.startsWith('/v1/workspaces/') ? 'live' : 'mock',
      ]);
  });

  it('a server without an upstream says how to get one', async () => {
    await page.goto(`${plain.origin}/__mock/ui/?token=${TOKEN}&tab=drift`);
    await expect
      .poll(() => page.locator('#drift-report').textContent(), SLOW)
      .toMatch(/start it with serve --upstream URL --live OPS/);
    expect(blocked).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
