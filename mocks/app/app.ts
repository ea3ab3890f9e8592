// The app: AppRequest -> AppResponse, transport-free; the API (/v1) and the control API (/__mock) share one
// pipeline (pipeline.ts). createApp builds the parts once and subscribes the journal, run coverage and read cache.
import type { Store } from '../store/index.ts';
import type { Validator } from '../../openapi/validator.ts';
import { createControl, type ControlOperations, type ControlRunner } from './control.ts';
import { controlRoutes } from './control-routes.ts';
import { createExchangeHook, type ExchangeListener, type UpstreamStage } from './exchange.ts';
import { createFaults, type FaultOptions } from './faults.ts';
import { API_PREFIX, CONTROL_PREFIX, type RequestHead } from './head.ts';
import { type AppParts, answer, callControl, type EndpointRunner, servedDocument } from './pipeline.ts';
import { projectLessRouting } from './project-less.ts';
import { createReadCache, type ReadCache, type ReadCacheOptions } from './read-cache.ts';
import type { AnyRoute } from './routes-meta.ts';
import { coverExchanges, forgetChangedReads, journalExchange } from './subscribers.ts';
import type { AppRequest, AppResponse } from './types.ts';

export { CONSOLE_REQUEST_HEADER } from './subscribers.ts';

export interface AppOptions {
  store: Store;
  /** The service's document (openapi/validator.ts). */
  validator: Validator;
  /** The control API's document (openapi/control-validator.ts). */
  controlValidator: Validator;
  /** operationId -> handler: `routes` of routes.ts (injected so tests can run on a stub store). */
  routes: Readonly<Record<string, AnyRoute>>;
  /** Store operations behind the control API. */
  controlOperations: ControlOperations;
  /** Where unexpected exceptions are reported; console.error by default. */
  logError?: (message: string, error: unknown) => void;
  /** The server's faults and the clock, random source and sleep behind them (faults.ts); default: none. */
  faults?: FaultOptions;
  /** Runs a request to an HTTP trigger's endpoint in a world (store/invoke.ts); absent: endpoint paths are 404. */
  endpoints?: EndpointRunner;
  /** Keep reads' serialized answers until their world changes (read-cache.ts); false: none. Default: on. */
  readCache?: boolean | ReadCacheOptions | ReadCache;
  /** The step beside a real service or a recording (exchange.ts, pipeline.ts); default none. */
  upstream?: UpstreamStage;
}

/**
 * The HTTP app over one store, one request in and one response out: its pipeline, its control object and its hook.
 *
 * @example
 * const app = createApp({ store, validator, controlValidator, routes, controlOperations });
 * const me = { method: 'GET', url: '/v1/users/me', headers: { authorization: 'Bearer t' }, body: '' };
 * (await app.handle(me)).status; // 200
 */
export function createApp(options: AppOptions) {
  const parts = appParts(options);
  parts.hook.subscribe(journalExchange);
  const { coverage } = options.controlOperations;
  if (coverage !== undefined) parts.hook.subscribe(coverExchanges(coverage));
  if (parts.reads !== undefined) parts.hook.subscribe(forgetChangedReads(parts.reads));
  const run: ControlRunner = (operationId, token, input) => callControl(parts, operationId, token, input);
  /** The one way in, for every face; `head` is the adapter's own reading of the method and URL (readHead). */
  async function handle(req: AppRequest, head?: RequestHead): Promise<AppResponse> {
    return answer(parts, req, head);
  }
  return {
    handle,
    control: createControl(options.store, run),
    /** Adds a subscriber of the exchange hook (exchange.ts); answers the function that removes it. */
    onExchange: (listener: ExchangeListener) => parts.hook.subscribe(listener),
  };
}

function appParts(options: AppOptions): AppParts {
  const { store, controlValidator } = options;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const faults = createFaults(options.faults);
  const controlNotFound = (_method: string, path: string) => {
    const routes = controlValidator.operationIds.map((id) => {
      const { method, template } = controlValidator.describeOperation(id);
      return `${method} ${CONTROL_PREFIX}${template}`;
    });
    return `No control route ${path}; see ${routes.join(', ')}`;
  };
  const controlTable = controlRoutes(store, options.controlOperations, faults) as never;
  return {
    store,
    api: servedDocument('api', API_PREFIX, options.validator, options.routes, apiNotFound),
    control: servedDocument('control', CONTROL_PREFIX, controlValidator, controlTable, controlNotFound),
    projectLess: projectLessRouting(options.validator),
    faults,
    reads: readCacheOf(options.readCache),
    endpoints: options.endpoints,
    upstream: options.upstream,
    hook: createExchangeHook(logError),
    logError,
    clock: typeof performance !== 'undefined' ? () => performance.now() : () => Date.now(),
  };
}

const apiNotFound = (method: string, path: string) => `No operation at ${method} ${path}`;

function readCacheOf(option: AppOptions['readCache']): ReadCache | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true) return createReadCache();
  return 'get' in option ? option : createReadCache(option);
}
