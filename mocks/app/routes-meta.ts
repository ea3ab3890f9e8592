// Types of the route table and the few per-operation facts the app needs besides the document.
// Separate from routes.ts so the app machinery does not import the store's implementation.
import type { Result } from '../errors.ts';
import type { World } from '../store/index.ts';
import type { Credentials } from './auth.ts';

export interface RouteContext {
  world: World;
  credentials: Credentials;
  /** Path parameters, coerced to their schema types. */
  path: Record<string, unknown>;
  /** Query parameters, coerced to their schema types, defaults applied. */
  query: Record<string, unknown>;
  /** Header parameters (lower-case names), coerced. */
  header: Record<string, unknown>;
  /** Parsed JSON body, undefined when the operation takes none. */
  body: unknown;
}

export type RouteHandler = (ctx: RouteContext) => Result<unknown>;

/**
 * Validation issues the store decides instead of the schema: a webhook `url` that is present but
 * malformed must answer 400 `unsupported_url` (spec: "rejected as unsupported"), not the generic
 * `bad_request`, and the store owns that rule.
 */
export const storeDecides: Record<string, readonly string[]> = {
  createWebhook: ['/query/url'],
};
