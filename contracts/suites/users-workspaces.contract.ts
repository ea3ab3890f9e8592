// Users and workspaces: GET /users/me and GET /workspaces/{org_id}.
import { describe, expect } from 'vitest';
import { useContract } from '../harness.ts';
import { authCases, expectRefused, expectStatus, randomTokenFor, unknownId } from '../cases.ts';

const contract = await useContract();
const { api, ids, caseIf } = contract;

describe('users and workspaces', () => {
  describe('schema-level', () => {
    caseIf([], 'getCurrentUser answers the user with at least one workspace', async () => {
      const answer = await api.get('/users/me');
      expectStatus(answer, 200, 'GET /users/me');
      expect(answer.body.data.orgs.length).toBeGreaterThan(0);
    });

    caseIf([], 'getWorkspace answers each of the user\'s workspaces by its id', async () => {
      const user = await ids.user();
      for (const org of user.orgs) {
        const answer = await api.get(`/workspaces/${org.id}`);
        expectStatus(answer, 200, `GET /workspaces/${org.id}`);
        if (contract.can('stateful')) expect(answer.body.data.id).toBe(org.id);
      }
    });
  });

  authCases(contract, ['getCurrentUser', 'getWorkspace']);

  describe('negative_data_rejection', () => {
    caseIf(['enforcesRules', 'stateful'], 'getWorkspace with an unknown workspace id is 404', async () => {
      const answer = await api.get(`/workspaces/${unknownId('o_')}`);
      expectStatus(answer, 404, 'unknown workspace');
      expectRefused(answer);
    });

    // An ID that breaks its pattern is refused (400 or 404), and whichever it is must be documented.
    for (const path of ['/workspaces/not-a-workspace', '/workspaces/not-a-workspace/subscriptions', '/orgs/not-a-workspace/sources']) {
      caseIf(['enforcesRules', 'stateful'], `GET ${path} (malformed workspace id) is a documented 4xx`, async () => {
        expectRefused(await api.get(path), 'malformed workspace id');
      });
    }

    // Worlds are per token on the mock: another token's workspace is as unknown as a made-up one.
    caseIf(['control'], "getWorkspace with another world's workspace is 404", async () => {
      const other = randomTokenFor(contract);
      const foreign = await api.get('/users/me', { token: other });
      expectStatus(foreign, 200);
      const foreignOrg = foreign.body.data.orgs[0].id as string;
      const mine = (await ids.user()).orgs.map((org) => org.id);
      if (mine.includes(foreignOrg)) throw new Error('two tokens got the same workspace id; worlds are not isolated');
      expectStatus(await api.get(`/workspaces/${foreignOrg}`), 404, 'foreign workspace');
    });
  });

  describe('stateful', () => {
    caseIf(['stateful'], 'the same token sees the same user on every call', async () => {
      const first = await api.get('/users/me');
      const second = await api.get('/users/me');
      expect(second.body.data.id).toBe(first.body.data.id);
      expect(second.body.data.orgs.map((org: { id: string }) => org.id)).toEqual(first.body.data.orgs.map((org: { id: string }) => org.id));
    });
  });
});
