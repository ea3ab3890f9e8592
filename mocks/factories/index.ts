// One factory per resource; each takes the world's FactoryContext and optional field overrides.
export type * from './types.ts';
export { makeUser } from './user.ts';
export { makeWorkspace } from './workspace.ts';
export { makeEventSource } from './source.ts';
export { makeSavedComponent, makeStep, makeStepFromDefinition } from './step.ts';
export {
  makeHttpTrigger,
  makeTimerTrigger,
  makeEmailTrigger,
  makeEventSourceTrigger,
  makeTriggerFromDefinition,
  triggerKindOf,
  triggerKindOfTrigger,
} from './trigger.ts';
export { makeWorkflow } from './workflow.ts';
export { makeWebhook } from './webhook.ts';
export { makeSubscription } from './subscription.ts';
export { makeErrorEventSummary, makeOriginalEvent, eventId, defaultStack, PLATFORM_VERSION } from './error-event.ts';
export { makeProject } from './project.ts';
export { makeTemplate } from './template.ts';
export { makeApp, makeConnectedAccount, makeConnectToken, makeCredentials } from './connect.ts';
export { makeDeployedTrigger, TRIGGER_COMPONENTS } from './deployed-trigger.ts';
export { slugify } from './common.ts';
export { makeCatalogue, APPS_WITH_ACTIONS, APPS_WITH_TRIGGERS, type Catalogue } from './catalogue.ts';
export {
  APP_DETAILS,
  CATALOGUE_ACTIONS,
  CATALOGUE_TRIGGERS,
  COMPONENTS_BY_KEY,
  columnProps,
  resourceOptions,
  type CatalogueAction,
} from './components.ts';
