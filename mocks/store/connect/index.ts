// Connect as the rest of the kit reads it outside the routes: createMock's control face (completing
// a connection, emitting a deployed trigger's event) and the app's reading of a connect token's
// project. The routes' operations are operations.ts, a face of its own the routes load on first
// use. Modules of the store import the module that holds a name; modules outside it import a face.
export { completeConnect, tokenProject } from './connect.ts';
export { emitTrigger } from './trigger-emit.ts';
