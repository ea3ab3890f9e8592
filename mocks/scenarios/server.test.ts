// The same scenario list through the Node server on a free loopback port, with supertest.
import { runScenarios } from './run.ts';
import { startServerDriver } from './server-driver.ts';

runScenarios({
  name: 'the Node server (startServer + supertest)',
  async start(mock) {
    const { driver, server } = await startServerDriver(mock);
    return { driver, stop: () => server.close() };
  },
});
