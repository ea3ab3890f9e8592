// The other test file: the user's workspace and its sources, and a webhook created from the settings page.
import { expect, it } from 'vitest';
import { API } from './setup.ts';

async function workspace(): Promise<string> {
  const me = (await (await fetch(`${API}/users/me`)).json()) as { data: { orgs: Array<{ id: string }> } };
  return me.data.orgs[0]!.id;
}

it('shows the workspace of the signed-in user', async () => {
  expect((await fetch(`${API}/workspaces/${await workspace()}`)).status).toBe(200);
});

it('lists the sources of the workspace, a page at a time', async () => {
  const response = await fetch(`${API}/orgs/${await workspace()}/sources?limit=2`);
  expect(response.status).toBe(200);
  expect(((await response.json()) as { page_info: { count: number } }).page_info.count).toBeLessThanOrEqual(2);
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
