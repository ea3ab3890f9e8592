// The types of a route: what the app hands it once the request has passed the document (docs/architecture.md,
// "one trust boundary"). Apart from routes.ts so the app machinery does not import the store.
import type { Result } from '../common/errors.ts';
import type { World } from '../store/world/index.ts';
import type { operations, ParameterDefaults, PathOperationId } from '../../openapi/generated/schema.ts';
import type { Credentials } from './auth.ts';

type Location = 'path' | 'query' | 'header';

/** The parameters of one location of an operation; none is an empty record. */
type Declared<Op, L extends Location> = Op extends { parameters: { [K in L]?: infer P } }
  ? [NonNullable<P>] extends [never]
    ? Record<string, never>
    : NonNullable<P>
  : Record<string, never>;

/** `P` with the parameters named by `D` required: the validator applies their defaults. */
type WithDefaults<P, D> = [D] extends [never]
  ? P
  : Omit<P, D & keyof P> & { [N in D & keyof P]-?: Exclude<P[N], undefined> };

type DefaultsOf<Defaults, K, L extends Location> = K extends keyof Defaults
  ? L extends keyof Defaults[K]
    ? Defaults[K][L]
    : never
  : never;

/** The JSON body of an operation (undefined when it takes none). */
type BodyOf<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;

/** An operation's request as the validator passes it on: typed, coerced, defaulted. */
export interface Validated<Ops, K extends keyof Ops, Defaults> {
  path: WithDefaults<Declared<Ops[K], 'path'>, DefaultsOf<Defaults, K, 'path'>>;
  query: WithDefaults<Declared<Ops[K], 'query'>, DefaultsOf<Defaults, K, 'query'>>;
  /** Header names in lower case. */
  header: WithDefaults<Declared<Ops[K], 'header'>, DefaultsOf<Defaults, K, 'header'>>;
  body: BodyOf<Ops[K]>;
}

/** What an API route receives. */
export interface RouteContext<K extends PathOperationId> extends Validated<operations, K, ParameterDefaults> {
  world: World;
  credentials: Credentials;
  /** Every header of the request, names in lower case: the Connect proxy forwards the `x-pd-proxy-*` ones, which no document can list. */
  headers: Readonly<Record<string, string>>;
}

/** The handler of one API operation: its Result, or the promise of it while its module loads (routes.ts). */
export type Route<K extends PathOperationId> = (ctx: RouteContext<K>) => Result<unknown> | Promise<Result<unknown>>;

/** The route table of the API: one handler per operation of openapi/openapi.yaml. */
export type RouteTable = { [K in PathOperationId]: Route<K> };

/**
 * A route as the app calls it. The app cannot name each operation's request type; the validator
 * vouches for it, so the app passes the validated request as `never` (every route accepts that).
 */
export type AnyRoute = (ctx: never) => Result<unknown> | Promise<Result<unknown>>;
