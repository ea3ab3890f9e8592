// Live safety of `contracts --explore` (issue 20, item 2), on a mock server posing as live: read-only
// by default (the world's journal shows only GET requests); with writes allowed, everything the run
// created is undone (the world's webhooks, subscriptions and triggers are as before, created workflows
// inactive); the request budget holds. (The rate, --max-rps, is a timing: it is not asserted here.)
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exploreTarget } from '../explore/run.ts';
import { readTargetSettings } from '../targets/env.ts';
import { expectNothingLeftBehind, liveStandIn } from './live-world.ts';

const live = liveStandIn();

function asLive(allowWrites: boolean) {
  const token = `live-explore-${randomBytes(6).toString('hex')}`;
  const server = live();
  const before = server.mock.control.world(token);
  const project = before.projects.find((p) => p.deployed_triggers.length > 0) ?? before.projects[0]!;
  const settings = readTargetSettings({
    CONTRACT_TARGET: 'live',
    CONTRACT_BASE_URL: server.baseUrl,
    CONTRACT_TOKEN: token,
    CONTRACT_PROJECT_ID: project.id,
    CONTRACT_ALLOW_WRITES: allowWrites ? '1' : '0',
  });
  return { token, before, settings };
}

describe('contracts --explore on live', () => {
  it('read-only: only GET requests, within the budget', async () => {
    const { token, settings } = asLive(false);
    const result = await exploreTarget(settings, { runs: 40, seed: 4, maxRps: 1000, maxRequests: 120 });
    expect(result.report.failed, result.report.error).toBe(false);
    expect(result.requests).toBeLessThanOrEqual(120);
    expect(result.budgetSpent).toBe(true);
    expect(
      new Set(
        live()
          .mock.control.requests(token)
          .map((entry) => entry.method),
      ),
    ).toEqual(new Set(['GET']));
  }, 120_000);

  it('with writes allowed: walks write, and what they created is gone or inactive at the end', async () => {
    const { token, before, settings } = asLive(true);
    const result = await exploreTarget(settings, { runs: 60, seed: 6, maxRps: 1000 });
    expect(result.report.failed, result.report.error).toBe(false);
    expect(result.leftBehind).toEqual([]);
    const writes = live()
      .mock.control.requests(token)
      .filter((entry) => entry.method !== 'GET' && entry.status < 300);
    expect(writes.length, 'the run did write').toBeGreaterThan(0);
    expectNothingLeftBehind(before, live().mock.control.world(token));
  }, 120_000);
});
