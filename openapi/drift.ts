// Drift: where a real service's answers depart from the document (docs/upstream.md, "Drift report").
// Every answer is judged by the kit's own validator (openapi/validator.ts: documented status, media
// type, body schema), and its issues are sorted per operation into statuses the document does not
// list and fields missing, of the wrong type or otherwise invalid, by JSON pointer. Two things the
// validator cannot say are added here by one walk of the body along its schema: the fields the
// schema does not declare (the document rarely closes its objects, so Ajv accepts them), and which
// schema applied where, so that each `x-assumed` statement the answer reached is confirmed (no issue
// under it) or contradicted. Bounded whatever the service sends: at most MAX_FIELDS_PER_OPERATION
// field lines per operation (an upstream that invents field names would grow it without end), the
// rest counted in `droppedFields`. Plain data in, plain data out; browser-safe.
import { type Assumption, collectAssumptions } from './assumptions.ts';
import { resolveOperations } from './document/resolve.ts';
import { escapePointer, followRef, valueAt } from './json-pointer.ts';
import type { Issue, Validator } from './types.ts';

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
  /** The statuses of the answers that showed it. */
  statuses: number[];
  /** How many answers showed it. */
  count: number;
}

export interface AssumptionVerdict {
  pointer: string;
  /**
   * The `x-assumption` sentence; '' when the analyzer was given a document without prose (the MSW
   * handlers' copy, openapi/generated/document.ts): openapi/ASSUMPTIONS.md has it at the pointer.
   */
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
  /** Answers seen. */
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
  /**
   * Field departures not listed because the operation already lists MAX_FIELDS_PER_OPERATION
   * distinct ones (each answer's each unlisted field counts once).
   */
  droppedFields: number;
}

export interface DriftReport {
  /** Answers judged. */
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

interface Tally {
  confirmed: number;
  contradicted: number;
  evidence?: string;
}

/**
 * Field lines (missing, extra, wrong type, invalid together) one operation lists at most: a real
 * drift is a handful of fields; 100 shows any of them with room to spare and keeps a report of the
 * document's ~100 operations under a few MB even when a service invents a field name per answer.
 */
export const MAX_FIELDS_PER_OPERATION = 100;

const TYPE_MESSAGE = /^must be (string|number|integer|boolean|object|array|null)(,(string|number|integer|boolean|object|array|null))*$/;

/**
 * A drift analyzer for a document (the kit's own: `createDriftAnalyzer(document, validator)` from
 * openapi/validator.ts and openapi/generated/document.ts).
 * @example
 * const drift = createDriftAnalyzer(document, validator);
 * drift.observe({ method: 'GET', path: '/users/me', status: 200, contentType: 'application/json', body: '{"data":{}}' });
 * drift.report().operations[0]?.missing; // [{ pointer: '/data/id', message: "must have required property 'id'", ... }]
 */
export function createDriftAnalyzer(document: object, validator: Validator): DriftAnalyzer {
  const assumptions = collectAssumptions(document);
  const byPointer = new Map(assumptions.map((assumption) => [assumption.pointer, assumption]));
  const sites = new Map(resolveOperations(document).map((operation) => [operation.info.operationId, operation]));
  const operationPointers = operationPointersOf(document);
  const states = new Map<string, OperationState>();
  const tallies = new Map<string, Tally>();
  const unmatched: string[] = [];
  let answers = 0;

  const tally = (pointer: string, contradiction: string | undefined) => {
    const entry = tallies.get(pointer) ?? { confirmed: 0, contradicted: 0 };
    if (contradiction === undefined) entry.confirmed += 1;
    else {
      entry.contradicted += 1;
      entry.evidence ??= contradiction;
    }
    tallies.set(pointer, entry);
  };

  const observe = (answer: ObservedAnswer): OperationDrift | null => {
    answers += 1;
    const operationId = answer.operationId ?? matchOperation(validator, answer.method, answer.path);
    if (operationId === undefined || !sites.has(operationId)) {
      if (unmatched.length < 100) unmatched.push(`${answer.method.toUpperCase()} ${answer.path} ${answer.status}`);
      return null;
    }
    const info = validator.describeOperation(operationId);
    let state = states.get(operationId);
    if (state === undefined) {
      state = {
        drift: {
          operationId,
          method: info.method,
          template: info.template,
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
        },
        fields: new Map(),
      };
      states.set(operationId, state);
    }
    const { drift } = state;
    drift.answers += 1;
    drift.statuses[answer.status] = (drift.statuses[answer.status] ?? 0) + 1;

    const body = parseBody(answer.body);
    const issues = validator.validateResponse(operationId, answer.status, answer.contentType, body);
    const site = sites.get(operationId)!;
    const documented = documentedKey(site.responses, answer.status);
    const operationPointer = operationPointers.get(operationId)!;
    const contradicted = new Set<string>();
    const reached = new Set<string>();

    if (documented === undefined) {
      if (!drift.undocumentedStatuses.includes(answer.status)) drift.undocumentedStatuses.push(answer.status);
      // An operation's own assumption describes its answers: a status it does not list contradicts it.
      if (byPointer.has(operationPointer)) tally(operationPointer, `status ${answer.status} is not documented`);
    } else {
      const responsePointer = `${operationPointer}/responses/${escapePointer(documented.raw)}`;
      const { node: response, pointer: responseAt } = followRef(document, valueAt(document, responsePointer), responsePointer);
      // Which assumption speaks for this answer: a shared response's own (components/responses/NotFound), else the operation's.
      const answerAssumption = byPointer.has(responseAt) ? responseAt : byPointer.has(operationPointer) ? operationPointer : undefined;
      const mediaType = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
      const schemaPointer = site.responses.get(documented.key)?.content.get(mediaType) ?? null;
      const applied = new Map<string, Set<string>>();
      const extras: string[] = [];
      if (schemaPointer !== null && body !== undefined) walk(document, schemaPointer, body, '', applied, extras);
      for (const pointer of extras) record(state, 'extra', pointer, 'not in the document', answer.status);
      // Assumptions on schemas that applied somewhere in this body.
      for (const [at, schemas] of applied)
        for (const schema of schemas)
          if (byPointer.has(schema)) {
            reached.add(schema);
            const under = issues.find((issue) => issue.pointer === at || issue.pointer.startsWith(`${at}/`));
            if (under !== undefined) contradicted.add(schema);
          }
      for (const schema of reached) tally(schema, contradicted.has(schema) ? firstIssue(issues, applied, schema) : undefined);
      if (answerAssumption !== undefined && response !== undefined) tally(answerAssumption, issues.length > 0 ? describe(issues[0]!) : undefined);
      if (answerAssumption !== undefined) reached.add(answerAssumption);
      if (answerAssumption !== undefined && issues.length > 0) contradicted.add(answerAssumption);
    }
    for (const issue of issues) {
      if (documented === undefined) break;
      const kind = issue.message.startsWith('must have required property')
        ? 'missing'
        : TYPE_MESSAGE.test(issue.message)
          ? 'wrongType'
          : issue.message === 'must NOT have additional properties'
            ? 'extra'
            : 'invalid';
      record(state, kind, issue.pointer, issue.message, answer.status);
    }
    if (documented === undefined && byPointer.has(operationPointer)) contradicted.add(operationPointer);
    for (const pointer of contradicted) if (!drift.contradicted.includes(pointer)) drift.contradicted.push(pointer);
    drift.confirmed = [...new Set([...drift.confirmed, ...reached])].filter((pointer) => !drift.contradicted.includes(pointer));
    return drift;
  };

  const report = (): DriftReport => {
    const operations = [...states.values()].map(({ drift }) => structuredClone(drift)).sort((a, b) => a.operationId.localeCompare(b.operationId));
    return {
      answers,
      drifting: operations.filter(isDrifting).length,
      operations,
      unmatched: [...unmatched],
      assumptions: assumptions
        .filter((assumption) => tallies.has(assumption.pointer))
        .map((assumption: Assumption): AssumptionVerdict => ({ ...assumption, ...tallies.get(assumption.pointer)! })),
    };
  };
  return { observe, report };
}

/** Whether an operation's answers depart from the document at all. */
export function isDrifting(drift: OperationDrift): boolean {
  return (
    drift.undocumentedStatuses.length +
      drift.missing.length +
      drift.extra.length +
      drift.wrongType.length +
      drift.invalid.length +
      drift.contradicted.length +
      drift.droppedFields >
    0
  );
}

function record(state: OperationState, kind: FieldKind, pointer: string, message: string, status: number): void {
  const general = generalize(pointer);
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

/** `/data/3/name` -> `/data/*\/name`: one line per field, whatever item showed it. */
function generalize(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, '/*');
}

function describe(issue: Issue): string {
  return `${issue.pointer || '(body)'} ${issue.message}`;
}

function firstIssue(issues: readonly Issue[], applied: Map<string, Set<string>>, schema: string): string {
  for (const [at, schemas] of applied) {
    if (!schemas.has(schema)) continue;
    const issue = issues.find((candidate) => candidate.pointer === at || candidate.pointer.startsWith(`${at}/`));
    if (issue !== undefined) return describe(issue);
  }
  return 'an issue under it';
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The documented response an answer falls under (exact status, then its range, then default), as written and upper case. */
function documentedKey(responses: ReadonlyMap<string, unknown>, status: number): { key: string; raw: string } | undefined {
  const code = String(status);
  for (const key of [code, `${code[0]}XX`, 'DEFAULT']) if (responses.has(key)) return { key, raw: key === 'DEFAULT' ? 'default' : key };
  return undefined;
}

/**
 * The operation of a request to the service, from its method and path. A path recorded with the
 * server's base path (`/v1/users/me`, or a gateway's `/api/v1/users/me`) is tried without its
 * leading segments until one matches.
 */
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

/** operationId -> the JSON pointer of its operation object (`/paths/~1users~1me/get`). */
function operationPointersOf(document: object): Map<string, string> {
  const out = new Map<string, string>();
  for (const [template, item] of Object.entries(((document as Json).paths ?? {}) as Json))
    for (const [method, operation] of Object.entries((item ?? {}) as Json)) {
      const id = (operation as Json | null)?.operationId;
      if (typeof id === 'string') out.set(id, `/paths/${escapePointer(template)}/${method}`);
    }
  return out;
}

/**
 * Walks `value` along the schema at `pointer`: records which schema pointers applied at which
 * instance pointer (`applied`), and pushes the instance pointer of every object member no schema
 * there declares (`extras`), unless that object admits any (`additionalProperties`,
 * `patternProperties`, or no `properties` at all). Branches of allOf, anyOf and oneOf all count,
 * so a member one branch declares is never an extra.
 */
function walk(document: object, pointer: string, value: unknown, at: string, applied: Map<string, Set<string>>, extras: string[], depth = 0): void {
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
      for (const [index, item] of value.entries()) walk(document, `${branch.pointer}/items`, item, `${at}/${index}`, applied, extras, depth + 1);
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
    if ((node.additionalProperties !== undefined && node.additionalProperties !== false) || node.patternProperties !== undefined) open = true;
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
      if (Array.isArray(node[keyword])) for (const index of (node[keyword] as unknown[]).keys()) visit(`${resolved.pointer}/${keyword}/${index}`);
  };
  visit(pointer);
  return out;
}
