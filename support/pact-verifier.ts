// The official Pact verifier (@pact-foundation/pact, its native core) in the test process, against a provider on
// 127.0.0.1 with the mock's state-change route and one bearer (docs/pact.md, "The official verifier").
import { expect, it } from 'vitest';
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

/** A provider on 127.0.0.1 that a test started: its origin and how to stop it. */
export interface StartedProvider {
  origin: string;
  stop: () => Promise<unknown>;
}

/**
 * Runs `use` against the provider `start` brings up, and stops it after, whatever happens.
 *
 * @example
 * const verified = await withProvider(() => startSeededServer(), (origin) => verifyPact(file, origin, token));
 */
export async function withProvider<T>(
  start: () => Promise<StartedProvider>,
  use: (origin: string) => Promise<T>,
): Promise<T> {
  const provider = await start();
  try {
    return await use(provider.origin);
  } finally {
    await provider.stop();
  }
}

/**
 * The official verifier over `file` against the provider `start` brings up, with `token`; expects it to
 * pass and answers `description: OK` of each interaction, in the file's order.
 *
 * @example
 * expect(await verifiedAgainst(() => startSeededServer(), file, token)).toContain('getCurrentUser answers 200: OK');
 */
export async function verifiedAgainst(
  start: () => Promise<StartedProvider>,
  file: string,
  token: string,
): Promise<string[]> {
  const verified = await withProvider(start, (origin) => verifyPact(file, origin, token));
  expect(verified.errors).toEqual([]);
  expect(verified.result).toBe(true);
  return verified.interactionResults.map((result) => `${result.description}: ${result.result}`);
}

/** A broken variant of the self-test, the interaction (its description) it must fail, the field the failure names. */
export type VariantCase = readonly [variant: string, interaction: string, field: string];

/**
 * Declares a test per case: the official verifier over the pact `target(interaction)` names, against the
 * self-test's broken variant (contracts/self-test/variants.ts) served in front of a fresh provider, fails
 * that interaction, its mismatch naming the field (a JSON path, or the missing key).
 *
 * @example
 * itFailsThroughVariants('fails the pact', [['wrong-id-prefix', 'createWebhook answers 200', '$.data.id']],
 *   () => ({ file, token, start: () => startSeededServer() }), 120_000);
 */
export function itFailsThroughVariants(
  name: string,
  cases: readonly VariantCase[],
  target: (interaction: string) => { file: string; token: string; start: () => Promise<StartedProvider> },
  timeout: number,
): void {
  for (const [variant, interaction, field] of cases)
    it(`${name} against the broken variant "${variant}", naming ${field}`, { timeout }, async () => {
      const { file, token, start } = target(interaction);
      await withProvider(start, async (origin) => {
        const broken = await serveVariant(variant, origin);
        try {
          const verified = await verifyPact(file, broken.origin, token);
          expect(verified.result).toBe(false);
          // The core names a failure "Verifying a pact between ... Given <state> - <description>".
          const failure = verified.errors.find((error) => error.interaction.endsWith(` - ${interaction}`));
          expect(failure, JSON.stringify(verified.errors)).toBeDefined();
          expect(JSON.stringify(failure!.mismatch)).toContain(field);
        } finally {
          await broken.close();
        }
      });
    });
}
