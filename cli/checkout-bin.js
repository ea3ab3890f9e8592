// The checkout's entry (npm scripts, the bench, the tests): cli/bin.ts behind Node's compile cache.
// JavaScript on purpose: Node strips TypeScript with a module of its own that costs ~100 ms to load,
// and only a TypeScript file read from a warm compile cache skips it. bin.ts enables the cache too,
// but after Node has stripped bin.ts itself; enabled here first, no file needs stripping once the
// cache is warm (docs/performance.md, "Start-up"). The installed package runs dist/cli/bin.js.
import * as nodeModule from 'node:module';

nodeModule.enableCompileCache?.();
await import('./bin.ts');
