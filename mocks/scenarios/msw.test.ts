// The scenario list through the MSW adapter: setupServer + createHandlers + the typed client.
import { runScenarios } from './run.ts';
import { startMswDriver } from './msw-driver.ts';

runScenarios({
  name: 'MSW (setupServer + openapi-fetch client)',
  async start(mock) {
    const { driver, server } = startMswDriver(mock);
    return { driver, stop: async () => server.close() };
  },
});
