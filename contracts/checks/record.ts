// Every checked exchange is recorded for the per-operation summary table. Vitest runs test
// files in separate workers, so records go to a JSONL file (appendFileSync of one short
// line is atomic enough for our sizes) that the runner reads once the run is over.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Observation } from '../../openapi/coverage.ts';

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
