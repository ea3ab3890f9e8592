// Issue 40, item 2: the response examples of the service's public reference, kept as the pages show them
// (examples.json, each with its page), are accepted by the document, or refused where an `x-assumed` marker
// of the document says why (the example's `divergence`).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { document } from '../generated/document.ts';
import { valueAt } from '../json-pointer.ts';
import type { Issue } from '../types.ts';
import { validator } from '../validator.ts';

interface ReferenceExample {
  page: string;
  name?: string;
  operationId: string;
  status: number;
  generated?: boolean;
  repaired?: string;
  body: unknown;
  divergence?: string;
}

const { examples } = JSON.parse(readFileSync(new URL('./examples.json', import.meta.url), 'utf8')) as {
  examples: ReferenceExample[];
};

/** A value the page writes in angle brackets (`<string>`, `<access token (a JWT)>`) stands for a value it does not give. */
const isPlaceholder = (value: unknown) => typeof value === 'string' && /^<[^<>]+>$/.test(value);

/**
 * The issues the example's own values raise: a placeholder says nothing of the value's pattern, format or enum,
 * so only a wrong type at a placeholder counts (a `<string>` where the document wants a number).
 */
function shapeIssues(example: ReferenceExample): Issue[] {
  const issues = validator.validateResponse(example.operationId, example.status, 'application/json', example.body);
  return issues.filter(
    (issue) =>
      !isPlaceholder(valueAt(example.body, issue.pointer)) ||
      /must be (string|number|integer|boolean|object|array|null)\b/.test(issue.message),
  );
}

describe("the reference's response examples against the document", () => {
  it('are kept with their page, one operation of the document each', () => {
    expect(examples.length).toBeGreaterThanOrEqual(39);
    for (const example of examples) {
      expect(example.page).toMatch(/^https:\/\/pipedream\.com\/docs\/(rest-api|connect)\/api-reference\//);
      expect(validator.operationIds, example.page).toContain(example.operationId);
    }
  });

  it('set placeholders aside by their value only: a placeholder of the wrong type still counts', () => {
    const token = examples.find((example) => example.operationId === 'createConnectToken');
    expect(token).toBeDefined();
    const wrongType = { ...(token as ReferenceExample), body: { ...(token?.body as object), expires_at: 7 } };
    expect(shapeIssues(token as ReferenceExample)).toEqual([]);
    expect(shapeIssues(wrongType).map((issue) => issue.pointer)).toEqual(['/expires_at']);
    const placeholderNumber = {
      ...(token as ReferenceExample),
      body: { ...(token?.body as object), token: '<number>' },
    };
    expect(shapeIssues(placeholderNumber)).toEqual([]);
    const notPlaceholder = { ...(token as ReferenceExample), body: { ...(token?.body as object), token: 'string' } };
    expect(shapeIssues(notPlaceholder).map((issue) => issue.pointer)).toEqual(['/token']);
  });

  for (const example of examples)
    it(`${example.operationId} ${example.status}${example.name ? ` (${example.name})` : ''}: ${example.page.replace(/^.*api-reference\//, '')}`, () => {
      const issues = shapeIssues(example);
      if (example.divergence === undefined) {
        expect(issues, 'the document refuses the example: accept it, or name the x-assumed divergence').toEqual([]);
        return;
      }
      expect(issues.length, 'the document accepts it now: drop its divergence').toBeGreaterThan(0);
      expect(valueAt(document, `${example.divergence}/x-assumed`)).toBe(true);
    });
});
