// Stage "upstream" (docs/upstream.md): beside a real service or a recording, an API request may be
// answered from there instead of by the mock. The app defines the stage (UpstreamStage,
// mocks/app/exchange.ts) and the composition root injects what answers it (mocks/upstream/hybrid.ts),
// so the app never imports the upstream layer.
// It runs before the bearer is read: a live request is the real service's to authenticate, sent
// with the caller's own headers, and a replay answers what was recorded.
import { authenticate } from '../auth.ts';
import type { AppResponse } from '../types.ts';
import { addHeaders, type RequestContext } from './context.ts';

/**
 * Asks the upstream step about an API request: its answer ends the pipeline, and the caller's
 * world (when the request names one) journals it; otherwise the mock answers, with the step's headers.
 *
 * @example
 * const answered = await askUpstream(context); // undefined: the mock answers
 */
export async function askUpstream(context: RequestContext): Promise<AppResponse | undefined> {
  const outcome = await context.parts.upstream!.answer(context.request, context.head);
  context.upstream = outcome.exchange;
  if (outcome.source === 'mock') {
    addHeaders(context, outcome.headers);
    return undefined;
  }
  context.source = outcome.source;
  const credentials = authenticate(context.request.headers);
  if (credentials.ok) context.session = context.parts.store.session(credentials.value.token);
  return outcome.response;
}
