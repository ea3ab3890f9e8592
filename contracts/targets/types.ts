// What a contract suite is allowed to know about the server it talks to: where it is, how to
// reach it, which bearer to send and what it can do. Nothing else (docs/contracts.md).

/**
 * `prism-proxy` is `prism proxy --errors` in front of our mock server: stateful, but Prism
 * validates requests first (so our own 400/401 rules are not what answers), and the control API
 * is reached at the upstream's origin (CONTRACT_CONTROL_URL), not through Prism.
 */
export type TargetName = 'inprocess' | 'msw' | 'mock' | 'prism' | 'prism-proxy' | 'live';

export interface Capabilities {
  /** Writes are remembered: create-then-read finds what was created. */
  stateful: boolean;
  /** The mock control API (`/__mock/...`) is reachable. Never true for a live server. */
  control: boolean;
  /** Creating, changing and deleting resources is allowed. */
  writes: boolean;
  /** The target applies our own input rules (401 for a malformed bearer, 400 for `limit=abc`, ...).
   * Prism validates inputs by its own rules and answers differently, so negative cases skip it. */
  enforcesRules: boolean;
  /** Writes that cannot be undone through the API (a project's webhook URL, a trigger's webhooks,
   * an auto-subscription) are acceptable: true everywhere except on a live server. */
  disposable: boolean;
}

export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export interface TargetSettings {
  name: TargetName;
  /** Undefined only for the targets in this process, `inprocess` and `msw` (they bring their own base URL). */
  baseUrl: string | undefined;
  /** Origin of the control API (`<origin>/__mock/...`) when caps.control. */
  controlUrl: string | undefined;
  token: string;
  caps: Capabilities;
  /** Optional IDs given by the environment (CONTRACT_ORG_ID, CONTRACT_PROJECT_ID, ...). */
  given: GivenIds;
}

export interface Target extends Omit<TargetSettings, 'baseUrl'> {
  /** Full base URL including the version segment, e.g. http://127.0.0.1:4010/v1. */
  baseUrl: string;
  /** Raw transport: the in-process mock's fetch or the global fetch. Unchecked. */
  fetch: FetchLike;
  /** Stops what the target started in this process (the MSW interception), after the suite's cleanup. */
  close?: () => void;
}

export interface GivenIds {
  orgId?: string;
  projectId?: string;
  /** A connected account `apn_…` of the project (live targets only; the mock's world lists them). */
  accountId?: string;
  /** A deployed trigger `dc_…` of the project (live targets only). */
  triggerId?: string;
}
