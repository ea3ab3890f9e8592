// Drift: where a real service's answers depart from the document (docs/upstream.md, "Drift report"):
// the validator's issues per operation, plus undeclared fields and `x-assumed` verdicts. Browser-safe.
import { resolveOperations } from './document/resolve.ts';
import { escapePointer, followRef, valueAt } from './json-pointer.ts';
import { documentedStatusKey, mediaTypeOf } from './response.ts';
import type { Issue, Validator } from './types.ts';
import type { ResolvedOperation } from './document/resolve.ts';

export interface Assumption {
  /** JSON pointer of the object carrying the marker (`/paths/~1users~1me/get`, `/components/schemas/Error`). */
  pointer: string;
  sentence: string;
}

/**
 * Every `x-assumed: true` marker of the document, in document order, with its `x-assumption` sentence.
 * @example
 * collectAssumptions(document).find((a) => a.pointer === '/components/schemas/Error')?.sentence;
 */
export function collectAssumptions(document: unknown): Assumption[] {
  const found: Assumption[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${pointer}/${index}`);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record['x-assumed'] === true) {
      found.push({ pointer: pointer || '/', sentence: String(record['x-assumption'] ?? '').trim() });
    }
    for (const [key, value] of Object.entries(record)) {
      walk(value, `${pointer}/${escapePointer(key)}`);
    }
  };
  walk(document, '');
  return found;
}

/** One answer of the service: what the drift report reads of an exchange. */
export interface ObservedAnswer {
  method: string;
  /** The API path without the server's base path (`/users/me`), percent-encoded as sent. */
  path: string;
  status: number;
  contentType: string | null;
  /** The body's text ('' when none). */
  body: string;
  /** The operation, when the caller already knows it (the hybrid server does); else matched from method and path. */
  operationId?: string;
}

export interface FieldDrift {
  /** JSON pointer into the answer's body, array indexes written `*` (one line for every item). */
  pointer: string;
  /** The validator's message (`must be string`), or `not in the document` for an extra field. */
  message: string;
  statuses: number[];
  count: number;
}

export interface AssumptionVerdict {
  pointer: string;
  /** '' for a document without prose (openapi/generated/document.ts); openapi/ASSUMPTIONS.md has it. */
  sentence: string;
  /** Answers that reached it without an issue under it. */
  confirmed: number;
  /** Answers that reached it with an issue under it (or an undocumented status, for an operation's own). */
  contradicted: number;
  /** What contradicted it first (an issue's pointer and message), when anything did. */
  evidence?: string;
}

export interface OperationDrift {
  operationId: string;
  method: string;
  template: string;
  answers: number;
  /** Status -> answers seen with it. */
  statuses: Record<string, number>;
  /** Statuses answered that the document does not list for the operation. */
  undocumentedStatuses: number[];
  missing: FieldDrift[];
  extra: FieldDrift[];
  wrongType: FieldDrift[];
  /** Other issues: a pattern, an enum, a format, a body where none is documented, another media type. */
  invalid: FieldDrift[];
  /** Pointers of the assumptions this operation's answers confirmed (and none contradicted). */
  confirmed: string[];
  /** Pointers of the assumptions this operation's answers contradicted. */
  contradicted: string[];
  /** Field departures not listed past MAX_FIELDS_PER_OPERATION. */
  droppedFields: number;
}

export interface DriftReport {
  answers: number;
  /** Operations whose answers depart from the document in any way. */
  drifting: number;
  /** Observed, sorted by operationId. */
  operations: OperationDrift[];
  /** Answers no operation of the document matches: `METHOD /path status`. */
  unmatched: string[];
  /** Every assumption at least one answer reached, in document order. */
  assumptions: AssumptionVerdict[];
}

export interface DriftAnalyzer {
  /** Judges one answer; answers its drift so far (null when no operation matches it). */
  observe(answer: ObservedAnswer): OperationDrift | null;
  report(): DriftReport;
}

type Json = Record<string, unknown>;

type FieldKind = 'missing' | 'extra' | 'wrongType' | 'invalid';

interface OperationState {
  drift: OperationDrift;
  /** `kind pointer message` -> the entry in `drift` (the same object). */
  fields: Map<string, FieldDrift>;
}

type Tally = Pick<AssumptionVerdict, 'confirmed' | 'contradicted' | 'evidence'>;

/** Field lines one operation lists at most: a report stays a few MB when a service invents a field per answer. */
export const MAX_FIELDS_PER_OPERATION = 100;

const TYPE_MESSAGE =
  /^must be (string|number|integer|boolean|object|array|null)(,(string|number|integer|boolean|object|array|null))*$/;

/**
 * A drift analyzer for a document and its validator (openapi/validator.ts).
 * @example
 * const drift = createDriftAnalyzer(document, validator);
 * const body = '{"data":{}}';
 * drift.observe({ method: 'GET', path: '/users/me', status: 200, contentType: 'application/json', body });
 * drift.report().operations[0]?.missing; // [{ pointer: '/data/id', message: "must have required property 'id'", ... }]
 */
export function createDriftAnalyzer(document: object, validator: Validator): DriftAnalyzer {
  const assumptions = collectAssumptions(document);
  const analysis: Analysis = {
    document,
    validator,
    assumptions,
    byPointer: new Map(assumptions.map((assumption) => [assumption.pointer, assumption])),
    sites: new Map(resolveOperations(document).map((operation) => [operation.info.operationId, operation])),
    states: new Map(),
    tallies: new Map(),
    unmatched: [],
    answers: 0,
  };
  return { observe: (answer) => observe(analysis, answer), report: () => report(analysis) };
}

interface Analysis {
  document: object;
  validator: Validator;
  assumptions: Assumption[];
  byPointer: Map<string, Assumption>;
  sites: Map<string, ResolvedOperation>;
  states: Map<string, OperationState>;
  /** Assumption pointer -> the answers that confirmed and contradicted it. */
  tallies: Map<string, Tally>;
  unmatched: string[];
  answers: number;
}

interface Judgement {
  state: OperationState;
  status: number;
  body: unknown;
  issues: Issue[];
  operationPointer: string;
  /** Assumptions the answer reached, and those of them it contradicted. */
  reached: Set<string>;
  contradicted: Set<string>;
}

function observe(analysis: Analysis, answer: ObservedAnswer): OperationDrift | null {
  const { validator, sites } = analysis;
  analysis.answers += 1;
  const operationId = answer.operationId ?? matchOperation(validator, answer.method, answer.path);
  if (operationId === undefined || !sites.has(operationId)) {
    const line = `${answer.method.toUpperCase()} ${answer.path} ${answer.status}`;
    if (analysis.unmatched.length < 100) analysis.unmatched.push(line);
    return null;
  }
  const state = stateOf(analysis, operationId);
  const { drift } = state;
  drift.answers += 1;
  drift.statuses[answer.status] = (drift.statuses[answer.status] ?? 0) + 1;
  const body = parseBody(answer.body);
  const judgement: Judgement = {
    state,
    status: answer.status,
    body,
    issues: validator.validateResponse(operationId, answer.status, answer.contentType, body),
    operationPointer: sites.get(operationId)!.pointer,
    reached: new Set(),
    contradicted: new Set(),
  };
  // The documented response the answer falls under (response.ts's rule), upper case.
  const documented = documentedStatusKey(sites.get(operationId)!.responses, answer.status);
  if (documented === undefined) judgeUndocumented(analysis, judgement);
  else judgeDocumented(analysis, judgement, sites.get(operationId)!, documented, answer.contentType);
  for (const pointer of judgement.contradicted) {
    if (!drift.contradicted.includes(pointer)) drift.contradicted.push(pointer);
  }
  const confirmed = new Set([...drift.confirmed, ...judgement.reached]);
  drift.confirmed = [...confirmed].filter((pointer) => !drift.contradicted.includes(pointer));
  return drift;
}

function stateOf({ states, validator }: Analysis, operationId: string): OperationState {
  let state = states.get(operationId);
  if (state === undefined) {
    const { method, template } = validator.describeOperation(operationId);
    const drift: OperationDrift = {
      operationId,
      method,
      template,
      answers: 0,
      statuses: {},
      undocumentedStatuses: [],
      missing: [],
      extra: [],
      wrongType: [],
      invalid: [],
      confirmed: [],
      contradicted: [],
      droppedFields: 0,
    };
    state = { drift, fields: new Map() };
    states.set(operationId, state);
  }
  return state;
}

/** A status the operation does not list: noted, and it contradicts the operation's own assumption. */
function judgeUndocumented(analysis: Analysis, judgement: Judgement): void {
  const { state, status, operationPointer } = judgement;
  if (!state.drift.undocumentedStatuses.includes(status)) state.drift.undocumentedStatuses.push(status);
  if (!analysis.byPointer.has(operationPointer)) return;
  tally(analysis, operationPointer, `status ${status} is not documented`);
  judgement.contradicted.add(operationPointer);
}

/** A documented answer: its body walked for undeclared fields and assumptions reached, then the issues sorted. */
function judgeDocumented(
  analysis: Analysis,
  judgement: Judgement,
  site: ResolvedOperation,
  documented: string,
  contentType: string | null,
): void {
  const { document, byPointer } = analysis;
  const { state, status, body, issues, operationPointer, reached, contradicted } = judgement;
  const raw = documented === 'DEFAULT' ? 'default' : documented;
  const responsePointer = `${operationPointer}/responses/${escapePointer(raw)}`;
  const response = followRef(document, valueAt(document, responsePointer), responsePointer);
  const schemaPointer = site.responses.get(documented)?.content.get(mediaTypeOf(contentType)) ?? null;
  const applied = new Map<string, Set<string>>();
  const extras: string[] = [];
  if (schemaPointer !== null && body !== undefined) walk(document, schemaPointer, body, '', applied, extras);
  for (const pointer of extras) record(state, 'extra', pointer, 'not in the document', status);
  judgeSchemaAssumptions(analysis, judgement, applied);
  // A shared response's own assumption (components/responses/NotFound) speaks before the operation's.
  const answerAssumption = [response.pointer, operationPointer].find((pointer) => byPointer.has(pointer));
  if (answerAssumption !== undefined) {
    const evidence = issues.length > 0 ? describe(issues[0]!) : undefined;
    if (response.node !== undefined) tally(analysis, answerAssumption, evidence);
    reached.add(answerAssumption);
    if (issues.length > 0) contradicted.add(answerAssumption);
  }
  for (const issue of issues) record(state, fieldKind(issue.message), issue.pointer, issue.message, status);
}

/** The assumptions on schemas that applied somewhere in the body: contradicted when an issue lies under them. */
function judgeSchemaAssumptions(analysis: Analysis, judgement: Judgement, applied: Map<string, Set<string>>): void {
  const { issues, reached, contradicted } = judgement;
  for (const [at, schemas] of applied)
    for (const schema of schemas)
      if (analysis.byPointer.has(schema)) {
        reached.add(schema);
        if (issueUnder(issues, at) !== undefined) contradicted.add(schema);
      }
  for (const schema of reached) {
    tally(analysis, schema, contradicted.has(schema) ? firstIssue(issues, applied, schema) : undefined);
  }
}

/** Which field line an issue goes under, by the validator's message. */
function fieldKind(message: string): FieldKind {
  if (message.startsWith('must have required property')) return 'missing';
  if (TYPE_MESSAGE.test(message)) return 'wrongType';
  if (message === 'must NOT have additional properties') return 'extra';
  return 'invalid';
}

/** One more answer that confirmed the assumption at `pointer`, or contradicted it (`contradiction`, its evidence). */
function tally({ tallies }: Analysis, pointer: string, contradiction: string | undefined): void {
  const entry = tallies.get(pointer) ?? { confirmed: 0, contradicted: 0 };
  if (contradiction === undefined) entry.confirmed += 1;
  else {
    entry.contradicted += 1;
    entry.evidence ??= contradiction;
  }
  tallies.set(pointer, entry);
}

function report({ states, answers, unmatched, assumptions, tallies }: Analysis): DriftReport {
  const operations = [...states.values()].map(({ drift }) => structuredClone(drift));
  operations.sort((a, b) => a.operationId.localeCompare(b.operationId));
  return {
    answers,
    drifting: operations.filter(isDrifting).length,
    operations,
    unmatched: [...unmatched],
    assumptions: assumptions
      .filter((assumption) => tallies.has(assumption.pointer))
      .map((assumption: Assumption): AssumptionVerdict => ({ ...assumption, ...tallies.get(assumption.pointer)! })),
  };
}

/** Whether an operation's answers depart from the document at all. */
export function isDrifting(drift: OperationDrift): boolean {
  const { undocumentedStatuses, missing, extra, wrongType, invalid, contradicted } = drift;
  return (
    drift.droppedFields > 0 ||
    [undocumentedStatuses, missing, extra, wrongType, invalid, contradicted].some((l) => l.length > 0)
  );
}

function record(state: OperationState, kind: FieldKind, pointer: string, message: string, status: number): void {
  // `/data/3/name` -> `/data/*/name`: one line per field, whatever item showed it.
  const general = pointer.replace(/\/\d+(?=\/|$)/g, '/*');
  const key = `${kind} ${general} ${message}`;
  let field = state.fields.get(key);
  if (field === undefined) {
    if (state.fields.size >= MAX_FIELDS_PER_OPERATION) {
      state.drift.droppedFields += 1;
      return;
    }
    field = { pointer: general, message, statuses: [], count: 0 };
    state.fields.set(key, field);
    state.drift[kind].push(field);
  }
  field.count += 1;
  if (!field.statuses.includes(status)) field.statuses.push(status);
}

function describe(issue: Issue): string {
  return `${issue.pointer || '(body)'} ${issue.message}`;
}

function firstIssue(issues: readonly Issue[], applied: Map<string, Set<string>>, schema: string): string {
  for (const [at, schemas] of applied) {
    const issue = schemas.has(schema) ? issueUnder(issues, at) : undefined;
    if (issue !== undefined) return describe(issue);
  }
  return 'an issue under it';
}

function issueUnder(issues: readonly Issue[], at: string): Issue | undefined {
  return issues.find((issue) => issue.pointer === at || issue.pointer.startsWith(`${at}/`));
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The operation of a method and path; a base path (`/v1`, a gateway's `/api/v1`) is dropped segment by segment. */
function matchOperation(validator: Validator, method: string, path: string): string | undefined {
  let rest = path.split('?')[0]!;
  for (;;) {
    const lookup = validator.matchOperation(method, rest === '' ? '/' : rest);
    if (lookup.kind === 'match') return lookup.operationId;
    const next = rest.indexOf('/', 1);
    if (next < 0) return undefined;
    rest = rest.slice(next);
  }
}

/**
 * The instance pointers of the members of `body` that the schema at `schemaPointer` does not declare, by the
 * walk the drift report's `extra` fields come from (`pact check` reports them too).
 * @example
 * undeclaredMembers(document, '/components/schemas/User', { id: 'u_1', nickname: 'x' }); // ['/nickname']
 */
export function undeclaredMembers(document: object, schemaPointer: string, body: unknown): string[] {
  const extras: string[] = [];
  walk(document, schemaPointer, body, '', new Map(), extras);
  return extras;
}

/**
 * Walks `value` along the schema at `pointer`: which schemas applied where (`applied`), and every object member
 * no allOf/anyOf/oneOf branch declares (`extras`) unless the object is open (additional or pattern properties, none).
 */
function walk(
  document: object,
  pointer: string,
  value: unknown,
  at: string,
  applied: Map<string, Set<string>>,
  extras: string[],
  depth = 0,
): void {
  if (depth > 64) return;
  const branches = schemaBranches(document, pointer);
  for (const branch of branches) {
    const set = applied.get(at) ?? new Set<string>();
    applied.set(at, set);
    set.add(branch.pointer);
  }
  if (Array.isArray(value)) {
    for (const branch of branches) {
      if (branch.node.items === undefined || typeof branch.node.items !== 'object') continue;
      for (const [index, item] of value.entries())
        walk(document, `${branch.pointer}/items`, item, `${at}/${index}`, applied, extras, depth + 1);
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const declared = new Map<string, string[]>();
  let open = false;
  let anyProperties = false;
  for (const branch of branches) {
    const { node } = branch;
    const properties = node.properties as Json | undefined;
    if (properties !== undefined) anyProperties = true;
    if (
      (node.additionalProperties !== undefined && node.additionalProperties !== false) ||
      node.patternProperties !== undefined
    )
      open = true;
    for (const name of Object.keys(properties ?? {})) {
      const list = declared.get(name) ?? [];
      list.push(`${branch.pointer}/properties/${escapePointer(name)}`);
      declared.set(name, list);
    }
  }
  for (const [name, child] of Object.entries(value)) {
    const schemas = declared.get(name);
    const childAt = `${at}/${escapePointer(name)}`;
    if (schemas === undefined) {
      if (anyProperties && !open) extras.push(childAt);
      continue;
    }
    for (const schema of schemas) walk(document, schema, child, childAt, applied, extras, depth + 1);
  }
}

/** The schema at `pointer` and every schema its allOf, anyOf and oneOf reach, `$ref`s followed, with where each lives. */
function schemaBranches(document: object, pointer: string): Array<{ node: Json; pointer: string }> {
  const out: Array<{ node: Json; pointer: string }> = [];
  const seen = new Set<string>();
  const visit = (at: string) => {
    let resolved: { node: unknown; pointer: string };
    try {
      resolved = followRef(document, valueAt(document, at), at);
    } catch {
      return;
    }
    if (seen.has(resolved.pointer) || typeof resolved.node !== 'object' || resolved.node === null) return;
    seen.add(resolved.pointer);
    // The schema as written (a property's own, whose `$ref` is followed below) counts as applied too.
    if (at !== resolved.pointer && !seen.has(at)) {
      seen.add(at);
      out.push({ node: {}, pointer: at });
    }
    const node = resolved.node as Json;
    out.push({ node, pointer: resolved.pointer });
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[keyword]))
        for (const index of (node[keyword] as unknown[]).keys()) visit(`${resolved.pointer}/${keyword}/${index}`);
  };
  visit(pointer);
  return out;
}
