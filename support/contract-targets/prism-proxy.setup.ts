// globalSetup: our mock server with `prism proxy --errors` in front, so Prism validates every exchange on top of
// our own checks; the suites reach the control API at the mock server (Prism only proxies the document's paths).
import type { TestProject } from 'vitest/node';
import { startServer } from '../../mocks/node/server.ts';
import { startPrism } from '../../cli/prism-launcher.ts';
import { provideRecordFile } from './record-file.ts';

export default async function setup(project: TestProject) {
  const server = await startServer({ port: 0, quiet: true });
  const prism = await startPrism({ mode: 'proxy', port: 0, upstream: server.baseUrl, errors: true });
  project.provide('contractBaseUrl', prism.url);
  project.provide('contractControlUrl', server.origin);
  const report = provideRecordFile(project);
  return async () => {
    report();
    // Prism logs every violation it found; surface them, the suites already failed on them.
    const violations = prism
      .output()
      .split('\n')
      .filter((line) => /violation/i.test(line));
    if (violations.length > 0) console.log(`[${project.name}] Prism reported:\n${violations.slice(0, 40).join('\n')}`);
    await prism.close();
    await server.close();
  };
}
