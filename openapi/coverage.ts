// Coverage of an OpenAPI document by observed exchanges (docs/contracts.md, "Coverage"): operations, documented
// statuses, parameters and `links`. One model for every run that watches exchanges, and its report as one HTML page.
// Browser-safe.
import { forEachOperation, type HttpMethod } from './document/operations.ts';
import { isObject } from './json.ts';
import { followRef, valueAt } from './json-pointer.ts';

interface OperationUniverse {
  operationId: string;
  method: string;
  /** The path template as the document writes it (`/webhooks/{id}`). */
  path: string;
  /** Documented statuses as written, upper case (`200`, `404`, `4XX`, `DEFAULT`). */
  statuses: string[];
  /** Declared parameters as `in:name` (`query:limit`, `path:id`, `header:x-pd-environment`; header names lower case). */
  parameters: string[];
}

export interface LinkUniverse {
  /** `<from> <status> <name>`: `createWebhook 200 ReadInList`. */
  id: string;
  from: string;
  status: string;
  name: string;
  to: string;
  /** As written: parameter name (optionally `path.`, `query.`, `header.` prefixed) -> runtime expression or constant. */
  parameters: Record<string, unknown>;
  requestBody?: unknown;
  /** `x-undo: true`: following it undoes what the source created (the explorer's cleanup). */
  undo: boolean;
}

export interface CoverageUniverse {
  operations: OperationUniverse[];
  links: LinkUniverse[];
}

/** One exchange, digested: what coverage counts. Plain data, so it crosses workers as JSON. */
export interface Observation {
  operationId: string;
  status: number;
  /** The declared parameters the request carried, as `in:name`. */
  parameters: string[];
  /** Ids of the links this request followed. */
  links: string[];
}

/** One exchange in full, as a checked fetch or a server sees it. */
export interface ObservedExchange extends ExpressionSource {
  operationId: string;
  status: number;
}

export interface Ratio {
  covered: number;
  total: number;
  /** 0..100, one decimal; 100 when total is 0. */
  percent: number;
}

export interface OperationCoverage {
  operationId: string;
  method: string;
  path: string;
  exchanges: number;
  statuses: { documented: string[]; seen: number[]; missing: string[]; undocumented: number[] };
  parameters: { declared: string[]; missing: string[] };
  links: { declared: number; followed: number };
}

export interface CoverageReport {
  totals: { operations: Ratio; statuses: Ratio; parameters: Ratio; links: Ratio };
  operations: OperationCoverage[];
  links: Array<{ id: string; from: string; status: string; name: string; to: string; followed: number }>;
}

const cache = new WeakMap<object, CoverageUniverse>();

/**
 * The document's universe: every operation of `paths` with its documented statuses and declared
 * parameters, and every link of its responses. Read once per document object.
 * @example
 * import { document } from './generated/document.ts';
 * coverageUniverse(document).links.map((link) => link.id); // ['createWebhook 200 ReadInList', ...]
 */
export function coverageUniverse(document: object): CoverageUniverse {
  const known = cache.get(document);
  if (known) return known;
  const operations: OperationUniverse[] = [];
  const links: LinkUniverse[] = [];
  forEachOperation(document, (path, method: HttpMethod, operation, site) => {
    const operationId = String(operation.operationId);
    const responses = isObject(operation.responses) ? operation.responses : {};
    const statuses = Object.keys(responses).map((status) => status.toUpperCase());
    const parameters = site.parameters.map(
      ({ node }) => `${String(node.in)}:${node.in === 'header' ? String(node.name).toLowerCase() : String(node.name)}`,
    );
    operations.push({ operationId, method: method.toUpperCase(), path, statuses, parameters });
    for (const [status, raw] of Object.entries(responses)) {
      const response = followRef(document, raw).node;
      if (!isObject(response) || !isObject(response.links)) continue;
      for (const [name, rawLink] of Object.entries(response.links)) {
        const link = followRef(document, rawLink).node;
        if (!isObject(link) || typeof link.operationId !== 'string') continue;
        links.push({
          id: `${operationId} ${status.toUpperCase()} ${name}`,
          from: operationId,
          status: status.toUpperCase(),
          name,
          to: link.operationId,
          parameters: isObject(link.parameters) ? link.parameters : {},
          ...('requestBody' in link ? { requestBody: link.requestBody } : {}),
          undo: link['x-undo'] === true,
        });
      }
    }
  });
  const universe = { operations, links };
  cache.set(document, universe);
  return universe;
}

/** Whether an answered status is one the document lists as written (`404`, or its range `4XX`). */
export function statusMatches(documented: string, status: number): boolean {
  return documented === String(status) || documented === `${String(status)[0]}XX`;
}

/** What a runtime expression reads: one exchange's request and answer. */
export interface ExpressionSource {
  /** The path template's parameters, decoded (`{ id: 'wh_1' }`). */
  pathParams: Record<string, string>;
  query: Pick<URLSearchParams, 'has' | 'get'>;
  /** Request headers, names lower case. */
  headers: Record<string, string>;
  requestBody?: unknown;
  responseBody?: unknown;
}

/**
 * The value of a link parameter (or request body) for a source exchange: `$response.body#/ptr`,
 * `$request.body#/ptr`, `$request.path.n`, `$request.query.n`, `$request.header.n`, a string with
 * such expressions embedded in braces, or a constant. Undefined when an expression names nothing there.
 * @example
 * evaluateExpression('$response.body#/data/id', { pathParams: {}, query: new URLSearchParams(), headers: {}, responseBody: { data: { id: 'wh_1' } } }); // 'wh_1'
 */
export function evaluateExpression(expression: unknown, source: ExpressionSource): unknown {
  if (typeof expression === 'string' && expression.includes('{$')) return evaluateEmbedded(expression, source);
  if (!isExpression(expression)) return expression;
  const body = /^\$(request|response)\.body(?:#(.*))?$/.exec(expression);
  if (body) return valueAt(body[1] === 'request' ? source.requestBody : source.responseBody, body[2] ?? '');
  const part = /^\$request\.(path|query|header)\.(.+)$/.exec(expression);
  if (part) {
    const name = part[2]!;
    if (part[1] === 'path') return source.pathParams[name];
    if (part[1] === 'query') return source.query.get(name) ?? undefined;
    return source.headers[name.toLowerCase()];
  }
  return undefined;
}

/** A runtime expression embedded in a string, in braces: `{"org_id": "{$request.body#/org_id}"}`. */
const EMBEDDED = /\{(\$[^{}]+)\}/g;

/** The string with each embedded expression replaced by its value; undefined when one names nothing. */
function evaluateEmbedded(text: string, source: ExpressionSource): string | undefined {
  let missing = false;
  const out = text.replace(EMBEDDED, (_, inner: string) => {
    const value = evaluateExpression(inner, source);
    missing ||= value === undefined;
    return String(value);
  });
  return missing ? undefined : out;
}

/** Whether a link value is a runtime expression (`$request.…`, `$response.…`), not a constant such as `$errors`. */
function isExpression(value: unknown): value is string {
  return typeof value === 'string' && /^\$(url|method|statusCode|request\.|response\.)/.test(value);
}

/** Splits a link's parameter key into its location (when prefixed) and name. */
export function linkParameter(key: string): { in: 'path' | 'query' | 'header' | undefined; name: string } {
  const prefixed = /^(path|query|header)\.(.+)$/.exec(key);
  return prefixed
    ? { in: prefixed[1] as 'path' | 'query' | 'header', name: prefixed[2]! }
    : { in: undefined, name: key };
}

/**
 * A body's text as the JSON a digest reads (links' expressions), or undefined when it is empty or
 * not JSON: the contracts' exchanges and the mock's run coverage read bodies alike.
 * @example
 * jsonBody('{"data":{"id":"wh_1"}}'); // { data: { id: 'wh_1' } }
 * jsonBody('not json'); // undefined
 */
export function jsonBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** How many answers per operation a digest keeps to recognize a later request following one of its links. */
const REMEMBERED = 32;

/**
 * A digest of exchanges in order, one per sequence of related requests (a suite file, an explore run). A link
 * counts as followed when a request of its target carries the values its parameters name from an earlier answer
 * of its source with the link's status: no caller says which link it meant.
 * @example
 * const digest = createDigest(coverageUniverse(document));
 * const observation = digest({ operationId: 'listWebhooks', status: 200, pathParams: {}, query: new URLSearchParams(), headers: {} });
 */
export function createDigest(universe: CoverageUniverse): (exchange: ObservedExchange) => Observation {
  // Each operation's plan made once: this runs on every exchange.
  const plans = new Map<string, DigestPlan>();
  const planOf = (operationId: string): DigestPlan =>
    plans.get(operationId) ??
    plans.set(operationId, { parameters: [], incoming: [], isSource: false }).get(operationId)!;
  for (const operation of universe.operations) {
    planOf(operation.operationId).parameters = operation.parameters.map((key) => {
      const at = key.indexOf(':');
      return { where: key.slice(0, at), name: key.slice(at + 1), key };
    });
  }
  for (const link of universe.links) {
    planOf(link.to).incoming.push(link);
    planOf(link.from).isSource = true;
  }
  const remembered = new Map<string, ObservedExchange[]>();
  return (exchange) => {
    const plan = plans.get(exchange.operationId) ?? NO_PLAN;
    const parameters: string[] = [];
    for (const parameter of plan.parameters) if (wasSent(parameter, exchange)) parameters.push(parameter.key);
    const links: string[] = [];
    for (const link of plan.incoming) {
      const candidates = remembered.get(link.from) ?? [];
      if (candidates.some((source) => statusMatches(link.status, source.status) && follows(link, source, exchange)))
        links.push(link.id);
    }
    if (plan.isSource) {
      const list = remembered.get(exchange.operationId) ?? [];
      list.push(exchange);
      if (list.length > REMEMBERED) list.shift();
      remembered.set(exchange.operationId, list);
    }
    return { operationId: exchange.operationId, status: exchange.status, parameters, links };
  };
}

interface DigestPlan {
  parameters: Array<{ where: string; name: string; key: string }>;
  incoming: LinkUniverse[];
  isSource: boolean;
}

const NO_PLAN: DigestPlan = { parameters: [], incoming: [], isSource: false };

function wasSent({ where, name }: DigestPlan['parameters'][number], exchange: ObservedExchange): boolean {
  if (where === 'path') return exchange.pathParams[name] !== undefined;
  if (where === 'query') return exchange.query.has(name);
  return where === 'header' && exchange.headers[name] !== undefined;
}

/** Whether `exchange` carries every value the link's expressions take from `source` (a link that takes none: any later call). */
function follows(link: LinkUniverse, source: ObservedExchange, exchange: ObservedExchange): boolean {
  for (const [key, expression] of Object.entries(link.parameters)) {
    if (!isExpression(expression)) continue;
    const wanted = evaluateExpression(expression, source);
    if (wanted === undefined) return false;
    const { in: where, name } = linkParameter(key);
    const sent =
      where === 'path' || (where === undefined && exchange.pathParams[name] !== undefined)
        ? exchange.pathParams[name]
        : where === 'header'
          ? exchange.headers[name.toLowerCase()]
          : (exchange.query.get(name) ?? undefined);
    if (sent === undefined || sent !== String(wanted)) return false;
  }
  return true;
}

interface OperationCount {
  exchanges: number;
  statuses: Set<number>;
  parameters: Set<string>;
}

/**
 * Counts observations against the universe.
 * @example
 * const coverage = createCoverage(coverageUniverse(document));
 * coverage.add({ operationId: 'getCurrentUser', status: 200, parameters: [], links: [] });
 * coverage.report().totals.operations; // { covered: 1, total: 34, percent: 2.9 }
 */
export function createCoverage(universe: CoverageUniverse) {
  const counts = new Map<string, OperationCount>();
  const followed = new Map<string, number>();
  return {
    add(observation: Observation): void {
      let count = counts.get(observation.operationId);
      if (count === undefined) {
        count = { exchanges: 0, statuses: new Set(), parameters: new Set() };
        counts.set(observation.operationId, count);
      }
      count.exchanges++;
      count.statuses.add(observation.status);
      for (const parameter of observation.parameters) count.parameters.add(parameter);
      for (const link of observation.links) followed.set(link, (followed.get(link) ?? 0) + 1);
    },
    report(): CoverageReport {
      const operations = universe.operations.map((operation): OperationCoverage => {
        const count = counts.get(operation.operationId);
        const seen = [...(count?.statuses ?? [])].sort((a, b) => a - b);
        const sent = count?.parameters ?? new Set();
        const own = universe.links.filter((link) => link.from === operation.operationId);
        return {
          operationId: operation.operationId,
          method: operation.method,
          path: operation.path,
          exchanges: count?.exchanges ?? 0,
          statuses: {
            documented: operation.statuses,
            seen,
            missing: operation.statuses.filter(
              (status) => status !== 'DEFAULT' && !seen.some((s) => statusMatches(status, s)),
            ),
            // A `default` answer documents every status the others do not list.
            undocumented: operation.statuses.includes('DEFAULT')
              ? []
              : seen.filter((s) => !operation.statuses.some((status) => statusMatches(status, s))),
          },
          parameters: { declared: operation.parameters, missing: operation.parameters.filter((p) => !sent.has(p)) },
          links: { declared: own.length, followed: own.filter((link) => followed.has(link.id)).length },
        };
      });
      const sum = (pick: (row: OperationCoverage) => [number, number]) =>
        ratio(
          operations.reduce((total, row) => total + pick(row)[0], 0),
          operations.reduce((total, row) => total + pick(row)[1], 0),
        );
      return {
        totals: {
          operations: sum((row) => [row.exchanges > 0 ? 1 : 0, 1]),
          statuses: sum((row) => [countable(row) - row.statuses.missing.length, countable(row)]),
          parameters: sum((row) => [
            row.parameters.declared.length - row.parameters.missing.length,
            row.parameters.declared.length,
          ]),
          links: ratio(universe.links.filter((link) => followed.has(link.id)).length, universe.links.length),
        },
        operations,
        links: universe.links.map(({ id, from, status, name, to }) => ({
          id,
          from,
          status,
          name,
          to,
          followed: followed.get(id) ?? 0,
        })),
      };
    },
  };
}

/** What createCoverage makes: observations counted against a universe. */
export type Coverage = ReturnType<typeof createCoverage>;

/** A `default` answer is documented for what the others do not list: no run can be asked to hit it, so it is not counted. */
function countable(row: OperationCoverage): number {
  return row.statuses.documented.filter((status) => status !== 'DEFAULT').length;
}

function ratio(covered: number, total: number): Ratio {
  return { covered, total, percent: total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10 };
}

/** The thresholds of `--min-coverage OPS,STATUSES`, in percent. */
export interface CoverageThresholds {
  operations: number;
  statuses: number;
}

/**
 * One sentence per threshold the report falls below; empty when it meets them.
 * @example
 * belowThresholds(report, { operations: 90, statuses: 60 }); // ['operations 85.3% < 90%']
 */
export function belowThresholds(report: CoverageReport, thresholds: CoverageThresholds): string[] {
  const below: string[] = [];
  if (report.totals.operations.percent < thresholds.operations)
    below.push(`operations ${report.totals.operations.percent}% < ${thresholds.operations}%`);
  if (report.totals.statuses.percent < thresholds.statuses)
    below.push(`statuses ${report.totals.statuses.percent}% < ${thresholds.statuses}%`);
  return below;
}

const ratioText = (r: Ratio) => `${r.covered}/${r.total} (${r.percent}%)`;

/**
 * A plain-text table: one row per operation (exchanges, statuses seen of documented and the
 * missing ones, parameters sent of declared, links followed of declared), then the totals.
 * @example
 * console.log(formatCoverage(coverage.report()));
 */
export function formatCoverage(report: CoverageReport): string {
  const header = ['operation', 'exchanges', 'statuses', 'missing statuses', 'params', 'links'];
  const rows = report.operations.map((row) => [
    row.operationId,
    String(row.exchanges),
    `${countable(row) - row.statuses.missing.length}/${countable(row)}`,
    row.statuses.missing.join(' '),
    `${row.parameters.declared.length - row.parameters.missing.length}/${row.parameters.declared.length}`,
    row.links.declared === 0 ? '' : `${row.links.followed}/${row.links.declared}`,
  ]);
  const widths = header.map((_, column) =>
    Math.max(header[column]!.length, ...rows.map((line) => line[column]!.length)),
  );
  const numeric = new Set([1, 2, 4, 5]);
  const render = (line: string[]) =>
    line
      .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const { operations, statuses, parameters, links } = report.totals;
  const total = (name: string, r: Ratio) => `${name} ${ratioText(r)}`;
  return [
    render(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(render),
    '',
    `Coverage: ${[total('operations', operations), total('statuses', statuses), total('parameters', parameters), total('links', links)].join(', ')}`,
  ].join('\n');
}

const html = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The page, titled `title`.
 * @example
 * writeFileSync('coverage.html', coverageHtml(coverage.report(), 'contracts against mock'));
 */
export function coverageHtml(report: CoverageReport, title = 'OpenAPI coverage'): string {
  const { operations, statuses, parameters, links } = report.totals;
  const operationRows = report.operations
    .map((row) => {
      const seen = row.statuses.documented.length - row.statuses.missing.length;
      const sent = row.parameters.declared.length - row.parameters.missing.length;
      const cell = (done: boolean, text: string) => `<td class="${done ? 'ok' : 'gap'}">${html(text)}</td>`;
      return `<tr>${cell(row.exchanges > 0, row.operationId)}<td>${html(`${row.method} ${row.path}`)}</td><td class="n">${row.exchanges}</td>${cell(
        row.statuses.missing.length === 0,
        `${seen}/${row.statuses.documented.length}${row.statuses.missing.length > 0 ? ` (missing ${row.statuses.missing.join(' ')})` : ''}`,
      )}${cell(row.parameters.missing.length === 0, `${sent}/${row.parameters.declared.length}${row.parameters.missing.length > 0 ? ` (missing ${row.parameters.missing.join(' ')})` : ''}`)}${cell(
        row.links.followed === row.links.declared,
        row.links.declared === 0 ? '' : `${row.links.followed}/${row.links.declared}`,
      )}</tr>`;
    })
    .join('\n');
  const linkRows = report.links
    .map(
      (link) =>
        `<tr><td class="${link.followed > 0 ? 'ok' : 'gap'}">${html(link.id)}</td><td>${html(link.to)}</td><td class="n">${link.followed}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${html(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left}
.n{text-align:right}.gap{background:#fde8e8}.ok{background:#e8f7ea}</style></head>
<body><h1>${html(title)}</h1>
<p>Operations ${ratioText(operations)} · statuses ${ratioText(statuses)} · parameters ${ratioText(parameters)} · links ${ratioText(links)}</p>
<table><thead><tr><th>operation</th><th>request</th><th>exchanges</th><th>statuses</th><th>parameters</th><th>links</th></tr></thead><tbody>
${operationRows}
</tbody></table>
<h2>Links</h2>
<table><thead><tr><th>link</th><th>to</th><th>followed</th></tr></thead><tbody>
${linkRows}
</tbody></table></body></html>
`;
}
