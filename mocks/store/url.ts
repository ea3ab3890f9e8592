// Webhook URL rule (spec: protocol http or https and a hostname; port and path allowed).
import type { Result } from '../errors.ts';
import { fail, ok } from '../errors.ts';

export function checkWebhookUrl(value: unknown, field = 'url'): Result<string> {
  if (typeof value !== 'string' || value === '') return fail('bad_request', `${field} is required`, { field });
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return fail('unsupported_url', `unsupported ${field}: must be an absolute http or https URL with a hostname`, { field, url: value });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return fail('unsupported_url', `unsupported ${field} protocol ${parsed.protocol.replace(/:$/, '')}: only http and https are supported`, { field, url: value });
  }
  if (parsed.hostname === '') {
    return fail('unsupported_url', `unsupported ${field}: a hostname is required`, { field, url: value });
  }
  return ok(value);
}
