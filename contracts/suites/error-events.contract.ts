// A workflow's recorded errors: GET /workflows/{workflow_id}/$errors/event_summaries. The flows that
// record errors need the mock's control API (POST /__mock/emit); a live server only gets the reads.
import { describe, expect } from 'vitest';
import { useContract } from '../harness.ts';
import { authCases, expectStatus, unknownId } from '../cases.ts';
import { createWorkflow } from '../workflows.ts';
import { createWebhook } from '../webhooks.ts';

const contract = await useContract();
const { api, ids, caseIf, control } = contract;

const summariesOf = (workflowId: string, query: Record<string, string | number> = {}) =>
  api.get(`/workflows/${workflowId}/$errors/event_summaries`, { query });

async function emitError(workflowId: string, event: unknown) {
  return control!.emit({ emitter_id: workflowId, event_name: '$errors', event, error: { code: 'InternalFailure', stack: 'Error: contract' } });
}

describe('error event summaries', () => {
  describe('schema-level', () => {
    caseIf([], 'getWorkflowErrorEventSummaries answers page_info and data for a known workflow', async () => {
      const id = await ids.workflowId();
      expect(id, 'no workflow to read').toBeDefined();
      const answer = await summariesOf(id!);
      expectStatus(answer, 200);
      expect(answer.body.page_info.count).toBe(answer.body.data.length);
    });

    caseIf([], 'getWorkflowErrorEventSummaries with expand=event and a limit', async () => {
      const answer = await summariesOf((await ids.workflowId())!, { expand: 'event', limit: 5 });
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(answer.body.data.length).toBeLessThanOrEqual(5);
    });
  });

  authCases(contract, ['getWorkflowErrorEventSummaries']);

  describe('negative_data_rejection', () => {
    for (const limit of ['abc', '0', '101']) {
      caseIf(['enforcesRules'], `limit=${limit} is 400`, async () => {
        expectStatus(await summariesOf((await ids.workflowId())!, { limit }), 400);
      });
    }

    caseIf(['enforcesRules'], 'expand=everything is 400', async () => {
      expectStatus(await summariesOf((await ids.workflowId())!, { expand: 'everything' }), 400);
    });

    caseIf(['enforcesRules', 'stateful'], 'an unknown workflow is 404', async () => {
      expectStatus(await summariesOf(unknownId('p_')), 404);
    });
  });

  describe('mock-only flows (control API)', () => {
    caseIf(['control', 'writes'], 'a new workflow has no errors; each emitted $errors event is listed, newest first', async () => {
      const workflow = await createWorkflow(contract);
      const empty = await summariesOf(workflow.id);
      expect(empty.body.data).toEqual([]);
      expect(empty.body.page_info).toMatchObject({ total_count: 0, count: 0 });
      for (const n of [1, 2, 3]) await emitError(workflow.id, { n });
      const answer = await summariesOf(workflow.id);
      expect(answer.body.data.map((summary: any) => summary.event.original_event)).toEqual([{ n: 3 }, { n: 2 }, { n: 1 }]);
      expect(answer.body.page_info).toMatchObject({ total_count: 3, count: 3 });
      for (const summary of answer.body.data) {
        expect(summary.event.metadata).toMatchObject({ emitter_id: workflow.id, name: '$errors' });
        expect(summary.event.original_context.workflow_id).toBe(workflow.id);
        expect(summary.event.error.code).toBe('InternalFailure');
      }
    });

    caseIf(['control', 'writes'], 'limit=N answers the N newest', async () => {
      const workflow = await createWorkflow(contract);
      for (const n of [1, 2, 3, 4]) await emitError(workflow.id, { n });
      const answer = await summariesOf(workflow.id, { limit: 2 });
      expect(answer.body.data.map((summary: any) => summary.event.original_event)).toEqual([{ n: 4 }, { n: 3 }]);
      expect(answer.body.page_info).toMatchObject({ total_count: 4, count: 2 });
    });

    caseIf(['control', 'writes'], 'an event over 1 KB is truncated unless expand=event; one under 1 KB is not', async () => {
      const workflow = await createWorkflow(contract);
      const big = { log: 'x'.repeat(1100) };
      const small = { log: 'y'.repeat(100) };
      await emitError(workflow.id, big);
      await emitError(workflow.id, small);
      const json = JSON.stringify(big);
      const truncated = await summariesOf(workflow.id);
      expect(truncated.body.data[0].event.original_event).toEqual(small);
      expect(truncated.body.data[1].event.original_event).toEqual({ truncated: true, size_bytes: Buffer.byteLength(json), preview: json.slice(0, 512) });
      const expanded = await summariesOf(workflow.id, { expand: 'event' });
      expect(expanded.body.data[1].event.original_event).toEqual(big);
    });

    caseIf(['control', 'writes'], 'the 1 KB limit counts UTF-8 bytes, not characters', async () => {
      const workflow = await createWorkflow(contract);
      const event = { text: 'é'.repeat(600) }; // ~612 characters of JSON, over 1200 bytes
      await emitError(workflow.id, event);
      const answer = await summariesOf(workflow.id);
      expect(answer.body.data[0].event.original_event).toMatchObject({ truncated: true, size_bytes: Buffer.byteLength(JSON.stringify(event)) });
    });

    caseIf(['control', 'writes'], 'an emitted $errors event reaches a webhook subscribed to p_*, and only that one', async () => {
      const workflow = await createWorkflow(contract);
      const listening = await createWebhook(contract, 'http://127.0.0.1:9/contract-listening');
      const idle = await createWebhook(contract, 'http://127.0.0.1:9/contract-idle');
      expectStatus(await api.post('/subscriptions', { query: { emitter_id: 'p_*', listener_id: listening.id, event_name: '$errors' } }), 200);
      const emitted = await emitError(workflow.id, { routed: true });
      const deliveries = (await control!.deliveries()) as Array<{ url: string; body: string }>;
      const mine = deliveries.filter((delivery) => JSON.parse(delivery.body).emit_id === emitted.emit_id);
      expect(mine.map((delivery) => delivery.url)).toEqual([listening.url]);
      expect(JSON.parse(mine[0]!.body)).toMatchObject({ emitter_id: workflow.id, event_name: '$errors', event: { routed: true } });
      expect(mine.map((delivery) => delivery.url)).not.toContain(idle.url);
    });
  });
});
