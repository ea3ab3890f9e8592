// The exchange hook (docs/architecture.md, "After each exchange"): one record per answered exchange, to every
// subscriber in order, before the answer goes back; and UpstreamStage, the stage beside a real service.
import type { ApiError } from '../common/errors.ts';
import type { Session } from '../store/world/index.ts';
import type { RequestHead } from './head.ts';
import { errorResponse } from './respond.ts';
import type { AppRequest, AppResponse } from './types.ts';

/** One request sent to the real service beside the mock and its answer, unredacted (har.ts redacts it). */
export interface UpstreamExchange {
  /** UNIX ms when the request left. */
  startedAt: number;
  durationMs: number;
  /** The operation it was sent for. */
  operationId: string;
  request: { method: string; url: string; headers: Record<string, string>; body: string };
  response: { status: number; statusText: string; headers: Record<string, string>; body: string };
}

/** One answered exchange, as every subscriber of the hook sees it. */
export interface ExchangeRecord {
  /** A request handed to `handle` by any face, or a `mock.control` call (`request`: the one it stands for). */
  readonly via: 'request' | 'mock.control';
  readonly request: AppRequest;
  /** The request's method and URL as the app read them (head.ts). */
  readonly head: RequestHead;
  /** Which of the app's doors: the API (/v1), the control API (/__mock), an HTTP trigger's endpoint, or none (404). */
  readonly face: 'api' | 'control' | 'endpoint' | 'none';
  /** The operation of the face's document the request matched, if it matched one. */
  readonly operationId: string | undefined;
  /** Its path parameters, decoded ({} when none matched). */
  readonly pathParams: Readonly<Record<string, string>>;
  /** The answer handed back; `status` is its status. */
  readonly response: AppResponse;
  readonly status: number;
  /** Who answered: the mock, or beside a real service the upstream or a recording (docs/upstream.md). */
  readonly source: 'mock' | 'live' | 'replay';
  /** The token's session the exchange ran in, when it named a world the mock holds or opened. */
  readonly session: Session | undefined;
  /** Whether the exchange may have changed its session's world: an operation not a read ran, or a quota day began. */
  readonly worldChanged: boolean;
  /** UNIX ms when the app began the exchange (the store's clock), and how long it took (the faults' delay included). */
  readonly startedAt: number;
  readonly durationMs: number;
  /** The upstream exchange behind a live answer, or behind the mock's fallback answer to it. */
  readonly upstream: UpstreamExchange | undefined;
}

/**
 * A subscriber of the hook. Returning an `ApiError` (mocks/common/errors.ts; the `--state` log does when a write
 * cannot be kept) answers that error instead, and later subscribers see it; any other return value (a promise
 * too) is ignored and not waited for. What it throws is reported, never the caller's.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a listener that only looks returns nothing.
export type ExchangeListener = (record: ExchangeRecord) => ApiError | undefined | void;

export type ExchangeHook = ReturnType<typeof createExchangeHook>;

/**
 * The hook of one app; `logError` hears what a listener throws.
 *
 * @example
 * const hook = createExchangeHook(console.error);
 * const stop = hook.subscribe((record) => console.log(record.head.method, record.head.path, record.status));
 * stop();
 */
export function createExchangeHook(logError: (message: string, error: unknown) => void) {
  // Replaced, never changed in place: a listener that unsubscribes during publish does not shift the loop.
  let listeners: readonly ExchangeListener[] = [];
  return {
    /** Adds `listener` after the others; answers the function that removes it. */
    subscribe(listener: ExchangeListener): () => void {
      listeners = [...listeners, listener];
      return () => {
        listeners = listeners.filter((known) => known !== listener);
      };
    },
    /** Hands `record` to every listener; answers the answer to hand back (the record's, or a refusal's). */
    publish(record: ExchangeRecord): AppResponse {
      for (const listener of listeners) {
        let refused: ReturnType<ExchangeListener>;
        try {
          refused = listener(record);
        } catch (error) {
          logError(`[mock] an exchange subscriber failed on ${record.head.method} ${record.head.path}:`, error);
        }
        if (isRefusal(refused)) {
          const response = errorResponse(refused);
          Object.assign(record as { response: AppResponse; status: number }, { response, status: response.status });
        }
      }
      return record.response;
    },
  };
}

/** Whether a listener's return value (JS callers return anything) is a refusal: an error status and body. */
function isRefusal(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null || value instanceof Promise) return false;
  const { status = 0, body } = value as Partial<ApiError>;
  return (
    Number.isInteger(status) &&
    status >= 400 &&
    status <= 599 &&
    typeof body === 'object' &&
    typeof body?.error === 'string'
  );
}

/** Who answers an API request beside the mock: the upstream or a recording (their answer), or the mock (headers). */
export type UpstreamOutcome =
  | { source: 'live' | 'replay'; response: AppResponse; exchange?: UpstreamExchange }
  | { source: 'mock'; headers: Readonly<Record<string, string>>; exchange?: UpstreamExchange };

/** The step beside a real service (`--upstream`, `--live`) or a recording (`--replay`), as the app calls it. */
export interface UpstreamStage {
  /** Answers an API request (/v1) from the upstream or the recording, or says the mock answers, with which headers. */
  answer(request: AppRequest, head: RequestHead): UpstreamOutcome | Promise<UpstreamOutcome>;
}
