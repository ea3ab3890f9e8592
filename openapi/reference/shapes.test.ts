// Issue 40, item 3: the reference's shapes in the fake. Every optional property of a response schema (the document's
// schemas reachable from the 2xx answers of its operations) appears in a seeded world's answers, and one a list shows
// for several resources is absent for some of them, so a frontend meets both shapes in one world (docs/worlds.md,
// "Both shapes in one world"). The answers: every operation's documented example request (reads first, deletions
// last) on one seeded world, and the reads on a workspace OAuth token's world and on each built-in scenario's.
import { describe, expect, it } from 'vitest';
import { exampleAppRequest } from '../../support/results.ts';
import { BUILTIN_SCENARIOS } from '../../mocks/scenarios/builtin.ts';
import { createMock } from '../../mocks/index.ts';
import { forEachOperation } from '../document/operations.ts';
import { exampleRequests } from '../example-requests.ts';
import { document } from '../generated/document.ts';
import { escapePointer, followRef } from '../json-pointer.ts';

type Json = Record<string, any>;

/** Properties that cannot show both shapes in one world's answers, each with why (kept short: a reason each). */
// biome-ignore format: one property per line reads as a table
const EXEMPT: Record<string, string> = {
  '/components/schemas/ConnectWebhook/properties/signing_key': 'only when first saved, to an OAuth token: no read shows it',
  '/components/schemas/Component/properties/description': 'every catalogue component is described, as the registry asks',
  '/components/schemas/TriggerComponent/properties/description': 'every catalogue component is described, as the registry asks',
  '/components/schemas/TriggerComponent/properties/component_type': "every catalogue component says what it is (the store's type)",
  '/components/schemas/ComponentProp/properties/withLabel': 'it changes the value a frontend sends ({__lv}), which no catalogue prop takes',
  '/components/schemas/EventSource/properties/owner_id': "a source-triggered workflow's trigger only; no example request reads one",
  '/components/schemas/AppOverride/properties/oauth_app_id': "the project's choice: no example override selects an OAuth app",
  '/components/schemas/EmittedEvent/properties/sum': "a seeded trigger has emitted nothing yet (store/connect/connect.test.ts: deploys …)",
  '/components/schemas/Observation/properties/err/properties/stack': 'the mock runs no component code: no stack to show',
  '/components/schemas/ConnectApp/properties/auth_type': 'the catalogue declares every app\'s auth; optional as the SDK and the reference have it',
};

/** Answers the example requests do not ask for: an example's body with these fields. */
// biome-ignore format: one request per line reads as a table
const VARIANTS: Array<{ operationId: string; body: Json }> = [
  { operationId: 'runAction', body: { stash_id: 'NEW' } }, // a run with a file stash: its stash_id
  { operationId: 'runAction', body: { configured_props: {} } }, // a run whose props fail: its error
  { operationId: 'configureActionProp', body: { prop_name: 'priority' } }, // static string options: stringOptions
];

interface Seen {
  present: number;
  absent: number;
  /** Seen on an item of a list of several. */
  listed: boolean;
}

const seen = new Map<string, Seen>();

/** Whether `value` can be the branch `branch` of an anyOf/oneOf (its type, required properties and consts). */
function fits(branch: Json, value: unknown): boolean {
  const kind =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'number' && Number.isInteger(value)
          ? 'integer'
          : typeof value;
  const types = [branch.type ?? []].flat();
  if (types.length > 0 && !types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return false;
  if (kind !== 'object') return true;
  const object = value as Json;
  return (
    (branch.required ?? []).every((name: string) => name in object) &&
    Object.entries<Json>(branch.properties ?? {}).every(([k, p]) => p.const === undefined || object[k] === p.const)
  );
}

/** Counts, for each optional property of `schema`'s objects (by where it is written), the answers with and without it. */
function walk(schema: unknown, at: string, value: unknown, listed: boolean): void {
  const { node, pointer } = followRef<Json>(document, schema, at);
  if (typeof node !== 'object' || node === null) return;
  for (const [i, part] of (node.allOf ?? []).entries()) walk(part, `${pointer}/allOf/${i}`, value, listed);
  for (const key of ['anyOf', 'oneOf'])
    for (const [i, part] of (node[key] ?? []).entries())
      if (fits(followRef<Json>(document, part).node, value)) walk(part, `${pointer}/${key}/${i}`, value, listed);
  if (Array.isArray(value)) {
    for (const item of value) if (node.items) walk(node.items, `${pointer}/items`, item, value.length > 1);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const object = value as Json;
  const required = new Set<string>(node.required ?? []);
  for (const [name, property] of Object.entries<Json>(node.properties ?? {})) {
    const key = `${pointer}/properties/${escapePointer(name)}`;
    if (!required.has(name)) {
      const count = seen.get(key) ?? { present: 0, absent: 0, listed: false };
      count[name in object ? 'present' : 'absent']++;
      count.listed ||= listed;
      seen.set(key, count);
    }
    if (name in object) walk(property, key, object[name], false);
  }
  if (typeof node.additionalProperties === 'object')
    for (const [name, item] of Object.entries(object))
      if (!(name in (node.properties ?? {})))
        walk(node.additionalProperties, `${pointer}/additionalProperties`, item, false);
}

/** Every optional property written in `schema` or the schemas it reaches. */
function optionalProperties(schema: unknown, at: string, into: Set<string>, visited = new Set<string>()): Set<string> {
  const { node, pointer } = followRef<Json>(document, schema, at);
  if (typeof node !== 'object' || node === null || visited.has(pointer)) return into;
  visited.add(pointer);
  const parts: Array<[unknown, string]> = ['allOf', 'anyOf', 'oneOf'].flatMap((key) =>
    (node[key] ?? []).map((part: unknown, i: number): [unknown, string] => [part, `${pointer}/${key}/${i}`]),
  );
  if (node.items) parts.push([node.items, `${pointer}/items`]);
  if (typeof node.additionalProperties === 'object')
    parts.push([node.additionalProperties, `${pointer}/additionalProperties`]);
  for (const [name, property] of Object.entries<Json>(node.properties ?? {})) {
    const key = `${pointer}/properties/${escapePointer(name)}`;
    if (!(node.required ?? []).includes(name)) into.add(key);
    parts.push([property, key]);
  }
  for (const [part, where] of parts) optionalProperties(part, where, into, visited);
  return into;
}

/** The JSON schema of each operation's answers, by operation ID and status; the largest `limit` of each list. */
const answerSchemas = new Map<string, unknown>();
const largestLimit = new Map<string, number>();
forEachOperation(document, (_template, _method, operation: Json, site) => {
  const limit = site.parameters.find(({ node }) => node.in === 'query' && node.name === 'limit')?.node as Json;
  if (limit?.schema?.maximum !== undefined) largestLimit.set(operation.operationId, limit.schema.maximum);
  for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
    const schema = followRef<Json>(document, response).node.content?.['application/json']?.schema;
    if (schema !== undefined) answerSchemas.set(`${operation.operationId} ${status}`, schema);
  }
});

const mock = createMock({ seed: 1 });
const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
// The reads again unfiltered, as long a page as each list gives; then the writes, deletions last.
const unfiltered = exampleRequests(document, { optionalQuery: false }).filter((request) => request.method === 'GET');
for (const request of unfiltered) {
  const limit = largestLimit.get(request.operationId);
  if (limit !== undefined) request.query.set('limit', String(limit));
}
const examples = exampleRequests(document);
const variants = VARIANTS.map(({ operationId, body }) => {
  const example = examples.find((request) => request.operationId === operationId)!;
  return { ...example, body: { ...(example.body as Json), ...body } };
});
const requests = [...examples, ...unfiltered, ...variants].sort(
  (a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method),
);
// A workspace OAuth token (three base64url segments, docs/worlds.md) reads the signing keys API keys are not shown.
const OAUTH_TOKEN = 'eyJhbGciOiJub25lIn0.eyJzaGFwZXMiOnRydWV9.c2hhcGVz';
const worlds = ['shapes', OAUTH_TOKEN, ...BUILTIN_SCENARIOS.map((scenario) => `scenario_${scenario.name}_shapes`)];
/** The optional properties of the schemas of every 2xx answer met. */
const reachable = new Set<string>();

/** Walks each answer of `token`'s world; the scenario worlds get the reads only. */
async function answer(token: string): Promise<void> {
  for (const request of requests) {
    if (token !== 'shapes' && request.method !== 'GET') continue;
    const response = await mock.handle(exampleAppRequest(request, token));
    const schema = answerSchemas.get(`${request.operationId} ${response.status}`);
    if (response.status >= 300 || schema === undefined) continue;
    optionalProperties(schema, '', reachable);
    walk(schema, '', JSON.parse(response.body), false);
  }
}

describe("every optional property of the document's answers, in a seeded world", () => {
  it('the walk meets most of the document: its answers and their optional properties', async () => {
    for (const token of worlds) await answer(token);
    expect(reachable.size).toBeGreaterThan(75);
    expect(seen.size).toBeGreaterThan(75);
  });

  it('appears in some answer', () => {
    const never = [...reachable].filter((key) => !(key in EXEMPT) && (seen.get(key)?.present ?? 0) === 0);
    expect(never, 'a frontend never meets these: send them for some resources').toEqual([]);
  });

  it('is absent for some resource of a list that shows several', () => {
    const always = [...seen].filter(([key, c]) => !(key in EXEMPT) && c.listed && c.absent === 0).map(([key]) => key);
    expect(always, 'a frontend never meets the shape without these: leave them out of some resources').toEqual([]);
  });

  it('exempts only properties the walk meets and that would fail without their exemption', () => {
    const needed = Object.keys(EXEMPT).filter((key) => {
      const count = seen.get(key);
      return reachable.has(key) && (count === undefined || count.present === 0 || (count.listed && count.absent === 0));
    });
    expect(needed).toEqual(Object.keys(EXEMPT));
  });
});
