// What every answer the explorer gets must keep (docs/contracts.md, "Explore", has the table), plus the in-process
// fuzzer's own; each failure names its invariant, so a report can say which one caught a broken server.
import { validator as api } from '../../openapi/validator.ts';
import { classify } from '../checks/engine.ts';
import { checkIdPrefixes } from '../checks/ids.ts';
import type { CheckName } from '../checks/types.ts';
import type { Built } from './requests.ts';

/** The checks' names (contracts/checks/types.ts) but `documented_operation`, then the explorer's own. */
export type InvariantName =
  | Exclude<CheckName, 'documented_operation'>
  | 'refuses_invalid_input'
  | 'resource_available'
  | 'gone_after_delete'
  | 'write_read_back'
  | 'error_hook'
  | 'unique_ids'
  | 'world_integrity'
  | 'read_cache_equivalence';

/** One request and its answer, as sent and received. */
export interface Exchange {
  request: Built;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The answer's text. */
  text: string;
  /** Its JSON, undefined when empty or not JSON. */
  body: unknown;
}

const truncate = (s: string, n = 600) => (s.length > n ? `${s.slice(0, n)}... (${s.length} chars)` : s);

export class InvariantError extends Error {
  override name = 'InvariantError';
  readonly invariant: InvariantName;
  readonly exchange: Exchange | undefined;
  constructor(invariant: InvariantName, message: string, exchange?: Exchange) {
    super(
      exchange === undefined
        ? `[${invariant}] ${message}`
        : `[${invariant}] ${message}\n  request: ${exchange.request.method} ${exchange.request.path} ${truncate(exchange.request.body)}\n  answer: ${exchange.status} ${truncate(exchange.text)}`,
    );
    this.invariant = invariant;
    this.exchange = exchange;
  }
}

/** Statuses any route can answer before its own checks (docs/errors.md), with the Error body, documented or not. */
const ANY_ROUTE = new Set([400, 401, 404, 405, 413, 415, 429, 503]);

export interface AnswerRules {
  /** The target applies the kit's input rules (not Prism): refusals are the documented ones. */
  enforcesRules: boolean;
  /** A 503 with `service_unavailable` is a failure the run injected (in-process fuzzing only). */
  injectedFailures: boolean;
}

/**
 * The invariants one answer keeps on its own: no 5xx, valid against the document, and for a
 * request the document refuses (`invalid` names why), a documented refusal.
 * @example
 * checkAnswer(exchange, invalidity(exchange.request), { enforcesRules: true, injectedFailures: false });
 */
export function checkAnswer(exchange: Exchange, invalid: readonly string[], rules: AnswerRules): void {
  const { request, status } = exchange;
  const injected = rules.injectedFailures && status === 503 && exchange.text.includes('"code":"service_unavailable"');
  if (status >= 500 && !injected) throw new InvariantError('not_a_server_error', `a ${status}`, exchange);
  // Prism answers a request it refuses by its own rules, in its own shape: only what it serves is checked.
  if (!rules.enforcesRules && invalid.length > 0) return;
  if (exchange.headers['sl-violations'])
    throw new InvariantError('prism_violations', `Prism reported: ${exchange.headers['sl-violations']}`, exchange);
  const contentType = (exchange.headers['content-type']?.split(';')[0] ?? '').trim().toLowerCase() || null;
  if (exchange.text !== '' && exchange.body === undefined && contentType !== null && /(^|\+|\/)json$/.test(contentType))
    throw new InvariantError('json_body', 'the Content-Type says JSON but the body does not parse', exchange);
  const validator = request.operation.validator;
  // The operation the router matches (a trailing slash or an empty segment may match another). The
  // path stays percent-encoded, as the app's router reads it: decoded first, a `%2F` in a parameter
  // would split into segments and match no operation (or another one).
  const lookup = validator.matchOperation(request.method, request.path.split('?')[0]!);
  const operationId = lookup.kind === 'match' ? lookup.operationId : undefined;
  const responses = operationId === undefined ? [] : validator.describeOperation(operationId).responses;
  const documented = responses.some(
    (r) => r.status === String(status) || r.status === `${String(status)[0]}XX` || r.status === 'DEFAULT',
  );
  if (operationId !== undefined && documented) {
    const issues = validator.validateResponse(operationId, status, contentType, exchange.body);
    const first = issues[0];
    if (first !== undefined) {
      const invariant = classify(first.pointer, first.message);
      throw new InvariantError(invariant, `the answer breaks the document: ${firstThree(issues)}`, exchange);
    }
    // A refusal may echo the caller's own input (`details.id`): only what the server issued must carry its prefix.
    // The prefixes are the service's (spec "Identifier prefixes"): the control API's own records (`dlv_`) are not held to them.
    const prefixes =
      status < 300 && request.operation.face === 'api' ? checkIdPrefixes(operationId, exchange.body) : [];
    if (prefixes.length > 0)
      throw new InvariantError('id_prefixes', `${prefixes[0]!.message} at ${prefixes[0]!.pointer}`, exchange);
  } else {
    const what = operationId ?? `${request.method} ${request.path}`;
    if (!ANY_ROUTE.has(status))
      throw new InvariantError('status_code_conformance', `status ${status} is not documented for ${what}`, exchange);
    const issues = api.validateSchema('Error', exchange.body);
    const broken = `an error body that breaks the Error schema: ${firstThree(issues)}`;
    if (issues.length > 0) throw new InvariantError('response_schema_conformance', broken, exchange);
  }
  const refused = status >= 400 && status < 500;
  if (invalid.length > 0 && request.headers.prefer === undefined && !refused && !injected) {
    const message = `answered ${status} to a request the document refuses (${invalid.slice(0, 2).join('; ')})`;
    throw new InvariantError('refuses_invalid_input', message, exchange);
  }
  if (invalid.length > 0 && refused) {
    const issues = api.validateSchema('Error', exchange.body);
    const message = `a refusal without the Error body: ${firstThree(issues)}`;
    if (issues.length > 0) throw new InvariantError('refuses_invalid_input', message, exchange);
  }
}

const firstThree = (issues: readonly unknown[]) => JSON.stringify(issues.slice(0, 3));
