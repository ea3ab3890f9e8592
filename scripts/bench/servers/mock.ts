// Bench child: the stateful mock server (mocks/node/server.ts, quiet) on a free port.
// With --sources N the first workspace of --token's world is filled up to N sources through the
// control API's public hook (mock.control.addSources, docs/control-api.md) before the parent is
// told the server is ready, so no request can see a half-built world.
import { parseArgs } from 'node:util';
import { startServer } from '../../../mocks/node/server.ts';
import { serveIpc } from './ipc.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    token: { type: 'string' },
    sources: { type: 'string' },
  },
});

const server = await startServer({ port: 0, host: '127.0.0.1', quiet: true, seed: values.seed! });
const ready: Record<string, unknown> & { port: number } = { port: server.port, pid: process.pid };

if (values.sources !== undefined) {
  const token = values.token;
  if (token === undefined) throw new Error('--sources needs --token');
  const wanted = Number(values.sources);
  const started = performance.now();
  const workspace = server.mock.control.world(token).workspaces[0];
  if (workspace === undefined) throw new Error('the seeded world has no workspace');
  const seeded = workspace.source_count;
  if (wanted < seeded)
    throw new Error(`--sources ${wanted}: the seeded world already has ${seeded} sources in its first workspace`);
  let added: { first_id: string; last_id: string } | undefined;
  if (wanted > seeded) {
    const result = server.mock.control.addSources(token, { org_id: workspace.id, count: wanted - seeded });
    if (!result.ok) throw new Error(`addSources failed: ${JSON.stringify(result.error)}`);
    if (result.value.source_count !== wanted)
      throw new Error(`addSources left ${result.value.source_count} sources, expected ${wanted}`);
    added = result.value;
  }
  Object.assign(ready, {
    orgId: workspace.id,
    total: wanted,
    seeded,
    buildMs: performance.now() - started,
    firstAddedId: added?.first_id,
    lastAddedId: added?.last_id,
  });
}

serveIpc(ready);
