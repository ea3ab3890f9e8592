// The core API's resources as the rest of the kit reads them; store modules import the module that holds a name,
// modules outside the store import this face (the source writes and components load on use: ../connect/operations.ts).
export { getApp, getAppCategory, listAppCategories, listApps } from './catalogue.ts';
export { emit } from './emit.ts';
export { getWorkflowErrorEventSummaries } from './error-events.ts';
export { deleteSourceEvents, getSourceEventSummaries, getWorkflowEmits } from './event-summaries.ts';
export { type EndpointRequest, invokeEndpoint } from './invoke.ts';
export {
  createAutoSubscription,
  createSubscription,
  createWebhook,
  deleteSubscription,
  deleteWebhook,
  listWebhooks,
  listWorkspaceSubscriptions,
} from './subscriptions.ts';
export { type AddedSources, addSources, getCurrentUser, getWorkspace, listWorkspaceSources } from './users.ts';
export { createWorkflow, getWorkflow, updateWorkflowActivation } from './workflows.ts';
