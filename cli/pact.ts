// `workflow-api-mock pact check FILE...` (docs/pact.md, "pact check"): every interaction of a Pact
// file judged against the kit's OpenAPI document by its own validator, offline, as bi-directional
// contract testing does: a request the document refuses, an undocumented status, a response field
// it does not promise, each with the interaction's description and a JSON pointer into the file.
import { readFile } from 'node:fs/promises';
import { resolveOperations } from '../openapi/document/resolve.ts';
import { undeclaredMembers } from '../openapi/drift.ts';
import { document } from '../openapi/generated/document.ts';
import type { Issue } from '../openapi/types.ts';
import { documentedStatusKey, mediaTypeOf } from '../openapi/response.ts';
import { validator } from '../openapi/validator.ts';
import { formatPactCoverage, pactCoverage } from './pact-coverage.ts';
import { defineCommand, EXIT_FAILED, EXIT_OK, PROGRAM, runCommand, usage, type UsageError } from './args.ts';

const HELP = () => `${PROGRAM} pact: Pact files against the kit's OpenAPI document (docs/pact.md).

Usage:
  ${PROGRAM} pact check FILE... [--coverage]

  check   validates every interaction of each Pact file (V4 "Synchronous/HTTP"; V2/V3 HTTP
          interactions too) with the kit's validator: its operation (method and path), its request
          (path, query, headers, body), its status (documented for the operation?) and its
          response body (each field promised by the document?). Each problem is printed as
            FILE: DESCRIPTION: POINTER MESSAGE
          where POINTER is a JSON pointer into the file (/interactions/0/response/body/data/id).

Flags:
  --coverage   after each file, what its consumer relies on: each operation its interactions
               call, with the statuses they expect of those the document lists, and the totals
               (operations and documented statuses covered, the kit's coverage model)
  -h, --help   this text

Example:
  ${PROGRAM} serve --pact-dir pacts --pact-consumer web-app   # the frontend's tests run; Ctrl-C
  ${PROGRAM} pact check pacts/web-app-workflow-api.json

Exit codes: 0 every interaction matches the document, 1 a problem found or a file that cannot be
read or is no Pact file (named on stderr), 2 bad flags.`;

export interface PactCheckOptions {
  files: string[];
  /** `--coverage`: print what each file covers (cli/pact-coverage.ts). */
  coverage?: boolean;
}

export const PACT = defineCommand({
  name: 'pact',
  help: HELP,
  positionals: true,
  flags: { coverage: { type: 'boolean' } },
  interpret(values, positionals): PactCheckOptions | UsageError {
    const [action, ...files] = positionals;
    if (action === undefined) return usage('name an action: pact check FILE...');
    if (action !== 'check') return usage(`unknown action "${action}"; the one action is check`);
    if (files.length === 0) return usage('name the Pact files: pact check FILE...');
    return { files, coverage: values.coverage === true };
  },
});

type Json = Record<string, unknown>;

/** One problem of one interaction, where it is in the file. */
interface PactProblem {
  description: string;
  pointer: string;
  message: string;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Pact header or query value (V4: a list, V2: a text) as one text. */
const single = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(',') : String(value));

/** A request or response body: V4's `{content, contentType}`, V2/V3's value itself. */
function bodyOf(part: Json, v4: boolean): { present: boolean; content: unknown; contentType: string | undefined } {
  if (!('body' in part)) return { present: false, content: undefined, contentType: undefined };
  if (v4 && isObject(part.body) && 'content' in part.body)
    return { present: true, content: part.body.content, contentType: stringOr(part.body.contentType) };
  return { present: true, content: part.body, contentType: undefined };
}

const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Lower-case header names, one text each. */
function headersOf(part: Json): Record<string, string> {
  const headers: Record<string, string> = {};
  if (isObject(part.headers))
    for (const [name, value] of Object.entries(part.headers)) headers[name.toLowerCase()] = single(value);
  return headers;
}

/** V4's `{name: [values]}`, V2's `a=1&b=2`. */
function queryOf(query: unknown): URLSearchParams {
  if (typeof query === 'string') return new URLSearchParams(query);
  const params = new URLSearchParams();
  if (isObject(query))
    for (const [name, values] of Object.entries(query))
      for (const value of Array.isArray(values) ? values : [values]) params.append(name, String(value));
  return params;
}

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
  if (match.kind !== 'match')
    return [
      {
        description,
        pointer: `${at}/request/path`,
        message: `${request.method} ${request.path} is no operation of the document`,
      },
    ];
  const sent = bodyOf(request, v4);
  const headers = headersOf(request);
  const requestIssues = validator.validateRequest(match.operationId, {
    pathParams: match.pathParams,
    query: queryOf(request.query),
    headers,
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
    ...responseIssues.map((issue) => ({
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
  let pact: unknown;
  try {
    pact = JSON.parse(text);
  } catch (error) {
    return { refused: `is not JSON (${(error as Error).message})` };
  }
  if (!isObject(pact) || !Array.isArray(pact.interactions))
    return { refused: 'is no Pact file: it has no "interactions" list' };
  const metadata = isObject(pact.metadata) ? pact.metadata : {};
  const spec = isObject(metadata.pactSpecification) ? metadata.pactSpecification.version : undefined;
  const v4 = typeof spec === 'string' && spec.startsWith('4');
  return {
    problems: pact.interactions.flatMap((interaction, index) => checkInteraction(interaction, index, v4)),
    interactions: pact.interactions.length,
  };
}

/**
 * Checks every file and prints each problem; answers the exit code.
 * @example
 * process.exitCode = await pactCheck({ files: ['pacts/web-app-workflow-api.json'] });
 */
export async function pactCheck(options: PactCheckOptions): Promise<number> {
  let failed = false;
  for (const file of options.files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      console.error(
        `${PROGRAM} pact check: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
      failed = true;
      continue;
    }
    const checked = checkPactText(text);
    if ('refused' in checked) {
      console.error(`${PROGRAM} pact check: ${file} ${checked.refused}`);
      failed = true;
      continue;
    }
    for (const problem of checked.problems)
      console.log(`${file}: ${problem.description}: ${problem.pointer} ${problem.message}`);
    const problems = checked.problems.length;
    console.log(
      `${file}: ${checked.interactions} interactions, ${problems === 0 ? 'all match the document' : `${problems} problem${problems === 1 ? '' : 's'}`}`,
    );
    if (problems > 0) failed = true;
    if (options.coverage) console.log(formatPactCoverage(file, pactCoverage(JSON.parse(text))));
  }
  return failed ? EXIT_FAILED : EXIT_OK;
}

/** The `pact` subcommand: argv after its name, answers the exit code. */
export function run(argv: string[]): Promise<number> {
  return runCommand(PACT, argv, pactCheck);
}
