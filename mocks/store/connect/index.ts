// Connect as the kit reads it outside the routes (createMock's control face, the app's token project); the routes
// load operations.ts, a face of its own, on first use. Modules outside the store import a face (docs/architecture.md).
export { completeConnect, tokenProject } from './connect.ts';
export { emitTrigger } from './trigger-emit.ts';
