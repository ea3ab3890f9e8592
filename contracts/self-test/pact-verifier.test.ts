// Issue 31, items 5 and 6: the official Pact verifier (@pact-foundation/pact, its native core)
// verifies a pact file recorded by a real `serve --pact-dir` run against a fresh mock server, with
// the mock's own state-change route, and fails it against broken variants of the self-test
// (variants.ts), naming the field. Everything on 127.0.0.1 (docs/pact.md, "The official verifier").
import { describe, expect, it } from 'vitest';
import { SAMPLE_PACT, startSeededServer as freshServer, useSamplePact } from '../../support/pact-recording.ts';
import { serveVariant } from './serve-variant.ts';

// The verifier's core sends usage statistics to a host of its own unless told not to; no test
// sends traffic anywhere but loopback. Set before the core is loaded (it is imported below, lazily).
process.env.PACT_DO_NOT_TRACK = 'true';

const TOKEN = SAMPLE_PACT.token;

const sample = useSamplePact();

interface VerifierResult {
  result: boolean;
  errors: Array<{ interaction: string; mismatch: unknown }>;
  interactionResults: Array<{ description: string; result: string }>;
}

/** The official verifier against `origin`, its state-change URL the mock's route there; the bearer as a header. */
async function verifyWith(origin: string): Promise<VerifierResult> {
  const { Verifier } = await import('@pact-foundation/pact');
  const verifier = new Verifier({
    providerBaseUrl: origin,
    pactUrls: [sample.file()],
    providerStatesSetupUrl: `${origin}/__mock/pact/states`,
    // Sent with every request and every state-change call: the world the pact's states open is this token's.
    customProviderHeaders: [`Authorization: Bearer ${TOKEN}`],
    logLevel: 'error',
  });
  // The core's JSON report: what a passed verification resolves with, a failed one's message.
  try {
    return JSON.parse(String(await verifier.verifyProvider())) as VerifierResult;
  } catch (error) {
    return JSON.parse((error as Error).message) as VerifierResult;
  }
}

describe('the official Pact verifier', () => {
  it('verifies a pact recorded by serve --pact-dir against a fresh mock server', async () => {
    const server = await freshServer();
    try {
      const verified = await verifyWith(server.origin);
      expect(verified.errors).toEqual([]);
      expect(verified.result).toBe(true);
      expect(verified.interactionResults.map((r) => `${r.description}: ${r.result}`)).toEqual([
        'createWebhook answers 200 in a fresh world: OK',
        'getCurrentUser answers 200 in a fresh world: OK',
        'getWorkflow answers 404 in a fresh world: OK',
        'listWebhooks answers 200 in a fresh world: OK',
        'listWebhooks answers 200 in scenario empty-account: OK',
        'listWorkspaceSources answers 200 in a fresh world: OK',
      ]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  for (const [variant, interaction, field] of [
    ['wrong-id-prefix', 'createWebhook answers 200 in a fresh world', '$.data.id'],
    ['missing-page-info', 'listWorkspaceSources answers 200 in a fresh world', 'page_info'],
  ] as const) {
    it(`fails the same pact against the broken variant "${variant}", naming ${field}`, async () => {
      const server = await freshServer();
      const broken = await serveVariant(variant, server.origin);
      try {
        const verified = await verifyWith(broken.origin);
        expect(verified.result).toBe(false);
        const failure = verified.errors.find((error) => error.interaction.endsWith(` - ${interaction}`));
        expect(failure, JSON.stringify(verified.errors)).toBeDefined();
        expect(JSON.stringify(failure!.mismatch)).toContain(field);
      } finally {
        await broken.close();
        await server.stop();
      }
    }, 120_000);
  }
});
