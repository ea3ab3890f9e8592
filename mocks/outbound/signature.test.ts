import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, parseSignatureHeader, signPayload, verifySignature } from './signature.ts';

/** HMAC-SHA256 by an independent implementation: the openssl command-line tool, fed the exact bytes on stdin. */
function opensslHmacHex(key: string, data: Uint8Array): string {
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', key], { input: data }).toString();
  const match = /= ([0-9a-f]{64})\s*$/.exec(out);
  if (match === null) throw new Error(`unexpected openssl output: ${out}`);
  return match[1] as string;
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const atSeconds = (seconds: number) => () => seconds * 1000;

describe('signPayload', () => {
  // Vectors computed outside this code base, by:
  //   printf '%s' '1700000000.{"hello":"world"}' | openssl dgst -sha256 -hmac 'whsec_test_key'
  //   printf '1712345678.{"event_id":"evt_1","note":"caf\xc3\xa9 \xe2\x9c\x93"}' | openssl dgst -sha256 -hmac 'sk_0123456789abcdef'
  //   printf '%s' '0.' | openssl dgst -sha256 -hmac 'k'
  it.each([
    [
      'whsec_test_key',
      1700000000,
      '{"hello":"world"}',
      '690322051b8978c8190c62885a69a8c2a1348d90d3c860ff10b8e06e802dc6e3',
    ],
    [
      'sk_0123456789abcdef',
      1712345678,
      '{"event_id":"evt_1","note":"café ✓"}',
      'fae3f43e993aa1ee00725e27417441f5b19b274c32cc06a021ef7b751ea48a22',
    ],
    ['k', 0, '', '6b4a4b8b3c40f1e8f53a3d36682e5f99f7ad2ac1df1c93dfe336f329167641e7'],
  ])('matches the openssl vector for key %s at t=%i', async (key, timestamp, body, hex) => {
    expect(await signPayload({ key, timestamp, rawBody: body })).toBe(`t=${timestamp},v1=${hex}`);
  });

  it('agrees with openssl run now on a realistic delivery body, as string and as bytes', async () => {
    const body = JSON.stringify({
      event_id: 'evt_9f8e7d',
      trigger_id: 'dc_abc123',
      environment: 'production',
      emitted_at: 1754000000,
      event: { message: 'naïve — ünïcödé', n: 1e21, nested: { list: [1, 2, 3] } },
    });
    const key = 'pd_sk_live_5f3a9c';
    const expected = opensslHmacHex(key, utf8(`1754000123.${body}`));
    expect(await signPayload({ key, timestamp: 1754000123, rawBody: body })).toBe(`t=1754000123,v1=${expected}`);
    expect(await signPayload({ key, timestamp: 1754000123, rawBody: utf8(body) })).toBe(`t=1754000123,v1=${expected}`);
  });

  it('signs arbitrary bytes (not valid UTF-8) exactly', async () => {
    const bytes = new Uint8Array([0xff, 0x00, 0xfe, 0x22, 0x0a]);
    const expected = opensslHmacHex('key', new Uint8Array([...utf8('42.'), ...bytes]));
    expect(await signPayload({ key: 'key', timestamp: 42, rawBody: bytes })).toBe(`t=42,v1=${expected}`);
  });

  it('defaults the timestamp to the current time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const header = await signPayload({ key: 'k', rawBody: '{}' });
    const t = Number(/^t=(\d+),/.exec(header)?.[1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('refuses a timestamp that is not whole UNIX seconds', async () => {
    await expect(signPayload({ key: 'k', rawBody: '', timestamp: 1.5 })).rejects.toThrow(TypeError);
    await expect(signPayload({ key: 'k', rawBody: '', timestamp: -1 })).rejects.toThrow(TypeError);
  });

  it('names rawBody when a caller passes body, or nothing, instead of failing deep inside', async () => {
    const withBody = { key: 'k', body: '{}' } as unknown as Parameters<typeof signPayload>[0];
    await expect(signPayload(withBody)).rejects.toThrow(
      /signPayload: rawBody must be .*got undefined \(the option is named rawBody, not body\)/,
    );
    const verifyWithBody = { key: 'k', header: 't=1,v1=00', body: '{}' } as unknown as Parameters<
      typeof verifySignature
    >[0];
    await expect(verifySignature(verifyWithBody)).rejects.toThrow(/verifySignature: rawBody must be/);
    await expect(signPayload({ rawBody: '{}', key: undefined as unknown as string })).rejects.toThrow(
      /signPayload: key must be the signing key/,
    );
  });
});

describe('verifySignature', () => {
  const key = 'whsec_test_key';
  const body = '{"hello":"world"}';
  // From the openssl vector above.
  const header = 't=1700000000,v1=690322051b8978c8190c62885a69a8c2a1348d90d3c860ff10b8e06e802dc6e3';

  it('accepts the openssl-computed signature within the window', async () => {
    expect(await verifySignature({ rawBody: body, header, key, now: atSeconds(1700000010) })).toEqual({
      ok: true,
      timestamp: 1700000000,
    });
    expect(await verifySignature({ rawBody: utf8(body), header, key, now: atSeconds(1700000010) })).toEqual({
      ok: true,
      timestamp: 1700000000,
    });
  });

  it('accepts Node-style header values (a one-element array)', async () => {
    const result = await verifySignature({ rawBody: body, header: [header], key, now: atSeconds(1700000000) });
    expect(result.ok).toBe(true);
  });

  it.each([
    ['a changed body', { rawBody: '{"hello":"world!"}' }],
    ['re-serialised JSON (spaces)', { rawBody: '{"hello": "world"}' }],
    ['another key', { key: 'whsec_other' }],
    ['another timestamp in the header', { header: header.replace('t=1700000000', 't=1700000001') }],
    ['a flipped digest digit', { header: `${header.slice(0, -1)}4` }],
  ])('reports a mismatch for %s', async (_label, change) => {
    const result = await verifySignature({ rawBody: body, header, key, now: atSeconds(1700000000), ...change });
    expect(result).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it('enforces the 300 s replay window on both sides, inclusive at the boundary', async () => {
    const at = (s: number) => verifySignature({ rawBody: body, header, key, now: atSeconds(s) });
    expect((await at(1700000000 + 300)).ok).toBe(true);
    expect(await at(1700000000 + 301)).toMatchObject({ ok: false, reason: 'stale' });
    expect((await at(1700000000 - 300)).ok).toBe(true);
    expect(await at(1700000000 - 301)).toMatchObject({ ok: false, reason: 'future' });
  });

  it('takes custom window sizes', async () => {
    const result = await verifySignature({ rawBody: body, header, key, now: atSeconds(1700000061), maxAgeSeconds: 60 });
    expect(result).toMatchObject({ ok: false, reason: 'stale' });
    const future = await verifySignature({
      rawBody: body,
      header,
      key,
      now: atSeconds(1699999990),
      maxFutureSeconds: 5,
    });
    expect(future).toMatchObject({ ok: false, reason: 'future' });
  });

  it.each([undefined, null, '', []])('reports a missing header for %j', async (missing) => {
    const result = await verifySignature({ rawBody: body, header: missing as string | undefined, key });
    expect(result).toMatchObject({ ok: false, reason: 'missing_header' });
  });

  const hex = '690322051b8978c8190c62885a69a8c2a1348d90d3c860ff10b8e06e802dc6e3';
  it.each([
    ['upper-case hex', `t=1700000000,v1=${hex.toUpperCase()}`],
    ['parts swapped', `v1=${hex},t=1700000000`],
    ['a space after the comma', `t=1700000000, v1=${hex}`],
    ['a duplicate v1', `t=1700000000,v1=${hex},v1=${hex}`],
    ['an extra part', `t=1700000000,v1=${hex},v0=abc`],
    ['a short digest', `t=1700000000,v1=${hex.slice(2)}`],
    ['a non-numeric t', `t=17e8,v1=${hex}`],
    ['a negative t', `t=-1,v1=${hex}`],
    ['a missing t', `v1=${hex}`],
    ['garbage', 'sha256=deadbeef'],
  ])('reports a malformed header for %s', async (_label, bad) => {
    const result = await verifySignature({ rawBody: body, header: bad, key, now: atSeconds(1700000000) });
    expect(result).toMatchObject({ ok: false, reason: 'malformed_header' });
  });

  it('treats two header values as malformed', async () => {
    const result = await verifySignature({ rawBody: body, header: [header, header], key, now: atSeconds(1700000000) });
    expect(result).toMatchObject({ ok: false, reason: 'malformed_header' });
  });

  it('checks the window before the digest, so a stale replay of a valid signature is "stale"', async () => {
    const result = await verifySignature({ rawBody: body, header, key, now: atSeconds(1800000000) });
    expect(result).toMatchObject({ ok: false, reason: 'stale' });
  });

  it("accepts the signed example of the document's webhooks.triggerEvent", async () => {
    // openapi.yaml's example; independently checked with:
    //   node -e 'process.stdout.write("1763798400."+JSON.stringify(<example body>))' | openssl dgst -sha256 -hmac 2e9b4f7a...2e9b
    const example = JSON.stringify({
      event_id: '2NpLbZ5rL1gF0kq9xY3mT7aWc6h',
      trigger_id: 'dc_Jx2Lk9P',
      environment: 'production',
      emitted_at: 1763798400,
      event: { action: 'opened', issue: { number: 1043, title: 'Engine stalls at step 7' } },
    });
    const result = await verifySignature({
      rawBody: example,
      header: 't=1763798400,v1=00c7dca83e5f3c55cfddf406bac7b3f747c445d7f1ed97a834fd8fcce2a96f97',
      key: '2e9b4f7a1c6d3e8b0f5a2c9d4e7b1f6a3c8d0e5b2f9a4c7d1e6b3f8a0c5d2e9b',
      now: atSeconds(1763798400),
    });
    expect(result).toEqual({ ok: true, timestamp: 1763798400 });
  });

  it('round-trips with signPayload for a signature made now', async () => {
    const made = await signPayload({ key: 'k2', rawBody: '{"a":1}' });
    expect((await verifySignature({ rawBody: '{"a":1}', header: made, key: 'k2' })).ok).toBe(true);
  });
});

describe('parseSignatureHeader / constantTimeEqual', () => {
  it('parses the parts', () => {
    const parsed = parseSignatureHeader(`t=12,v1=${'0a'.repeat(32)}`);
    expect(parsed).toMatchObject({ ok: true, value: { timestamp: 12 } });
    if (parsed.ok) expect([...parsed.value.digest]).toEqual(new Array(32).fill(10));
  });

  it('compares byte arrays', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
  });
});
