// Shared by the globalSetup files: a fresh exchange-record file per project run, and the summary
// line (or table, with CONTRACT_SUMMARY=1) printed when the project's run is over.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { formatSummary, readRecords, summarize } from '../../contracts/summary.ts';

export function provideRecordFile(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'contract-records-'));
  const file = join(dir, 'exchanges.jsonl');
  project.provide('contractRecordFile', file);
  return () => {
    const rows = summarize(readRecords(file));
    const exchanges = rows.reduce((sum, row) => sum + row.exchanges, 0);
    const failed = rows.reduce((sum, row) => sum + row.failed, 0);
    if (process.env.CONTRACT_SUMMARY === '1') console.log(`\n${formatSummary(rows)}`);
    else if (exchanges > 0)
      console.log(
        `[${project.name}] ${rows.length} operations, ${exchanges} exchanges checked, ${failed} failed the checks`,
      );
    rmSync(dir, { recursive: true, force: true });
  };
}
