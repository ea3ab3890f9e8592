// The other test file: the user's workspace, and a webhook created from the settings page.
import { expect, it } from 'vitest';
import { API } from './setup.ts';

it('shows the workspace of the signed-in user', async () => {
  const me = (await (await fetch(`${API}/users/me`)).json()) as { data: { orgs: Array<{ id: string }> } };
  expect((await fetch(`${API}/workspaces/${me.data.orgs[0]!.id}`)).status).toBe(200);
});

it('adds an alerts webhook', async () => {
  const query = new URLSearchParams({
    url: 'https://hooks.example.com/alerts',
    name: 'Alerts',
    description: 'on call',
  });
  const response = await fetch(`${API}/webhooks?${query}`, { method: 'POST' });
  expect(response.status).toBe(200);
});
