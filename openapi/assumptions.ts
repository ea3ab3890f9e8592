// The document's `x-assumed` markers as data, for openapi/ASSUMPTIONS.md and the drift report. Browser-safe.
import { escapePointer } from './json-pointer.ts';

export interface Assumption {
  /** JSON pointer of the object carrying the marker (`/paths/~1users~1me/get`, `/components/schemas/Error`). */
  pointer: string;
  sentence: string;
}

/**
 * Every `x-assumed: true` marker of the document, in document order, with its `x-assumption` sentence.
 * @example
 * collectAssumptions(document).find((a) => a.pointer === '/components/schemas/Error')?.sentence;
 */
export function collectAssumptions(document: unknown): Assumption[] {
  const found: Assumption[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${pointer}/${index}`);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record['x-assumed'] === true) {
      found.push({ pointer: pointer || '/', sentence: String(record['x-assumption'] ?? '').trim() });
    }
    for (const [key, value] of Object.entries(record)) {
      walk(value, `${pointer}/${escapePointer(key)}`);
    }
  };
  walk(document, '');
  return found;
}
