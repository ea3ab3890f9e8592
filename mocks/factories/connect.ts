import { type FactoryContext, isoTime, randomString } from '../ids/random.ts';
import type { App, ConnectedAccount, ConnectToken } from './types.ts';
import { newId } from '../ids/ids.ts';
import { overrideWith, pickApp } from './common.ts';

export function makeApp(ctx: FactoryContext, overrides?: Partial<App>): App {
  const { faker } = ctx;
  const app = pickApp(ctx);
  const generated: App = {
    id: overrides?.id ?? newId('app', ctx),
    name_slug: app.slug,
    name: app.name,
    auth_type: 'oauth',
    description: `${app.name} ${faker.company.catchPhrase().toLowerCase()}.`,
    img_src: `https://assets.example.com/apps/${app.slug}.svg`,
    custom_fields_json: '[]',
    categories: [app.category],
    featured_weight: faker.number.int({ min: 0, max: 10_000 }),
    connect: { allowed_domains: [app.domain], base_proxy_target_url: `https://${app.domain}`, proxy_enabled: true },
  };
  return overrideWith(generated, overrides);
}

/** Credentials as the accounts endpoint returns them with include_credentials=true. */
export function makeCredentials(ctx: FactoryContext): Record<string, unknown> {
  return {
    oauth_access_token: randomString(ctx.faker, 40),
    oauth_refresh_token: randomString(ctx.faker, 40),
    expires_at: isoTime(ctx.now() + 3_600_000),
  };
}

/**
 * The SDK's optional refresh fields of an account, chosen by its creation time (a draw it already made, so the draws
 * after it stay where they were) unless `refreshes` says: none for one account in four (an app whose keys do not
 * expire), scopes and a refresh schedule for the others, and `error: null` (healthy) for one in four.
 */
function refreshFields(created: number, app: App, now: number, refreshes?: boolean): Partial<ConnectedAccount> {
  const kind = refreshes === undefined ? created % 4 : refreshes ? 1 + (created % 3) : 0;
  if (kind === 0) return {};
  const refreshed = now - (created % 50) * 60_000;
  const fields: Partial<ConnectedAccount> = {
    authorized_scopes: kind === 3 ? [] : [`${app.name_slug}:read`, `${app.name_slug}:write`],
    last_refreshed_at: isoTime(refreshed),
    expires_at: isoTime(refreshed + 3_600_000),
    next_refresh_at: isoTime(refreshed + 3_300_000),
  };
  return kind === 1 ? { ...fields, error: null } : fields;
}

/**
 * A connected account (ISO 8601 timestamps, unlike the UNIX-second resources); no credentials. `refreshes` says
 * whether it has the SDK's refresh fields (`expires_at`, ...); without it, its creation time decides.
 *
 * @example
 * makeConnectedAccount(ctx, { healthy: false }, { refreshes: false }); // an account without expires_at and the rest
 */
export function makeConnectedAccount(
  ctx: FactoryContext,
  overrides?: Partial<ConnectedAccount>,
  options: { refreshes?: boolean } = {},
): ConnectedAccount {
  const { faker } = ctx;
  const app = overrides?.app ?? makeApp(ctx);
  const created = ctx.now() - faker.number.int({ min: 0, max: 60 * 86_400_000 });
  const updated = Math.min(ctx.now(), created + faker.number.int({ min: 0, max: 86_400_000 }));
  const account: ConnectedAccount = {
    id: overrides?.id ?? newId('account', ctx),
    name: faker.internet.email().toLowerCase(),
    external_id: `user-${faker.string.uuid()}`,
    healthy: true,
    dead: false,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(updated).toISOString(),
    app,
    ...refreshFields(created, app, ctx.now(), options.refreshes),
  };
  return overrideWith(account, overrides);
}

const CONNECT_TOKEN_TTL_MS = 4 * 3_600_000;

export function makeConnectToken(ctx: FactoryContext, overrides?: Partial<ConnectToken>): ConnectToken {
  const token = overrides?.token ?? newId('connectToken', ctx);
  const generated: ConnectToken = {
    token,
    expires_at: isoTime(ctx.now() + CONNECT_TOKEN_TTL_MS),
    connect_link_url: `https://connect.example.com/_static/connect.html?token=${token}&connectLink=true`,
  };
  return overrideWith(generated, overrides);
}
