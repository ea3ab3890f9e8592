import { beforeEach, describe, expect, it } from 'vitest';
import type { World } from '../world/world.ts';
import { addWorkspaceSources, getCurrentUser, getWorkspace, listWorkspaceSources } from './users.ts';
import { createStore } from '../index.ts';
import { createWorkflow } from './workflows.ts';
import { decodeCursor, encodeCursor } from '../world/pagination.ts';
import { worldSummary } from '../world/summary.ts';
import { expectError, unwrap } from '../../../support/results.ts';

let world: World;
let firstOrg: string;
let secondOrg: string;
beforeEach(() => {
  world = createStore({ seed: 11 }).world('reader');
  [firstOrg, secondOrg] = worldSummary(world).workspaces.map((w) => w.id) as [string, string];
});

describe('GET /users/me and /workspaces/{org_id}', () => {
  it('returns the user with its workspaces as full Workspace objects', () => {
    const me = unwrap(getCurrentUser(world)).data;
    // The two seeded workspaces first, then those the document's examples name (../world/examples.ts).
    expect(me.orgs.map((o) => o.id).slice(0, 2)).toEqual([firstOrg, secondOrg]);
    expect(me.orgs.map((o) => o.id)).toEqual(worldSummary(world).workspaces.map((w) => w.id));
    expect(me.orgs[0]).toEqual(unwrap(getWorkspace(world, firstOrg)).data);
    for (const field of ['username', 'email'])
      expect(typeof (me as unknown as Record<string, unknown>)[field]).toBe('string');
  });

  it('returns the workspace credit fields; unknown org is 404', () => {
    const workspace = unwrap(getWorkspace(world, secondOrg)).data;
    expect(workspace.id).toBe(secondOrg);
    expect(workspace.daily_credits_used).toBeLessThanOrEqual(workspace.daily_credits_quota);
    expectError(getWorkspace(world, 'o_unknown'), 404, 'not_found');
  });

  it("hands out the world's own objects (read-only by contract), so a later write shows in them", () => {
    // Reads are not cloned (cloning was 40% of a request's cost); the app serialises them at once.
    const before = unwrap(getWorkspace(world, firstOrg)).data;
    expect(unwrap(getCurrentUser(world)).data.orgs[0]).toBe(before);
  });
});

describe('GET /orgs/{org_id}/sources pagination', () => {
  it('lists only the workspace own sources with page_info', () => {
    const page = unwrap(listWorkspaceSources(world, secondOrg, { limit: 10 }));
    expect(page.data).toHaveLength(2);
    expect(page.page_info).toEqual({
      total_count: 2,
      count: 2,
      start_cursor: encodeCursor(page.data[0]!.id),
      end_cursor: encodeCursor(page.data[1]!.id),
    });
    const firstIds = unwrap(listWorkspaceSources(world, firstOrg, { limit: 100 })).data.map((s) => s.id);
    expect(firstIds.some((id) => page.data.some((s) => s.id === id))).toBe(false);
  });

  it('walks every page forward with after=end_cursor and ends on an empty page', () => {
    unwrap(addWorkspaceSources(world, firstOrg, 19)); // 6 seeded + 19 = 25
    const seen: string[] = [];
    let after: string | undefined;
    const counts: number[] = [];
    for (;;) {
      const page = unwrap(listWorkspaceSources(world, firstOrg, { limit: 10, after }));
      expect(page.page_info.total_count).toBe(25);
      expect(page.page_info.count).toBe(page.data.length);
      counts.push(page.data.length);
      if (page.data.length === 0) {
        expect(page.page_info.start_cursor).toBe('');
        expect(page.page_info.end_cursor).toBe('');
        break;
      }
      expect(page.page_info.end_cursor).toBe(encodeCursor(page.data[page.data.length - 1]!.id));
      seen.push(...page.data.map((s) => s.id));
      after = page.page_info.end_cursor;
    }
    expect(counts).toEqual([10, 10, 5, 0]);
    expect(new Set(seen).size).toBe(25);
  });

  it('before=start_cursor gives the previous page', () => {
    unwrap(addWorkspaceSources(world, firstOrg, 14)); // 20 in all
    const all = unwrap(listWorkspaceSources(world, firstOrg, { limit: 100 })).data.map((s) => s.id);
    const second = unwrap(listWorkspaceSources(world, firstOrg, { limit: 5, after: encodeCursor(all[9]!) }));
    expect(second.data.map((s) => s.id)).toEqual(all.slice(10, 15));
    const back = unwrap(listWorkspaceSources(world, firstOrg, { limit: 5, before: second.page_info.start_cursor }));
    expect(back.data.map((s) => s.id)).toEqual(all.slice(5, 10));
    const between = unwrap(
      listWorkspaceSources(world, firstOrg, {
        limit: 100,
        after: encodeCursor(all[2]!),
        before: encodeCursor(all[6]!),
      }),
    );
    expect(between.data.map((s) => s.id)).toEqual(all.slice(3, 6));
  });

  it("a page holds at most `limit` sources (its range and default are the document's)", () => {
    unwrap(addWorkspaceSources(world, firstOrg, 20));
    expect(unwrap(listWorkspaceSources(world, firstOrg, { limit: 10 })).data).toHaveLength(10);
    expect(unwrap(listWorkspaceSources(world, firstOrg, { limit: 100 })).data).toHaveLength(26);
  });

  it('an undecodable cursor, or one from another workspace, is 400; an unknown org is 404', () => {
    expectError(listWorkspaceSources(world, firstOrg, { limit: 10, after: '!!!' }), 400, 'bad_request');
    expectError(
      listWorkspaceSources(world, firstOrg, { limit: 10, after: encodeCursor('dc_nothere') }),
      400,
      'bad_request',
    );
    const foreign = unwrap(listWorkspaceSources(world, secondOrg, { limit: 10 })).data[0]!.id;
    expectError(
      listWorkspaceSources(world, firstOrg, { limit: 10, before: encodeCursor(foreign) }),
      400,
      'bad_request',
    );
    expectError(listWorkspaceSources(world, 'o_nothere', { limit: 10 }), 404, 'not_found');
  });

  it('cursors are base64url of the id', () => {
    expect(encodeCursor('dc_abc1234')).toBe('ZGNfYWJjMTIzNA');
    expect(decodeCursor('ZGNfYWJjMTIzNA')).toBe('dc_abc1234');
    expect(decodeCursor('ZGN+')).toBeUndefined();
  });

  it('sources created by workflows in one workspace are not listed in the other', () => {
    const projectId = worldSummary(world).projects[0]!.id;
    const workflow = unwrap(
      createWorkflow(world, {
        org_id: secondOrg,
        project_id: projectId,
        triggers: [{ props: { component_id: 'sc_abcdefg' } }],
      }),
    ).data;
    const sourceId = workflow.triggers[0]!.id;
    expect(unwrap(listWorkspaceSources(world, secondOrg, { limit: 10 })).data.map((s) => s.id)).toContain(sourceId);
    expect(unwrap(listWorkspaceSources(world, firstOrg, { limit: 100 })).data.map((s) => s.id)).not.toContain(sourceId);
  });

  it('pages a 100,000-source workspace by cursor without touching the rest', () => {
    const ids = unwrap(addWorkspaceSources(world, firstOrg, 100_000)).ids;
    const page = unwrap(listWorkspaceSources(world, firstOrg, { limit: 100, after: encodeCursor(ids[50_000]!) }));
    expect(page.data.map((s) => s.id)).toEqual(ids.slice(50_001, 50_101));
    expect(page.page_info.total_count).toBe(100_006);
  });
});
