// Users and workspaces: GET /users/me and GET /workspaces/{org_id}.
import { describe, expect } from 'vitest';
import { useContract } from '../harness.ts';
import { authCases, expectRefused, expectStatus, unknownId } from '../cases.ts';

const contract = await useContract();
const { api, ids, caseIf } = contract;

describe('users and workspaces', () => {
  describe('schema-level', () => {
    caseIf([], 'getCurrentUser answers the user with at least one workspace', async () => {
      const answer = await api.get('/users/me');
      expectStatus(answer, 200, 'GET /users/me');
      expect(answer.body.data.orgs.length).toBeGreaterThan(0);
    });

    caseIf([], "getWorkspace answers each of the user's workspaces by its id", async () => {
      const user = await ids.user();
      for (const org of user.orgs) {
        const answer = await api.get(`/workspaces/${org.id}`);
        expectStatus(answer, 200, `GET /workspaces/${org.id}`);
        if (contract.can('stateful'))
          expect(answer.body.data).toMatchObject({
            id: org.id,
            daily_credits_quota: (org as Record<string, unknown>).daily_credits_quota,
          });
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
    for (const path of [
      '/workspaces/not-a-workspace',
      '/workspaces/not-a-workspace/subscriptions',
      '/orgs/not-a-workspace/sources',
    ]) {
      caseIf(['enforcesRules', 'stateful'], `GET ${path} (malformed workspace id) is a documented 4xx`, async () => {
        expectRefused(await api.get(path), 'malformed workspace id');
      });
    }
  });

  describe('stateful', () => {
    caseIf(['stateful'], 'the same token sees the same user on every call', async () => {
      const first = await api.get('/users/me');
      const second = await api.get('/users/me');
      expect(second.body.data.id).toBe(first.body.data.id);
      expect(second.body.data.orgs.map((org: { id: string }) => org.id)).toEqual(
        first.body.data.orgs.map((org: { id: string }) => org.id),
      );
    });
  });
});
