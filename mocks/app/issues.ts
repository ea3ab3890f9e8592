// The one mapping from validation issues to an error answer (docs/errors.md), for the API and the
// control API alike: a path parameter that cannot name a resource is 404; anything else is 400,
// with the code the document names for the failure (`x-error-code`, e.g. `unsupported_url` on
// the webhook URL pattern) when every issue names that same code, and `bad_request` otherwise.
import { apiError, isErrorCode, type ApiError, type ErrorCode } from '../common/errors.ts';
import type { Issue } from '../../openapi/validator.ts';

/** The message of an answer whose issues all carry a code the document names; the issues say exactly what failed. */
const MESSAGES: Partial<Record<ErrorCode, (where: string) => string>> = {
  unsupported_url: (where) =>
    `Unsupported URL at ${where}: it must be an absolute http or https URL with a host name (openapi.yaml, WebhookUrl)`,
};

/**
 * An answer lists at most this many issues, the first ones, plus `issue_count` when there were
 * more: an array of 120,000 wrong items made a 7 MB answer (docs/errors.md).
 */
export const MAX_LISTED_ISSUES = 100;
/** A message names at most this many places. */
const QUOTED_POINTERS = 5;

/** The answer to a request with these issues, or null when there are none. */
export function refusal(path: string, issues: readonly Issue[]): ApiError | null {
  if (issues.length === 0) return null;
  const error = refusalOf(path, issues);
  const listed = error.body.details?.issues;
  if (Array.isArray(listed) && listed.length > MAX_LISTED_ISSUES) {
    error.body.details = {
      ...error.body.details,
      issues: listed.slice(0, MAX_LISTED_ISSUES),
      issue_count: listed.length,
    };
  }
  return error;
}

function refusalOf(path: string, issues: readonly Issue[]): ApiError {
  const pathIssues = issues.filter((issue) => issue.pointer.startsWith('/path/'));
  if (pathIssues.length > 0) {
    const names = pathIssues.map((issue) => issue.pointer.slice('/path/'.length)).join(', ');
    return apiError('not_found', `No resource at ${path}: ${names} is not a valid ID (${pathIssues[0]!.message})`, {
      path,
      issues: pathIssues,
    });
  }
  const code = sharedCode(issues);
  const first = issues[0]!;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  if (code !== undefined) {
    const pointers = [...new Set(issues.map((issue) => issue.pointer || '/'))];
    const where =
      pointers.slice(0, QUOTED_POINTERS).join(', ') +
      (pointers.length > QUOTED_POINTERS ? ` (and ${pointers.length - QUOTED_POINTERS} more)` : '');
    return apiError(code, MESSAGES[code]?.(where) ?? `Invalid request (${code}) at ${where}: ${first.message}${more}`, {
      issues,
    });
  }
  return apiError('bad_request', `Invalid request: ${first.pointer || '/'} ${first.message}${more}`, { issues });
}

/** The error code every issue names, if they all name the same known one. */
function sharedCode(issues: readonly Issue[]): ErrorCode | undefined {
  const code = issues[0]!.code;
  return isErrorCode(code) && issues.every((issue) => issue.code === code) ? code : undefined;
}
