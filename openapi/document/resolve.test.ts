// The resolved view of a document's operations and webhooks, on a small inline document.
import { describe, expect, it } from 'vitest';
import { resolveOperations, resolveWebhookBodies } from './resolve.ts';

const document = {
  openapi: '3.1.0',
  paths: {
    '/things/{id}': {
      parameters: [{ $ref: '#/components/parameters/ThingId' }],
      put: {
        operationId: 'updateThing',
        parameters: [{ name: 'X-Env', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: { $ref: '#/components/requestBodies/Thing' },
        responses: {
          '2xx': {
            description: 'ok',
            content: { 'Application/JSON': { schema: { type: 'object' } }, 'text/plain': {} },
          },
          default: { $ref: '#/components/responses/Error' },
        },
      },
      delete: {
        requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } },
        responses: { '204': { description: 'gone' } },
      },
    },
  },
  webhooks: {
    happened: { post: { requestBody: { $ref: '#/components/requestBodies/Thing' } } },
    bare: { post: { responses: {} } },
    notPosted: { get: {} },
  },
  components: {
    schemas: { Id: { type: 'string' } },
    parameters: { ThingId: { name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } } },
    requestBodies: { Thing: { required: true, content: { 'application/json': { schema: { type: 'object' } } } } },
    responses: { Error: { description: 'error', content: { 'application/json': { schema: { type: 'object' } } } } },
  },
};

describe('resolveOperations', () => {
  const [put, del] = resolveOperations(document);

  it('describes each operation: id (or method and template), method, template, body', () => {
    expect(put!.info).toMatchObject({
      operationId: 'updateThing',
      method: 'PUT',
      template: '/things/{id}',
      hasJsonBody: true,
      bodyRequired: true,
    });
    expect(put!.bodySchemaPointer).toBe('/components/requestBodies/Thing/content/application~1json/schema');
    // a body that is not JSON is not one the validator reads
    expect(del!.info).toMatchObject({
      operationId: 'delete /things/{id}',
      method: 'DELETE',
      hasJsonBody: false,
      bodyRequired: false,
    });
    expect(del!.bodySchemaPointer).toBeNull();
  });

  it('lists parameters with where their schema is and the schema itself, $refs followed, header names in lower case', () => {
    expect(put!.info.parameters.map(({ shape: _, ...p }) => p)).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schemaPointer: '/components/parameters/ThingId/schema',
        schema: { type: 'string' },
      },
      {
        name: 'x-env',
        in: 'header',
        required: true,
        schemaPointer: '/paths/~1things~1{id}/put/parameters/0/schema',
        schema: { type: 'string' },
      },
    ]);
  });

  it('keys responses by status in upper case, media types in lower case, with their schema pointers', () => {
    expect([...put!.responses.keys()]).toEqual(['2XX', 'DEFAULT']);
    expect([...put!.responses.get('2XX')!.content]).toEqual([
      ['application/json', '/paths/~1things~1{id}/put/responses/2xx/content/Application~1JSON/schema'],
      ['text/plain', null],
    ]);
    expect([...put!.responses.get('DEFAULT')!.content]).toEqual([
      ['application/json', '/components/responses/Error/content/application~1json/schema'],
    ]);
    expect(del!.responses.get('204')!.content.size).toBe(0);
  });
});

describe('resolveWebhookBodies', () => {
  it('maps every webhook to its POST body schema, or null when it has none', () => {
    expect(resolveWebhookBodies(document)).toEqual(
      new Map([
        ['happened', '/components/requestBodies/Thing/content/application~1json/schema'],
        ['bare', null],
        ['notPosted', null],
      ]),
    );
    expect(resolveWebhookBodies({ openapi: '3.1.0' }).size).toBe(0);
  });
});
