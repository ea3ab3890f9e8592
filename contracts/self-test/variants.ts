// Deliberately broken servers for the self-test: thin wrappers around the real in-process
// fake's fetch, each corrupting exactly one thing. The contract suites must fail against every
// one of them (contracts/self-test/broken-variants.test.ts checks that they do).
import type { InvariantName } from '../explore/engine.ts';
import type { FetchLike } from '../targets/types.ts';

type Wrapper = (fetch: FetchLike) => FetchLike;

const API = '/v1';

function apiPath(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname.startsWith(API) ? pathname.slice(API.length) : pathname;
}

/**
 * `response` with its JSON body edited in place by `edit`, or replaced by what `edit` returns (an empty body is
 * left as it is).
 *
 * @example
 * const renamed = await rewriteJson(response, (body) => { body.data.id = 'hook_1'; });
 */
export async function rewriteJson(response: Response, edit: (body: any) => unknown): Promise<Response> {
  const text = await response.text();
  if (text === '') return new Response(null, response);
  const body = JSON.parse(text);
  const replaced = edit(body);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(replaced ?? body), { status: response.status, headers });
}

/** A wrapper that edits (rewriteJson) each answer to `method` (any when undefined) on a path `path` matches, with `status` (any when undefined). */
const rewriting =
  (method: string | undefined, path: RegExp, status: number | undefined, edit: (body: any) => unknown): Wrapper =>
  (fetch) =>
  async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    const matched = (method ?? request.method) === request.method && path.test(apiPath(request));
    return matched && (status ?? response.status) === response.status ? rewriteJson(response, edit) : response;
  };

export interface Variant {
  describe: string;
  wrap: Wrapper;
  /** The suite files (under contracts/suites) whose cases should catch it. */
  suites: string[];
  /** A failure counts as "caught for the right reason" when its test name or message matches. */
  caughtBy: RegExp;
  /** The explore invariants that may catch it (contracts --explore alone, without the suites). */
  exploreCaughtBy: InvariantName[];
}

export const VARIANTS: Record<string, Variant> = {
  'wrong-id-prefix': {
    suites: ['webhooks.contract.ts', 'subscriptions.contract.ts'],
    caughtBy: /id_prefixes/,
    exploreCaughtBy: ['response_schema_conformance', 'id_prefixes'],
    describe: 'webhook IDs come back as "hook_…" instead of "wh_…"',
    wrap: rewriting(undefined, /^/, undefined, (body) => {
      const rename = (id: unknown) => (typeof id === 'string' ? id.replace(/^wh_/, 'hook_') : id);
      if (Array.isArray(body?.data)) for (const item of body.data) if (item?.id) item.id = rename(item.id);
      if (body?.data?.id) body.data.id = rename(body.data.id);
    }),
  },
  'missing-page-info': {
    suites: ['sources.contract.ts'],
    caughtBy: /page_info/,
    exploreCaughtBy: ['response_schema_conformance'],
    describe: 'the sources list answers without page_info',
    wrap: rewriting(undefined, /^\/orgs\/[^/]+\/sources$/, undefined, (body) => void delete body.page_info),
  },
  'deactivation-does-not-stick': {
    suites: ['workflows.contract.ts'],
    caughtBy: /deactivate -> read shows active:false/,
    exploreCaughtBy: ['write_read_back'],
    describe: 'PUT /workflows/{id} answers as if applied but changes nothing',
    wrap: (fetch) => async (input, init) => {
      const request = new Request(input, init);
      const match = /^\/workflows\/([^/]+)$/.exec(apiPath(request));
      if (request.method !== 'PUT' || !match) return fetch(request);
      const wanted = (await request
        .clone()
        .json()
        .catch(() => ({}))) as { active?: unknown };
      // Read the workflow instead of updating it, then pretend the update happened.
      const read = await fetch(request.url, { method: 'GET', headers: request.headers });
      if (read.status !== 200 || typeof wanted.active !== 'boolean') return fetch(request);
      return rewriteJson(read, (body) => {
        body.data.active = wanted.active;
      });
    },
  },
  'unsupported-url-accepted': {
    suites: ['webhooks.contract.ts'],
    caughtBy: /createWebhook refuses url/,
    exploreCaughtBy: ['refuses_invalid_input'],
    describe: 'POST /webhooks accepts any url (an unsupported one is swapped for a valid one before the fake sees it)',
    wrap: (fetch) => async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'POST' || apiPath(request) !== '/webhooks') return fetch(request);
      const url = new URL(request.url);
      const given = url.searchParams.get('url');
      if (given !== null && !/^https?:\/\/[^/:]+/.test(given))
        url.searchParams.set('url', 'https://example.com/accepted');
      return fetch(new Request(url, request));
    },
  },
  'missing-token-accepted': {
    suites: ['users-workspaces.contract.ts', 'webhooks.contract.ts'],
    caughtBy: /without a token is 401|is 401/,
    exploreCaughtBy: ['refuses_invalid_input'],
    describe: 'a request without a valid bearer is served as if it had one',
    wrap: (fetch) => async (input, init) => {
      const request = new Request(input, init);
      const header = request.headers.get('authorization') ?? '';
      if (!/^Bearer [A-Za-z0-9\-._~+/]+=*$/.test(header)) {
        const headers = new Headers(request.headers);
        headers.set('authorization', 'Bearer broken-variant-anyone');
        return fetch(new Request(request, { headers }));
      }
      return fetch(request);
    },
  },
  'server-error-on-bad-input': {
    suites: ['sources.contract.ts', 'error-events.contract.ts'],
    caughtBy: /not_a_server_error/,
    exploreCaughtBy: ['not_a_server_error'],
    describe: 'a non-numeric limit crashes with 500',
    wrap: (fetch) => async (input, init) => {
      const request = new Request(input, init);
      const limit = new URL(request.url).searchParams.get('limit');
      if (limit !== null && !/^\d+$/.test(limit)) {
        return new Response(JSON.stringify({ error: 'Internal error' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      }
      return fetch(request);
    },
  },
  'undocumented-status': {
    suites: ['webhooks.contract.ts'],
    caughtBy: /status 202 is not documented/,
    exploreCaughtBy: ['status_code_conformance'],
    describe: 'DELETE /webhooks/{id} answers 202 instead of the documented 204',
    wrap: (fetch) => async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      if (request.method === 'DELETE' && /^\/webhooks\/[^/]+$/.test(apiPath(request)) && response.status === 204) {
        return new Response(null, { status: 202 });
      }
      return response;
    },
  },
  'account-wrapped-in-data': {
    suites: ['connect.contract.ts', 'sdk.contract.ts'],
    caughtBy: /accounts\.retrieve parses the account itself|getConnectedAccount answers a connected account/,
    exploreCaughtBy: ['response_schema_conformance'],
    describe:
      'GET /connect/{project_id}/accounts/{account_id} wraps the account in {data} (the SDK then reads account.id as undefined)',
    wrap: rewriting('GET', /^\/connect\/[^/]+\/accounts\/[^/]+$/, 200, (account) => ({ data: account })),
  },
  'app-without-name-slug': {
    suites: ['catalogue.contract.ts', 'sdk.contract.ts'],
    caughtBy: /name_slug/,
    exploreCaughtBy: ['response_schema_conformance'],
    describe: 'the catalogue answers its apps without name_slug (the SDK then reads app.nameSlug as undefined)',
    wrap: rewriting('GET', /^\/connect\/apps(\/[^/]+)?$/, 200, (body) => {
      for (const app of Array.isArray(body?.data) ? body.data : [body?.data])
        if (app !== null && typeof app === 'object') delete app.name_slug;
    }),
  },
  'created-source-without-name-slug': {
    suites: ['reference.contract.ts'],
    caughtBy: /name_slug/,
    exploreCaughtBy: ['response_schema_conformance'],
    describe: 'POST /sources answers the new source without its name_slug',
    wrap: rewriting('POST', /^\/sources$/, 200, (body) => void delete body?.data?.name_slug),
  },
};

export function wrapBroken(variant: string, fetch: FetchLike): FetchLike {
  const entry = VARIANTS[variant];
  if (!entry) throw new Error(`unknown broken variant "${variant}"; known: ${Object.keys(VARIANTS).join(', ')}`);
  return entry.wrap(fetch);
}
