import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCheckTable, RECEIVER_CHECKS, runReceiverCheck, sampleTriggerDelivery } from './receiver-check.ts';
import { verifySignature } from './signature.ts';
import { createReferenceReceiver, startLoopbackReceiver } from '../../support/loopback-receiver.ts';
import { validator } from '../../openapi/validator.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/pd`;
}

/** A receiver built like the reference one but with its own verification policy. */
function receiverWith(policy: (rawBody: Buffer, header: string | string[] | undefined) => Promise<boolean>): Server {
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const accepted = await policy(Buffer.concat(chunks), req.headers['x-pd-signature']);
    res.writeHead(accepted ? 200 : 401).end();
  });
}

const KEY = 'pd_sk_receiver_check_test';
const failedNames = (results: { name: string; passed: boolean }[]) =>
  results.filter((r) => !r.passed).map((r) => r.name);

describe('runReceiverCheck', () => {
  it('passes every check against the reference receiver, which saw exactly one event', async () => {
    const events: unknown[] = [];
    const url = await listen(createReferenceReceiver(KEY, (event) => events.push(event)));
    const results = await runReceiverCheck({ url, key: KEY });
    expect(results.map((r) => [r.name, r.passed])).toEqual(RECEIVER_CHECKS.map((c) => [c.name, true]));
    expect(results.find((r) => r.name === 'valid_signature')?.status).toBe(200);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      trigger_id: 'dc_rcheck0001',
      environment: 'production',
      event: { note: 'naïve café — ✓' },
    });
    expect(formatCheckTable(results)).toContain('all 7 checks passed');
  });

  it('fails, naming the checks, against a receiver that skips verification', async () => {
    const url = await listen(receiverWith(async () => true));
    const results = await runReceiverCheck({ url, key: KEY });
    expect(failedNames(results)).toEqual([
      'tampered_body',
      'wrong_key',
      'stale_timestamp',
      'future_timestamp',
      'malformed_header',
      'missing_header',
    ]);
    const table = formatCheckTable(results);
    expect(table).toMatch(/^tampered_body\s+401\s+200\s+FAIL\s+expected 401, got 200$/m);
    expect(table).toContain('6 of 7 checks failed: tampered_body, wrong_key');
  });

  it('fails stale and future checks against a receiver that verifies the digest but skips the replay window', async () => {
    const url = await listen(
      receiverWith(async (rawBody, header) => {
        const verdict = await verifySignature({
          rawBody,
          header,
          key: KEY,
          maxAgeSeconds: Infinity,
          maxFutureSeconds: Infinity,
        });
        return verdict.ok;
      }),
    );
    const results = await runReceiverCheck({ url, key: KEY });
    expect(failedNames(results)).toEqual(['stale_timestamp', 'future_timestamp']);
  });

  it('fails the valid check against a receiver that verifies re-serialised JSON instead of the raw bytes', async () => {
    const url = await listen(
      receiverWith(async (rawBody, header) => {
        const reserialised = JSON.stringify(JSON.parse(rawBody.toString('utf8')), null, 1);
        return (await verifySignature({ rawBody: reserialised, header, key: KEY })).ok;
      }),
    );
    const results = await runReceiverCheck({ url, key: KEY });
    expect(failedNames(results)).toEqual(['valid_signature']);
  });

  it('fails the valid check when the receiver holds another key', async () => {
    const url = await listen(createReferenceReceiver('some_other_key'));
    const results = await runReceiverCheck({ url, key: KEY });
    expect(failedNames(results)).toEqual(['valid_signature']);
  });

  it('reports an unreachable receiver as failures with no status', async () => {
    const server = createServer();
    const url = await listen(server);
    server.close();
    const results = await runReceiverCheck({ url, key: KEY });
    expect(results.every((r) => !r.passed && r.status === null && r.detail.startsWith('no answer'))).toBe(true);
  });

  it('uses a body with the trigger-delivery envelope', () => {
    expect(Object.keys(sampleTriggerDelivery(1_760_000_000, 1)).sort()).toEqual([
      'emitted_at',
      'environment',
      'event',
      'event_id',
      'trigger_id',
    ]);
  });

  it("sends bodies that validate against the document's webhooks.triggerEvent payload, each with its own event_id", async () => {
    const receiver = await startLoopbackReceiver();
    try {
      await runReceiverCheck({ url: receiver.url, key: KEY });
      expect(receiver.received).toHaveLength(RECEIVER_CHECKS.length);
      for (const got of receiver.received) {
        expect(validator.validateWebhookPayload('triggerEvent', JSON.parse(got.text))).toEqual([]);
      }
      expect(new Set(receiver.received.map((r) => JSON.parse(r.text).event_id)).size).toBe(RECEIVER_CHECKS.length);
      // The schema is not vacuous: a body without the envelope is refused.
      expect(validator.validateWebhookPayload('triggerEvent', { event: {} })).not.toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
