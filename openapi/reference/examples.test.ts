// Issue 40, item 2: the response examples of the service's public reference, kept as the pages show them
// (examples.json, each with its page), are accepted by the document, or refused where an `x-assumed` marker
// of the document says why (the example's `divergence`).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { document } from '../generated/document.ts';
import { valueAt } from '../json-pointer.ts';
import { validator } from '../validator.ts';

interface ReferenceExample {
  page: string;
  operationId: string;
  status: number;
  body: unknown;
  divergence?: string;
}

const { examples } = JSON.parse(readFileSync(new URL('./examples.json', import.meta.url), 'utf8')) as {
  examples: ReferenceExample[];
};

describe("the reference's response examples against the document", () => {
  it('are kept with their page, one operation of the document each', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
    for (const example of examples) {
      expect(example.page).toMatch(/^https:\/\/pipedream\.com\/docs\/(rest-api|connect)\/api-reference\//);
      expect(validator.operationIds, example.page).toContain(example.operationId);
    }
  });

  for (const example of examples)
    it(`${example.operationId} ${example.status}: ${example.page.replace(/^.*api-reference\//, '')}`, () => {
      const issues = validator.validateResponse(example.operationId, example.status, 'application/json', example.body);
      if (example.divergence === undefined) {
        expect(issues, 'the document refuses the example: accept it, or name the x-assumed divergence').toEqual([]);
        return;
      }
      expect(issues.length, 'the document accepts it now: drop its divergence').toBeGreaterThan(0);
      expect(valueAt(document, `${example.divergence}/x-assumed`)).toBe(true);
    });
});
