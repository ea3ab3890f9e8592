// Creating webhooks for the suites (their DELETE is registered by contracts/tracking.ts).
import type { Contract } from './harness.ts';
import { expectStatus, uniqueName } from './cases.ts';

export async function createWebhook(
  contract: Contract,
  url = 'https://example.com/contract-hook',
): Promise<{ id: string } & Record<string, any>> {
  const name = uniqueName('webhook');
  const answer = await contract.api.post('/webhooks', {
    query: { url, name, description: 'created by the contract suite' },
  });
  expectStatus(answer, 200, 'POST /webhooks');
  return answer.body.data;
}
