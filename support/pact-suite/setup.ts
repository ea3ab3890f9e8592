// The setup file a user adds (docs/pact.md, "From the MSW handlers"): the kit's handlers with a
// pact, MSW's setupServer, and the file's interactions merged into PACT_DIR once its tests are done.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createHandlers } from '../../mocks/msw/handlers.ts';
import { writePactFile } from '../../mocks/node/server.ts';
import { SUITE_CONSUMER, SUITE_WORLD } from './run.ts';

/** Loopback only: a request the handlers miss is refused there, never sent anywhere else. */
export const API = 'http://127.0.0.1:59999/v1';

const handlers = createHandlers({ baseUrl: API, ...SUITE_WORLD, pact: { consumer: SUITE_CONSUMER } });
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(async () => {
  server.close();
  await writePactFile(process.env.PACT_DIR!, handlers.pact!);
});
