// The document's ambiguous paths (docs/openapi.md, "Ambiguous paths"): worked out from the document here, they
// must be the doc's list (a new path that adds a pair fails until the doc lists it), and the kit's router must
// answer each request both match with the path whose literal segment comes first, as the service does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { document } from './generated/document.ts';
import { validator } from './validator.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const isTemplate = (segment: string) => segment.includes('{');

interface Pair {
  /** The path with a literal segment where the other has a template, first from the left. */
  literalFirst: string;
  templateFirst: string;
  /** A request both match: the literal segments of both, `x` where both are templates. */
  request: string;
}

/** Every two paths one request can match, each with a literal segment where the other has a template. */
function ambiguousPairs(paths: readonly string[]): Pair[] {
  const pairs: Pair[] = [];
  for (const [i, a] of paths.entries())
    for (const b of paths.slice(i + 1)) {
      const left = a.split('/');
      const right = b.split('/');
      if (left.length !== right.length) continue;
      if (left.some((segment, k) => !isTemplate(segment) && !isTemplate(right[k]!) && segment !== right[k])) continue;
      const leftLiteral = left.findIndex((segment, k) => !isTemplate(segment) && isTemplate(right[k]!));
      const rightLiteral = right.findIndex((segment, k) => !isTemplate(segment) && isTemplate(left[k]!));
      if (leftLiteral < 0 || rightLiteral < 0) continue;
      const request = left.map((segment, k) =>
        !isTemplate(segment) ? segment : isTemplate(right[k]!) ? 'x' : right[k],
      );
      const [literalFirst, templateFirst] = leftLiteral < rightLiteral ? [a, b] : [b, a];
      pairs.push({ literalFirst, templateFirst, request: request.join('/') });
    }
  return pairs;
}

/** The rows of the doc's table: request, literal-first path, template-first path (backquoted cells). */
function documentedPairs(): Pair[] {
  const doc = readFileSync(new URL('../docs/openapi.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Ambiguous paths'));
  const end = section.indexOf('\n## ', 1);
  const rows = (end < 0 ? section : section.slice(0, end)).matchAll(/^\| `([^`]+)` \| `([^`]+)` \| `([^`]+)` \|/gm);
  return [...rows].map(([, request, literalFirst, templateFirst]) => ({
    request: request!,
    literalFirst: literalFirst!,
    templateFirst: templateFirst!,
  }));
}

const paths = document.paths as Record<string, Record<string, { operationId?: string }>>;
const pairs = ambiguousPairs(Object.keys(paths));
const key = (pair: Pair) => `${pair.request} ${pair.literalFirst} ${pair.templateFirst}`;

describe('ambiguous paths', () => {
  it('are the pairs docs/openapi.md lists, each once', () => {
    expect(pairs.length).toBeGreaterThan(0);
    const listed = documentedPairs().map(key);
    expect(new Set(listed).size).toBe(listed.length);
    // A pair the table lacks, as its row (the other routers' columns are worked out by the rules above the table).
    const missing = pairs.filter((pair) => !listed.includes(key(pair)));
    const rows = missing.map(
      (pair) => `| \`${pair.request}\` | \`${pair.literalFirst}\` | \`${pair.templateFirst}\` |`,
    );
    expect(listed.sort(), `docs/openapi.md lacks:\n${rows.join('\n')}`).toEqual(pairs.map(key).sort());
  });

  it('the kit answers each with the path whose literal segment comes first, or the other for its own methods', () => {
    for (const pair of pairs)
      for (const method of METHODS) {
        const winner =
          paths[pair.literalFirst]![method]?.operationId ?? paths[pair.templateFirst]![method]?.operationId;
        if (winner === undefined) continue;
        const lookup = validator.matchOperation(method.toUpperCase(), pair.request);
        expect(lookup.kind === 'match' && lookup.operationId, `${method} ${pair.request}`).toBe(winner);
      }
  });
});
