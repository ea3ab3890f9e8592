// The console's "Download pact" (docs/pact.md, "The console's download") in Debian's Chromium, on
// 127.0.0.1 only: the file it saves is the recorder's own text, the console's own requests are not
// in it, and a mock that records no pact says how to record one.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openLoopbackPage } from '../../support/chromium.ts';
import { type RunningServer, startServer } from './server.ts';

const TOKEN = 'console-pact';

describe.skipIf(!hasChromium)('the console downloads the pact, in Chromium', () => {
  let recording: RunningServer;
  let plain: RunningServer;
  let browser: Browser;
  let page: Page;
  let blocked: string[] = [];

  beforeAll(async () => {
    recording = await startServer({ port: 0, host: '127.0.0.1', quiet: true, pact: { consumer: 'web-app' } });
    plain = await startServer({ port: 0, host: '127.0.0.1', quiet: true });
    ({ browser, page, blocked } = await openLoopbackPage());
    const headers = { authorization: `Bearer ${TOKEN}` };
    expect((await fetch(`${recording.baseUrl}/workflows/p_nope123`, { headers })).status).toBe(404);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([recording, plain].map((running) => running?.close()));
  });

  it("saves <consumer>-workflow-api.json with the recorder's text, without the console's own requests", async () => {
    await page.goto(`${recording.origin}/__mock/ui/?token=${TOKEN}&tab=activity`);
    // The World tab reads the world through /v1 first: those requests must stay out of the pact.
    await expect.poll(() => page.locator('#world').textContent(), { timeout: 30_000 }).toMatch(/u_/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pact-download')]);
    expect(download.suggestedFilename()).toBe('web-app-workflow-api.json');
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toBe(recording.mock.pact!.text());
    expect(JSON.parse(text).interactions.map((interaction: { key: string }) => interaction.key)).toEqual([
      'getWorkflow 404 a fresh world',
    ]);
    await expect.poll(() => page.locator('#pact-note').textContent()).toBe('1 interaction of web-app.');
    expect(blocked).toEqual([]);
  }, 60_000);

  it('says how to record one where the mock records none', async () => {
    await page.goto(`${plain.origin}/__mock/ui/?token=${TOKEN}&tab=activity`);
    await page.click('#pact-download');
    await expect.poll(() => page.locator('#pact-note').textContent()).toContain('This mock records no pact');
  }, 60_000);
});
