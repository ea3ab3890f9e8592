// Stage "faults" (docs/control-api.md, "Faults"), for the API only: the injected and per-second
// rate limits (429), the failure rate (503) and `Prefer: code/example` may answer in place of the
// operation (mocks/app/faults.ts); whatever answers carries their headers and waits their delay,
// which is spent before the operation runs (waitFaultDelay), so the exchange is over once the route has run.
import type { AppResponse } from '../types.ts';
import { addHeaders, type RequestContext } from './context.ts';

/**
 * The faults of the context's API operation in its world: an answer in its place, or undefined;
 * their delay is noted for waitFaultDelay.
 *
 * @example
 * const refused = applyFaults(context); // a 429 while the world is rate limited
 */
export function applyFaults(context: RequestContext): AppResponse | undefined {
  const { parts, document } = context;
  if (document?.kind !== 'api') return undefined;
  const operation = document.validator.describeOperation(context.operationId!);
  const intercept = parts.faults.intercept(context.session!, operation, context.request.headers.prefer);
  addHeaders(context, intercept.headers);
  context.delayMs = intercept.delayMs;
  return intercept.response;
}

/**
 * The faults' delay, spent before anything answers; undefined (nothing to wait for) without one,
 * so a request without a delay takes no turn of the event loop here.
 *
 * @example
 * await waitFaultDelay(context);
 */
export function waitFaultDelay(context: RequestContext): Promise<void> | undefined {
  return context.delayMs > 0 ? context.parts.faults.sleep(context.delayMs) : undefined;
}
