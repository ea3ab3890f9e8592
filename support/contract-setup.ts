// globalSetup of the contract projects that talk to a server (contracts/vitest.config.ts), by the project's
// CONTRACT_TARGET: our mock server on a free port (`mock`), `prism mock` on the document (`prism`, stateless), or our
// mock server with `prism proxy --errors` in front (`prism-proxy`: Prism validates every exchange on top of our own
// checks; the suites reach the control API at the mock server, Prism only proxies the document's paths). Each run
// gets a fresh exchange-record file, whose summary line (or table, with CONTRACT_SUMMARY=1) is printed at its end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPrism } from '../cli/prism-launcher.ts';
import { formatSummary, readRecords, summarize } from '../contracts/summary.ts';
import { startServer } from '../mocks/node/server.ts';

export default async function setup(project: TestProject) {
  const target = project.config.env.CONTRACT_TARGET;
  const server = target === 'prism' ? undefined : await startServer({ port: 0, quiet: true });
  const prism =
    target === 'prism'
      ? await startPrism({ mode: 'mock', port: 0 })
      : target === 'prism-proxy'
        ? await startPrism({ mode: 'proxy', port: 0, upstream: server!.baseUrl, errors: true })
        : undefined;
  project.provide('contractBaseUrl', prism?.url ?? server!.baseUrl);
  if (prism !== undefined && server !== undefined) project.provide('contractControlUrl', server.origin);
  const dir = mkdtempSync(join(tmpdir(), 'contract-records-'));
  const file = join(dir, 'exchanges.jsonl');
  project.provide('contractRecordFile', file);
  return async () => {
    const rows = summarize(readRecords(file));
    const exchanges = rows.reduce((sum, row) => sum + row.exchanges, 0);
    const failed = rows.reduce((sum, row) => sum + row.failed, 0);
    if (process.env.CONTRACT_SUMMARY === '1') console.log(`\n${formatSummary(rows)}`);
    else if (exchanges > 0)
      console.log(
        `[${project.name}] ${rows.length} operations, ${exchanges} exchanges checked, ${failed} failed the checks`,
      );
    rmSync(dir, { recursive: true, force: true });
    if (prism !== undefined && server !== undefined) {
      // Prism logs every violation it found; surface them, the suites already failed on them.
      const violations = prism
        .output()
        .split('\n')
        .filter((line) => /violation/i.test(line));
      if (violations.length > 0)
        console.log(`[${project.name}] Prism reported:\n${violations.slice(0, 40).join('\n')}`);
    }
    await prism?.close();
    await server?.close();
  };
}
