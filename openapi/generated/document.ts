// GENERATED FILE — do not edit. The OpenAPI document as a module, so the browser, Node and tests share one parsed copy.
// Source: openapi/openapi.yaml. Regenerate with `npm run generate`; `npm test` fails when this file is stale.
// Without its prose (descriptions, summaries, x-assumption sentences): nothing at run time reads
// them, and they were half of what the document weighs in a browser bundle (docs/performance.md,
// "Browser weight"). The whole document, prose included, is ./openapi.json.

import json from './openapi.runtime.json' with { type: 'json' };

// eslint-disable-next-line
export const document: Record<string, any> = json;
