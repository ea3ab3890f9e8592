// globalSetup: our mock server on a free port, shared by the project's suite files.
import type { TestProject } from 'vitest/node';
import { startServer } from '../../mocks/node/server.ts';
import { provideRecordFile } from './record-file.ts';

export default async function setup(project: TestProject) {
  const server = await startServer({ port: 0, quiet: true });
  project.provide('contractBaseUrl', server.baseUrl);
  const report = provideRecordFile(project);
  return async () => {
    report();
    await server.close();
  };
}
