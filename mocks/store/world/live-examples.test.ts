// Live examples (docs/worlds.md, "The document's examples"): every operation's documented example
// request (openapi/example-requests.ts builds them from the document alone) replayed against a
// fresh world of the mock gets the documented 2xx with a body the document accepts. New operations
// and examples are covered as they land in the document: nothing here names an operation or an ID.
import { describe, expect, it } from 'vitest';
import { exampleAppRequest } from '../../../support/results.ts';
import { exampleRequests, type ExampleRequest } from '../../../openapi/example-requests.ts';
import { document } from '../../../openapi/generated/document.ts';
import { validator } from '../../../openapi/validator.ts';
import { createMock } from '../../index.ts';
import { documentExamples, plantExamples } from './examples.ts';
import { createWorld } from './seed.ts';
import type { DeliverySink } from '../../outbound/types.ts';

const mock = createMock({ seed: 1 });
const requests = exampleRequests(document);
let fresh = 0;

/** The example request, as its copy from the document would be sent, on a world no one used yet. */
async function replay(request: ExampleRequest, token = `live-example-${++fresh}`) {
  const response = await mock.handle(exampleAppRequest(request, token));
  // A file download (fileStash.downloadFile) answers its bytes; every other answer is JSON.
  const json = (response.headers['content-type'] ?? '').includes('json');
  const body = response.body === '' ? undefined : json ? JSON.parse(response.body) : response.body;
  return { status: response.status, contentType: response.headers['content-type'] ?? null, body };
}

describe('every documented example request gets its documented 2xx on a fresh world', () => {
  it('walks every operation of the document', () => {
    expect(requests.map((r) => r.operationId).sort()).toEqual([...validator.operationIds].sort());
  });

  for (const request of requests) {
    it(`${request.operationId}: ${request.method} ${request.path}`, async () => {
      const answer = await replay(request);
      expect(answer.status, JSON.stringify(answer.body)).toBe(request.successStatus);
      expect(validator.validateResponse(request.operationId, answer.status, answer.contentType, answer.body)).toEqual(
        [],
      );
    });
  }
});

describe('without their optional query parameters (as Portman sends them), on a fresh world', () => {
  const bare = exampleRequests(document, { optionalQuery: false });

  it('deleteSubscription: the example pair without event_name names a planted subscription', async () => {
    const request = bare.find((r) => r.operationId === 'deleteSubscription')!;
    expect(request.query.has('event_name')).toBe(false);
    expect((await replay(request)).status).toBe(204);
  });

  for (const request of bare) {
    it(`${request.operationId}: ${request.method} ${request.path}?${request.query}`, async () => {
      const answer = await replay(request);
      expect(answer.status, JSON.stringify(answer.body)).toBe(request.successStatus);
    });
  }
});

describe('the examples live in every world, each its own copy', () => {
  const planted = documentExamples(document);

  it('a world holds the examples with the field values they show', async () => {
    for (const [id, shown] of planted.objects) {
      // Connect webhooks (`signing_key_set`) are a project's or a trigger's, not webhook objects.
      if (!id.startsWith('wh_') || 'signing_key_set' in shown) continue;
      const list = await replay(requests.find((r) => r.operationId === 'listWebhooks')!);
      const held = list.body.data.find((w: { id: string }) => w.id === id);
      const { user_id: _user, ...fields } = shown;
      expect(held).toMatchObject(fields);
    }
  });

  it('what one world does to an example resource, another world does not see', async () => {
    const remove = requests.find(
      (r) => r.method === 'DELETE' && /\{id\}$/.test(validator.describeOperation(r.operationId).template),
    )!;
    expect((await replay(remove, 'isolated-a')).status).toBe(remove.successStatus);
    expect((await replay(remove, 'isolated-a')).status).toBe(404);
    expect((await replay(remove, 'isolated-b')).status).toBe(remove.successStatus);
  });

  it('the random seeded resources stay as they were: planting only adds', () => {
    const sink: DeliverySink = {
      enqueue: () => ({}) as never,
      list: () => [],
      idle: async () => {},
      forget: () => {},
    } as unknown as DeliverySink;
    const options = { token: 'same', seed: 7, sink, now: () => 0 };
    const world = createWorld(options);
    const seededIds = (w: typeof world) => [
      ...w.workspaces.keys(),
      ...w.workflows.keys(),
      ...w.sources.keys(),
      ...w.webhooks.keys(),
      ...w.projects.keys(),
    ];
    const exampleIds = new Set(planted.ids.keys());
    const random = seededIds(world).filter((id) => !exampleIds.has(id));
    // docs/worlds.md, "What a seeded world holds": 2 workspaces, 3 workflows, 8 sources, 1 webhook, 1 project.
    expect(random).toHaveLength(2 + 3 + 8 + 1 + 1);
    expect(seededIds(createWorld(options))).toEqual(seededIds(world));
    expect(
      seededIds(world)
        .slice(0, 2)
        .every((id) => !exampleIds.has(id)),
    ).toBe(true);
  });
});

describe('documentExamples and plantExamples follow the document, whatever it names', () => {
  const fixture = {
    paths: {
      '/projects/{project_id}/triggers/{trigger_id}': {
        get: {
          parameters: [
            { name: 'project_id', in: 'path', example: 'proj_Fix7ure' },
            { name: 'trigger_id', in: 'path', examples: { one: { value: 'dc_Trig9er1' } } },
          ],
          responses: {
            '200': {
              content: { 'application/json': { example: { data: { id: 'apn_Acc0unt', name: 'shown name' } } } },
            },
          },
        },
      },
      '/orgs/{org_id}/things': {
        get: {
          parameters: [
            { name: 'org_id', in: 'path', example: 'o_Org1234' },
            { name: 'after', in: 'query', example: btoa('dc_Curs0r1').replace(/=+$/, '') },
          ],
        },
      },
    },
    components: { schemas: { WebhookId: { type: 'string', examples: ['wh_Hook123'] } } },
  };

  it('finds the IDs named in parameters, named examples, cursors and schemas, and the objects shown', () => {
    const found = documentExamples(fixture);
    expect([...found.ids.keys()]).toEqual([
      'proj_Fix7ure',
      'dc_Trig9er1',
      'apn_Acc0unt',
      'o_Org1234',
      'dc_Curs0r1',
      'wh_Hook123',
    ]);
    expect([...found.ids.get('dc_Trig9er1')!]).toEqual(['trigger_id']);
    expect(found.objects.get('apn_Acc0unt')).toEqual({ id: 'apn_Acc0unt', name: 'shown name' });
  });

  it('plants each in a world: the trigger as a deployed trigger of the project, the account with its shown fields', () => {
    const sink = {
      enqueue: () => ({}),
      list: () => [],
      idle: async () => {},
      forget: () => {},
    } as unknown as DeliverySink;
    const world = createWorld({ token: 'fixture', seed: 1, sink, now: () => 0 });
    plantExamples(world, documentExamples(fixture), ['production']);
    expect(world.projects.get('proj_Fix7ure')?.project.org_id).toBe('o_Org1234');
    expect(world.projects.get('proj_Fix7ure')?.deployedTriggerIds).toEqual(['dc_Trig9er1']);
    expect(world.deployedTriggers.get('dc_Trig9er1')?.projectId).toBe('proj_Fix7ure');
    expect(world.accounts.get('apn_Acc0unt')?.account.name).toBe('shown name');
    expect(world.workspaces.get('o_Org1234')?.sourceIds).toEqual(['dc_Trig9er1', 'dc_Curs0r1']);
    expect(world.webhooks.get('wh_Hook123')?.user_id).toBe(world.user.id);
    // Planted IDs are taken: planting again adds nothing.
    const before = world.sources.size;
    plantExamples(world, documentExamples(fixture), ['production']);
    expect(world.sources.size).toBe(before);
  });
});
