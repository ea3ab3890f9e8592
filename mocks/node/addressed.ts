// The origin a client addressed (docs/worlds.md, "Workflow endpoints"), from `Forwarded`, `X-Forwarded-*`, or
// `Host`. It only shapes the answer to that client, so it is trusted, but a value that is no host[:port] is ignored.
import type { IncomingHttpHeaders } from 'node:http';

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const PROTO = /^https?$/i;

const first = (value: string | string[] | undefined): string | undefined => {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim() || undefined;
};
const unquote = (value: string) => (value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);

/**
 * `<proto>://<host>` as the client addressed it, or undefined when its headers name no usable host.
 *
 * @example
 * addressedOrigin({ host: '127.0.0.1:4010', 'x-forwarded-host': 'ci-mock:8443', 'x-forwarded-proto': 'https' });
 * // 'https://ci-mock:8443'
 */
export function addressedOrigin(headers: IncomingHttpHeaders): string | undefined {
  let host: string | undefined;
  let proto: string | undefined;
  const forwarded = first(headers.forwarded);
  if (forwarded !== undefined) {
    for (const pair of forwarded.split(';')) {
      const [name, value] = pair.split('=', 2).map((part) => part.trim());
      if (value === undefined) continue;
      if (name!.toLowerCase() === 'host') host = unquote(value);
      else if (name!.toLowerCase() === 'proto') proto = unquote(value);
    }
  }
  if (host === undefined) {
    host = first(headers['x-forwarded-host']);
    proto ??= first(headers['x-forwarded-proto']);
  }
  if (host === undefined || !HOST.test(host)) host = headers.host;
  if (host === undefined || !HOST.test(host)) return undefined;
  return `${proto !== undefined && PROTO.test(proto) ? proto.toLowerCase() : 'http'}://${host.toLowerCase()}`;
}

/**
 * `body` with the endpoint URLs the worlds hold under `listenOrigin` moved to `addressed`; the same
 * string when there is nothing to move (most answers: no trigger in them).
 *
 * @example
 * const body = '{"endpoint_url":"http://127.0.0.1:4010/__endpoints/k"}';
 * followAddressed(body, 'http://127.0.0.1:4010', 'http://localhost:8080');
 * // '{"endpoint_url":"http://localhost:8080/__endpoints/k"}'
 */
export function followAddressed(body: string, listenOrigin: string, addressed: string | undefined): string {
  if (addressed === undefined || addressed === listenOrigin) return body;
  const from = `${listenOrigin}/__endpoints/`;
  return body.includes(from) ? body.replaceAll(from, `${addressed}/__endpoints/`) : body;
}
