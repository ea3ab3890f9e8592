// Tests of the hand-written OpenAPI document itself (openapi/openapi.yaml): its examples validate,
// its IDs carry the right prefixes, every spec endpoint is there with the agreed operationId and
// error responses, every assumption is explained, and the schemas mean the same under draft-07
// (what Prism uses) and 2020-12 (the OpenAPI 3.1 default).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import type { ErrorObject } from 'ajv';
import { documentSchemas } from '../support/ajv.ts';
import { forEachOperation } from './document/operations.ts';
import { pointerFrom as pointer } from '../support/json-pointer.ts';
import { followRef, valueAt } from './json-pointer.ts';
import { loadDocument, type Json, type JsonObject } from './load-document.ts';

const document = loadDocument();
// Strict: an unknown keyword (a typo such as `minLenght`) fails the compile, in either dialect.
const validators = {
  'draft-07': documentSchemas(document, { strict: true, engine: Ajv }),
  '2020-12': documentSchemas(document, { strict: true }),
};
const validator = validators['2020-12'];

// ---------------------------------------------------------------------------------------------
// Expectations typed from the spec and docs/ (the kit's design), never read from the document.
// ---------------------------------------------------------------------------------------------

// The spec's "Endpoints" section, 1 to 11 (query strings dropped; paths relative to {base_url}).
const SPEC_ENDPOINTS: ReadonlyArray<readonly [method: string, path: string, operationId: string]> = [
  ['GET', '/workflows/{workflow_id}/$errors/event_summaries', 'getWorkflowErrorEventSummaries'],
  ['DELETE', '/subscriptions', 'deleteSubscription'],
  ['POST', '/auto_subscriptions', 'createAutoSubscription'],
  ['GET', '/orgs/{org_id}/sources', 'listWorkspaceSources'],
  ['GET', '/users/me', 'getCurrentUser'],
  ['GET', '/workspaces/{org_id}/subscriptions', 'listWorkspaceSubscriptions'],
  ['PUT', '/workflows/{id}', 'updateWorkflowActivation'],
  ['GET', '/workspaces/{org_id}', 'getWorkspace'],
  ['POST', '/workflows', 'createWorkflow'],
  ['POST', '/webhooks', 'createWebhook'],
  ['PUT', '/connect/{project_id}/webhook', 'setProjectWebhook'],
];

// Companion endpoints (the spec refers to them without shapes).
const COMPANION_ENDPOINTS: ReadonlyArray<readonly [method: string, path: string, operationId: string]> = [
  ['GET', '/workflows/{id}', 'getWorkflow'],
  ['POST', '/subscriptions', 'createSubscription'],
  ['GET', '/users/me/webhooks', 'listWebhooks'],
  ['DELETE', '/webhooks/{id}', 'deleteWebhook'],
  ['POST', '/connect/{project_id}/tokens', 'createConnectToken'],
  ['GET', '/connect/{project_id}/accounts/{account_id}', 'getConnectedAccount'],
  ['PUT', '/connect/{project_id}/deployed-triggers/{trigger_id}/webhooks', 'setDeployedTriggerWebhooks'],
  // Connect as @pipedream/sdk 3.1.6 calls it (issue 9).
  ['GET', '/connect/{project_id}/webhook', 'getProjectWebhook'],
  ['DELETE', '/connect/{project_id}/webhook', 'deleteProjectWebhook'],
  ['POST', '/connect/{project_id}/webhook/regenerate_signing_key', 'regenerateProjectWebhookSigningKey'],
  ['GET', '/connect/tokens/{ctok}/validate', 'validateConnectToken'],
  ['GET', '/connect/{project_id}/accounts', 'listConnectedAccounts'],
  ['DELETE', '/connect/{project_id}/accounts/{account_id}', 'deleteConnectedAccount'],
  ['GET', '/connect/{project_id}/triggers', 'listTriggerComponents'],
  ['GET', '/connect/{project_id}/triggers/{component_id}', 'getTriggerComponent'],
  ['POST', '/connect/{project_id}/triggers/deploy', 'deployTrigger'],
  ['GET', '/connect/{project_id}/deployed-triggers', 'listDeployedTriggers'],
  ['GET', '/connect/{project_id}/deployed-triggers/{trigger_id}', 'getDeployedTrigger'],
  ['DELETE', '/connect/{project_id}/deployed-triggers/{trigger_id}', 'deleteDeployedTrigger'],
  ['GET', '/connect/{project_id}/deployed-triggers/{trigger_id}/webhooks', 'listDeployedTriggerWebhooks'],
  ['GET', '/connect/{project_id}/deployed-triggers/{trigger_id}/webhooks/{webhook_id}', 'getDeployedTriggerWebhook'],
  [
    'POST',
    '/connect/{project_id}/deployed-triggers/{trigger_id}/webhooks/{webhook_id}/regenerate_signing_key',
    'regenerateDeployedTriggerWebhookSigningKey',
  ],
  // The SDK's default login, the one operation without a bearer (the service's docs).
  ['POST', '/oauth/token', 'createOAuthToken'],
  // The catalogue as @pipedream/sdk 3.1.6 calls it (issue 17).
  ['GET', '/connect/apps', 'listApps'],
  ['GET', '/connect/apps/{app_id}', 'getApp'],
  ['GET', '/connect/app_categories', 'listAppCategories'],
  ['GET', '/connect/app_categories/{id}', 'getAppCategory'],
  ['GET', '/connect/{project_id}/components', 'listComponents'],
  ['GET', '/connect/{project_id}/components/{component_id}', 'getComponent'],
  ['POST', '/connect/{project_id}/components/configure', 'configureComponentProp'],
  ['POST', '/connect/{project_id}/components/props', 'reloadComponentProps'],
  ['GET', '/connect/{project_id}/actions', 'listActions'],
  ['GET', '/connect/{project_id}/actions/{component_id}', 'getAction'],
  ['POST', '/connect/{project_id}/actions/configure', 'configureActionProp'],
  ['POST', '/connect/{project_id}/actions/props', 'reloadActionProps'],
  ['POST', '/connect/{project_id}/actions/run', 'runAction'],
  ['POST', '/connect/{project_id}/triggers/configure', 'configureTriggerProp'],
  ['POST', '/connect/{project_id}/triggers/props', 'reloadTriggerProps'],
  ['GET', '/connect/{project_id}/proxy/{url_64}', 'proxyGet'],
  ['POST', '/connect/{project_id}/proxy/{url_64}', 'proxyPost'],
  ['PUT', '/connect/{project_id}/proxy/{url_64}', 'proxyPut'],
  ['PATCH', '/connect/{project_id}/proxy/{url_64}', 'proxyPatch'],
  ['DELETE', '/connect/{project_id}/proxy/{url_64}', 'proxyDelete'],
  // Connect projects, end users and usage as @pipedream/sdk 3.1.6 calls them (issue 17).
  ['GET', '/connect/projects', 'listProjects'],
  ['POST', '/connect/projects', 'createProject'],
  ['GET', '/connect/projects/{project_id}', 'getProject'],
  ['PATCH', '/connect/projects/{project_id}', 'updateProject'],
  ['DELETE', '/connect/projects/{project_id}', 'deleteProject'],
  ['POST', '/connect/projects/{project_id}/logo', 'updateProjectLogo'],
  ['PUT', '/connect/{project_id}/deployed-triggers/{trigger_id}', 'updateDeployedTrigger'],
  ['GET', '/connect/{project_id}/deployed-triggers/{trigger_id}/events', 'listDeployedTriggerEvents'],
  ['GET', '/connect/{project_id}/deployed-triggers/{trigger_id}/pipelines', 'listDeployedTriggerWorkflows'],
  ['PUT', '/connect/{project_id}/deployed-triggers/{trigger_id}/pipelines', 'setDeployedTriggerWorkflows'],
  ['GET', '/connect/{project_id}/file_stash/download', 'downloadStashFile'],
  ['GET', '/connect/{project_id}/projects/info', 'getProjectInfo'],
  ['GET', '/connect/{project_id}/users', 'listExternalUsers'],
  ['DELETE', '/connect/{project_id}/users/{external_user_id}', 'deleteExternalUser'],
  ['GET', '/connect/usage', 'listConnectUsage'],
  // Connect accounts by app and end user, OAuth apps and app overrides (issue 17).
  ['POST', '/connect/{project_id}/accounts', 'createConnectedAccount'],
  ['DELETE', '/connect/{project_id}/apps/{app_id}/accounts', 'deleteAccountsByApp'],
  ['GET', '/connect/{project_id}/users/{external_user_id}/accounts', 'listAccountsByExternalUser'],
  ['GET', '/connect/{project_id}/oauth_apps', 'listOauthApps'],
  ['POST', '/connect/{project_id}/oauth_apps', 'createOauthApp'],
  ['GET', '/connect/{project_id}/oauth_apps/{id}', 'getOauthApp'],
  ['PUT', '/connect/{project_id}/oauth_apps/{id}', 'updateOauthApp'],
  ['DELETE', '/connect/{project_id}/oauth_apps/{id}', 'deleteOauthApp'],
  ['GET', '/connect/{project_id}/app_overrides', 'listAppOverrides'],
  ['POST', '/connect/{project_id}/app_overrides', 'createAppOverride'],
  ['GET', '/connect/{project_id}/app_overrides/{id}', 'getAppOverride'],
  ['PUT', '/connect/{project_id}/app_overrides/{id}', 'updateAppOverride'],
  ['DELETE', '/connect/{project_id}/app_overrides/{id}', 'deleteAppOverride'],
];

// The service's public REST API reference beyond the spec (pipedream.com/docs/rest-api/api-reference/, issue 40).
const REFERENCE_ENDPOINTS: ReadonlyArray<readonly [method: string, path: string, operationId: string]> = [
  ['POST', '/sources', 'createSource'],
  ['PUT', '/sources/{id}', 'updateSource'],
  ['DELETE', '/sources/{id}', 'deleteSource'],
  ['GET', '/sources/{id}/event_summaries', 'getSourceEventSummaries'],
  ['DELETE', '/sources/{id}/events', 'deleteSourceEvents'],
  ['GET', '/workflows/{workflow_id}/event_summaries', 'getWorkflowEmits'],
  ['POST', '/oauth/revoke', 'revokeOAuthToken'],
  ['GET', '/apps', 'listCatalogueApps'],
  ['GET', '/apps/{app_id}', 'getCatalogueApp'],
  ['POST', '/components', 'createSavedComponent'],
  ['GET', '/components/{key_or_id}', 'getSavedComponent'],
  ['GET', '/components/registry/{component_id}', 'getRegistryComponent'],
];

// The operations called without a bearer.
const PUBLIC = new Set(['createOAuthToken', 'revokeOAuthToken']);

// docs/openapi.md, "Responses": the operations that answer 204 with no body.
const NO_CONTENT = new Set([
  'deleteSubscription',
  'deleteWebhook',
  'createAutoSubscription',
  'deleteProjectWebhook',
  'deleteConnectedAccount',
  'deleteDeployedTrigger',
  // Connect (issue 17): the SDK reads no body.
  'deleteProject',
  'updateProjectLogo',
  'deleteExternalUser',
  'deleteAccountsByApp',
  'deleteOauthApp',
  'deleteAppOverride',
  // The reference's "Delete a source" shows no answer.
  'deleteSource',
]);

// The reference's "Delete source events": 202 Accepted, no body.
const ACCEPTED = new Set(['deleteSourceEvents']);

// The spec's identifier prefix table, with the component schema each prefix is expected in.
const PREFIXES: Readonly<Record<string, string>> = {
  p_: 'WorkflowId',
  dc_: 'SourceId',
  sc_: 'SavedComponentId',
  c_: 'StepId',
  wh_: 'WebhookId',
  sub_: 'SubscriptionId',
  o_: 'WorkspaceId',
  u_: 'UserId',
  proj_: 'ProjectId',
  tch_: 'TemplateId',
  hi_: 'HttpTriggerId',
  ti_: 'TimerTriggerId',
  ei_: 'EmailTriggerId',
  apn_: 'AccountId',
  ctok_: 'ConnectTokenId',
  oa_: 'AppId',
  d_: 'DeploymentId',
};

// Prefixes the spec's table lacks and the service's public reference shows (issue 40): end users, `exu_abc123` on
// its list-users page. Apps' `app_` IDs are accepted beside `oa_` but no example of the document uses them.
const REFERENCE_PREFIXES: ReadonlySet<string> = new Set(['exu_']);

// A field that holds IDs: `id`, `*_id`, `*Id`, and their plurals (`authProvisionIds`).
const ID_KEY = /(?:^id|_id|Id)s?$/;
// A value that looks like a prefixed ID: lowercase prefix, underscore, base62.
const PREFIXED = /^([a-z]+_)([A-Za-z0-9]+)$/;

// ---------------------------------------------------------------------------------------------
// Walking the document
// ---------------------------------------------------------------------------------------------

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const at = (node: Json, ptr: string) => valueAt(node, ptr) as Json | undefined;
/** Follows a local `$ref` (`#/components/...`) until a non-reference object is reached. */
const deref = (node: JsonObject, value: Json | undefined) => followRef(node, value).node as Json | undefined;
const formatErrors = (errors: readonly ErrorObject[]) =>
  errors.map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('; ');

interface Operation {
  section: 'paths' | 'webhooks';
  method: string;
  path: string;
  pointer: string;
  operation: JsonObject;
  parameters: JsonObject[];
}

function operations(section: 'paths' | 'webhooks'): Operation[] {
  const found: Operation[] = [];
  forEachOperation(
    document,
    (path, method, operation, site) => {
      const parameters = site.parameters.map((p) => p.node as JsonObject);
      found.push({
        section,
        method: method.toUpperCase(),
        path,
        pointer: site.pointer,
        operation: operation as JsonObject,
        parameters,
      });
    },
    section,
  );
  return found;
}

const pathOperations = operations('paths');
const webhookOperations = operations('webhooks');

interface ExampleCase {
  /** Where the example is written (JSON pointer into the document). */
  where: string;
  /** The schema the example must satisfy (JSON pointer into the document). */
  schemaPointer: string;
  value: Json;
  /** For parameter and header examples: the parameter name, which says whether the value is an ID. */
  key: string | null;
}

// Keywords whose values are schemas (or maps/arrays of schemas) in both dialects.
const SUBSCHEMA_MAPS = ['properties', 'patternProperties'];
const SUBSCHEMA_ARRAYS = ['oneOf', 'anyOf', 'allOf'];
const SUBSCHEMA_SINGLE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];

/** Every schema object in the document, by pointer: component schemas and every `schema` of a parameter, header or media type, with their subschemas. */
function schemaPointers(): string[] {
  const found: string[] = [];
  const visitSchema = (node: Json | undefined, segments: (string | number)[]) => {
    if (!isObject(node)) return;
    found.push(pointer(segments));
    for (const key of SUBSCHEMA_MAPS) {
      const map = node[key];
      if (isObject(map)) for (const name of Object.keys(map)) visitSchema(map[name], [...segments, key, name]);
    }
    for (const key of SUBSCHEMA_ARRAYS) {
      const list = node[key];
      if (Array.isArray(list)) for (const [i, sub] of list.entries()) visitSchema(sub, [...segments, key, i]);
    }
    for (const key of SUBSCHEMA_SINGLE) visitSchema(node[key], [...segments, key]);
  };
  const visitOther = (node: Json, segments: (string | number)[]) => {
    if (Array.isArray(node)) for (const [i, child] of node.entries()) visitOther(child, [...segments, i]);
    if (!isObject(node)) return;
    for (const [key, child] of Object.entries(node)) {
      // Example values and extensions are data, not document structure.
      if (key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
      const here = [...segments, key];
      if (key === 'schema') visitSchema(child, here);
      else visitOther(child, here);
    }
  };
  const components = document.components;
  const schemas = isObject(components) ? components.schemas : undefined;
  if (isObject(schemas))
    for (const name of Object.keys(schemas)) visitSchema(schemas[name], ['components', 'schemas', name]);
  for (const [key, child] of Object.entries(document)) {
    if (key === 'components' && isObject(child)) {
      for (const [group, value] of Object.entries(child))
        if (group !== 'schemas') visitOther(value, ['components', group]);
    } else visitOther(child, [key]);
  }
  return found;
}

const allSchemaPointers = schemaPointers();

/** Every example in the document with the schema it must satisfy. */
function exampleCases(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  // Schema-level `example` / `examples` (an array in OpenAPI 3.1 schemas).
  for (const ptr of allSchemaPointers) {
    const schema = at(document, ptr);
    if (!isObject(schema)) continue;
    if ('example' in schema && schema.example !== undefined)
      cases.push({ where: `${ptr}/example`, schemaPointer: ptr, value: schema.example, key: null });
    if (Array.isArray(schema.examples))
      for (const [i, value] of schema.examples.entries())
        cases.push({ where: `${ptr}/examples/${i}`, schemaPointer: ptr, value, key: null });
  }
  // Parameter, header and media type objects: anything outside schemas that has `schema` next to `example`/`examples`.
  const visit = (node: Json, segments: (string | number)[], parentKey: string | null) => {
    if (Array.isArray(node)) for (const [i, child] of node.entries()) visit(child, [...segments, i], parentKey);
    if (!isObject(node)) return;
    if (isObject(node.schema) && ('example' in node || 'examples' in node)) {
      const ptr = pointer(segments);
      const key = typeof node.name === 'string' ? node.name : parentKey === 'headers' ? String(segments.at(-1)) : null;
      if ('example' in node && node.example !== undefined)
        cases.push({ where: `${ptr}/example`, schemaPointer: `${ptr}/schema`, value: node.example, key });
      if (isObject(node.examples))
        for (const [name, entry] of Object.entries(node.examples)) {
          const resolved = deref(document, entry);
          if (!isObject(resolved) || !('value' in resolved)) throw new Error(`${ptr}/examples/${name} has no value`);
          cases.push({
            where: `${ptr}/examples/${name}`,
            schemaPointer: `${ptr}/schema`,
            value: resolved.value as Json,
            key,
          });
        }
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'schema' || key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
      if (segments[0] === 'components' && segments[1] === 'schemas') continue;
      visit(child, [...segments, key], key);
    }
  };
  visit(document, [], null);
  return cases;
}

const examples = exampleCases();

interface IdLocation {
  /** Path inside the example value, as property names and indexes; [] for a bare parameter value. */
  path: (string | number)[];
  key: string;
  value: string;
}

/** Every string under an ID-holding field of an example value that looks like a prefixed ID. */
function idLocations(value: Json, key: string | null, path: (string | number)[] = []): IdLocation[] {
  if (typeof value === 'string') {
    return key !== null && ID_KEY.test(key) && PREFIXED.test(value) ? [{ path, key, value }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => idLocations(item, key, [...path, i]));
  if (isObject(value)) return Object.entries(value).flatMap(([k, child]) => idLocations(child, k, [...path, k]));
  return [];
}

function withValueAt(value: Json, path: (string | number)[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Json;
  let node: Json = copy;
  for (const segment of path.slice(0, -1)) node = (node as Record<string | number, Json>)[segment] as Json;
  (node as Record<string | number, Json>)[path.at(-1) as string | number] = replacement;
  return copy;
}

function responsesOf(op: Operation): [status: string, response: JsonObject][] {
  const responses = op.operation.responses;
  if (!isObject(responses)) return [];
  return Object.entries(responses).flatMap(([status, r]) => {
    const resolved = deref(document, r);
    return isObject(resolved) ? [[status, resolved] as [string, JsonObject]] : [];
  });
}

function rawResponse(op: Operation, status: string): Json | undefined {
  const responses = op.operation.responses;
  return isObject(responses) ? responses[status] : undefined;
}

// ---------------------------------------------------------------------------------------------
// 1. Examples validate
// ---------------------------------------------------------------------------------------------

describe('examples', () => {
  it('finds the examples it is meant to check', () => {
    // Guards the walker itself: an empty walk would make every check below vacuous.
    expect(examples.length).toBeGreaterThan(60);
    expect(examples.some((c) => c.where.startsWith('/webhooks/triggerEvent'))).toBe(true);
    expect(examples.some((c) => c.where.startsWith('/components/schemas/HttpTrigger/examples'))).toBe(true);
    expect(examples.some((c) => c.where.startsWith('/components/parameters/Limit/example'))).toBe(true);
    expect(examples.some((c) => c.where.startsWith('/components/headers/RetryAfter/example'))).toBe(true);
  });

  for (const dialect of ['2020-12', 'draft-07'] as const) {
    it(`every example validates against its schema (${dialect})`, () => {
      const failures = examples
        .map((c) => ({ c, errors: validators[dialect].errors(c.schemaPointer, c.value) }))
        .filter(({ errors }) => errors.length > 0)
        .map(({ c, errors }) => `${c.where}: ${formatErrors(errors)}`);
      expect(failures).toEqual([]);
    });
  }

  it('every 2xx response with content and every request body has at least one example', () => {
    const missing: string[] = [];
    const hasExample = (mediaType: Json | undefined) =>
      isObject(mediaType) &&
      (mediaType.example !== undefined || (isObject(mediaType.examples) && Object.keys(mediaType.examples).length > 0));
    for (const op of [...pathOperations, ...webhookOperations]) {
      for (const [status, response] of responsesOf(op)) {
        if (!/^2/.test(status) || !isObject(response.content)) continue;
        for (const [type, media] of Object.entries(response.content))
          if (!hasExample(media)) missing.push(`${op.pointer} ${status} ${type}`);
      }
      const body = deref(document, op.operation.requestBody);
      if (isObject(body) && isObject(body.content))
        for (const [type, media] of Object.entries(body.content))
          if (!hasExample(media)) missing.push(`${op.pointer} requestBody ${type}`);
    }
    expect(missing).toEqual([]);
  });

  it('the signed trigger-event example carries the signature its documented key produces', () => {
    const post = at(document, '/webhooks/triggerEvent/post') as JsonObject;
    const key = /signing key\s+`([0-9a-f]{64})`/.exec(String(post.description))?.[1];
    expect(key).toBeDefined();
    const header = (post.parameters as JsonObject[]).find((p) => p.name === 'x-pd-signature');
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header?.example)) ?? [];
    const body = at(
      document,
      '/webhooks/triggerEvent/post/requestBody/content/application~1json/examples/newIssue/value',
    );
    const expected = createHmac('sha256', key as string)
      .update(`${t}.${JSON.stringify(body)}`)
      .digest('hex');
    expect(v1).toBe(expected);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. IDs carry the prefixes of the spec's table
// ---------------------------------------------------------------------------------------------

describe('identifier prefixes', () => {
  it('defines one ID schema per prefix of the spec table, anchored and base62', () => {
    for (const [prefix, name] of Object.entries(PREFIXES)) {
      const schema = at(document, `/components/schemas/${name}`);
      expect(schema, name).toMatchObject({ type: 'string', pattern: `^${prefix}[A-Za-z0-9]+$` });
    }
  });

  it('every ID-looking value under an ID field of an example has a prefix from the table', () => {
    const locations = examples.flatMap((c) => idLocations(c.value, c.key).map((l) => ({ ...l, where: c.where })));
    expect(locations.length).toBeGreaterThan(80);
    const unknown = locations
      .filter((l) => {
        const prefix = PREFIXED.exec(l.value)?.[1] ?? '';
        return !(prefix in PREFIXES || REFERENCE_PREFIXES.has(prefix));
      })
      .map((l) => `${l.where} ${pointer(l.path)}: ${l.value}`);
    expect(unknown).toEqual([]);
  });

  it('every ID field in every example is constrained: a wrong prefix is rejected by its schema', () => {
    // Error `details` are free-form by design (docs/errors.md), so IDs quoted there are not constrained.
    const unconstrained: string[] = [];
    let checked = 0;
    for (const c of examples) {
      for (const location of idLocations(c.value, c.key)) {
        if (location.path.includes('details')) continue;
        const wrong = location.value.replace(PREFIXED, 'zz_$2');
        const mutated = withValueAt(c.value, location.path, wrong);
        checked += 1;
        if (validator.errors(c.schemaPointer, mutated).length === 0)
          unconstrained.push(`${c.where} ${pointer(location.path)}`);
      }
    }
    expect(checked).toBeGreaterThan(80);
    expect(unconstrained).toEqual([]);
  });

  it('a prefix of the wrong kind is rejected too (a source id where a workflow id belongs)', () => {
    const ptr = '/paths/~1workflows/post/responses/200/content/application~1json';
    const example = at(document, `${ptr}/examples/created/value`) as JsonObject;
    expect(validator.errors(`${ptr}/schema`, example)).toEqual([]);
    const mutated = withValueAt(example, ['data', 'id'], 'dc_2BTbNZ9');
    expect(formatErrors(validator.errors(`${ptr}/schema`, mutated))).toContain('/data/id');
  });

  it('emitter fields take workflow and source ids and the two globs; listener fields take p_, dc_ and wh_', () => {
    const emitter = '/components/schemas/EmitterId';
    for (const ok of ['p_2BTbNZ9', 'dc_Ow7gJ0a', 'p_*', 'dc_*']) expect(validator.errors(emitter, ok), ok).toEqual([]);
    for (const bad of ['wh_Ka82Lm4', 'sub_3Fh9QdZ', '*', 'p_', 'p_2BT-bNZ9'])
      expect(validator.errors(emitter, bad), bad).not.toEqual([]);
    const listener = '/components/schemas/ListenerId';
    for (const ok of ['p_2BTbNZ9', 'dc_Ow7gJ0a', 'wh_Ka82Lm4']) expect(validator.errors(listener, ok), ok).toEqual([]);
    for (const bad of ['p_*', 'o_Lm3Xa8P', 'sub_3Fh9QdZ']) expect(validator.errors(listener, bad), bad).not.toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Every endpoint is there, complete
// ---------------------------------------------------------------------------------------------

describe('operations', () => {
  const byMethodPath = new Map(pathOperations.map((op) => [`${op.method} ${op.path}`, op]));

  it.each([...SPEC_ENDPOINTS, ...COMPANION_ENDPOINTS, ...REFERENCE_ENDPOINTS])(
    '%s %s is present as %s',
    (method, path, operationId) => {
      const op = byMethodPath.get(`${method} ${path}`);
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.operation.operationId).toBe(operationId);
    },
  );

  it('has no operation beyond the spec endpoints and the companions', () => {
    const expected = new Set(
      [...SPEC_ENDPOINTS, ...COMPANION_ENDPOINTS, ...REFERENCE_ENDPOINTS].map(([m, p]) => `${m} ${p}`),
    );
    expect([...byMethodPath.keys()].filter((k) => !expected.has(k))).toEqual([]);
  });

  it('paths are relative to a server URL that carries /v1; the mock server is listed', () => {
    expect(Object.keys(document.paths as JsonObject).filter((p) => p.startsWith('/v1'))).toEqual([]);
    const urls = (document.servers as JsonObject[]).map((s) => String(s.url));
    expect(urls).toContain('http://127.0.0.1:4010/v1');
    expect(urls.every((u) => u.endsWith('/v1'))).toBe(true);
    expect(JSON.stringify(document.paths)).not.toContain('__mock');
  });

  it('operationIds are unique camelCase, and every operation has a tag, a summary and a description', () => {
    const ids = [...pathOperations, ...webhookOperations].map((op) => op.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of [...pathOperations, ...webhookOperations]) {
      expect(op.operation.operationId, op.pointer).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op.operation.tags, op.pointer).toHaveLength(1);
      expect(String(op.operation.summary ?? ''), op.pointer).not.toBe('');
      expect(String(op.operation.description ?? ''), op.pointer).not.toBe('');
    }
  });

  it('every REST operation requires the bearer scheme, but the OAuth login, which requires none', () => {
    for (const op of pathOperations) {
      const security = op.operation.security ?? document.security;
      expect(security, op.pointer).toEqual(PUBLIC.has(String(op.operation.operationId)) ? [] : [{ bearerAuth: [] }]);
    }
    expect(at(document, '/components/securitySchemes/bearerAuth')).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('every REST operation documents its 2xx, 401 and 429 (with Retry-After) answers', () => {
    for (const op of pathOperations) {
      const statuses = responsesOf(op).map(([s]) => s);
      const success = statuses.filter((s) => /^2/.test(s));
      const id = String(op.operation.operationId);
      expect(success, op.pointer).toEqual([NO_CONTENT.has(id) ? '204' : ACCEPTED.has(id) ? '202' : '200']);
      expect(rawResponse(op, '401'), op.pointer).toEqual(
        PUBLIC.has(String(op.operation.operationId)) ? undefined : { $ref: '#/components/responses/Unauthorized' },
      );
      expect(rawResponse(op, '429'), op.pointer).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    }
    expect(at(document, '/components/responses/TooManyRequests/headers/Retry-After')).toBeDefined();
  });

  it('204 answers have no body; 200 answers have a JSON body (a file download its bytes)', () => {
    // `fileStash.downloadFile` reads a binary answer (@pipedream/sdk 3.1.6): the one 200 that is not JSON.
    const bytes = new Set(['downloadStashFile']);
    for (const op of pathOperations)
      for (const [status, response] of responsesOf(op)) {
        if (status === '204') expect(response.content, op.pointer).toBeUndefined();
        const expected = bytes.has(String(op.operation.operationId)) ? 'application/octet-stream' : 'application/json';
        if (status === '200') expect(Object.keys(response.content as JsonObject), op.pointer).toEqual([expected]);
      }
  });

  it('404 wherever an ID is in the path or query, 400 wherever there is query input or a body (or the SDK declares it)', () => {
    // Statuses @pipedream/sdk declares beyond the rule, so its error class is reachable (openapi/sdk-errors.test.ts).
    const sdkDeclared: Record<string, string[]> = { listProjects: ['404'], deleteOauthApp: ['400'] };
    for (const op of pathOperations) {
      const declared = sdkDeclared[String(op.operation.operationId)] ?? [];
      const takesId = op.parameters.some(
        (p) => (p.in === 'path' || p.in === 'query') && /(^id|_id)$/.test(String(p.name)),
      );
      const takesInput =
        op.parameters.some((p) => p.in === 'query' || (p.in === 'header' && p.required === true)) ||
        op.operation.requestBody !== undefined;
      expect(rawResponse(op, '404') !== undefined, `${op.pointer} 404`).toBe(takesId || declared.includes('404'));
      expect(rawResponse(op, '400') !== undefined, `${op.pointer} 400`).toBe(
        takesInput || op.parameters.some((p) => p.in === 'header') || declared.includes('400'),
      );
    }
  });

  it('403 only where x-token-kinds allows user API keys only (PUT /workflows/{id}, and by the service docs GET /users/me and POST /workflows); 422 where a body carries IDs or values', () => {
    const with403 = pathOperations.filter((op) => rawResponse(op, '403') !== undefined);
    expect(with403.map((op) => op.operation.operationId).sort()).toEqual([
      // The reference: sources are created and updated with user API keys only.
      'createSavedComponent',
      'createSource',
      'createWorkflow',
      'getCurrentUser',
      'updateSource',
      'updateWorkflowActivation',
    ]);
    const userKeysOnly = pathOperations.filter((op) => op.operation['x-token-kinds'] !== undefined);
    expect(userKeysOnly.map((op) => op.operation.operationId).sort()).toEqual([
      // The reference: sources are created and updated with user API keys only.
      'createSavedComponent',
      'createSource',
      'createWorkflow',
      'getCurrentUser',
      'updateSource',
      'updateWorkflowActivation',
    ]);
    for (const op of userKeysOnly) {
      expect(op.operation['x-token-kinds'], String(op.operation.operationId)).toEqual(['user_api_key']);
      expect(String(op.operation.description), String(op.operation.operationId)).toMatch(/user\s+API\s+keys\s+only/i);
    }
    const with422 = pathOperations
      .filter((op) => rawResponse(op, '422') !== undefined)
      .map((op) => op.operation.operationId)
      .sort();
    expect(with422).toEqual([
      'configureActionProp',
      'configureComponentProp',
      'configureTriggerProp',
      'createAppOverride',
      'createConnectedAccount',
      'createOauthApp',
      'createSource',
      'createWorkflow',
      'deployTrigger',
      'reloadActionProps',
      'reloadComponentProps',
      'reloadTriggerProps',
      'runAction',
      'setDeployedTriggerWorkflows',
      'updateAppOverride',
      'updateSource',
      'updateWorkflowActivation',
    ]);
    const put = byMethodPath.get('PUT /workflows/{id}');
    expect(String(put?.operation.description)).toMatch(/user API keys only/i);
  });

  it('every Connect and OAuth operation names the @pipedream/sdk model it follows (issue 9: the SDK is the authority where the spec shows no shape)', () => {
    const connect = pathOperations.filter((op) =>
      ['Connect', 'OAuth'].includes(String((op.operation.tags as string[])[0])),
    );
    expect(connect.length).toBeGreaterThanOrEqual(20);
    for (const op of connect)
      expect(String(op.operation['x-assumption']), op.pointer).toMatch(/@pipedream\/sdk 3\.1\.6/);
  });

  it('every error answer uses the one Error schema', () => {
    for (const op of pathOperations)
      for (const [status, response] of responsesOf(op)) {
        if (!/^[45]/.test(status)) continue;
        const schema = at(document, `${op.pointer}/responses/${status}`) as JsonObject;
        expect(schema.$ref, `${op.pointer} ${status}`).toMatch(/^#\/components\/responses\//);
        expect((response.content as JsonObject)['application/json'], `${op.pointer} ${status}`).toMatchObject({
          schema: { $ref: '#/components/schemas/Error' },
        });
      }
    expect(at(document, '/components/schemas/Error/required')).toEqual(['error']);
  });

  it('every path parameter has a schema, and ID path parameters use an ID schema', () => {
    for (const op of pathOperations)
      for (const p of op.parameters.filter((p) => p.in === 'path')) {
        expect(p.required, `${op.pointer} ${String(p.name)}`).toBe(true);
        expect(String((p.schema as JsonObject).$ref), `${op.pointer} ${String(p.name)}`).toMatch(/Id$/);
      }
  });

  it('the outbound webhooks are documented with their receiver answers; trigger events are signed', () => {
    const names = webhookOperations.map((op) => op.path).sort();
    expect(names).toEqual(['connectionError', 'connectionSuccess', 'subscriptionEvent', 'triggerEvent']);
    for (const op of webhookOperations)
      expect(
        responsesOf(op).some(([s]) => /^2/.test(s)),
        op.pointer,
      ).toBe(true);
    const trigger = webhookOperations.find((op) => op.path === 'triggerEvent') as Operation;
    expect(rawResponse(trigger, '401')).toBeDefined();
    const signature = trigger.parameters.find((p) => p.name === 'x-pd-signature');
    expect(signature).toMatchObject({ in: 'header', required: true });
    const header = '/components/schemas/SignatureHeader';
    expect(validator.errors(header, `t=1763798400,v1=${'a'.repeat(64)}`)).toEqual([]);
    for (const bad of [
      `t=1763798400,v1=${'A'.repeat(64)}`,
      `t=1763798400,v1=${'a'.repeat(63)}`,
      `v1=${'a'.repeat(64)}`,
      `t=x,v1=${'a'.repeat(64)}`,
    ])
      expect(validator.errors(header, bad), bad).not.toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Assumptions, the Trigger union and the dialect
// ---------------------------------------------------------------------------------------------

describe('assumptions', () => {
  const marked: { where: string; node: JsonObject }[] = [];
  const walk = (node: Json, segments: (string | number)[]) => {
    if (Array.isArray(node)) for (const [i, child] of node.entries()) walk(child, [...segments, i]);
    if (!isObject(node)) return;
    if ('x-assumed' in node || 'x-assumption' in node) marked.push({ where: pointer(segments), node });
    for (const [key, child] of Object.entries(node))
      if (key !== 'example' && key !== 'examples') walk(child, [...segments, key]);
  };
  walk(document, []);

  it('every x-assumed: true has one non-empty x-assumption sentence, and no sentence stands alone', () => {
    expect(marked.length).toBeGreaterThan(20);
    for (const { where, node } of marked) {
      expect(node['x-assumed'], where).toBe(true);
      const sentence = node['x-assumption'];
      expect(typeof sentence, where).toBe('string');
      expect(String(sentence).trim().length, where).toBeGreaterThan(20);
      expect(String(sentence), where).toMatch(/^[A-Z`].*\.$/s);
      expect(String(sentence), where).not.toContain('\n');
    }
  });

  it('marks the gaps the spec leaves open', () => {
    const where = new Set(marked.map((m) => m.where));
    for (const expected of [
      '/paths/~1subscriptions/delete', // response of DELETE /subscriptions
      '/paths/~1auto_subscriptions/post', // response of POST /auto_subscriptions
      '/paths/~1workflows~1{id}/put', // response of PUT /workflows/{id}
      '/components/parameters/Limit', // pagination
      '/components/parameters/After',
      '/components/parameters/EventNameQuery', // event_name optional on DELETE /subscriptions
      '/paths/~1auto_subscriptions/post/parameters/0', // parameters required by us
      '/paths/~1auto_subscriptions/post/parameters/1',
      '/components/schemas/CreateWorkflowRequest', // required fields of POST /workflows
      '/components/schemas/ConnectWebhook/properties/signing_key', // signing-key field name
      '/components/schemas/Error', // error body
      '/components/responses/TooManyRequests', // rate limits
      '/components/schemas/TriggerWebhookDelivery', // trigger-webhook payload
      '/webhooks/triggerEvent/post', // retries
      '/components/schemas/DailyComputeTimeMilliseconds', // quota units
      '/components/schemas/DailyCount',
      '/paths/~1connect~1{project_id}~1tokens/post', // companions
      '/paths/~1connect~1{project_id}~1deployed-triggers~1{trigger_id}~1webhooks/put',
      '/paths/~1connect~1{project_id}~1accounts~1{account_id}/get',
    ])
      expect(where.has(expected), expected).toBe(true);
    expect(String(at(document, '/webhooks/triggerEvent/post/x-assumption'))).toMatch(/3 attempts.*100 ms.*400 ms/);
  });
});

describe('Trigger union', () => {
  const variants = ['HttpTrigger', 'EventSourceTrigger', 'TimerTrigger', 'EmailTrigger'];

  it('is a oneOf of the four shapes without a discriminator', () => {
    const trigger = at(document, '/components/schemas/Trigger') as JsonObject;
    expect(trigger.discriminator).toBeUndefined();
    expect(trigger.oneOf).toEqual(variants.map((v) => ({ $ref: `#/components/schemas/${v}` })));
  });

  it('every trigger example validates against exactly its own variant', () => {
    const samples: { where: string; value: Json }[] = [];
    for (const v of variants) {
      const list = at(document, `/components/schemas/${v}/examples`);
      expect(Array.isArray(list) && list.length > 0, v).toBe(true);
      for (const [i, value] of (list as Json[]).entries()) samples.push({ where: `${v}/examples/${i}`, value });
    }
    for (const c of examples) {
      const data = isObject(c.value) ? c.value.data : undefined;
      if (isObject(data) && Array.isArray(data.triggers))
        for (const [i, t] of data.triggers.entries()) samples.push({ where: `${c.where}/triggers/${i}`, value: t });
    }
    expect(samples.length).toBeGreaterThanOrEqual(8);
    const seen = new Set<string>();
    for (const { where, value } of samples) {
      const matching = variants.filter((v) => validator.errors(`/components/schemas/${v}`, value).length === 0);
      expect(matching, where).toHaveLength(1);
      seen.add(matching[0] as string);
      expect(validator.errors('/components/schemas/Trigger', value), where).toEqual([]);
    }
    expect([...seen].sort()).toEqual([...variants].sort());
  });

  it('a trigger whose id prefix contradicts its fields matches no variant', () => {
    const http = (at(document, '/components/schemas/HttpTrigger/examples') as JsonObject[])[0] as JsonObject;
    const mislabelled = { ...http, id: 'ti_4kLm9Qz' };
    expect(validator.errors('/components/schemas/Trigger', mislabelled)).not.toEqual([]);
  });
});

describe('schema dialect and shape rules', () => {
  it('uses no keyword whose meaning differs between draft-07 and 2020-12, and nothing but description beside a $ref', () => {
    const forbidden = [
      '$defs',
      'prefixItems',
      'unevaluatedProperties',
      'unevaluatedItems',
      'dependentRequired',
      'dependentSchemas',
      '$dynamicRef',
      '$anchor',
      'definitions',
      'dependencies',
    ];
    const problems: string[] = [];
    for (const ptr of allSchemaPointers) {
      const schema = at(document, ptr) as JsonObject;
      for (const key of forbidden) if (key in schema) problems.push(`${ptr}: ${key}`);
      if (Array.isArray(schema.items)) problems.push(`${ptr}: array-form items`);
      if ('$ref' in schema) {
        const siblings = Object.keys(schema).filter((k) => k !== '$ref' && k !== 'description' && k !== 'summary');
        if (siblings.length > 0) problems.push(`${ptr}: ${siblings.join(', ')} beside $ref`);
        if (!String(schema.$ref).startsWith('#/components/'))
          problems.push(`${ptr}: non-local $ref ${String(schema.$ref)}`);
      }
    }
    expect(allSchemaPointers.length).toBeGreaterThan(150);
    expect(problems).toEqual([]);
  });

  it('a combinator member with a keyword of one type names that type (generators read members alone)', () => {
    // docs/openapi.md, "In the tools of the field": WebhookUrl's typeless `minLength` member made
    // openapi-zod-client and swagger-typescript-api type the URL `unknown`/`any`.
    const typeBound = ['minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'multipleOf', 'items'];
    const untyped = allSchemaPointers.filter((ptr) => {
      const schema = at(document, ptr) as JsonObject;
      return /\/(allOf|anyOf|oneOf)\/\d+$/.test(ptr) && !('type' in schema) && typeBound.some((key) => key in schema);
    });
    expect(allSchemaPointers.filter((ptr) => ptr.endsWith('/WebhookUrl/allOf/0'))).toHaveLength(1);
    expect(untyped).toEqual([]);
  });

  it('nullable fields are type arrays, never the 3.0 `nullable` keyword', () => {
    const nullable = allSchemaPointers.filter((ptr) => 'nullable' in (at(document, ptr) as JsonObject));
    expect(nullable).toEqual([]);
    expect(at(document, '/components/schemas/Webhook/properties/name/type')).toEqual(['string', 'null']);
  });

  it('response schemas never forbid additional properties (a live server may add fields)', () => {
    const strict: string[] = [];
    const seen = new Set<string>();
    const check = (ptr: string) => {
      if (seen.has(ptr)) return;
      seen.add(ptr);
      const schema = at(document, ptr);
      if (!isObject(schema)) return;
      if (typeof schema.$ref === 'string') return check(schema.$ref.slice(1));
      if (schema.additionalProperties === false) strict.push(ptr);
      for (const sub of allSchemaPointers.filter(
        (p) => p.startsWith(`${ptr}/`) && p.split('/').length - ptr.split('/').length <= 2,
      ))
        check(sub);
    };
    for (const op of pathOperations)
      for (const [status] of responsesOf(op)) {
        const content = at(document, `${op.pointer}/responses/${status}`);
        const base =
          isObject(content) && typeof content.$ref === 'string'
            ? content.$ref.slice(1)
            : `${op.pointer}/responses/${status}`;
        const media = at(document, `${base}/content`);
        if (isObject(media))
          for (const type of Object.keys(media)) check(`${base}/content/${type.replace('/', '~1')}/schema`);
      }
    expect(seen.size).toBeGreaterThan(30);
    expect(strict).toEqual([]);
  });

  it('Workspace keeps the per-workspace counters optional and the credit counters required', () => {
    const required = at(document, '/components/schemas/Workspace/required') as string[];
    expect(required).toEqual(
      expect.arrayContaining(['id', 'name', 'orgname', 'email', 'daily_credits_quota', 'daily_credits_used']),
    );
    for (const optional of [
      'daily_compute_time_quota',
      'daily_compute_time_used',
      'daily_invocations_quota',
      'daily_invocations_used',
    ])
      expect(required).not.toContain(optional);
  });

  it('error summaries carry metadata.name $errors and accept the truncation marker', () => {
    const metadata = '/components/schemas/ErrorEventMetadata';
    expect(validator.errors(metadata, { emitter_id: 'p_2BTbNZ9', emit_id: 'x', name: '$errors' })).toEqual([]);
    expect(validator.errors(metadata, { emitter_id: 'p_2BTbNZ9', emit_id: 'x', name: '$logs' })).not.toEqual([]);
    const marker = '/components/schemas/TruncatedEvent';
    expect(validator.errors(marker, { truncated: true, size_bytes: 2048, preview: '{"a":' })).toEqual([]);
    expect(validator.errors(marker, { truncated: true, size_bytes: 2048, preview: 'x'.repeat(513) })).not.toEqual([]);
  });
});

describe('webhook URL rule (spec: protocol http or https and a hostname; optional port and path)', () => {
  const url = '/components/schemas/WebhookUrl';
  it.each([
    'https://hooks.analytical.example',
    'https://hooks.analytical.example/workflow-errors',
    'http://localhost:8080/hook?source=kit#top',
    'http://127.0.0.1:4010/',
    'https://[::1]:9000/hook',
  ])('accepts %s', (value) => {
    expect(validator.errors(url, value)).toEqual([]);
  });
  it.each([
    'hooks.analytical.example/workflow-errors', // no protocol
    'ftp://files.analytical.example/drop', // other protocol
    'mailto:ops@analytical.example',
    'https://', // no hostname
    'https:///path-only',
    'https://-leading-hyphen.dev',
    'https://hooks.analytical.example:port/x',
    'https://hooks analytical.example',
  ])('rejects %s', (value) => {
    expect(validator.errors(url, value)).not.toEqual([]);
  });
});
