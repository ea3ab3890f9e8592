// The checks engine against the real document: a conforming exchange passes; each kind of
// violation fails with a message that names the operation, the request, the status and the pointer.
import { describe, expect, it } from 'vitest';
import { validator } from '../../openapi/validator.ts';
import { createCheckedFetch } from './fetch.ts';
import { ContractViolation } from './engine.ts';
import { checkIdPrefixes } from './ids.ts';
import type { ExchangeRecord } from '../summary.ts';

const BASE = 'http://api.test/v1';
const WEBHOOK = {
  id: 'wh_Ab12',
  user_id: 'u_Cd34',
  name: 'n',
  description: null,
  url: 'https://example.com/h',
  active: true,
  created_at: 1700000000,
  updated_at: 1700000000,
};

function serving(
  status: number,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  const records: ExchangeRecord[] = [];
  const fetch = createCheckedFetch({
    fetch: async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers }),
    validator,
    baseUrl: BASE,
    targetName: 'unit',
    record: (record) => records.push(record),
  });
  return { fetch, records };
}

async function violationOf(promise: Promise<unknown>): Promise<ContractViolation> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ContractViolation);
  return error as ContractViolation;
}

describe('checked fetch', () => {
  it('passes a documented answer through intact and records it as passed', async () => {
    const { fetch, records } = serving(200, { data: [WEBHOOK] });
    const response = await fetch(`${BASE}/users/me/webhooks`);
    expect(await response.json()).toEqual({ data: [WEBHOOK] });
    expect(records).toEqual([
      {
        target: 'unit',
        operationId: 'listWebhooks',
        method: 'GET',
        status: 200,
        passed: true,
        coverage: { operationId: 'listWebhooks', status: 200, parameters: [], links: [] },
      },
    ]);
  });

  it('passes a 204 without body', async () => {
    const { fetch, records } = serving(204, undefined, {});
    const response = await fetch(`${BASE}/webhooks/wh_Ab12`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(records[0]?.passed).toBe(true);
  });

  it('fails a server error, naming operation, request, body and status', async () => {
    const { fetch, records } = serving(500, { error: 'boom' });
    const violation = await violationOf(
      fetch(`${BASE}/workflows`, { method: 'POST', body: JSON.stringify({ org_id: 'o_1', project_id: 'proj_1' }) }),
    );
    expect(violation.violations.map((v) => v.check)).toContain('not_a_server_error');
    expect(violation.message).toContain('createWorkflow');
    expect(violation.message).toContain(`POST ${BASE}/workflows`);
    expect(violation.message).toContain('"org_id":"o_1"');
    expect(violation.message).toContain('status:   500');
    expect(records[0]).toMatchObject({ operationId: 'createWorkflow', passed: false });
  });

  it('fails an undocumented status', async () => {
    const { fetch } = serving(202, undefined, {});
    const violation = await violationOf(fetch(`${BASE}/webhooks/wh_Ab12`, { method: 'DELETE' }));
    expect(violation.violations).toEqual([expect.objectContaining({ check: 'status_code_conformance', pointer: '' })]);
  });

  it('fails an undocumented content type', async () => {
    const { fetch } = serving(200, { data: [] }, { 'content-type': 'text/plain' });
    const violation = await violationOf(fetch(`${BASE}/users/me/webhooks`));
    expect(violation.violations.map((v) => v.check)).toContain('content_type_conformance');
  });

  it('fails a body that breaks the response schema, with the JSON pointer', async () => {
    const { fetch } = serving(200, { data: [{ ...WEBHOOK, active: 'yes' }] });
    const violation = await violationOf(fetch(`${BASE}/users/me/webhooks`));
    expect(violation.violations).toContainEqual(
      expect.objectContaining({ check: 'response_schema_conformance', pointer: '/data/0/active' }),
    );
    expect(violation.message).toContain('/data/0/active');
  });

  it('fails a wrong ID prefix twice over: schema pattern and the ID walker', async () => {
    const { fetch } = serving(200, { data: [{ ...WEBHOOK, id: 'hook_Ab12' }] });
    const violation = await violationOf(fetch(`${BASE}/users/me/webhooks`));
    const checks = violation.violations.filter((v) => v.pointer === '/data/0/id').map((v) => v.check);
    expect(checks).toEqual(expect.arrayContaining(['response_schema_conformance', 'id_prefixes']));
  });

  it('fails when Prism reports violations in sl-violations', async () => {
    const { fetch } = serving(
      200,
      { data: [] },
      { 'content-type': 'application/json', 'sl-violations': '[{"message":"x"}]' },
    );
    const violation = await violationOf(fetch(`${BASE}/users/me/webhooks`));
    expect(violation.violations.map((v) => v.check)).toEqual(['prism_violations']);
  });

  it('fails a request that matches no documented operation', async () => {
    const { fetch } = serving(404, { error: 'nope' });
    const violation = await violationOf(fetch(`${BASE}/nowhere`));
    expect(violation.violations.map((v) => v.check)).toEqual(['documented_operation']);
  });

  it('fails a JSON content type whose body does not parse', async () => {
    const fetch = createCheckedFetch({
      fetch: async () => new Response('{not json', { status: 200, headers: { 'content-type': 'application/json' } }),
      validator,
      baseUrl: BASE,
      targetName: 'unit',
    });
    const violation = await violationOf(fetch(`${BASE}/users/me/webhooks`));
    expect(violation.violations.map((v) => v.check)).toEqual(['json_body']);
  });
});

describe('ID walker', () => {
  it('accepts known prefixes, subscription globs, and unprefixed event-summary IDs', () => {
    expect(
      checkIdPrefixes('listWorkspaceSubscriptions', {
        data: [{ id: 'sub_1', emitter_id: 'p_*', listener_id: 'wh_2', event_name: '' }],
      }),
    ).toEqual([]);
    expect(
      checkIdPrefixes('getWorkflowErrorEventSummaries', {
        data: [{ id: '1763798400123-0', event: { original_context: { id: 'abc', workflow_id: 'p_1' } } }],
      }),
    ).toEqual([]);
  });

  it('ignores caller data under original_event and configured_props', () => {
    expect(
      checkIdPrefixes('getWorkflowErrorEventSummaries', {
        data: [{ id: '1-0', event: { original_event: { id: 'anything', user_id: 'x' } } }],
      }),
    ).toEqual([]);
  });

  it('flags ID fields by name wherever they are', () => {
    expect(
      checkIdPrefixes('getWorkflow', { data: { id: 'p_1', triggers: [{ id: 'dc_1', owner_id: 'team_1' }] } }),
    ).toEqual([expect.objectContaining({ pointer: '/data/triggers/0/owner_id' })]);
    expect(checkIdPrefixes(null, { id: 'zz_1' })).toEqual([expect.objectContaining({ pointer: '/id' })]);
  });

  it("requires each operation's resource prefix even when another known prefix is used", () => {
    expect(checkIdPrefixes('createWebhook', { data: { id: 'sub_1' } })).toEqual([
      expect.objectContaining({ pointer: '/data/id', message: expect.stringContaining('"wh_"') }),
    ]);
  });
});
