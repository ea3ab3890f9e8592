// A drift report (openapi/drift.ts) as a readable summary and as JUnit XML, one case per operation. Browser-safe.
import { type DriftReport, isDrifting, MAX_FIELDS_PER_OPERATION, type OperationDrift } from './drift.ts';
import { junitXml, type JunitSuite } from './junit.ts';

/**
 * The report as lines of text: one block per drifting operation, then the assumptions' verdicts.
 * @example
 * console.log(driftText(analyzer.report()));
 */
export function driftText(report: DriftReport): string {
  const lines: string[] = [];
  const drifting = report.operations.filter(isDrifting);
  lines.push(
    `${report.answers} answer${report.answers === 1 ? '' : 's'} over ${report.operations.length} operation${report.operations.length === 1 ? '' : 's'}: ` +
      (drifting.length === 0 ? 'no drift from the document' : `${drifting.length} drift from the document`),
  );
  for (const operation of drifting) {
    const statuses = Object.entries(operation.statuses).map(([status, count]) => `${count} x ${status}`);
    lines.push('', `${operation.operationId} (${operation.method} ${operation.template}), ${statuses.join(', ')}`);
    if (operation.undocumentedStatuses.length > 0)
      lines.push(`  undocumented status  ${operation.undocumentedStatuses.join(', ')}`);
    for (const [label, fields] of [
      ['missing', operation.missing],
      ['extra', operation.extra],
      ['wrong type', operation.wrongType],
      ['invalid', operation.invalid],
    ] as const)
      for (const field of fields)
        lines.push(
          `  ${label.padEnd(20)} ${field.pointer || '(body)'}  ${field.message}${field.count > 1 ? ` (${field.count} answers)` : ''}`,
        );
    if (operation.droppedFields > 0) lines.push(`  not listed           ${droppedLine(operation.droppedFields)}`);
    for (const pointer of operation.contradicted) lines.push(`  contradicts          ${pointer}`);
  }
  const confirmed = report.assumptions.filter((assumption) => assumption.contradicted === 0);
  const contradicted = report.assumptions.filter((assumption) => assumption.contradicted > 0);
  lines.push('', `Assumptions (x-assumed): ${confirmed.length} confirmed, ${contradicted.length} contradicted`);
  for (const assumption of contradicted)
    lines.push(`  contradicted  ${assumption.pointer}: ${assumption.evidence ?? ''}`);
  for (const assumption of confirmed) lines.push(`  confirmed     ${assumption.pointer}`);
  if (report.unmatched.length > 0)
    lines.push('', `Not in the document (${report.unmatched.length}): ${report.unmatched.join('; ')}`);
  return lines.join('\n');
}

/**
 * The report as JUnit XML: suite `drift`, one case per operation answered (a failure listing its
 * departures when it drifts), one per assumption reached.
 * @example
 * writeFileSync('drift.xml', driftJUnit(analyzer.report()));
 */
export function driftJUnit(report: DriftReport): string {
  const cases: JunitSuite['cases'] = [];
  for (const operation of report.operations) {
    const name = `${operation.operationId} (${operation.method} ${operation.template})`;
    // departures() lists exactly what makes isDrifting() true: none, a passing case.
    const details = departures(operation);
    const message = `${details.length} departure${details.length === 1 ? '' : 's'} from the document`;
    const failure = details.length === 0 ? undefined : { message, text: details.join('\n') };
    cases.push({ classname: 'drift.operations', name, seconds: 0, failure });
  }
  for (const assumption of report.assumptions) {
    const { contradicted, sentence, evidence } = assumption;
    const message = `contradicted by ${contradicted} answer${contradicted === 1 ? '' : 's'}`;
    const failure = contradicted === 0 ? undefined : { message, text: `${sentence}\n${evidence ?? ''}` };
    cases.push({ classname: 'drift.assumptions', name: assumption.pointer, seconds: 0, failure });
  }
  return junitXml('drift', [{ name: 'drift', cases }]);
}

function departures(operation: OperationDrift): string[] {
  return [
    ...operation.undocumentedStatuses.map((status) => `status ${status} is not documented`),
    ...operation.missing.map((field) => `missing ${field.pointer}`),
    ...operation.extra.map((field) => `extra ${field.pointer}`),
    ...operation.wrongType.map((field) => `wrong type ${field.pointer}: ${field.message}`),
    ...operation.invalid.map((field) => `invalid ${field.pointer || '(body)'}: ${field.message}`),
    ...(operation.droppedFields > 0 ? [`not listed: ${droppedLine(operation.droppedFields)}`] : []),
    ...operation.contradicted.map((pointer) => `contradicts ${pointer}`),
  ];
}

function droppedLine(dropped: number): string {
  const noun = dropped === 1 ? 'departure' : 'departures';
  return `${dropped} more field ${noun} (the report lists ${MAX_FIELDS_PER_OPERATION} per operation)`;
}
