// Connect's resources as the rest of the kit reads them; store modules import the module that holds a name,
// modules outside the store import this face.
export { createConnectedAccount, deleteAccountsByApp, listAccountsByExternalUser } from './accounts.ts';
export {
  createAppOverride,
  deleteAppOverride,
  getAppOverride,
  listAppOverrides,
  updateAppOverride,
} from './app-overrides.ts';
export { configureProp, getComponent, listComponents, reloadProps, runAction } from './components.ts';
export {
  completeConnect,
  createConnectToken,
  deleteConnectedAccount,
  deleteProjectWebhook,
  getConnectedAccount,
  getProjectWebhook,
  listConnectedAccounts,
  regenerateProjectWebhookSigningKey,
  setProjectWebhook,
  tokenProject,
  validateConnectToken,
} from './connect.ts';
export { deleteExternalUser, listExternalUsers } from './external-users.ts';
export { downloadStashFile } from './file-stash.ts';
export { createOauthApp, deleteOauthApp, getOauthApp, listOauthApps, updateOauthApp } from './oauth-apps.ts';
export {
  createProject,
  deleteProject,
  getProject,
  getProjectInfo,
  listProjects,
  updateProject,
  updateProjectLogo,
} from './projects.ts';
export { proxy, type ProxyMethod, type ProxyRequest } from './proxy.ts';
export { emitTrigger } from './trigger-emit.ts';
export {
  deleteDeployedTrigger,
  deployTrigger,
  getDeployedTrigger,
  getDeployedTriggerWebhook,
  getTriggerComponent,
  listDeployedTriggerEvents,
  listDeployedTriggers,
  listDeployedTriggerWebhooks,
  listDeployedTriggerWorkflows,
  listTriggerComponents,
  regenerateDeployedTriggerWebhookSigningKey,
  setDeployedTriggerWebhooks,
  setDeployedTriggerWorkflows,
  type TriggerScope,
  updateDeployedTrigger,
} from './triggers.ts';
export { listConnectUsage } from './usage.ts';
