// The receiver test kit (`npm run receiver-check`): one genuine delivery and six forged or replayed ones, each
// judged as the spec's reference receiver would (spec "Events > Signatures"). Only fetch and Web Crypto.

import { SIGNATURE_HEADER, signPayload } from './signature.ts';

export type Expectation = '2xx' | '401' | '4xx';

export interface CheckResult {
  name: string;
  /** What was sent, in a few words. */
  description: string;
  expected: Expectation;
  /** null when no HTTP answer came back (connection refused, timeout...). */
  status: number | null;
  passed: boolean;
  /** Why it failed, or the first characters of the answer. */
  detail: string;
}

export interface ReceiverCheckOptions {
  url: string;
  /** The signing key the receiver was configured with. */
  key: string;
  /** UNIX milliseconds; the receiver's clock should agree with it within a few seconds. */
  now?: () => number;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Called after each check, e.g. to print progress. */
  onResult?: (result: CheckResult) => void;
}

/** Outside the 300 s window by a clear minute, so ordinary clock skew cannot blur the verdict. */
export const REPLAY_OFFSET_SECONDS = 360;

export interface Delivery {
  body: string;
  headers: Record<string, string>;
}

export interface CheckDefinition {
  name: string;
  description: string;
  expected: Expectation;
  build(ctx: { key: string; nowSeconds: number; body: () => string }): Promise<Delivery>;
}

const json = { 'content-type': 'application/json' };

async function signed(body: string, key: string, timestamp: number): Promise<Record<string, string>> {
  return { ...json, [SIGNATURE_HEADER]: await signPayload({ rawBody: body, key, timestamp }) };
}

/** The checks, in the order they run. Names are stable: tests and CI logs refer to them. */
export const RECEIVER_CHECKS: readonly CheckDefinition[] = [
  {
    name: 'valid_signature',
    description: 'a genuine delivery signed now with the right key',
    expected: '2xx',
    async build({ key, nowSeconds, body }) {
      const text = body();
      return { body: text, headers: await signed(text, key, nowSeconds) };
    },
  },
  {
    name: 'tampered_body',
    description: 'signature of the original body, one field of the body changed',
    expected: '401',
    async build({ key, nowSeconds, body }) {
      const original = body();
      const tampered = original.replace('"amount_cents":1999', '"amount_cents":1');
      if (tampered === original) throw new Error('internal: tampering did not change the body');
      return { body: tampered, headers: await signed(original, key, nowSeconds) };
    },
  },
  {
    name: 'wrong_key',
    description: 'signed now with another key',
    expected: '401',
    async build({ key, nowSeconds, body }) {
      const text = body();
      return { body: text, headers: await signed(text, `${key}_not_the_key`, nowSeconds) };
    },
  },
  {
    name: 'stale_timestamp',
    description: `correctly signed, t ${REPLAY_OFFSET_SECONDS} s in the past (window 300 s)`,
    expected: '4xx',
    async build({ key, nowSeconds, body }) {
      const text = body();
      return { body: text, headers: await signed(text, key, nowSeconds - REPLAY_OFFSET_SECONDS) };
    },
  },
  {
    name: 'future_timestamp',
    description: `correctly signed, t ${REPLAY_OFFSET_SECONDS} s in the future`,
    expected: '4xx',
    async build({ key, nowSeconds, body }) {
      const text = body();
      return { body: text, headers: await signed(text, key, nowSeconds + REPLAY_OFFSET_SECONDS) };
    },
  },
  {
    name: 'malformed_header',
    description: 'x-pd-signature without a t= part',
    expected: '4xx',
    async build({ key, nowSeconds, body }) {
      const text = body();
      const good = (await signed(text, key, nowSeconds))[SIGNATURE_HEADER] as string;
      return { body: text, headers: { ...json, [SIGNATURE_HEADER]: good.replace(/^t=\d+,/, '') } };
    },
  },
  {
    name: 'missing_header',
    description: 'no x-pd-signature header at all',
    expected: '4xx',
    async build({ body }) {
      return { body: body(), headers: { ...json } };
    },
  },
];

/**
 * A realistic trigger-webhook delivery body (the document's TriggerWebhookDelivery), with non-ASCII text on purpose:
 * a receiver that verifies a re-encoded body instead of the raw bytes fails the valid check.
 */
export function sampleTriggerDelivery(nowSeconds: number, sequence: number): Record<string, unknown> {
  const suffix = `${nowSeconds.toString(36)}${sequence.toString(36).padStart(2, '0')}`;
  return {
    event_id: `evt_rcheck${suffix}`,
    trigger_id: 'dc_rcheck0001',
    environment: 'production',
    emitted_at: nowSeconds,
    event: {
      type: 'order.created',
      order_id: `ord_${suffix}`,
      customer: { name: 'Zoë Ångström', email: 'zoe@example.com' },
      amount_cents: 1999,
      currency: 'EUR',
      note: 'naïve café — ✓',
    },
  };
}

export async function runReceiverCheck(options: ReceiverCheckOptions): Promise<CheckResult[]> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 5000;
  const results: CheckResult[] = [];
  let sequence = 0;

  for (const check of RECEIVER_CHECKS) {
    const nowSeconds = Math.floor(now() / 1000);
    // A fresh event per check, so a receiver that de-duplicates on event_id judges each one alone.
    const body = () => JSON.stringify(sampleTriggerDelivery(nowSeconds, sequence++));
    const delivery = await check.build({ key: options.key, nowSeconds, body });
    const result: CheckResult = {
      name: check.name,
      description: check.description,
      expected: check.expected,
      status: null,
      passed: false,
      detail: '',
    };
    try {
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      result.status = response.status;
      const answer = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 80);
      result.passed = meets(check.expected, response.status);
      result.detail = result.passed
        ? answer
        : `expected ${check.expected}, got ${response.status}${answer ? `: ${answer}` : ''}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      result.detail = `no answer: ${(error as Error).name === 'TimeoutError' ? `timeout after ${timeoutMs} ms` : (cause?.code ?? cause?.message ?? String(error))}`;
    }
    results.push(result);
    options.onResult?.(result);
  }
  return results;
}

function meets(expected: Expectation, status: number): boolean {
  if (expected === '2xx') return status >= 200 && status < 300;
  if (expected === '401') return status === 401;
  return status >= 400 && status < 500;
}

/** A plain-text pass/fail table, one line per check. */
export function formatCheckTable(results: readonly CheckResult[]): string {
  const rows = [
    ['check', 'expected', 'got', 'result', 'detail'],
    ...results.map((r) => [
      r.name,
      r.expected,
      r.status === null ? '-' : String(r.status),
      r.passed ? 'PASS' : 'FAIL',
      r.detail,
    ]),
  ];
  const widths = [0, 1, 2, 3].map((col) => Math.max(...rows.map((row) => (row[col] as string).length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => (col < 4 ? cell.padEnd(widths[col] as number) : cell))
      .join('  ')
      .trimEnd();
  const failed = results.filter((r) => !r.passed);
  const summary =
    failed.length === 0
      ? `all ${results.length} checks passed`
      : `${failed.length} of ${results.length} checks failed: ${failed.map((r) => r.name).join(', ')}`;
  return [line(rows[0] as string[]), ...rows.slice(1).map((row) => line(row)), '', summary].join('\n');
}
