#!/usr/bin/env node
// The package's `bin` (workflow-api-mock) and the checkout's npm scripts (`node cli/bin.ts serve`):
// one code path. Node's compile cache keeps later starts fast (docs/performance.md); it only
// covers modules loaded after it is enabled, hence the dynamic import of the dispatcher.
import { enableCompileCache } from 'node:module';

enableCompileCache();
const { main } = await import('./main.ts');
process.exit(await main(process.argv.slice(2)));
