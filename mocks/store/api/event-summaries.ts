// The events workflows and sources emitted (the reference's "Get workflow emits", "Get source events" and "Delete
// source events"): recorded by emit.ts, listed newest first as `$errors` events are, and deleted by ID range.
import type { EmittedEventSummary, PageInfo } from '../../factories/types.ts';
import { type Result, notFound, ok } from '../../common/errors.ts';
import { summaryPage, truncateEvent } from './error-events.ts';
import { MAX_EMITTED_EVENTS, type World } from '../world/world.ts';

/** The document's query of these lists: `limit` 1-100 (default 100), `expand` only `event`. */
export interface EmittedEventQuery {
  limit: number;
  expand?: 'event';
}

type EmittedPage = { page_info: PageInfo; data: EmittedEventSummary[] };

/** Streams that are not an emitter's own events: `$errors` has its own list, `$logs` is no event it emits. */
const NOT_EMITS = new Set(['$errors', '$logs']);

/**
 * Records `event`, emitted by a workflow or source of this world on `eventName`, in its emitter's list (newest first,
 * the oldest dropped past MAX_EMITTED_EVENTS); `$errors` and `$logs` are not recorded here.
 *
 * @example
 * recordEmittedEvent(world, 'dc_Ow7gJ0a', '2NpLbZ5rL1gF0kq9xY3mT7aWc4e', '', { title: 'New item' });
 */
export function recordEmittedEvent(world: World, emitterId: string, emitId: string, eventName: string, event: unknown) {
  if (NOT_EMITS.has(eventName)) return;
  const record = world.workflows.get(emitterId) ?? world.sources.get(emitterId);
  if (record === undefined) return;
  const nowMs = world.ctx.now();
  const summary: EmittedEventSummary = {
    id: `${nowMs}-${++world.errorSeq}`,
    indexed_at_ms: nowMs,
    event: structuredClone(event) as EmittedEventSummary['event'],
    metadata: { emitter_id: emitterId, emit_id: emitId, name: eventName },
  };
  if ('workflow' in record) record.emits ??= [];
  else record.events ??= [];
  const list = ('workflow' in record ? record.emits : record.events)!;
  list.unshift(summary);
  if (list.length > MAX_EMITTED_EVENTS) list.length = MAX_EMITTED_EVENTS;
}

/**
 * A workflow's emitted events, newest first, large ones truncated unless `expand=event`.
 *
 * @example
 * getWorkflowEmits(world, 'p_2BTbNZ9', { limit: 1 }); // ok({ page_info, data: [the newest] })
 */
export function getWorkflowEmits(world: World, workflowId: string, query: EmittedEventQuery): Result<EmittedPage> {
  const record = world.workflows.get(workflowId);
  if (record === undefined) return notFound('workflow', workflowId);
  return ok(emittedPage(record.emits ?? [], query));
}

/**
 * A source's emitted events, newest first, large ones truncated unless `expand=event`.
 *
 * @example
 * getSourceEventSummaries(world, 'dc_Ow7gJ0a', { limit: 10, expand: 'event' }); // ok({ page_info, data })
 */
export function getSourceEventSummaries(world: World, sourceId: string, query: EmittedEventQuery): Result<EmittedPage> {
  const record = world.sources.get(sourceId);
  if (record === undefined) return notFound('source', sourceId);
  return ok(emittedPage(record.events ?? [], query));
}

/**
 * Deletes a source's events from `start_id` to `end_id`, both included (every event when neither is given; the
 * reference's IDs are ordered by when the event was emitted). Answers null: nothing to show.
 *
 * @example
 * deleteSourceEvents(world, 'dc_abc123', { start_id: '1589486981598-0' }); // ok(null): that event and every later one
 */
export function deleteSourceEvents(
  world: World,
  sourceId: string,
  range: { start_id?: string; end_id?: string },
): Result<null> {
  const record = world.sources.get(sourceId);
  if (record === undefined) return notFound('source', sourceId);
  const from = range.start_id === undefined ? undefined : eventOrder(range.start_id);
  const to = range.end_id === undefined ? undefined : eventOrder(range.end_id);
  const inRange = (id: string) => {
    const order = eventOrder(id);
    return (from === undefined || compare(order, from) >= 0) && (to === undefined || compare(order, to) <= 0);
  };
  if (record.events !== undefined) record.events = record.events.filter((event) => !inRange(event.id));
  return ok(null);
}

function emittedPage(list: EmittedEventSummary[], query: EmittedEventQuery): EmittedPage {
  const shown = list.slice(0, query.limit);
  const data =
    query.expand === 'event'
      ? shown
      : shown.map((summary) => ({ ...summary, event: truncateEvent(summary.event) as EmittedEventSummary['event'] }));
  return summaryPage(data, list.length);
}

/** An event ID `<ms>-<sequence>` (the document's EmittedEventId) as the two numbers it is ordered by. */
function eventOrder(id: string): [number, number] {
  const [ms = '0', sequence = '0'] = id.split('-');
  return [Number(ms), Number(sequence)];
}

function compare(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}
