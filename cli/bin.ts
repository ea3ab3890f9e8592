#!/usr/bin/env node
// The package's `bin` and, through cli/checkout-bin.js, the checkout's npm scripts. Node's compile cache
// (docs/performance.md) covers only modules loaded after it is enabled, hence the dynamic import of the dispatcher;
// the Node version is checked first, with nothing a too-old Node lacks.
import * as nodeModule from 'node:module';
import { nodeSupport, SUPPORTED_NODE } from './node-version.ts';

const support = nodeSupport(process.versions.node);
if (support === 'too-old') {
  console.error(
    `workflow-api-mock needs Node ${SUPPORTED_NODE}; this is Node ${process.versions.node}. Install a newer Node (24 is the one it is developed on).`,
  );
  process.exit(1);
}
if (support === 'untested')
  console.error(`workflow-api-mock: Node ${process.versions.node} is outside the tested ${SUPPORTED_NODE}; going on.`);
// Colour only on a terminal: vitest's reporter (`contracts`) colours whenever TERM is set, so a CI log
// (stdout a pipe or a file, CI=true) filled with escape codes. FORCE_COLOR still asks for colour.
if (!process.stdout.isTTY && process.env.FORCE_COLOR === undefined) process.env.NO_COLOR ??= '1';
nodeModule.enableCompileCache?.();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
// process.exit drops output still queued for a pipe (`pact check many.json | cat` lost lines): an empty write's
// callback runs once everything before it is handed over; then exit, whatever handle lingers.
await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write('', done))));
process.exit();
