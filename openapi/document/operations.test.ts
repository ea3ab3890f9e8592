// The one operations walker, on a small inline document.
import { describe, expect, it } from 'vitest';
import { forEachOperation, HTTP_METHODS } from './operations.ts';

const document = {
  openapi: '3.1.0',
  paths: {
    '/b/{id}': {
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
      ],
      delete: { operationId: 'deleteB' },
      get: {
        operationId: 'getB',
        parameters: [
          { $ref: '#/components/parameters/Limit' },
          // replaces the path item's header: same location, name compared case-insensitively
          { name: 'x-trace', in: 'header', required: true, schema: { type: 'string' } },
        ],
      },
      summary: 'not an operation',
    },
    '/a': { $ref: '#/components/pathItems/A' },
  },
  webhooks: { ping: { post: { operationId: 'ping' } } },
  components: {
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
    pathItems: { A: { post: { operationId: 'postA' }, trace: { operationId: 'traceA' } } },
  },
};

function walk(section?: 'paths' | 'webhooks') {
  const seen: { path: string; method: string; id: unknown; pointer: string; parameters: string[] }[] = [];
  forEachOperation(
    document,
    (path, method, operation, site) =>
      seen.push({
        path,
        method,
        id: operation.operationId,
        pointer: site.pointer,
        parameters: site.parameters.map(
          ({ node, pointer }) => `${String(node.in)}:${String(node.name)}${node.required ? '!' : ''} @${pointer}`,
        ),
      }),
    section,
  );
  return seen;
}

describe('forEachOperation', () => {
  it('visits every method of every path item in document order, following a path item $ref', () => {
    expect(walk().map((op) => `${op.method} ${op.path} ${String(op.id)} ${op.pointer}`)).toEqual([
      'get /b/{id} getB /paths/~1b~1{id}/get',
      'delete /b/{id} deleteB /paths/~1b~1{id}/delete',
      'post /a postA /components/pathItems/A/post',
      'trace /a traceA /components/pathItems/A/trace',
    ]);
  });

  it("merges the path item's parameters with the operation's, $refs followed, the operation's winning", () => {
    const [get, del] = walk();
    expect(get!.parameters).toEqual([
      'path:id! @/paths/~1b~1{id}/parameters/0',
      'header:x-trace! @/paths/~1b~1{id}/get/parameters/1',
      'query:limit @/components/parameters/Limit',
    ]);
    expect(del!.parameters).toEqual([
      'path:id! @/paths/~1b~1{id}/parameters/0',
      'header:X-Trace @/paths/~1b~1{id}/parameters/1',
    ]);
  });

  it('walks webhooks on request, and a document without the section not at all', () => {
    expect(walk('webhooks').map((op) => `${op.method} ${op.path} ${op.pointer}`)).toEqual([
      'post ping /webhooks/ping/post',
    ]);
    let calls = 0;
    forEachOperation({ openapi: '3.1.0' }, () => calls++);
    expect(calls).toBe(0);
  });

  it('knows the eight operations of an OpenAPI path item', () => {
    expect([...HTTP_METHODS].sort()).toEqual(['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace']);
  });
});
