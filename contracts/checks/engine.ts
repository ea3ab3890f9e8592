// The checks applied to every exchange (modelled on Schemathesis's default checks):
// not a server error, documented operation/status/content type, body valid against the
// document's response schema, ID prefixes, and no violation reported by Prism on the way.
import { checkIdPrefixes } from './ids.ts';
import type { Exchange, ResponseValidator, Violation } from './types.ts';

/** Classifies a validator issue: pointer '' is a status or content-type problem (the explorer's invariants too). */
export function classify(pointer: string, message: string) {
  if (pointer !== '') return 'response_schema_conformance';
  return /content.?type|media type/i.test(message) ? 'content_type_conformance' : 'status_code_conformance';
}

export function runChecks(exchange: Exchange, validator: ResponseValidator): Violation[] {
  const violations: Violation[] = [];
  if (exchange.status >= 500)
    violations.push({ check: 'not_a_server_error', pointer: '', message: `server error ${exchange.status}` });
  // Prism (proxy --errors, or mock) reports what it found wrong in this header.
  const prism = exchange.responseHeaders['sl-violations'];
  if (prism) violations.push({ check: 'prism_violations', pointer: '', message: `Prism reported: ${prism}` });
  if (exchange.operationId === null) {
    const message = `${exchange.method} ${exchange.path} matches no operation of the document`;
    violations.push({ check: 'documented_operation', pointer: '', message });
    return violations;
  }
  const isJson = exchange.contentType !== null && /(^|\+|\/)json$/.test(exchange.contentType);
  if (isJson && exchange.responseText !== '' && exchange.responseBody === undefined) {
    violations.push({ check: 'json_body', pointer: '', message: 'Content-Type says JSON but the body does not parse' });
    return violations;
  }
  const { operationId, status, contentType, responseBody } = exchange;
  for (const { pointer, message } of validator.validateResponse(operationId, status, contentType, responseBody))
    violations.push({ check: classify(pointer, message), pointer, message });
  violations.push(...checkIdPrefixes(exchange.operationId, exchange.responseBody));
  return violations;
}

const MAX_BODY = 600;

function clip(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length} chars)` : text;
}

function describeViolations(exchange: Exchange, violations: Violation[]): string {
  const lines = [
    `Contract violation in ${exchange.operationId ?? '(undocumented operation)'}`,
    `  request:  ${exchange.method} ${exchange.url}`,
  ];
  if (exchange.requestBody !== '') lines.push(`  body:     ${clip(exchange.requestBody)}`);
  lines.push(`  status:   ${exchange.status}${exchange.contentType ? ` (${exchange.contentType})` : ''}`);
  for (const violation of violations)
    lines.push(`  - [${violation.check}] at "${violation.pointer}": ${violation.message}`);
  if (exchange.responseText !== '') lines.push(`  response: ${clip(exchange.responseText)}`);
  return lines.join('\n');
}

export class ContractViolation extends Error {
  readonly exchange: Exchange;
  readonly violations: Violation[];
  constructor(exchange: Exchange, violations: Violation[]) {
    super(describeViolations(exchange, violations));
    this.name = 'ContractViolation';
    this.exchange = exchange;
    this.violations = violations;
  }
}
