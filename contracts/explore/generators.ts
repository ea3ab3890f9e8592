// The exploring engine's generators: requests as plain data fast-check can draw, shrink and print. A step is one
// request, kept valid or mutated; a walk is one create and the links of its answer. Operations come from the documents.
import fc from 'fast-check';
import { forEachOperation } from '../../openapi/document/operations.ts';
import { exampleRequests } from '../../openapi/example-requests.ts';
import type { Validator } from '../../openapi/validator.ts';

export type Operation = ReturnType<typeof operationsOf>[number];

/**
 * The operations of one document, in the generators' terms.
 * @example
 * const operations = operationsOf('api', validator, document);
 */
export function operationsOf(
  face: 'api' | 'control',
  on: Validator,
  doc: object,
  skipped: ReadonlySet<string> = new Set(),
) {
  const examples = new Map(
    exampleRequests(doc as Record<string, unknown>).map((example) => [example.operationId, example]),
  );
  const open = new Set<string>();
  const everywhere = (doc as { security?: unknown[] }).security;
  forEachOperation(doc, (_path, _method, operation) => {
    const security = (operation.security as unknown[] | undefined) ?? everywhere;
    if (!Array.isArray(security) || security.length === 0) open.add(String(operation.operationId));
  });
  return on.operationIds
    .filter((id) => !skipped.has(id))
    .map((operationId) => {
      const info = on.describeOperation(operationId);
      const names = (where: string) => info.parameters.filter((p) => p.in === where).map((p) => p.name);
      return {
        /** `api`: openapi/openapi.yaml under the base URL; `control`: openapi/control.yaml under /__mock (in-process only). */
        face,
        operationId,
        method: info.method,
        template: info.template,
        validator: on,
        example: examples.get(operationId),
        pathParams: names('path'),
        queryParams: names('query'),
        headerParams: names('header'),
        hasBody: info.hasJsonBody,
        /** The operation requires a bearer (`security` not emptied for it). */
        authenticated: !open.has(operationId),
      };
    });
}

/** A value for a parameter or a body field, read against the run's pool of IDs when it runs. */
export type Value =
  | { pool: number } // an ID the world or an earlier answer named
  | { example: true } // the document's example value (or the request's default)
  | { text: string } // any text
  | { json: unknown } // any JSON value (bodies only)
  | { deep: number; objects: boolean } // objects ({"a": ...}) or arrays nested this deep (bodies only)
  | { many: number }; // an array of this many zeros (bodies only)

export interface Step {
  op: number;
  /** 0 and 1: the run's user token, 2: its OAuth token, 3: none, 4: malformed. */
  auth: number;
  params: {
    path: Value[];
    /** Per query parameter of the operation: left out (null) or a value. */
    query: Array<Value | null>;
    header: Array<Value | null>;
  };
  body: { example: Array<[field: number, value: Value | null]> } | { json: unknown } | { text: string } | null;
  contentType: 'application/json' | 'text/plain' | null;
  prefer: string | null;
}

/** A create (an operation whose answer has links), then the links of its answer, by index. */
export interface Walk {
  walk: number;
  /** Which pooled ID of each kind the create names (its path and body IDs), where the pool has one. */
  ids: number;
  links: number[];
}

export type Move = Step | Walk;

export const isWalk = (move: Move): move is Walk => 'walk' in move;

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    ...'0 -1 1e9 true null % %2F .. $errors p_* dc_* p_ https://example.com/x ftp://x \u0000'.split(' '),
  ),
  fc.stringMatching(/^[a-z]{1,4}_[A-Za-z0-9]{0,8}$/),
);
const value = (withJson: boolean): fc.Arbitrary<Value> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.nat({ max: 1000 }).map((pool) => ({ pool })) },
    { weight: 4, arbitrary: fc.constant({ example: true as const }) },
    { weight: 2, arbitrary: text.map((t) => ({ text: t })) },
    ...(withJson
      ? [
          { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json): Value => ({ json })) },
          // Past the body bounds (mocks/app/body.ts), where recursion used to overflow the stack.
          {
            weight: 1,
            arbitrary: fc.oneof(
              fc.record({ deep: fc.integer({ min: 60, max: 6000 }), objects: fc.boolean() }),
              fc.integer({ min: 9990, max: 130_000 }).map((many): Value => ({ many })),
            ),
          },
        ]
      : []),
  );
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 3 });

function coherent(operation: Operation) {
  const example = { example: true as const };
  const drawn = fc.record({
    path: fc.tuple(...operation.pathParams.map(() => value(false))),
    query: fc.tuple(...operation.queryParams.map(() => fc.oneof(fc.constant<Value>(example), optional(value(false))))),
    header: fc.tuple(
      ...operation.headerParams.map(() => fc.oneof(fc.constant<Value>(example), optional(value(false)))),
    ),
  });
  const examples = fc.constant({
    path: operation.pathParams.map((): Value => example),
    query: operation.queryParams.map((): Value | null => example),
    header: operation.headerParams.map((): Value | null => example),
  });
  return { params: fc.oneof({ weight: 2, arbitrary: drawn }, { weight: 1, arbitrary: examples }) };
}

export interface MoveOptions {
  /** Indices of the operations single requests may call; default all. */
  singles?: readonly number[];
}

function stepArbitrary(operations: readonly Operation[], options: MoveOptions = {}): fc.Arbitrary<Step> {
  const singles = options.singles ?? operations.map((_, index) => index);
  return fc.constantFrom(...singles).chain((op) => {
    const operation = operations[op]!;
    return fc.record({
      op: fc.constant(op),
      // Missing and malformed tokens, bad media types, mutated bodies and Prefer headers are drawn too.
      auth: fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom(0, 1, 2) },
        { weight: 1, arbitrary: fc.constantFrom(3, 4) },
      ),
      // A third of the time every parameter keeps the document's example: the examples name one
      // coherent set of resources of every world (a project, its environment, trigger and account),
      // which independent draws rarely hit together.
      ...coherent(operation),
      body: operation.hasBody
        ? fc.oneof(
            {
              weight: 8,
              arbitrary: fc
                .array(fc.tuple(fc.nat({ max: 50 }), optional(value(true))), { maxLength: 3 })
                .map((example) => ({ example })),
            },
            { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json })) },
            {
              weight: 1,
              arbitrary: fc
                .oneof(fc.string({ maxLength: 20 }), fc.constantFrom('{', '[1,', '{"a":1}x', ''))
                .map((t) => ({ text: t })),
            },
          )
        : fc.constant(null),
      contentType: fc.oneof(
        { weight: 10, arbitrary: fc.constant('application/json' as const) },
        { weight: 1, arbitrary: fc.constantFrom('text/plain' as const, null) },
      ),
      prefer: fc.oneof(
        { weight: 12, arbitrary: fc.constant(null) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            ...'code=200 code=400 code=404 code=429 code=418 code=abc delay=0 example=nope return=minimal'.split(' '),
          ),
        },
      ),
    });
  });
}

/**
 * Sequences of 1 to 12 moves: single requests and, when `walkable` names any create with links,
 * walks through those links.
 * @example
 * fc.assert(fc.asyncProperty(movesArbitrary(operations, [3]), (moves) => engine.run(moves)));
 */
export function movesArbitrary(
  operations: readonly Operation[],
  walkable: readonly number[],
  options: MoveOptions = {},
): fc.Arbitrary<Move[]> {
  const step = stepArbitrary(operations, options);
  const move: fc.Arbitrary<Move> =
    walkable.length === 0
      ? step
      : fc.oneof(
          { weight: 4, arbitrary: step },
          {
            weight: 1,
            arbitrary: fc.record({
              walk: fc.constantFrom(...walkable),
              ids: fc.nat({ max: 1000 }),
              links: fc.array(fc.nat({ max: 20 }), { minLength: 1, maxLength: 5 }),
            }),
          },
        );
  return fc.array(move, { minLength: 1, maxLength: 12 });
}
