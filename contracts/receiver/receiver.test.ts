// The receiver check as a vitest suite: one test per check, so CI output names what failed.
//   RECEIVER_URL=https://my.app/hooks/pd RECEIVER_SIGNING_KEY=... npx vitest run contracts/receiver
// Without RECEIVER_URL it checks the README's reference receiver, started here on a free port.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIVER_CHECKS, runReceiverCheck, type CheckResult } from '../../mocks/outbound/receiver-check.ts';
import { createReferenceReceiver } from '../../support/loopback-receiver.ts';

const externalUrl = process.env.RECEIVER_URL;
const externalKey = process.env.RECEIVER_SIGNING_KEY;

describe(`trigger-webhook receiver ${externalUrl ?? '(reference receiver)'}`, () => {
  let reference: Server | undefined;
  const results = new Map<string, CheckResult>();

  beforeAll(async () => {
    let url = externalUrl;
    let key = externalKey;
    if (!url) {
      key = `sk_reference_${crypto.randomUUID()}`;
      reference = createReferenceReceiver(key);
      await new Promise<void>((resolve) => reference?.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(reference.address() as AddressInfo).port}/`;
    }
    if (!key) throw new Error('RECEIVER_URL is set but RECEIVER_SIGNING_KEY is not');
    for (const result of await runReceiverCheck({ url, key })) results.set(result.name, result);
  });

  afterAll(async () => {
    if (reference) await new Promise((resolve) => reference?.close(resolve));
  });

  it.each(RECEIVER_CHECKS.map((c) => [c.name, c.expected, c.description] as const))('%s: expects %s (%s)', (name) => {
    const result = results.get(name);
    expect(result, `check ${name} did not run`).toBeDefined();
    expect(result?.passed, `${name}: ${result?.detail}`).toBe(true);
  });
});
