// Connect's operations, one store call per Connect route (mocks/app/routes.ts): projects and their
// webhooks, connect tokens, accounts, end users, OAuth apps, app overrides, deployed triggers,
// components and actions, the File Stash, the proxy, credit usage; and the reference's source writes
// and components, which read the Connect catalogue's components. A face of its own because the
// routes import it on the first of those requests: a page that never sends one never loads it
// (docs/performance.md, "Browser weight"). Modules outside the store import this face or index.ts.
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
  createConnectToken,
  deleteConnectedAccount,
  deleteProjectWebhook,
  getConnectedAccount,
  getProjectWebhook,
  listConnectedAccounts,
  regenerateProjectWebhookSigningKey,
  setProjectWebhook,
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
export {
  deleteDeployedTrigger,
  deployTrigger,
  getDeployedTrigger,
  getDeployedTriggerWebhook,
  listDeployedTriggerEvents,
  listDeployedTriggers,
  listDeployedTriggerWebhooks,
  listDeployedTriggerWorkflows,
  regenerateDeployedTriggerWebhookSigningKey,
  setDeployedTriggerWebhooks,
  setDeployedTriggerWorkflows,
  type TriggerScope,
  updateDeployedTrigger,
} from './triggers.ts';
export { listConnectUsage } from './usage.ts';
export { createSavedComponent, getRegistryComponent, getSavedComponent } from '../api/components.ts';
export { createSource, deleteSource, updateSource } from '../api/sources.ts';
