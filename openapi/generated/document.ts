// GENERATED FILE — do not edit. The OpenAPI document as a module, so the browser, Node and tests share one parsed copy.
// Source: openapi/openapi.yaml. Regenerate with `npm run generate`; `npm test` fails when this file is stale.

import json from './openapi.json' with { type: 'json' };

// eslint-disable-next-line
export const document: Record<string, any> = json;
