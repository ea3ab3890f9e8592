// The self-tests' live stand-in: our mock server posing as a live one, and what a run with writes allowed must leave
// of a world (what it created gone or inactive, nothing it cannot undo touched).
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer } from '../../mocks/node/server.ts';

export type LiveServer = Awaited<ReturnType<typeof startServer>>;
type World = ReturnType<LiveServer['mock']['control']['world']>;

/**
 * A mock server started before the file's tests and closed after them; call at the top of a test file.
 *
 * @example
 * const live = liveStandIn();
 * it('...', () => live().mock.control.world('token'));
 */
export function liveStandIn(): () => LiveServer {
  let server: LiveServer | undefined;
  beforeAll(async () => {
    server = await startServer({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (server === undefined)
      throw new Error('the live stand-in is not started yet (call liveStandIn() at the top of the file)');
    return server;
  };
}

/**
 * What a run with writes allowed left of `before`: webhooks and subscriptions as they were, no
 * auto-subscription, no project or trigger webhook set (none can be undone on live), created
 * workflows inactive and seeded ones as they were. Answers the workflows the run created.
 *
 * @example
 * const created = expectNothingLeftBehind(before, server.mock.control.world(token));
 */
export function expectNothingLeftBehind(before: World, after: World): World['workflows'] {
  expect(after.webhooks, 'webhooks left behind').toEqual(before.webhooks);
  expect(after.subscriptions, 'subscriptions left behind').toEqual(before.subscriptions);
  expect(after.auto_subscriptions, 'auto-subscriptions cannot be undone: never created on live').toEqual(
    before.auto_subscriptions,
  );
  const seeded = new Set(before.workflows.map((workflow) => workflow.id));
  const created = after.workflows.filter((workflow) => !seeded.has(workflow.id));
  expect(
    created.filter((workflow) => workflow.active),
    'created workflows left active',
  ).toEqual([]);
  expect(after.workflows.filter((workflow) => seeded.has(workflow.id)).map((w) => [w.id, w.active])).toEqual(
    before.workflows.map((w) => [w.id, w.active]),
  );
  const hooks = (world: World) => world.projects.map((p) => [p.environments, p.deployed_triggers]);
  expect(hooks(after), 'project and trigger webhooks cannot be undone: never set on live').toEqual(hooks(before));
  return created;
}
