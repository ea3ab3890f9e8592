// The Connect routes @pipedream/sdk calls with an access token and no project ID (the SDK joins an
// empty project segment: `/v1/connect/accounts`) answer from the token's project, through the
// project-scoped operation (project-less.ts; docs/worlds.md, "A Connect client without a project ID").
import { PipedreamClient } from '@pipedream/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequests } from '../../openapi/example-requests.ts';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import { createMock } from '../index.ts';
import { startServer } from '../node/server.ts';
import { createRecordingSink } from '../store/world/index.ts';
import { projectLessRouting } from './project-less.ts';
import { storeOf } from '../mock.ts';

const EXAMPLE_PROJECT = 'proj_Zt4Wn8Q';

describe('projectLessRouting', () => {
  const route = projectLessRouting(validator);
  const project = () => 'proj_Mine001';

  it('routes a collapsed path to the project-scoped one, and leaves every other path alone', () => {
    expect(route('GET', '/connect/accounts', project)).toBe('/connect/proj_Mine001/accounts');
    expect(route('GET', '/connect/accounts/apn_Ab12Cd3', project)).toBe('/connect/proj_Mine001/accounts/apn_Ab12Cd3');
    expect(route('POST', '/connect/tokens', project)).toBe('/connect/proj_Mine001/tokens');
    expect(route('GET', '/connect/deployed-triggers/dc_Ab12Cd3/webhooks', project)).toBe(
      '/connect/proj_Mine001/deployed-triggers/dc_Ab12Cd3/webhooks',
    );
    // A literal segment beats a parameter: projects.retrieveInfo, not getProject('info').
    expect(route('GET', '/connect/projects/info', project)).toBe('/connect/proj_Mine001/projects/info');
    // Operations of their own, and paths that name a project, stay.
    expect(route('GET', '/connect/projects', project)).toBe('/connect/projects');
    expect(route('GET', '/connect/projects/proj_Other01', project)).toBe('/connect/projects/proj_Other01');
    expect(route('GET', '/connect/tokens/ctok_abc/validate', project)).toBe('/connect/tokens/ctok_abc/validate');
    expect(route('GET', '/connect/proj_Other01/accounts', project)).toBe('/connect/proj_Other01/accounts');
    expect(route('GET', '/users/me', project)).toBe('/users/me');
    // No project in the world: nothing to route to (the 404 of an unknown path).
    expect(route('GET', '/connect/accounts', () => undefined)).toBe('/connect/accounts');
  });
});

describe('on the mock, every project-scoped read answers the same without its project segment', () => {
  const mock = createMock({ seed: 1, sink: createRecordingSink() });
  const token = 'project-less-reads';
  const seededProject = () => storeOf(mock).world(token).projects.keys().next().value as string;
  const send = async (method: string, path: string, headers: Record<string, string>) => {
    const answer = await mock.handle({
      method,
      url: `/v1${path}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      body: '',
    });
    return { status: answer.status, body: answer.body };
  };
  const reads = exampleRequests(document).filter(
    (request) => request.method === 'GET' && request.path.startsWith(`/connect/${EXAMPLE_PROJECT}/`),
  );

  it('covers the project-scoped reads of the document', () => {
    expect(reads.length).toBeGreaterThan(10);
  });

  for (const request of reads) {
    it(`${request.operationId}: ${request.path.replace(`/${EXAMPLE_PROJECT}`, '')}`, async () => {
      const query = request.query.toString() === '' ? '' : `?${request.query}`;
      const rest = request.path.slice(`/connect/${EXAMPLE_PROJECT}/`.length);
      const scoped = await send('GET', `/connect/${seededProject()}/${rest}${query}`, request.headers);
      const collapsed = await send('GET', `/connect/${rest}${query}`, request.headers);
      expect(collapsed).toEqual(scoped);
      expect(collapsed.status).not.toBe(405);
    });
  }
});

describe('@pipedream/sdk with an access token and no project ID', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ port: 0, quiet: true });
  });
  afterAll(() => server.close());

  it('lists, reads and creates in the token project, as the scoped client does', { timeout: 60_000 }, async () => {
    const token = 'sdk-project-less';
    const world = JSON.parse(
      await (
        await fetch(`${new URL(server.baseUrl).origin}/__mock/world`, { headers: { authorization: `Bearer ${token}` } })
      ).text(),
    );
    const projectId: string = world.data.projects[0].id;
    const client = (id: string) =>
      new PipedreamClient({
        baseUrl: new URL(server.baseUrl).origin,
        projectId: id,
        projectEnvironment: 'production',
        tokenProvider: { getToken: async () => token },
      });
    const bare = client('');
    const scoped = client(projectId);
    const ids = async (page: AsyncIterable<{ id: string }>) => {
      const out: string[] = [];
      for await (const item of page) out.push(item.id);
      return out;
    };
    const accounts = await ids(await bare.accounts.list());
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts).toEqual(await ids(await scoped.accounts.list()));
    expect((await bare.accounts.retrieve(accounts[0]!)).id).toBe(accounts[0]);
    expect(await bare.projects.retrieveInfo()).toEqual(await scoped.projects.retrieveInfo());
    const created = await bare.tokens.create({ externalUserId: 'project-less-user' });
    const validated = await scoped.tokens.validate(created.token, {});
    expect(validated.projectId).toBe(projectId);
  });
});
