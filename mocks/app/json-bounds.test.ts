// JSON bodies are bounded before anything walks them (body.ts, docs/errors.md): a deep nest or a
// huge array is a 400 `json_too_complex`, never the 500 "Maximum call stack size exceeded" it was,
// and an answer lists at most MAX_LISTED_ISSUES issues.
import { describe, expect, it, vi } from 'vitest';
import { validator } from '../../openapi/validator.ts';
import { createMock } from '../index.ts';
import { createDeliveryEngine } from '../outbound/delivery.ts';
import { MAX_JSON_ARRAY_ITEMS, MAX_JSON_DEPTH, withinJsonBounds } from './body.ts';
import { MAX_LISTED_ISSUES, refusal } from './pipeline.ts';
import { storeOf } from '../mock.ts';

const TOKEN = 'json-bounds';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

/** `levels` nested objects `{"a":{"a":...1}}` as JSON text. */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

function setUp() {
  const logError = vi.fn();
  const mock = createMock({ seed: 7, logError, sink: createDeliveryEngine({ send: false }) });
  const world = storeOf(mock).world(TOKEN);
  const org = [...world.workspaces.keys()][0]!;
  const project = [...world.projects.keys()][0]!;
  const post = (url: string, body: string) => mock.handle({ method: 'POST', url, headers, body });
  return { mock, logError, world, org, project, post };
}

describe('JSON nesting depth', () => {
  it('refuses a workflow whose trigger props nest 5,000 deep with a 400, and stores nothing', async () => {
    const { logError, world, org, project, post, mock } = setUp();
    const before = world.workflows.size;
    const response = await post(
      '/v1/workflows',
      `{"org_id":"${org}","project_id":"${project}","triggers":[{"props":${nested(5000)}}]}`,
    );
    expect(response.status).toBe(400);
    const body = JSON.parse(response.body);
    expect(body.code).toBe('json_too_complex');
    expect(body.details).toMatchObject({ limit: 'depth', max_depth: MAX_JSON_DEPTH });
    expect(body.details.pointer.startsWith('/body/triggers/0/props/a/a/')).toBe(true);
    expect(world.workflows.size).toBe(before);
    expect(logError).not.toHaveBeenCalled();
    // The world still answers its reads.
    expect((await mock.handle({ method: 'GET', url: '/v1/users/me', headers, body: '' })).status).toBe(200);
  });

  it('accepts exactly MAX_JSON_DEPTH levels and refuses one more', async () => {
    const { org, project, post } = setUp();
    // The body object, `steps` and the step are three levels (objects and arrays); props' nest makes up the rest.
    const body = (levels: number) =>
      `{"org_id":"${org}","project_id":"${project}","steps":[{"namespace":"n","props":${nested(levels - 3)}}]}`;
    expect((await post('/v1/workflows', body(MAX_JSON_DEPTH))).status).toBe(200);
    const refused = await post('/v1/workflows', body(MAX_JSON_DEPTH + 1));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).code).toBe('json_too_complex');
  });

  it('refuses a deep event on the control API, over HTTP and through mock.control, cycles included', async () => {
    const { mock, logError, world, post } = setUp();
    const emitter = [...world.workflows.keys()][0]!;
    const http = await post('/__mock/emit', `{"emitter_id":"${emitter}","event_name":"","event":${nested(2000)}}`);
    expect(http.status).toBe(400);
    expect(JSON.parse(http.body).code).toBe('json_too_complex');

    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 2000; i++) cursor = cursor.a = {};
    const viaJs = mock.control.emit(TOKEN, { emitter_id: emitter, event_name: '', event: deep });
    expect(viaJs.ok ? null : viaJs.error.body.code).toBe('json_too_complex');

    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const cycle = mock.control.emitTrigger(TOKEN, 'dt_unknown', { event: cyclic });
    expect(cycle.ok ? null : cycle.error.body.code).toBe('json_too_complex');
    expect(logError).not.toHaveBeenCalled();
  });
});

describe('JSON array size', () => {
  it('refuses an array of 130,000 items with a small 400 (it was a 500, a 7 MB 400 at 120,000)', async () => {
    const { logError, org, project, post } = setUp();
    const response = await post(
      '/v1/workflows',
      `{"org_id":"${org}","project_id":"${project}","steps":[${Array(130_000).fill('1').join(',')}]}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.length).toBeLessThan(1000);
    expect(JSON.parse(response.body)).toMatchObject({
      code: 'json_too_complex',
      details: {
        limit: 'array_items',
        max_array_items: MAX_JSON_ARRAY_ITEMS,
        array_items: 130_000,
        pointer: '/body/steps',
      },
    });
    expect(logError).not.toHaveBeenCalled();
  });

  it('lists the first issues of an array of wrong items, and counts them all', async () => {
    const { org, project, post } = setUp();
    const response = await post(
      '/v1/workflows',
      `{"org_id":"${org}","project_id":"${project}","steps":[${Array(MAX_JSON_ARRAY_ITEMS).fill('1').join(',')}]}`,
    );
    expect(response.status).toBe(400);
    const body = JSON.parse(response.body);
    expect(body.code).toBe('bad_request');
    expect(body.details.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(body.details.issues[0]).toEqual({ pointer: '/body/steps/0', message: 'must be object' });
    expect(body.details.issue_count).toBe(MAX_JSON_ARRAY_ITEMS);
    expect(response.body.length).toBeLessThan(20_000);
  });

  it('names at most a few places in the message of an answer whose issues share a code', () => {
    const issues = Array.from({ length: 300 }, (_, i) => ({
      pointer: `/body/webhook_urls/${i}`,
      message: 'must match pattern',
      code: 'unsupported_url',
    }));
    const error = refusal('/v1/x', issues)!;
    expect([error.status, error.body.code]).toEqual([400, 'unsupported_url']);
    expect(error.body.error).toContain('/body/webhook_urls/4 (and 295 more)');
    expect(error.body.details?.issues).toEqual(issues.slice(0, MAX_LISTED_ISSUES));
    expect(error.body.details?.issue_count).toBe(300);
  });

  it('adds no count when every issue is listed', () => {
    const error = refusal('/v1/x', [{ pointer: '/query/limit', message: 'must be >= 1' }])!;
    expect(error.body.details).toEqual({ issues: [{ pointer: '/query/limit', message: 'must be >= 1' }] });
  });

  it('the validator itself reports 130,000 issues without overflowing the stack (no argument spread)', () => {
    const { method } = validator.describeOperation('createWorkflow');
    expect(method).toBe('POST');
    const result = validator.validateRequest('createWorkflow', {
      pathParams: {},
      query: new URLSearchParams(),
      headers: {},
      body: { org_id: 'o_a', project_id: 'proj_a', steps: Array(130_000).fill(1) },
    });
    expect(result.issues).toHaveLength(130_000);
  });
});

describe('withinJsonBounds', () => {
  it('passes scalars, and values at the bounds, through unchanged', () => {
    for (const value of [null, 1, 'x', true, [], {}, Array(MAX_JSON_ARRAY_ITEMS).fill(0)])
      expect(withinJsonBounds(value)).toEqual({ ok: true, value });
  });

  it('points at the first container past the depth bound, escaping keys (RFC 6901)', () => {
    let value: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH; i++) value = { 'a/b': value };
    const result = withinJsonBounds({ first: [value] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const segments = result.error.body.details?.pointer as string;
    expect(segments.startsWith('/body/first/0/a~1b/')).toBe(true);
    expect(segments.split('/').length - 1).toBe(MAX_JSON_DEPTH + 1); // '/body' plus one segment per level below the body
  });
});
