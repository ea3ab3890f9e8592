// Stage "faults" (docs/control-api.md, "Faults"), for the API only: the injected and per-second
// rate limits (429), the failure rate (503) and `Prefer: code/example` may answer in place of the
// operation (mocks/app/faults.ts); whatever answers carries their headers and waits their delay,
// which is spent here, before the operation runs, so the exchange is over once the route has run.
import type { AppResponse } from '../types.ts';
import { addHeaders, type RequestContext } from './context.ts';

/**
 * The faults of the context's API operation in its world: an answer in its place, or undefined.
 *
 * @example
 * const refused = await applyFaults(context); // a 429 while the world is rate limited
 */
export function applyFaults(context: RequestContext): AppResponse | undefined | Promise<AppResponse | undefined> {
  const { parts, document } = context;
  if (document?.kind !== 'api') return undefined;
  const operation = document.validator.describeOperation(context.operationId!);
  const intercept = parts.faults.intercept(context.session!, operation, context.request.headers.prefer);
  addHeaders(context, intercept.headers);
  if (intercept.delayMs <= 0) return intercept.response;
  return parts.faults.sleep(intercept.delayMs).then(() => intercept.response);
}
