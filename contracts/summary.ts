// The per-operation summary printed at the end of a contract run: for each operation, how many
// exchanges were checked, how many passed every check, how many failed, which statuses were seen.
// Vitest runs test files in separate workers, so every checked exchange goes to a JSONL file
// (appendFileSync of one short line is atomic enough for our sizes) that the runner reads once the run is over.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Observation } from '../openapi/coverage.ts';

export interface ExchangeRecord {
  target: string;
  operationId: string;
  method: string;
  status: number;
  passed: boolean;
  /** What the exchange covers of the document (parameters sent, links followed), for the coverage report. */
  coverage?: Observation;
}

export type Recorder = (record: ExchangeRecord) => void;

export function fileRecorder(file: string | undefined): Recorder {
  if (!file) return () => {};
  return (record) => appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export function readRecords(file: string): ExchangeRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ExchangeRecord);
}

export interface OperationRow {
  target: string;
  operationId: string;
  exchanges: number;
  passed: number;
  failed: number;
  statuses: number[];
}

export function summarize(records: ExchangeRecord[]): OperationRow[] {
  const rows = new Map<string, OperationRow>();
  for (const record of records) {
    const key = `${record.target}\u0000${record.operationId}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        target: record.target,
        operationId: record.operationId,
        exchanges: 0,
        passed: 0,
        failed: 0,
        statuses: [],
      };
      rows.set(key, row);
    }
    row.exchanges += 1;
    if (record.passed) row.passed += 1;
    else row.failed += 1;
    if (!row.statuses.includes(record.status)) row.statuses.push(record.status);
  }
  return [...rows.values()]
    .map((row) => ({ ...row, statuses: row.statuses.sort((a, b) => a - b) }))
    .sort((a, b) => a.target.localeCompare(b.target) || a.operationId.localeCompare(b.operationId));
}

/** Plain-text table; operations of the document never exercised are listed with 0 exchanges. */
export function formatSummary(rows: OperationRow[], allOperationIds: string[] = []): string {
  const targets = [...new Set(rows.map((row) => row.target))];
  const full = [...rows];
  for (const target of targets)
    for (const operationId of allOperationIds)
      if (!rows.some((row) => row.target === target && row.operationId === operationId))
        full.push({ target, operationId, exchanges: 0, passed: 0, failed: 0, statuses: [] });
  full.sort((a, b) => a.target.localeCompare(b.target) || a.operationId.localeCompare(b.operationId));
  const header = ['target', 'operation', 'exchanges', 'passed', 'failed', 'statuses'];
  const body = full.map((row) => [
    row.target,
    row.operationId,
    String(row.exchanges),
    String(row.passed),
    String(row.failed),
    row.statuses.join(' '),
  ]);
  const total = full.reduce(
    (sum, row) => [sum[0]! + row.exchanges, sum[1]! + row.passed, sum[2]! + row.failed],
    [0, 0, 0],
  );
  body.push(['', 'TOTAL', String(total[0]), String(total[1]), String(total[2]), '']);
  const widths = header.map((_, column) =>
    Math.max(header[column]!.length, ...body.map((line) => line[column]!.length)),
  );
  const render = (line: string[]) =>
    line
      .map((cell, column) =>
        column >= 2 && column <= 4 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(render)].join('\n');
}
