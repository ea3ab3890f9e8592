// HTTP face of the control API (docs/control-api.md): /__mock/... routes, answered as {data: ...} or the
// usual error body. The bearer token selects the world exactly as under /v1.
import { fail, ok, type Result } from '../errors.ts';
import { readJsonBody } from './body.ts';
import { checkAddSourcesBody, checkCompleteConnectBody, checkEmitBody, checkRateLimitBody, checkTriggerEmitBody, type MockControl } from './control.ts';

interface ControlRoute {
  method: 'GET' | 'POST';
  pattern: RegExp;
  /** Whether the route reads a JSON body. */
  body: boolean;
  run(control: MockControl, token: string, params: string[], body: unknown, query: URLSearchParams): Result<unknown> | Promise<Result<unknown>>;
}

/** Upper bound of `GET /__mock/deliveries?wait=true`: a receiver that hangs must not hang the caller. */
export const DELIVERY_WAIT_LIMIT_MS = 15_000;

async function settled(control: MockControl): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), DELIVERY_WAIT_LIMIT_MS)));
  try {
    return await Promise.race([control.idle().then(() => true), limit]);
  } finally {
    clearTimeout(timer);
  }
}

const data = <T>(value: Result<T>): Result<{ data: T }> => (value.ok ? ok({ data: value.value }) : value);

const CONTROL_ROUTES: ControlRoute[] = [
  {
    method: 'POST',
    pattern: /^\/__mock\/reset$/,
    body: false,
    run(control, token) {
      control.reset(token);
      return ok({ data: control.world(token) });
    },
  },
  { method: 'GET', pattern: /^\/__mock\/world$/, body: false, run: (c, token) => ok({ data: c.world(token) }) },
  { method: 'GET', pattern: /^\/__mock\/requests$/, body: false, run: (c, token) => ok({ data: c.requests(token) }) },
  {
    method: 'GET',
    pattern: /^\/__mock\/deliveries$/,
    body: false,
    // `?wait=true`: answer once every queued delivery has settled (all retries done), so a test
    // can assert on final states without polling.
    async run(control, token, _params, _body, query) {
      const wait = query.get('wait');
      if (wait !== null && wait !== 'true' && wait !== 'false') {
        return fail('bad_request', `wait must be "true" or "false", got "${wait}"`, { issues: [{ pointer: '/query/wait', message: 'must be true or false' }] });
      }
      if (wait === 'true' && !(await settled(control))) {
        return ok({ data: control.deliveries(token), settled: false });
      }
      return ok({ data: control.deliveries(token) });
    },
  },
  {
    method: 'POST',
    pattern: /^\/__mock\/emit$/,
    body: true,
    run(control, token, _params, body) {
      const checked = checkEmitBody(body);
      return checked.ok ? data(control.emit(token, checked.value)) : checked;
    },
  },
  {
    method: 'POST',
    pattern: /^\/__mock\/triggers\/([^/]+)\/emit$/,
    body: true,
    run(control, token, [triggerId], body) {
      const checked = checkTriggerEmitBody(body);
      return checked.ok ? data(control.emitTrigger(token, triggerId!, checked.value)) : checked;
    },
  },
  {
    method: 'POST',
    pattern: /^\/__mock\/connect\/([^/]+)\/complete$/,
    body: true,
    run(control, token, [connectToken], body) {
      const checked = checkCompleteConnectBody(body);
      return checked.ok ? data(control.completeConnect(token, connectToken!, checked.value)) : checked;
    },
  },
  {
    method: 'POST',
    pattern: /^\/__mock\/rate-limit$/,
    body: true,
    run(control, token, _params, body) {
      const checked = checkRateLimitBody(body);
      return checked.ok ? ok({ data: control.rateLimit(token, checked.value) }) : checked;
    },
  },
  {
    method: 'POST',
    pattern: /^\/__mock\/sources$/,
    body: true,
    run(control, token, _params, body) {
      const checked = checkAddSourcesBody(body);
      return checked.ok ? data(control.addSources(token, checked.value)) : checked;
    },
  },
];

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Runs a /__mock request for an already authenticated token. */
export async function handleControl(
  control: MockControl,
  token: string,
  method: string,
  path: string,
  query: string,
  headers: Record<string, string>,
  rawBody: string,
): Promise<{ result: Result<unknown>; allow?: string }> {
  const candidates = CONTROL_ROUTES.map((route) => ({ route, match: route.pattern.exec(path) })).filter((c) => c.match);
  if (candidates.length === 0) {
    return { result: fail('not_found', `No control route ${path}; see GET /__mock/world, /__mock/requests, /__mock/deliveries, POST /__mock/reset, /__mock/emit, /__mock/triggers/{trigger_id}/emit, /__mock/connect/{connect_token}/complete, /__mock/rate-limit, /__mock/sources`) };
  }
  const hit = candidates.find((c) => c.route.method === method);
  if (hit === undefined) {
    const allowed = candidates.map((c) => c.route.method);
    return {
      result: fail('method_not_allowed', `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`, { allowed }),
      allow: allowed.join(', '),
    };
  }
  let body: unknown;
  if (hit.route.body) {
    const parsed = readJsonBody(rawBody, headers);
    if (!parsed.ok) return { result: parsed };
    if (parsed.value === undefined) return { result: fail('bad_request', `${method} ${path} needs a JSON body`) };
    body = parsed.value;
  }
  return { result: await hit.route.run(control, token, hit.match!.slice(1).map(decode), body, new URLSearchParams(query)) };
}
