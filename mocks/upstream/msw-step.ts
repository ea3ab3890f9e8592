// The MSW handlers' upstream step and what only it needs (docs/upstream.md), imported dynamically by
// mocks/msw/handlers.ts so a page that only mocks never downloads it (docs/performance.md, "Browser weight").
import { createDriftAnalyzer, type DriftAnalyzer } from '../../openapi/drift.ts';
import { document } from '../../openapi/generated/document.ts';
import type { Validator } from '../../openapi/validator.ts';
import type { ExchangeListener } from '../app/exchange.ts';
import { answerOfExchange, type Exchange, type HarEntry } from './har.ts';
import { secretFields } from '../../openapi/redact.ts';
import { createHybrid, type Hybrid, type UpstreamRoute } from './hybrid.ts';
import { createReplay, type MatchField } from './replay.ts';

export interface BesideSetup {
  /** Live operations go here (the route's fetch is the adapter's: MSW's `bypass`ed fetch). */
  upstream?: UpstreamRoute;
  /** Or every API request is answered from these recorded entries, matched on `match`. */
  replay?: { entries: readonly HarEntry[]; match?: readonly MatchField[] };
  /** Every upstream exchange, unredacted, after the drift analyzer has seen it. */
  onExchange?: (exchange: Exchange) => void;
  /** A line for each upstream failure. */
  log?: (line: string) => void;
}

/** The MSW handlers' upstream stage, the drift analyzer it feeds (none for a replay), and the feeding subscriber. */
interface MswUpstream {
  hybrid: Hybrid;
  drift: DriftAnalyzer | null;
  observe: ExchangeListener;
}

/**
 * The hybrid step (the mock's upstream stage) and, with `upstream`, the drift analyzer its
 * answers feed, through `observe`, a subscriber of the mock's exchange hook.
 * @example
 * const upstream = { url: 'http://127.0.0.1:4011/v1', live: ['getCurrentUser'], fetch };
 * const { hybrid, drift, observe } = createBeside(validator, { upstream });
 * mock.onExchange(observe); // mock = createMock({ upstream: hybrid })
 * drift?.report().drifting; // 0 while the upstream answers as documented
 */
export function createBeside(validator: Validator, setup: BesideSetup): MswUpstream {
  const { upstream, replay, onExchange, log } = setup;
  if (replay !== undefined) {
    const replayed = createReplay(replay.entries, { secrets: secretFields(document), match: replay.match });
    return { hybrid: createHybrid({ validator, replay: replayed }), drift: null, observe: () => undefined };
  }
  // The runtime copy of the document has no prose: its drift report names assumptions by pointer, sentences ''.
  const drift = createDriftAnalyzer(document, validator);
  const hybrid = createHybrid({ validator, upstream, log });
  const observe: ExchangeListener = (record) => {
    if (record.upstream === undefined) return;
    drift.observe(answerOfExchange(record.upstream));
    onExchange?.(record.upstream);
  };
  return { hybrid, drift, observe };
}
