// HTTP-level refusals of docs/errors.md that no single operation owns. Paths and methods the document
// lacks go through the unchecked transport (the checks would rightly call them undocumented).
import { describe, expect } from 'vitest';
import { expectError, expectStatus, workflowBody } from '../cases.ts';
import { collectIds } from '../discover.ts';
import { useContract } from '../harness.ts';

const contract = await useContract();
const { api, unchecked, ids, caseIf } = contract;

const JSON_TYPE = { 'content-type': 'application/json' };
const pointersOf = (body: any): string[] => body.details.issues.map((issue: { pointer: string }) => issue.pointer);

describe('errors', () => {
  caseIf(['control', 'enforcesRules'], 'a path of no operation is 404', async () => {
    expectError(contract, await unchecked.get('/no/such/thing'), 404, 'not_found', 'GET /no/such/thing');
  });

  caseIf(['control', 'enforcesRules'], 'a known path with another method is 405 with Allow', async () => {
    const onUser = await unchecked.delete('/users/me');
    expectError(contract, onUser, 405, 'method_not_allowed', 'DELETE /users/me');
    expect(onUser.headers.get('allow')).toBe('GET');
    const onWorkflow = await unchecked.call('PATCH', `/workflows/${await ids.workflowId()}`);
    expectError(contract, onWorkflow, 405, 'method_not_allowed', 'PATCH /workflows/{id}');
    expect(onWorkflow.headers.get('allow')!.split(/,\s*/).sort()).toEqual(['GET', 'PUT']);
  });

  caseIf(
    ['control', 'enforcesRules', 'writes'],
    'a body over 1 MiB is 413, a non-JSON body 415, broken JSON 400, and none creates anything',
    async () => {
      const body = await workflowBody(contract);
      // Each refused body names its workflow with this marker, so a workflow that carries it was made by this case,
      // whatever another run sharing the world creates meanwhile (docs/contracts.md, "One token for the whole run").
      const marker = `refused-${Math.random().toString(36).slice(2)}`;
      const huge = JSON.stringify({ ...body, settings: { name: `${marker}${'x'.repeat(1024 * 1024)}` } });
      expectError(
        contract,
        await unchecked.post('/workflows', { rawBody: huge, headers: JSON_TYPE }),
        413,
        'payload_too_large',
        'a 1 MiB body',
      );
      const form = `project_id=${body.project_id}&org_id=${body.org_id}&settings[name]=${marker}`;
      expectError(
        contract,
        await unchecked.post('/workflows', { rawBody: form, headers: { 'content-type': 'text/plain' } }),
        415,
        'unsupported_media_type',
        'text/plain',
      );
      expectError(
        contract,
        await api.post('/workflows', {
          rawBody: `{"settings": {"name": "${marker}"}, "project_id": "${body.project_id}", "org_id": `,
          headers: JSON_TYPE,
        }),
        400,
        'bad_request',
        'broken JSON',
      );
      const made = (await contract.control!.world()).workflows.filter((record) =>
        JSON.stringify(record).includes(marker),
      );
      expect(collectIds(made, 'p_')).toEqual([]);
    },
  );

  caseIf(
    ['control', 'enforcesRules'],
    'each refused parameter or body field is named by its JSON pointer',
    async () => {
      const limit = await api.get(`/orgs/${await ids.orgId()}/sources`, { query: { limit: 0 } });
      expectError(contract, limit, 400, 'bad_request', 'limit=0');
      expect(pointersOf(limit.body)).toContain('/query/limit');
      const body = await api.post('/workflows', { body: { org_id: 42 } });
      expectStatus(body, 400, 'POST /workflows {org_id: 42}');
      expect(pointersOf(body.body)).toEqual(expect.arrayContaining(['/body/org_id', '/body/project_id']));
    },
  );
});
