// A workflow's recorded errors: GET /workflows/{workflow_id}/$errors/event_summaries. The flows that
// record errors need the mock's control API (POST /__mock/emit); a live server only gets the reads.
import { describe, expect } from 'vitest';
import { useContract } from '../harness.ts';
import { authCases, expectStatus, unknownId, createWorkflow, createWebhook } from '../cases.ts';
import { collectIds } from '../discover.ts';

const contract = await useContract();
const { api, ids, caseIf, control } = contract;

const summariesOf = (workflowId: string, query: Record<string, string | number> = {}) =>
  api.get(`/workflows/${workflowId}/$errors/event_summaries`, { query });

async function emitError(workflowId: string, event: unknown, on = control) {
  return on!.emit({
    emitter_id: workflowId,
    event_name: '$errors',
    event,
    error: { code: 'InternalFailure', stack: 'Error: contract' },
  });
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
    caseIf(
      ['control', 'writes'],
      'a new workflow has no errors; each emitted $errors event is listed, newest first',
      async () => {
        const workflow = await createWorkflow(contract);
        const empty = await summariesOf(workflow.id);
        expect(empty.body.data).toEqual([]);
        expect(empty.body.page_info).toMatchObject({ total_count: 0, count: 0 });
        for (const n of [1, 2, 3]) await emitError(workflow.id, { n });
        const answer = await summariesOf(workflow.id);
        expect(answer.body.data.map((summary: any) => summary.event.original_event)).toEqual([
          { n: 3 },
          { n: 2 },
          { n: 1 },
        ]);
        expect(answer.body.page_info).toMatchObject({ total_count: 3, count: 3 });
        for (const summary of answer.body.data) {
          expect(summary.event.metadata).toMatchObject({ emitter_id: workflow.id, name: '$errors' });
          expect(summary.event.original_context.workflow_id).toBe(workflow.id);
          expect(summary.event.error.code).toBe('InternalFailure');
        }
      },
    );

    caseIf(['control', 'writes'], 'limit=N answers the N newest', async () => {
      const workflow = await createWorkflow(contract);
      for (const n of [1, 2, 3, 4]) await emitError(workflow.id, { n });
      const answer = await summariesOf(workflow.id, { limit: 2 });
      expect(answer.body.data.map((summary: any) => summary.event.original_event)).toEqual([{ n: 4 }, { n: 3 }]);
      expect(answer.body.page_info).toMatchObject({ total_count: 4, count: 2 });
    });

    caseIf(
      ['control', 'writes'],
      'an event over 1 KB is truncated unless expand=event; one under 1 KB is not',
      async () => {
        const workflow = await createWorkflow(contract);
        const big = { log: 'x'.repeat(1100) };
        const small = { log: 'y'.repeat(100) };
        await emitError(workflow.id, big);
        await emitError(workflow.id, small);
        const json = JSON.stringify(big);
        const truncated = await summariesOf(workflow.id);
        expect(truncated.body.data[0].event.original_event).toEqual(small);
        expect(truncated.body.data[1].event.original_event).toEqual({
          truncated: true,
          size_bytes: Buffer.byteLength(json),
          preview: json.slice(0, 512),
        });
        const expanded = await summariesOf(workflow.id, { expand: 'event' });
        expect(expanded.body.data[1].event.original_event).toEqual(big);
      },
    );

    caseIf(['control', 'writes'], 'the 1 KB limit counts UTF-8 bytes, not characters', async () => {
      const workflow = await createWorkflow(contract);
      const event = { text: 'é'.repeat(600) }; // ~612 characters of JSON, over 1200 bytes
      await emitError(workflow.id, event);
      const answer = await summariesOf(workflow.id);
      expect(answer.body.data[0].event.original_event).toMatchObject({
        truncated: true,
        size_bytes: Buffer.byteLength(JSON.stringify(event)),
      });
    });

    caseIf(
      ['control', 'writes'],
      'an emitted $errors event reaches, once each, the webhooks subscribed to the workflow or to p_*, and no other',
      async () => {
        // A world of its own: "no other" counts every webhook of the world (the suites may share one token).
        const own = contract.ownWorld();
        const workflow = await createWorkflow(own);
        const direct = await createWebhook(own, 'https://receiver.example.com/direct');
        const glob = await createWebhook(own, 'https://receiver.example.com/glob');
        const idle = await createWebhook(own, 'https://receiver.example.com/idle');
        for (const [emitter_id, listener_id, event_name] of [
          [workflow.id, direct.id, '$errors'],
          ['p_*', glob.id, '$errors'],
          [workflow.id, idle.id, '$logs'],
        ])
          expectStatus(await own.api.post('/subscriptions', { query: { emitter_id, listener_id, event_name } }), 200);
        const emitted = await emitError(workflow.id, { routed: true }, own.control);
        expect(emitted.deliveries.map((delivery: { url: string }) => delivery.url).sort()).toEqual([
          direct.url,
          glob.url,
        ]);
        const deliveries = await own.control!.deliveries();
        const mine = deliveries.filter((delivery) => JSON.parse(delivery.body).emit_id === emitted.emit_id);
        expect(mine.map((delivery) => delivery.url).sort()).toEqual([direct.url, glob.url]);
        for (const delivery of mine)
          expect(JSON.parse(delivery.body)).toEqual({
            emit_id: emitted.emit_id,
            emitter_id: workflow.id,
            event_name: '$errors',
            event: { routed: true },
          });
      },
    );

    caseIf(['control', 'writes'], 'at most the 100 newest events are kept, in indexed_at_ms order', async () => {
      const workflow = await createWorkflow(contract);
      for (let n = 1; n <= 104; n++) await emitError(workflow.id, { n });
      const answer = await summariesOf(workflow.id);
      expect(answer.body.page_info).toMatchObject({ total_count: 100, count: 100 });
      expect(answer.body.data.map((summary: any) => summary.event.original_event.n)).toEqual(
        Array.from({ length: 100 }, (_, i) => 104 - i),
      );
      const times = answer.body.data.map((summary: any) => summary.indexed_at_ms as number);
      for (let i = 1; i < times.length; i++) expect(times[i - 1]).toBeGreaterThanOrEqual(times[i]);
    });

    caseIf(['control'], 'a seeded world has workflows with recorded $errors events', async () => {
      let found = 0;
      for (const id of collectIds((await ids.world())?.workflows, 'p_'))
        found += (await summariesOf(id)).body.data.length;
      expect(found).toBeGreaterThan(0);
    });
  });
});
