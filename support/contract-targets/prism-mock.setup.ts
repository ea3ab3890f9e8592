// globalSetup: `prism mock` on the document, on a free port (stateless: schema-level cases only).
import type { TestProject } from 'vitest/node';
import { startPrism } from '../../cli/prism-launcher.ts';
import { provideRecordFile } from './record-file.ts';

export default async function setup(project: TestProject) {
  const prism = await startPrism({ mode: 'mock', port: 0 });
  project.provide('contractBaseUrl', prism.url);
  const report = provideRecordFile(project);
  return async () => {
    report();
    await prism.close();
  };
}
