// Event sources: GET /orgs/{org_id}/sources with limit/after/before pagination.
import { describe, expect } from 'vitest';
import type { operations } from '../../openapi/generated/schema.ts';
import { useContract } from '../harness.ts';
import type { Api } from '../api.ts';
import { authCases, expectRefused, expectStatus, unknownId } from '../cases.ts';

const contract = await useContract();
const { api, ids, caseIf } = contract;

type Page = operations['listWorkspaceSources']['responses'][200]['content']['application/json'];

async function page(orgId: string, query: Record<string, string | number | undefined> = {}, on: Api = api) {
  const answer = await on.get<Page>(`/orgs/${orgId}/sources`, { query });
  expectStatus(answer, 200, `GET /orgs/${orgId}/sources ${JSON.stringify(query)}`);
  return answer.body;
}

describe('event sources', () => {
  describe('schema-level', () => {
    caseIf([], 'listWorkspaceSources answers a page with page_info', async () => {
      const body = await page(await ids.orgId());
      expect(body.page_info.count).toBe(body.data.length);
    });

    caseIf([], 'listWorkspaceSources honours an explicit limit', async () => {
      const body = await page(await ids.orgId(), { limit: 1 });
      // A stateless double answers its example whatever the limit.
      if (contract.can('stateful')) expect(body.data.length).toBeLessThanOrEqual(1);
    });
  });

  authCases(contract, ['listWorkspaceSources']);

  describe('negative_data_rejection', () => {
    for (const limit of ['abc', '0', '101', '-1', '1.5']) {
      caseIf(['enforcesRules'], `limit=${limit} is 400`, async () => {
        const answer = await api.get(`/orgs/${await ids.orgId()}/sources`, { query: { limit } });
        expectStatus(answer, 400, `limit=${limit}`);
      });
    }

    caseIf(['enforcesRules'], 'an undecodable cursor is 400', async () => {
      expectStatus(await api.get(`/orgs/${await ids.orgId()}/sources`, { query: { after: '!!not-a-cursor!!' } }), 400);
    });

    caseIf(['enforcesRules', 'stateful'], 'an unknown workspace is 404', async () => {
      const answer = await api.get(`/orgs/${unknownId('o_')}/sources`);
      expectStatus(answer, 404);
      expectRefused(answer);
    });
  });

  describe('stateful', () => {
    caseIf(['stateful'], 'walking the pages with after=end_cursor visits every source once', async () => {
      // Sources another client creates meanwhile (the suites may share one token) may or may not be met; those
      // listed before the walk and after it must each be met once, in the list's order.
      const orgId = await ids.orgId();
      const listed = async () => (await page(orgId, { limit: 100 })).data.map((source) => source.id);
      const before = await listed();
      const first = await page(orgId, { limit: 2 });
      const seen: string[] = [...first.data.map((source) => source.id)];
      let cursor = first.page_info.end_cursor;
      let last = first;
      for (let hops = 0; hops < 100 && last.data.length > 0; hops++) {
        last = await page(orgId, { limit: 2, after: cursor });
        seen.push(...last.data.map((source) => source.id));
        if (last.data.length > 0) cursor = last.page_info.end_cursor;
      }
      expect(last.data, 'after=end_cursor of the last page answers an empty page').toEqual([]);
      expect(last.page_info.count).toBe(0);
      expect(new Set(seen).size, 'no source twice').toBe(seen.length);
      if (first.page_info.total_count <= 100) {
        const after = new Set(await listed());
        const stayed = before.filter((id) => after.has(id));
        expect(stayed.length, 'the list kept sources to walk').toBeGreaterThan(0);
        expect(
          seen.filter((id) => stayed.includes(id)),
          'pages of 2 walk the list in the order of one page of 100',
        ).toEqual(stayed);
      }
    });

    caseIf(['stateful'], 'before=start_cursor of the second page answers the first page', async () => {
      const orgId = await ids.orgId();
      const first = await page(orgId, { limit: 1 });
      if (first.page_info.total_count < 2) return; // a workspace with one source has no second page to come back from
      const second = await page(orgId, { limit: 1, after: first.page_info.end_cursor });
      const back = await page(orgId, { limit: 1, before: second.page_info.start_cursor });
      expect(back.data.map((source) => source.id)).toEqual(first.data.map((source) => source.id));
    });

    caseIf(['stateful'], "a workspace's sources are not listed under another workspace", async () => {
      const other = await ids.otherOrgId();
      if (other === undefined) return; // one workspace only: nothing to compare
      const mine = (await page(await ids.orgId(), { limit: 100 })).data.map((source) => source.id);
      const theirs = (await page(other, { limit: 100 })).data.map((source) => source.id);
      expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
    });
  });

  describe('mock-only (control API)', () => {
    caseIf(
      ['control', 'writes'],
      "a workflow's event-source trigger is listed in its own workspace's sources, not in another",
      async () => {
        const [first, second] = (await ids.user()).orgs.map((org) => org.id);
        expect(second, 'the seeded user has two workspaces').toBeDefined();
        const body = {
          project_id: await ids.projectId(),
          org_id: second,
          triggers: [{ props: { component_id: 'sc_Abc123' } }],
        };
        const created = await api.post('/workflows', { body });
        expectStatus(created, 200, 'POST /workflows');
        const sourceId = created.body.data.triggers[0].id as string;
        expect(sourceId).toMatch(/^dc_/);
        const listed = async (orgId: string) => (await page(orgId, { limit: 100 })).data.map((source) => source.id);
        expect(await listed(second!)).toContain(sourceId);
        expect(await listed(first!)).not.toContain(sourceId);
      },
    );

    caseIf(['control'], 'POST /__mock/sources appends count sources at the end of the workspace list', async () => {
      // A world of its own: the other cases keep the seeded list, and it counts the whole list.
      const own = contract.ownWorld();
      const control = own.control!;
      const orgId = await own.ids.orgId();
      const seeded = (await page(orgId, { limit: 1 }, own.api)).page_info.total_count;
      const added = await control.addSources({ org_id: orgId, count: 150 });
      expect(added).toMatchObject({ org_id: orgId, added: 150, source_count: seeded + 150 });
      const walked: string[] = [];
      for (let after: string | undefined, hops = 0; hops < 5; hops++) {
        const next = await page(orgId, { limit: 100, after }, own.api);
        expect(next.page_info.total_count).toBe(seeded + 150);
        if (next.data.length === 0) break;
        walked.push(...next.data.map((source) => source.id));
        after = next.page_info.end_cursor;
      }
      expect(new Set(walked).size).toBe(seeded + 150);
      expect(walked[seeded]).toBe(added.first_id);
      expect(walked.at(-1)).toBe(added.last_id);
      await control.reset();
      expect((await page(orgId, { limit: 1 }, own.api)).page_info.total_count).toBe(seeded);
    });

    caseIf(
      ['control'],
      'POST /__mock/sources refuses a bad count or org_id (400) and an unknown workspace (404)',
      async () => {
        // A world of its own: it counts the whole list.
        const own = contract.ownWorld();
        const orgId = await own.ids.orgId();
        const { api: raw } = own.control!;
        const total = (await page(orgId, { limit: 1 }, own.api)).page_info.total_count;
        for (const [body, pointer] of [
          [{ org_id: orgId }, '/body/count'],
          [{ org_id: orgId, count: 0 }, '/body/count'],
          [{ org_id: orgId, count: 1.5 }, '/body/count'],
          [{ org_id: orgId, count: '3' }, '/body/count'],
          [{ org_id: orgId, count: 1_000_001 }, '/body/count'],
          [{ count: 1 }, '/body/org_id'],
        ] as const) {
          const answer = await raw.post('/sources', { body });
          expectStatus(answer, 400, JSON.stringify(body));
          expect(answer.body.details.issues.map((issue: { pointer: string }) => issue.pointer)).toEqual([pointer]);
        }
        expectStatus(await raw.post('/sources'), 400, 'no body');
        const unknown = await raw.post('/sources', { body: { org_id: unknownId('o_'), count: 1 } });
        expectStatus(unknown, 404);
        expect(unknown.body.code).toBe('not_found');
        expect((await page(orgId, { limit: 1 }, own.api)).page_info.total_count, 'nothing was added').toBe(total);
      },
    );
  });
});
