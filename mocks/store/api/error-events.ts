// GET /workflows/{id}/$errors/event_summaries: the last 100 `$errors` events, newest first.
// README: an original_event whose JSON is over 1024 UTF-8 bytes is replaced (unless expand=event)
// by {truncated: true, size_bytes, preview: first 512 characters of the JSON text}.
import type { OriginalEvent, PageInfo, WorkflowErrorEventSummary } from '../../factories/types.ts';
import { type Result, notFound, ok } from '../../common/errors.ts';
import type { World } from '../world/world.ts';

export const TRUNCATE_ABOVE_BYTES = 1024;
const PREVIEW_CHARACTERS = 512;

const utf8 = new TextEncoder();

export function truncateEvent(originalEvent: OriginalEvent): OriginalEvent {
  const json = JSON.stringify(originalEvent) ?? 'null';
  const size = utf8.encode(json).length;
  if (size <= TRUNCATE_ABOVE_BYTES) return originalEvent;
  let preview = json.slice(0, PREVIEW_CHARACTERS);
  // Never end the preview on half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(preview)) preview = preview.slice(0, -1);
  return { truncated: true, size_bytes: size, preview };
}

/** The document's query of this operation: `limit` 1-100 (default 100), `expand` only `event`. */
export interface ErrorSummaryQuery {
  limit: number;
  expand?: 'event';
}

export function getWorkflowErrorEventSummaries(
  world: World,
  workflowId: string,
  query: ErrorSummaryQuery,
): Result<{ page_info: PageInfo; data: WorkflowErrorEventSummary[] }> {
  const record = world.workflows.get(workflowId);
  if (record === undefined) return notFound('workflow', workflowId);
  const expand = query.expand === 'event';
  const data = record.errors
    .slice(0, query.limit)
    .map((summary) =>
      expand
        ? summary
        : { ...summary, event: { ...summary.event, original_event: truncateEvent(summary.event.original_event) } },
    );
  return ok(summaryPage(data, record.errors.length));
}

/**
 * A page of event summaries kept newest first: `page_info` names the first and last shown by their IDs (the
 * reference's cursors of these lists), '' on an empty page.
 *
 * @example
 * summaryPage([{ id: '1589486981597-0' }], 3).page_info; // { total_count: 3, count: 1, start_cursor: '1589486981597-0', end_cursor: '1589486981597-0' }
 */
export function summaryPage<T extends { id: string }>(data: T[], total: number): { page_info: PageInfo; data: T[] } {
  const first = data[0];
  const last = data[data.length - 1];
  return {
    page_info: { total_count: total, count: data.length, start_cursor: first?.id ?? '', end_cursor: last?.id ?? '' },
    data,
  };
}
