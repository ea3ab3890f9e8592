// Pagination (the document's Limit, After, Before): cursors are base64url of the boundary item's id; page_info
// {total_count, count, start_cursor, end_cursor}, '' on an empty page. Whether a cursor fits the list is decided here.
import type { PageInfo } from '../../factories/types.ts';
import { type Result, fail, ok } from '../../common/errors.ts';

export function encodeCursor(id: string): string {
  return btoa(id).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The id inside a cursor, or undefined when it is not base64url of printable ASCII. */
export function decodeCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || cursor.length % 4 === 1) return undefined;
  try {
    const decoded = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    return /^[\x21-\x7e]+$/.test(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

export interface PageQuery {
  limit: number;
  after?: string;
  before?: string;
}

/**
 * One page of `ids` (list order) with the id->index map for cursors: `after` starts right after the cursor's item,
 * `before` ends right before it (alone: the `limit` items preceding it). O(limit), whatever ids.length.
 */
export function pageOf(
  ids: readonly string[],
  index: ReadonlyMap<string, number>,
  query: PageQuery,
): Result<{ ids: string[]; page_info: PageInfo }> {
  const { limit } = query;
  let start = 0;
  let end = ids.length;
  for (const name of ['after', 'before'] as const) {
    const cursor = query[name];
    if (cursor === undefined) continue;
    const id = decodeCursor(cursor);
    const position = id === undefined ? undefined : index.get(id);
    if (position === undefined)
      return fail('bad_request', `${name} is not a valid cursor for this list`, { [name]: cursor });
    if (name === 'after') start = position + 1;
    else end = position;
  }
  if (query.before !== undefined && query.after === undefined) start = Math.max(0, end - limit);
  const stop = Math.max(start, Math.min(end, start + limit));
  const page = ids.slice(start, stop);
  return ok({ ids: page, page_info: pageInfo(page, ids.length) });
}

/**
 * pageOf for a list built for this request (filtered by the query, the environment or the end user), its id->index
 * map built here, O(list) as the list was; the page's items each shown by `view`.
 *
 * @example
 * pageOfList(triggers, (trigger) => trigger.id, { limit: 2 }); // ok({ data: [the first two], page_info: {...} })
 */
export function pageOfList<T, V = T>(
  items: readonly T[],
  idOf: (item: T) => string,
  query: PageQuery,
  view: (item: T) => V = (item) => item as unknown as V,
): Result<{ data: V[]; page_info: PageInfo }> {
  const ids = items.map(idOf);
  const index = new Map(ids.map((id, i) => [id, i]));
  const page = pageOf(ids, index, query);
  if (!page.ok) return page;
  return ok({ data: page.value.ids.map((id) => view(items[index.get(id)!]!)), page_info: page.value.page_info });
}

function pageInfo(pageIds: readonly string[], total: number): PageInfo {
  const first = pageIds[0];
  const last = pageIds[pageIds.length - 1];
  return {
    total_count: total,
    count: pageIds.length,
    start_cursor: first === undefined ? '' : encodeCursor(first),
    end_cursor: last === undefined ? '' : encodeCursor(last),
  };
}
