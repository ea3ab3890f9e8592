// The Connect proxy: the mock never leaves the machine, so it echoes the request the service would send, naming
// the header the account's credentials would go in, never their value.
import type { ProjectEnvironment, Schemas } from '../../factories/types.ts';
import { type Result, fail, notFound, ok } from '../../common/errors.ts';
import { APP_DETAILS } from '../../factories/components.ts';
import { projectOf } from './connect.ts';
import type { World } from '../world/world.ts';

export type ProxyMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ProxyRequest {
  projectId: string;
  environment: ProjectEnvironment;
  externalUserId: string;
  accountId: string;
  /** The path parameter: the URL base64-encoded. */
  url64: string;
  method: ProxyMethod;
  /** Every request header, names in lower case; the `x-pd-proxy-*` ones are forwarded. */
  headers: Readonly<Record<string, string>>;
  body?: unknown;
}

type ProxyEcho = Schemas['ProxyEcho'];

const FORWARDED = 'x-pd-proxy-';

/** Where each app takes its credentials; `authorization` unless named here. */
const AUTH_HEADER: Readonly<Record<string, string>> = { anthropic: 'x-api-key', supabase: 'apikey' };

/** The text inside a base64 (or base64url) value, or undefined when it is not one. */
function decodeBase64(value: string): string | undefined {
  try {
    const standard = value.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '=')), (c) =>
      c.charCodeAt(0),
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Answers a proxied request as its upstream would see it: the account must be the end user's in
 * this project and environment, the URL (absolute, or a path on the app's API) on the app's domain.
 *
 * @example
 * proxy(world, { projectId, environment: 'production', externalUserId: 'user-1043', accountId: 'apn_Kx7mR2p',
 *   url64: btoa('https://api.github.com/user/repos'), method: 'GET', headers: { 'x-pd-proxy-accept': 'application/json' } });
 * // ok({ upstream: true, method: 'GET', url: 'https://api.github.com/user/repos', headers: { accept: 'application/json' }, ... })
 */
export function proxy(world: World, request: ProxyRequest): Result<ProxyEcho> {
  const project = projectOf(world, request.projectId);
  if (!project.ok) return project;
  const record = world.accounts.get(request.accountId);
  if (
    record === undefined ||
    record.projectId !== request.projectId ||
    record.environment !== request.environment ||
    record.account.external_id !== request.externalUserId
  ) {
    return notFound('account', request.accountId);
  }
  const app = record.account.app.name_slug;
  const domain = APP_DETAILS.get(app)?.domain ?? '';
  if (domain === '') return fail('bad_request', `${app} accounts cannot be used through the proxy`, { app });
  const text = decodeBase64(request.url64);
  if (text === undefined) return fail('bad_request', 'url_64 is not base64 of a URL', { url_64: request.url64 });
  let url: URL;
  try {
    // A path is on the app's API, as the service's docs allow.
    url = new URL(text, `https://${domain}`);
  } catch {
    return fail('bad_request', `${JSON.stringify(text)} is not a URL`, { url: text });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return fail('bad_request', `${url.protocol} URLs cannot be proxied`, { url: text });
  if (url.hostname !== domain && !url.hostname.endsWith(`.${domain}`)) {
    return fail(
      'bad_request',
      `${url.hostname} is not on ${domain}, the domain of ${app}: the proxy only sends to it`,
      { url: url.href, allowed_domains: [domain] },
    );
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (name.startsWith(FORWARDED) && name.length > FORWARDED.length) headers[name.slice(FORWARDED.length)] = value;
  }
  return ok({
    upstream: true,
    method: request.method,
    url: url.href,
    headers,
    body: request.body ?? null,
    auth: { account_id: record.account.id, app, header: AUTH_HEADER[app] ?? 'authorization' },
  });
}
