// The README's Connect walk-through, runnable: `npx node scripts/connect-walkthrough.ts`. A mock server and a
// webhook receiver on loopback ports, @pipedream/sdk driven unchanged; the output is the README's.
import { PipedreamClient } from '@pipedream/sdk';
import { startServer } from '../mocks/node/server.ts';
import { verifySignature } from '../mocks/outbound/signature.ts';
import { startLoopbackReceiver } from '../support/loopback-receiver.ts';

const server = await startServer({ port: 0, quiet: true, seed: 0 });
const receiver = await startLoopbackReceiver();
const { origin } = server;
const token = 'readme-walkthrough';
const control = (path: string, body: unknown) =>
  fetch(`${origin}/__mock${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

try {
  // The project comes from the world's summary (GET /__mock/world): no API lists projects yet.
  const { data: world } = (await (
    await fetch(`${origin}/__mock/world`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    data: { projects: Array<{ id: string }> };
  };
  const client = new PipedreamClient({
    baseUrl: origin,
    projectId: world.projects[0]!.id,
    projectEnvironment: 'development',
    tokenProvider: { getToken: async () => token },
  });

  // 1. The app picker.
  const apps = await client.apps.list({ q: 'git', limit: 5 });
  console.log('apps.list       ', apps.data.map((app) => `${app.nameSlug} (${app.authType})`).join(', '));

  // 2. A connect token for the end user, and 3. the flow finished as the user would in the browser.
  const externalUserId = 'user-42';
  const connect = await client.tokens.create({ externalUserId, webhookUri: `${receiver.origin}/connect` });
  console.log('tokens.create   ', connect.token, 'expires', connect.expiresAt.toISOString());
  const { data: completed } = (await (
    await control(`/connect/${connect.token}/complete`, { outcome: 'success' })
  ).json()) as {
    data: { account: { id: string } };
  };
  console.log('connect flow     completed from the control API: account', completed.account.id);

  // 4. The user's accounts.
  const [account] = (await client.accounts.list({ externalUserId })).data;
  const app = account!.app!.nameSlug;
  console.log('accounts.list   ', account!.id, app, account!.healthy ? 'healthy' : 'unhealthy');

  // 5. The first action of the account's app, its props configured as a form would: the account,
  //    each remote option from configureProp, the sheet's dynamic props from reloadProps.
  const [action] = (await client.actions.list({ app })).data;
  const configuredProps: Record<string, unknown> = {};
  let dynamicPropsId: string | undefined;
  for (const prop of action!.configurableProps as Array<{
    name: string;
    type: string;
    optional?: boolean;
    remoteOptions?: boolean;
    reloadProps?: boolean;
    options?: unknown[];
  }>) {
    if (prop.optional === true) continue;
    if (prop.type === 'app') configuredProps[prop.name] = { authProvisionId: account!.id };
    else if (prop.remoteOptions === true) {
      const { options } = await client.actions.configureProp({
        id: action!.key,
        externalUserId,
        propName: prop.name,
        configuredProps: configuredProps as never,
      });
      configuredProps[prop.name] = (options![0] as { value: string }).value;
    } else configuredProps[prop.name] = prop.options?.[0] ?? `Hello from the walk-through`;
    if (prop.reloadProps === true) {
      dynamicPropsId = (
        await client.actions.reloadProps({ id: action!.key, externalUserId, configuredProps: configuredProps as never })
      ).dynamicProps?.id;
    }
  }
  const run = await client.actions.run({
    id: action!.key,
    externalUserId,
    configuredProps: configuredProps as never,
    ...(dynamicPropsId ? { dynamicPropsId } : {}),
  });
  console.log('actions.run     ', action!.key, '->', run.exports?.$summary);

  // 6. A trigger of the same app deployed for the user, delivering to its own URL, emitting once at once.
  const [component] = (await client.triggers.list({ app })).data;
  const { data: trigger } = await client.triggers.deploy({
    id: component!.key,
    externalUserId,
    configuredProps: { [app]: { authProvisionId: account!.id } },
    webhookUrl: `${receiver.origin}/trigger`,
    emitOnDeploy: true,
  });
  const key = (trigger as { webhookSigningKey?: string }).webhookSigningKey!;
  console.log('triggers.deploy ', trigger.id, component!.key, 'signing key', `${key.slice(0, 8)}…`);

  // 7. The deliveries: the connection webhook, then the trigger's event, signed with its key.
  const received = await receiver.waitFor(2);
  const event = received.find((request) => request.path === '/trigger')!;
  const verified = await verifySignature({
    header: String(event.headers['x-pd-signature']),
    rawBody: event.rawBody,
    key,
  });
  console.log(
    'delivery         POST /trigger',
    'x-pd-signature',
    verified.ok ? 'verified with the trigger key' : `NOT verified: ${JSON.stringify(verified)}`,
  );
  console.log(
    '                 POST /connect',
    JSON.parse(received.find((request) => request.path === '/connect')!.text).event,
  );
} finally {
  await receiver.close();
  await server.close();
}
