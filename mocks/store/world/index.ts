// A world's machinery as the rest of the kit reads it; store modules import the module that holds a name, modules
// outside the store import this face.
export { changeClock, type ClockState } from './clock.ts';
export { settleQuotaDay } from './quotas.ts';
export { createRecordingSink } from './recording-sink.ts';
export {
  type AccountState,
  SCENARIO_NAME,
  type ScenarioAccount,
  type ScenarioDefinition,
  type ScenarioErrorEvent,
  type ScenarioProject,
  type ScenarioSubscription,
  type ScenarioWorkflow,
  type ScenarioWorkspace,
  type ScenarioWorld,
} from './scenario.ts';
export { scenarioIssues } from './seed.ts';
export type { JournalEntry, RateLimitRule, Session } from './session.ts';
export {
  patchable,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type SnapshotError,
  type SnapshotErrorCode,
  type SnapshotResult,
  snapshotView,
  trackChanges,
  worldPatch,
  type WorldPatch,
  type WorldSnapshot,
  type WorldsSnapshot,
} from './snapshot.ts';
export { worldSummary, type WorldSummary } from './summary.ts';
export { MAX_ERROR_EVENTS, type World } from './world.ts';
