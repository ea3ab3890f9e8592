// Event sources: GET /orgs/{org_id}/sources with limit/after/before pagination.
import { describe, expect } from 'vitest';
import { useContract } from '../harness.ts';
import { authCases, expectRefused, expectStatus, unknownId } from '../cases.ts';

const contract = await useContract();
const { api, ids, caseIf } = contract;

interface Page {
  page_info: { total_count: number; count: number; start_cursor: string; end_cursor: string };
  data: Array<{ id: string }>;
}

async function page(orgId: string, query: Record<string, string | number | undefined> = {}): Promise<Page> {
  const answer = await api.get<Page>(`/orgs/${orgId}/sources`, { query });
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
      const orgId = await ids.orgId();
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
      expect(new Set(seen).size, 'no source twice').toBe(seen.length);
      expect(seen.length).toBe(first.page_info.total_count);
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
});
