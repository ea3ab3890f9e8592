// The control API's routes (docs/control-api.md), one per operation of openapi/control.yaml, reached by both faces
// through the app's runner once the document has checked the input (app.ts): a route only calls the store.
import { fail, ok, type Result } from '../common/errors.ts';
import { changeClock, type Session } from '../store/world/index.ts';
import type { Store } from '../store/index.ts';
import type { DeliveryRecord } from '../outbound/types.ts';
import type { operations, ParameterDefaults } from '../../openapi/generated/control-schema.ts';
import { issueOAuthToken, type Credentials } from './auth.ts';
import type { ControlOperationId, ControlOperations } from './control.ts';
import type { Faults } from './faults.ts';
import type { Validated } from './routes-meta.ts';

/** What a control route receives: the caller's session and its request, validated by the control document. */
interface ControlContext<K extends ControlOperationId> extends Validated<operations, K, ParameterDefaults> {
  session: Session;
  credentials: Credentials;
}

export type ControlRouteTable = {
  [K in ControlOperationId]: (ctx: ControlContext<K>) => Result<unknown> | Promise<Result<unknown>>;
};

// `GET /__mock/deliveries` lists this many characters of a body, the rest counted in `body_length`
// (docs/control-api.md): whole, ~300 large deliveries made an answer longer than a JS string may be.
export const LISTED_BODY_CHARACTERS = 4096;

type ListedDelivery = DeliveryRecord & { body_truncated?: true; body_length?: number };

/** The records after the one with ID `after` (from the start without it), at most `limit`, bodies cut. */
function deliveryPage(
  records: readonly DeliveryRecord[],
  limit: number,
  after?: string,
): Result<{ data: ListedDelivery[]; next_after?: string }> {
  let start = 0;
  if (after !== undefined) {
    const index = records.findIndex((record) => record.id === after);
    if (index === -1)
      return fail('bad_request', `after: no delivery ${after} in this world's log (the last 500 are kept)`, { after });
    start = index + 1;
  }
  const page = records.slice(start, start + limit);
  const data = page.map(
    (record): ListedDelivery =>
      record.body.length <= LISTED_BODY_CHARACTERS
        ? record
        : {
            ...record,
            body: record.body.slice(0, LISTED_BODY_CHARACTERS),
            body_truncated: true,
            body_length: record.body.length,
          },
  );
  const more = start + limit < records.length;
  return ok(more ? { data, next_after: page.at(-1)!.id } : { data });
}

/** Upper bound of `GET /__mock/deliveries?wait=true`: a receiver that hangs must not hang the caller. */
const DELIVERY_WAIT_LIMIT_MS = 15_000;

/** Whether the world of `session` settled within the limit; waits on that world only (docs/control-api.md). */
async function deliveriesSettled(store: Store, session: Session): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), DELIVERY_WAIT_LIMIT_MS)));
  try {
    return await Promise.race([store.sink.idle(session.world.key).then(() => true), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** The caller's session, or with `?client_id=` the world that client's login opens: so a login may answer 429, 503. */
function loginWorld(store: Store, session: Session, clientId: string | undefined): Session {
  return clientId === undefined ? session : store.session(issueOAuthToken(clientId).access_token);
}

const data = <T>(value: Result<T>): Result<{ data: T }> => (value.ok ? ok({ data: value.value }) : value);

/**
 * The route table of the control document.
 *
 * @example
 * const table = controlRoutes(store, { worldSummary, emit, emitTrigger, completeConnect, addSources }, createFaults());
 */
export function controlRoutes(store: Store, ops: ControlOperations, faults: Pick<Faults, 'set'>): ControlRouteTable {
  const summary = (opened: Result<Session>) =>
    opened.ok ? ok({ data: ops.worldSummary(opened.value.world) }) : opened;
  return {
    resetWorld: ({ credentials }) => ok({ data: ops.worldSummary(store.reset(credentials.token).world) }),
    getWorld: ({ session }) => ok({ data: ops.worldSummary(session.world) }),
    listRequests: ({ session, query }) => ok({ data: session.journal.list({ console: query.include === 'console' }) }),
    // `?wait=true`: answer once every queued delivery has settled (retries done): a test asserts without polling.
    listDeliveries: async ({ session, query }) => {
      const waited = !query.wait || (await deliveriesSettled(store, session));
      const page = deliveryPage([...session.deliveries], query.limit, query.after);
      if (!page.ok) return page;
      return ok(waited ? page.value : { ...page.value, settled: false as const });
    },
    emit: ({ session, body }) => data(ops.emit(session.world, body)),
    emitTrigger: ({ session, path, body }) => data(ops.emitTrigger(session.world, path.trigger_id, body)),
    completeConnect: ({ session, path, body }) => data(ops.completeConnect(session.world, path.connect_token, body)),
    setRateLimit: ({ session, query, body }) =>
      ok({ data: loginWorld(store, session, query.client_id).limits.set(body) }),
    setFaults: ({ session, query, body }) =>
      ok({ data: faults.set(loginWorld(store, session, query.client_id), body) }),
    addSources: ({ session, body }) => data(ops.addSources(session.world, body)),
    getClock: ({ session }) => ok({ data: session.world.clock.read() }),
    setClock: ({ session, body }) => data(changeClock(session.world.clock, body)),
    switchScenario: ({ credentials, body }) => summary(store.switchScenario(credentials.token, body.name)),
    // The Pact verifier's state-change call (docs/pact.md, "Provider states").
    setPactState: ({ credentials, body }) =>
      summary(store.openProviderState(credentials.token, body.state, body.action)),
    listScenarios: ({ session }) => ok({ data: { current: session.world.scenario, scenarios: store.scenarios() } }),
    getCoverage: ({ session, query }) =>
      ops.coverage === undefined
        ? fail('not_found', 'This mock counts no coverage')
        : ok({ data: ops.coverage.report(query.scope, session) }),
    saveSnapshot: async () =>
      ops.saveState === undefined
        ? fail(
            'not_found',
            'This server keeps no state file: start it with --state FILE (docs/worlds.md, "State across restarts")',
          )
        : data(await ops.saveState()),
    getDriftReport: () =>
      ops.driftReport === undefined
        ? fail('not_found', 'This server has no upstream: start it with --upstream URL --live OPS (docs/upstream.md)')
        : ok({ data: ops.driftReport() }),
    getPact: () =>
      ops.pact === undefined
        ? fail('not_found', 'This mock records no pact: give it pact: { consumer } or serve --pact-dir (docs/pact.md)')
        : ok({ data: ops.pact() }),
  };
}
