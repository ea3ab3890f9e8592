// Reading a HAR log's text (HAR 1.2, docs/upstream.md): apart from the rest of har.ts so the MSW
// handlers can check a `replay` given as text when they are created, without loading the
// recording and redaction code, which they import only when used (mocks/msw.ts).
import type { HarEntry } from './har.ts';

/**
 * Reads a HAR file's text: its entries, or a message saying what is wrong with it.
 * @example
 * const har = parseHar(readFileSync('session.har', 'utf8'));
 * if ('error' in har) throw new Error(har.error);
 */
export function parseHar(text: string): { entries: HarEntry[] } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { error: `not JSON (${(error as Error).message})` };
  }
  const entries = (parsed as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) return { error: 'not a HAR file: it has no log.entries list' };
  for (const [index, entry] of entries.entries()) {
    const request = (entry as Partial<HarEntry> | null)?.request;
    const response = (entry as Partial<HarEntry> | null)?.response;
    if (typeof request?.method !== 'string' || typeof request.url !== 'string' || typeof response?.status !== 'number')
      return { error: `log.entries[${index}] lacks request.method, request.url or response.status` };
  }
  return { entries: entries as HarEntry[] };
}
