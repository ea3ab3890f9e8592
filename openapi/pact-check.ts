// Pact files against the kit's document, offline (docs/pact.md, "pact check"): the one path of `pact check` and of
// runContracts' `pactFiles`, and the reading of a Pact file's parts that `pact verify` replays from. Pure.
import { resolveOperations } from './document/resolve.ts';
import { undeclaredMembers } from './drift.ts';
import { document } from './generated/document.ts';
import type { Issue } from './types.ts';
import { documentedStatusKey, mediaTypeOf } from './response.ts';
import { isObject } from './json.ts';
import { parsePact } from './pact-file.ts';
import { isRedactedAt, secretFields } from './redact.ts';
import { validator } from './validator.ts';

type Json = Record<string, unknown>;

/** One problem of one interaction, where it is in the file. */
export interface PactProblem {
  description: string;
  pointer: string;
  message: string;
}

/** A Pact header or query value (V4: a list, V2: a text) as one text. */
const single = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(',') : String(value));

/** A request or response body: V4's `{content, contentType}`, V2/V3's value itself. */
export function bodyOf(part: Json, v4: boolean): { present: boolean; content: unknown; contentType?: string } {
  if (!('body' in part)) return { present: false, content: undefined, contentType: undefined };
  if (v4 && isObject(part.body) && 'content' in part.body)
    return { present: true, content: part.body.content, contentType: stringOr(part.body.contentType) };
  return { present: true, content: part.body, contentType: undefined };
}

export const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Lower-case header names, one text each. */
export function headersOf(part: Json): Record<string, string> {
  const headers: Record<string, string> = {};
  if (isObject(part.headers))
    for (const [name, value] of Object.entries(part.headers)) headers[name.toLowerCase()] = single(value);
  return headers;
}

/** V4's `{name: [values]}`, V2's `a=1&b=2`. */
export function queryOf(query: unknown): URLSearchParams {
  if (typeof query === 'string') return new URLSearchParams(query);
  const params = new URLSearchParams();
  if (isObject(query))
    for (const [name, values] of Object.entries(query))
      for (const value of Array.isArray(values) ? values : [values]) params.append(name, String(value));
  return params;
}

/** The fields the recorder redacts (openapi/redact.ts): a `[redacted]` there is not judged. */
const SECRETS = secretFields(document);

/** Each operation's response schema pointers by status key (`200`, `4XX`, `DEFAULT`) and media type. */
const responseSchemas = new Map(resolveOperations(document).map((site) => [site.info.operationId, site.responses]));

/** The body members the operation's schema for `status` does not declare: fields the document does not promise. */
function unpromised(operationId: string, status: number, contentType: string | null, body: unknown): Issue[] {
  const responses = responseSchemas.get(operationId);
  const key = responses === undefined ? undefined : documentedStatusKey(responses, status);
  const pointer = key === undefined ? undefined : responses!.get(key)?.content.get(mediaTypeOf(contentType));
  if (pointer === undefined || pointer === null || body === undefined) return [];
  return undeclaredMembers(document, pointer, body).map((at) => ({
    pointer: at,
    message: 'is not in the document: a field the consumer relies on that the provider does not promise',
  }));
}

const prefixed = (at: string, issues: Issue[], description: string): PactProblem[] =>
  issues.map((issue) => ({ description, pointer: `${at}${issue.pointer}`, message: issue.message }));

/** The problems of interaction `index`; a part missing is itself a problem. */
function checkInteraction(interaction: unknown, index: number, v4: boolean): PactProblem[] {
  const at = `/interactions/${index}`;
  if (!isObject(interaction)) return [{ description: `interaction ${index}`, pointer: at, message: 'is no object' }];
  const description = stringOr(interaction.description) ?? `interaction ${index}`;
  if (v4 && interaction.type !== 'Synchronous/HTTP') return [];
  const { request, response } = interaction;
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.path !== 'string')
    return [{ description, pointer: `${at}/request`, message: 'needs a method and a path' }];
  if (!isObject(response) || typeof response.status !== 'number')
    return [{ description, pointer: `${at}/response`, message: 'needs a status' }];
  // The document's paths are under its server's /v1 (openapi/openapi.yaml, servers), which a pact's paths carry.
  const match = validator.matchOperation(request.method, request.path.replace(/^\/v1(?=\/)/, ''));
  if (match.kind !== 'match') {
    const message = `${request.method} ${request.path} is no operation of the document`;
    return [{ description, pointer: `${at}/request/path`, message }];
  }
  const sent = bodyOf(request, v4);
  const asked = { pathParams: match.pathParams, query: queryOf(request.query), headers: headersOf(request) };
  const requestIssues = validator.validateRequest(match.operationId, {
    ...asked,
    body: sent.present ? sent.content : undefined,
  }).issues;
  const answered = bodyOf(response, v4);
  const contentType = answered.contentType ?? headersOf(response)['content-type'] ?? null;
  const responseIssues = validator.validateResponse(
    match.operationId,
    response.status,
    answered.present ? contentType : null,
    answered.present ? answered.content : undefined,
  );
  if (answered.present)
    responseIssues.push(...unpromised(match.operationId, response.status, contentType, answered.content));
  return [
    ...prefixed(`${at}/request`, requestIssues, description),
    // An issue at the body's root that names the status is the status's.
    ...responseIssues
      .filter((issue) => !isRedactedAt(answered.content, issue.pointer, SECRETS))
      .map((issue) => ({
        description,
        pointer:
          issue.pointer === '' && /^status /.test(issue.message)
            ? `${at}/response/status`
            : `${at}/response/body${issue.pointer}`,
        message: issue.message,
      })),
  ];
}

/**
 * The problems of a Pact file's text, or why it is no Pact file.
 *
 * @example
 * checkPactText('{"consumer":{"name":"web"},"provider":{"name":"workflow-api"},"interactions":[]}'); // { problems: [], interactions: 0 }
 */
function checkPactText(text: string): { problems: PactProblem[]; interactions: number } | { refused: string } {
  const pact = parsePact(text);
  if ('refused' in pact) return pact;
  return {
    problems: pact.interactions.flatMap((interaction, index) => checkInteraction(interaction, index, pact.v4)),
    interactions: pact.interactions.length,
  };
}

/**
 * What `pact check` says of one file's text: each problem as `FILE: DESCRIPTION: POINTER MESSAGE`,
 * then the count; or why it is no Pact file. The CLI prints it, runContracts logs it.
 *
 * @example
 * const report = pactFileReport('web.json', text);
 * if ('refused' in report) console.error(`web.json ${report.refused}`); else report.lines.forEach((line) => console.log(line));
 */
export function pactFileReport(
  file: string,
  text: string,
): { refused: string } | { problems: PactProblem[]; lines: string[] } {
  const checked = checkPactText(text);
  if ('refused' in checked) return checked;
  const count = checked.problems.length;
  const verdict = count === 0 ? 'all match the document' : `${count} problem${count === 1 ? '' : 's'}`;
  return {
    problems: checked.problems,
    lines: [
      ...checked.problems.map((problem) => `${file}: ${problem.description}: ${problem.pointer} ${problem.message}`),
      `${file}: ${checked.interactions} interactions, ${verdict}`,
    ],
  };
}
