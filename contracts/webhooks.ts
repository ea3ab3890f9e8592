// Creating webhooks for the suites, each with its DELETE registered as cleanup.
import type { Contract } from './harness.ts';
import { expectStatus, uniqueName } from './cases.ts';

export async function createWebhook(contract: Contract, url = 'https://example.com/contract-hook'): Promise<{ id: string } & Record<string, any>> {
  const name = uniqueName('webhook');
  const answer = await contract.api.post('/webhooks', { query: { url, name, description: 'created by the contract suite' } });
  expectStatus(answer, 200, 'POST /webhooks');
  const webhook = answer.body.data;
  if (contract.target.caps.stateful) {
    contract.cleanup.add(`delete webhook ${webhook.id}`, async () => {
      const deleted = await contract.api.delete(`/webhooks/${webhook.id}`);
      if (deleted.status !== 204 && deleted.status !== 404) throw new Error(`DELETE /webhooks/${webhook.id} answered ${deleted.status}`);
    });
  }
  return webhook;
}
