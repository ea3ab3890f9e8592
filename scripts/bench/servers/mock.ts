// Bench child: the stateful mock server (mocks/server.ts, quiet) on a free port.
// With --sources N the first workspace of --token's world is filled up to N sources through the
// store (addWorkspaceSources) before the parent is told the server is ready, so no request can
// see a half-built world. The ready message carries what the pagination check needs to know.
import { parseArgs } from 'node:util';
import { startServer } from '../../../mocks/server.ts';
import { addWorkspaceSources, encodeCursor } from '../../../mocks/store/index.ts';
import { firstWorkspaceId } from '../../../mocks/store/world.ts';
import { serveIpc } from './ipc.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    token: { type: 'string' },
    sources: { type: 'string' },
    limit: { type: 'string', default: '100' },
  },
});

const server = await startServer({ port: 0, host: '127.0.0.1', quiet: true, seed: values.seed! });
const ready: Record<string, unknown> & { port: number } = { port: server.port, pid: process.pid };

if (values.sources !== undefined) {
  if (values.token === undefined) throw new Error('--sources needs --token');
  const wanted = Number(values.sources);
  const limit = Number(values.limit);
  const started = performance.now();
  const world = server.mock.store.world(values.token);
  const orgId = firstWorkspaceId(world);
  const workspace = world.workspaces.get(orgId)!;
  const seeded = workspace.sourceIds.length;
  if (wanted < seeded) throw new Error(`--sources ${wanted}: the seeded world already has ${seeded} sources in its first workspace`);
  const added = addWorkspaceSources(world, orgId, wanted - seeded);
  if (!added.ok) throw new Error(`addWorkspaceSources failed: ${JSON.stringify(added.error)}`);
  const ids = workspace.sourceIds;
  // The cursor of a page "deep in the list": ~90% in, leaving a full page after it when possible.
  const deepAfterIndex = ids.length > limit ? Math.min(Math.floor(ids.length * 0.9), ids.length - limit - 1) : Math.floor(ids.length / 2);
  Object.assign(ready, {
    orgId,
    total: ids.length,
    seeded,
    buildMs: performance.now() - started,
    firstIds: ids.slice(0, limit),
    deepAfterIndex,
    deepAfterCursor: encodeCursor(ids[deepAfterIndex]!),
    deepIds: ids.slice(deepAfterIndex + 1, deepAfterIndex + 1 + limit),
  });
}

serveIpc(ready);
