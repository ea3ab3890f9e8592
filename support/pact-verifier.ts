// The official Pact verifier (@pact-foundation/pact, its native core) in the test process, against a
// provider on 127.0.0.1 with the mock's state-change route and one bearer (docs/pact.md, "The official
// verifier"): how the suite proves the pact file of each face of the mock (test support).
import { expect } from 'vitest';
import { serveVariant } from '../contracts/self-test/serve-variant.ts';

// The core sends usage statistics to a host of its own unless told not to, and no test sends traffic
// anywhere but loopback: set when this module loads, before the core does (it is imported lazily, below).
process.env.PACT_DO_NOT_TRACK = 'true';

/** The core's JSON report of a verification. */
export interface VerifierResult {
  result: boolean;
  errors: Array<{ interaction: string; mismatch: unknown }>;
  interactionResults: Array<{ description: string; result: string }>;
}

/**
 * The official verifier over `file` against `origin`, its state-change URL the mock's route there, the
 * bearer `token` on every request and state-change call; answers the core's report, passed or failed.
 *
 * @example
 * const verified = await verifyPact('pacts/web-workflow-api.json', server.origin, 'the-token');
 * expect(verified.result).toBe(true);
 */
export async function verifyPact(file: string, origin: string, token: string): Promise<VerifierResult> {
  const { Verifier } = await import('@pact-foundation/pact');
  const verifier = new Verifier({
    providerBaseUrl: origin,
    pactUrls: [file],
    providerStatesSetupUrl: `${origin}/__mock/pact/states`,
    // Sent with every request and every state-change call: the world the pact's states open is this token's.
    customProviderHeaders: [`Authorization: Bearer ${token}`],
    logLevel: 'error',
  });
  // What a passed verification resolves with, a failed one's message.
  try {
    return JSON.parse(String(await verifier.verifyProvider())) as VerifierResult;
  } catch (error) {
    return JSON.parse((error as Error).message) as VerifierResult;
  }
}

/**
 * Expects the verification to have passed; answers `description: OK` of each interaction, in order.
 *
 * @example
 * expect(expectVerified(await verifyPact(file, origin, token))).toContain('getCurrentUser answers 200: OK');
 */
export function expectVerified(verified: VerifierResult): string[] {
  expect(verified.errors).toEqual([]);
  expect(verified.result).toBe(true);
  return verified.interactionResults.map((result) => `${result.description}: ${result.result}`);
}

/**
 * The official verifier over `file` against the self-test's broken `variant` (contracts/self-test/variants.ts)
 * served in front of the provider at `origin`; expects it to fail the interaction whose description ends
 * with `interaction`, its mismatch naming `field` (a JSON path, or the missing key).
 *
 * @example
 * await expectFailsThroughVariant(file, token, server.origin, 'wrong-id-prefix', 'createWebhook answers 200', '$.data.id');
 */
export async function expectFailsThroughVariant(
  file: string,
  token: string,
  origin: string,
  variant: string,
  interaction: string,
  field: string,
): Promise<void> {
  const broken = await serveVariant(variant, origin);
  try {
    const verified = await verifyPact(file, broken.origin, token);
    expect(verified.result).toBe(false);
    const failure = verified.errors.find((error) => error.interaction.endsWith(interaction));
    expect(failure, JSON.stringify(verified.errors)).toBeDefined();
    expect(JSON.stringify(failure!.mismatch)).toContain(field);
  } finally {
    await broken.close();
  }
}
