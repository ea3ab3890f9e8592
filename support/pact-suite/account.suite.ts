// One test file of the suite: the signed-in user, and a workflow that is not there.
import { describe, expect, it } from 'vitest';
import { API } from './setup.ts';

describe('account page', () => {
  it('shows the signed-in user', async () => {
    const response = await fetch(`${API}/users/me`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { id: string } }).data.id).toMatch(/^u_/);
  });

  it('says when a workflow is gone', async () => {
    expect((await fetch(`${API}/workflows/p_gone123`)).status).toBe(404);
  });
});
