// GENERATED FILE — do not edit. The OpenAPI document as a module, so the browser, Node and tests share one parsed copy.
// Source: openapi/control.yaml. Regenerate with `npm run generate`; `npm test` fails when this file is stale.

import json from './control.json' with { type: 'json' };

// eslint-disable-next-line
export const controlDocument: Record<string, any> = json;
