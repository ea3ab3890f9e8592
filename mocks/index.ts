// The package's root entry: what a user of createMock and the scenarios gets, and nothing else (docs/api.md lists
// each name; docs/api.test.ts holds this list to it).
export { createMock, type Mock, type MockOptions } from './mock.ts';
export type { AppRequest, AppResponse } from './app/types.ts';
export type { RequestHead } from './app/head.ts';
export type { ExchangeListener, ExchangeRecord, UpstreamOutcome, UpstreamStage } from './app/exchange.ts';
export type {
  MockControl,
  EmitBody,
  TriggerEmitBody,
  CompleteConnectBody,
  AddSourcesBody,
  FaultsBody,
  RateLimitBody,
  SavedState,
  ClockBody,
  PactStateBody,
  LoginOptions,
  ScenarioList,
} from './app/control.ts';
export type { FaultOptions } from './app/faults.ts';
export type { PactFile, PactOptions, PactRecorder } from './app/pact.ts';
export type { ReadCacheOptions } from './app/read-cache.ts';
export type { AddedSources } from './store/api/index.ts';
export type { ApiError, Result } from './common/errors.ts';
export type { EvictReason } from './store/index.ts';
export type { ClockState, JournalEntry, RateLimitRule, WorldSummary } from './store/world/index.ts';
export type { DeliveryRecord, DeliveryRequest, DeliverySink } from './outbound/types.ts';
export type { DriftReport } from '../openapi/drift.ts';
export { formatRunCoverage, summaryLine as coverageSummaryLine, type RunCoverageReport } from './app/run-coverage.ts';
export {
  defineScenario,
  loadScenarios,
  scenarioProblems,
  ScenarioLoadError,
  type ScenarioCatalogue,
  type ScenarioRefusal,
} from './scenarios/index.ts';
export type * from './scenarios/define.ts';

// Types a consumer meets inside the ones above (a snapshot's records, an exchange's session, a
// drift report's parts): each is nameable, as tests/public-types.test.ts holds (docs/api.md).
export type {
  AccountRecord,
  AppOverrideRecord,
  AutoSubscription,
  ConnectTokenRecord,
  CreditDay,
  DeployedTriggerRecord,
  EmittedEventRecord,
  EnvironmentRecord,
  OauthAppRecord,
  ProjectRecord,
  SourceRecord,
  StashFileRecord,
  SubscriptionRecord,
  TriggerWebhookRecord,
  WorkflowRecord,
  WorkspaceRecord,
  World,
} from './store/world/world.ts';
export type { ApiErrorBody, ErrorCode } from './common/errors.ts';
export type {
  App,
  AppOverride,
  ConnectToken,
  ConnectedAccount,
  DeployedTrigger,
  EmittedEventSummary,
  EventSource,
  OauthApp,
  Project,
  ProjectEnvironment,
  RegistryComponent,
  Schemas,
  StepDefinition,
  Subscription,
  Template,
  TriggerDefinition,
  TriggerKind,
  User,
  Webhook,
  Workflow,
  WorkflowErrorEventSummary,
  Workspace,
} from './factories/types.ts';
export type { AssumptionVerdict, FieldDrift, OperationDrift } from '../openapi/drift.ts';
export type { DeliveryAttempt, DeliveryKind, DeliveryState } from './outbound/types.ts';
export type { FactoryContext, RandomizerState } from './ids/random.ts';
export type { Journal, Limits, RateWindow, Session, WorldFaults } from './store/world/session.ts';
export type { MatchingRules, PactMatcher } from '../openapi/pact-matchers.ts';
export type { PactBody } from './app/pact.ts';
export type { StoreOptions } from './store/index.ts';
export type { UpstreamExchange } from './app/exchange.ts';
export type { WorldClock } from './store/world/clock.ts';
export type { WorldFaker } from './ids/world-faker.ts';
