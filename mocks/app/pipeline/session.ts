// Stage "session", its second half: the token's session, opened (and its world seeded) only once
// the operation is known, so a request that matches none never builds a world. Past a UTC midnight
// of the world's clock its daily quotas start again (mocks/store/world/quotas.ts), which changes
// the world: the read cache then keeps nothing from before (kept-read.ts).
import { settleQuotaDay, type Session } from '../../store/world/index.ts';
import type { AppResponse } from '../types.ts';
import type { RequestContext } from './context.ts';

/**
 * Opens the session of the context's token; never answers.
 *
 * @example
 * openSession(context); // context.session.world is the token's world
 */
export function openSession(context: RequestContext): AppResponse | undefined {
  sessionOf(context);
  return undefined;
}

/** The context's session, opened now if no stage has yet (the project-less routing may open it first, match.ts). */
export function sessionOf(context: RequestContext): Session {
  if (context.session !== undefined) return context.session;
  // The exchange's time, read once when it began (context.ts): this runs on every request.
  const session = context.parts.store.session(context.credentials!.token, context.startedAt);
  if (settleQuotaDay(session.world, context.startedAt)) context.worldChanged = true;
  context.session = session;
  return session;
}
