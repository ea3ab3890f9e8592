// Where `deliver` and `receiver-check` may send: the kit's one destination policy (mocks/common/destinations.ts),
// kept out of cli/args.ts so that only these two commands load it (start-up, docs/performance.md).
import { destinationPolicy } from '../mocks/common/destinations.ts';
import { parseHttpUrl, usage, type UsageError } from './args.ts';

/**
 * A URL the kit will send webhook deliveries to (`deliver`, `receiver-check`): http(s), and never a
 * link-local address, where cloud metadata services answer (the server's rule, docs/control-api.md);
 * names that resolve there are refused as the connection is made (mocks/node/fetch.ts).
 *
 * @example
 * parseDeliveryUrl('--url', 'http://169.254.169.254/'); // a UsageError naming the link-local address
 */
export function parseDeliveryUrl(from: string, text: string): string | UsageError {
  const url = parseHttpUrl(from, text);
  if (typeof url !== 'string') return url;
  const refusal = destinationPolicy().refuseUrl(url);
  return refusal === null ? url : usage(`${from}: ${refusal}; the kit never sends there`);
}
