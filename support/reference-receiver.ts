// A reference trigger-webhook receiver done right (node:http, the exact raw body, verifySignature):
// the known-good receiver the receiver-check tests run against. Node only, never shipped.
// Run it:  SIGNING_KEY=... PORT=8787 npx node support/reference-receiver.ts
import { createServer, type Server } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { verifySignature } from '../mocks/outbound/signature.ts';

export function createReferenceReceiver(key: string, onEvent: (event: unknown) => void = () => {}): Server {
  return createServer(async (req, res) => {
    const rawBody = await buffer(req); // verify these exact bytes, never a re-serialised JSON.parse result

    const verdict = await verifySignature({ rawBody, header: req.headers['x-pd-signature'], key });
    if (!verdict.ok) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: verdict.message, reason: verdict.reason }));
      return;
    }
    let event: unknown;
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"body is not JSON"}');
      return;
    }
    onEvent(event);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
  });
}

if (import.meta.main) {
  const key = process.env.SIGNING_KEY;
  if (!key) throw new Error('set SIGNING_KEY to the signing key the API returned');
  const port = Number(process.env.PORT ?? 8787);
  createReferenceReceiver(key, (event) => console.log(JSON.stringify(event))).listen(port, '127.0.0.1', () => {
    console.log(`reference receiver on http://127.0.0.1:${port}/`);
  });
}
