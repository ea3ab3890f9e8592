// Reads the contract target from the environment (docs/contracts.md). Pure: takes the env object,
// returns settings, so that the rules are unit-tested without touching process.env.
import { randomBytes } from 'node:crypto';
import type { Capabilities, GivenIds, TargetName, TargetSettings } from './types.ts';

const NAMES: readonly TargetName[] = ['inprocess', 'msw', 'mock', 'prism', 'prism-proxy', 'live'];
/** Targets served inside the suite's own process: no base URL to give, no network. */
export const IN_PROCESS: readonly TargetName[] = ['inprocess', 'msw'];

function capabilitiesOf(name: TargetName, allowWrites: boolean, hasControlUrl = false): Capabilities {
  switch (name) {
    case 'prism-proxy':
      return { stateful: true, control: hasControlUrl, writes: true, enforcesRules: false, disposable: true };
    case 'inprocess':
    case 'msw':
    case 'mock':
      return { stateful: true, control: true, writes: true, enforcesRules: true, disposable: true };
    case 'prism':
      // Stateless: answers from the document's examples; writes are harmless but not remembered.
      return { stateful: false, control: false, writes: true, enforcesRules: false, disposable: true };
    case 'live':
      return { stateful: true, control: false, writes: allowWrites, enforcesRules: true, disposable: false };
  }
}

export function readTargetSettings(env: Record<string, string | undefined>, fallbackBaseUrl?: string): TargetSettings {
  const raw = env.CONTRACT_TARGET?.trim() || undefined;
  const baseUrl = (env.CONTRACT_BASE_URL?.trim() || fallbackBaseUrl || undefined)?.replace(/\/+$/, '');
  // No target named: a URL means "the mock server there", no URL means the in-process fake.
  const name = (raw ?? (baseUrl === undefined ? 'inprocess' : 'mock')) as TargetName;
  if (!NAMES.includes(name)) {
    throw new Error(`CONTRACT_TARGET must be one of ${NAMES.join(', ')}; got "${raw}"`);
  }
  if (!IN_PROCESS.includes(name) && baseUrl === undefined) {
    throw new Error(`CONTRACT_TARGET=${name} needs CONTRACT_BASE_URL (e.g. http://127.0.0.1:4010/v1)`);
  }
  if (baseUrl !== undefined && !/^https?:\/\/[^/]+/.test(baseUrl)) {
    throw new Error(`CONTRACT_BASE_URL must be an http(s) URL; got "${baseUrl}"`);
  }
  const token = env.CONTRACT_TOKEN?.trim() || undefined;
  if (name === 'live' && token === undefined) {
    throw new Error('CONTRACT_TARGET=live needs CONTRACT_TOKEN (a user API key of the account under test)');
  }
  const given: GivenIds = {};
  if (env.CONTRACT_ORG_ID) given.orgId = env.CONTRACT_ORG_ID;
  if (env.CONTRACT_PROJECT_ID) given.projectId = env.CONTRACT_PROJECT_ID;
  if (env.CONTRACT_ACCOUNT_ID) given.accountId = env.CONTRACT_ACCOUNT_ID;
  if (env.CONTRACT_TRIGGER_ID) given.triggerId = env.CONTRACT_TRIGGER_ID;
  const controlUrl =
    name === 'live' || name === 'prism'
      ? undefined // never call a control API there, even if one is configured
      : IN_PROCESS.includes(name)
        ? undefined // the in-process targets reach it beside their own base URL
        : (env.CONTRACT_CONTROL_URL?.trim() || (name === 'mock' ? new URL(baseUrl!).origin : undefined))?.replace(
            /\/+$/,
            '',
          );
  return {
    name,
    baseUrl: IN_PROCESS.includes(name) ? undefined : baseUrl,
    controlUrl,
    // A fresh user API key: a valid RFC 6750 token, not in JWT form (so PUT /workflows accepts it).
    token: token ?? `contract-${randomBytes(12).toString('hex')}`,
    caps: capabilitiesOf(name, env.CONTRACT_ALLOW_WRITES === '1', controlUrl !== undefined),
    given,
  };
}
