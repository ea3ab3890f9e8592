// Path template matching, on a hand-made operation list (no document needed).
import { describe, expect, it } from 'vitest';
import { createRouter } from './router.ts';

const router = createRouter([
  { operationId: 'listItems', method: 'GET', template: '/things/{thing_id}/$errors/items' },
  { operationId: 'getThing', method: 'GET', template: '/things/{id}' },
  { operationId: 'updateThing', method: 'PUT', template: '/things/{id}' },
  { operationId: 'getSpecial', method: 'GET', template: '/things/special' },
  { operationId: 'getPair', method: 'GET', template: '/pairs/{a}.{b}' },
]);

describe('createRouter', () => {
  it('matches templates, decodes parameters and keeps literal `$` and `.` literal', () => {
    expect(router.match('GET', '/things/t_1/$errors/items')).toEqual({
      kind: 'match',
      operationId: 'listItems',
      method: 'GET',
      template: '/things/{thing_id}/$errors/items',
      pathParams: { thing_id: 't_1' },
    });
    expect(router.match('get', '/things/a%20b')).toMatchObject({
      kind: 'match',
      operationId: 'getThing',
      method: 'GET',
      pathParams: { id: 'a b' },
    });
    expect(router.match('GET', '/things/t_1/')).toMatchObject({ kind: 'match', pathParams: { id: 't_1' } });
    expect(router.match('GET', '/things/t_1/Xerrors/items')).toEqual({ kind: 'not_found' });
    expect(router.match('GET', '/pairs/x.y')).toMatchObject({ kind: 'match', pathParams: { a: 'x', b: 'y' } });
    expect(router.match('GET', '/pairs/xzy')).toEqual({ kind: 'not_found' });
  });

  it('prefers a literal path over a templated one, whatever the order it was given in', () => {
    expect(router.match('GET', '/things/special')).toMatchObject({ kind: 'match', operationId: 'getSpecial' });
    expect(router.order.map((o) => o.operationId)).toEqual([
      'getSpecial',
      'getThing',
      'updateThing',
      'getPair',
      'listItems',
    ]);
  });

  it('answers a path two templates match with the one whose literal segment comes first, in either order given', () => {
    const crossing = createRouter([
      { operationId: 'getProjectHook', method: 'GET', template: '/connect/{project_id}/webhook' },
      { operationId: 'putProjectHook', method: 'PUT', template: '/connect/{project_id}/webhook' },
      { operationId: 'getApp', method: 'GET', template: '/connect/apps/{app_id}' },
    ]);
    expect(crossing.match('GET', '/connect/apps/webhook')).toMatchObject({
      operationId: 'getApp',
      pathParams: { app_id: 'webhook' },
    });
    // A method only the other template has goes to it.
    expect(crossing.match('PUT', '/connect/apps/webhook')).toMatchObject({
      operationId: 'putProjectHook',
      pathParams: { project_id: 'apps' },
    });
    expect(crossing.match('GET', '/connect/proj_1/webhook')).toMatchObject({ operationId: 'getProjectHook' });
  });

  it('tells a known path with another method apart from an unknown path and an undecodable one', () => {
    expect(router.match('DELETE', '/things/t_1')).toEqual({ kind: 'method_not_allowed', allowed: ['GET', 'PUT'] });
    expect(router.match('GET', '/nothing')).toEqual({ kind: 'not_found' });
    expect(router.match('GET', '/things/%E0%A4%A')).toEqual({ kind: 'not_found' });
  });

  it('tries a template that starts with a parameter for every path, in the usual order, and matches the root', () => {
    const open = createRouter([
      { operationId: 'getAny', method: 'GET', template: '/{kind}/{id}' },
      { operationId: 'getThing', method: 'GET', template: '/things/{id}' },
      { operationId: 'putAnyThing', method: 'PUT', template: '/{kind}/special' },
      { operationId: 'root', method: 'GET', template: '/' },
    ]);
    // A literal first segment wins over a parameter, whatever comes after.
    expect(open.match('GET', '/things/t_1')).toMatchObject({
      kind: 'match',
      operationId: 'getThing',
      pathParams: { id: 't_1' },
    });
    expect(open.match('GET', '/things/t_1/x')).toEqual({ kind: 'not_found' });
    expect(open.match('GET', '/others/o_1')).toMatchObject({
      kind: 'match',
      operationId: 'getAny',
      pathParams: { kind: 'others', id: 'o_1' },
    });
    expect(open.match('DELETE', '/others/special')).toEqual({ kind: 'method_not_allowed', allowed: ['PUT', 'GET'] });
    expect(open.match('GET', '/')).toMatchObject({ kind: 'match', operationId: 'root' });
    expect(open.match('GET', '/nothing/here/at/all')).toEqual({ kind: 'not_found' });
  });
});

describe('createRouter: lookups kept for repeated requests', () => {
  it('answers a repeated request as the first time, and no caller can change what the next one gets', () => {
    const fresh = createRouter([{ operationId: 'getThing', method: 'GET', template: '/things/{id}' }]);
    const first = fresh.match('GET', '/things/t_1');
    expect(() => {
      (first as { pathParams: Record<string, string> }).pathParams.id = 'changed';
    }).toThrow(TypeError);
    expect(fresh.match('GET', '/things/t_1')).toEqual({
      kind: 'match',
      operationId: 'getThing',
      method: 'GET',
      template: '/things/{id}',
      pathParams: { id: 't_1' },
    });
    expect(fresh.match('PUT', '/things/t_1')).toEqual({ kind: 'method_not_allowed', allowed: ['GET'] });
  });

  it('still matches every path after more distinct paths than it keeps', () => {
    const fresh = createRouter([{ operationId: 'getThing', method: 'GET', template: '/things/{id}' }]);
    for (let i = 0; i < 2_500; i++) {
      expect(fresh.match('GET', `/things/t_${i}`)).toMatchObject({ kind: 'match', pathParams: { id: `t_${i}` } });
    }
    expect(fresh.match('GET', '/things/t_7')).toMatchObject({ pathParams: { id: 't_7' } });
    expect(fresh.match('GET', '/nothing')).toEqual({ kind: 'not_found' });
  });
});
