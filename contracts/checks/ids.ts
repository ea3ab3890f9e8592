// Second line of defence for identifiers (spec "Identifier prefixes"): the schema check sees only fields whose schema
// `$ref`s a patterned ID; this walker checks every ID-looking field by name, and each operation's resource ID.
import { escapePointer } from '../../openapi/json-pointer.ts';
import type { Violation } from './types.ts';

// `app_` is not in the spec's table: app IDs the service's docs show beside `oa_` (openapi/openapi.yaml, App.id).
const KNOWN_PREFIXES = 'p_ dc_ sc_ c_ wh_ sub_ o_ u_ proj_ tch_ hi_ ti_ ei_ apn_ ctok_ oa_ d_ app_'.split(' ');

/** Field name -> allowed prefixes (any pointer). Globs are allowed where the spec allows them. */
const FIELD_PREFIXES: Record<string, readonly string[]> = {
  user_id: ['u_'],
  org_id: ['o_'],
  project_id: ['proj_'],
  workflow_id: ['p_'],
  component_id: ['sc_'],
  template_id: ['tch_'],
  deployment_id: ['d_'],
  cellId: ['c_'],
  connect_token: ['ctok_'],
  emitter_id: ['p_', 'dc_'],
  listener_id: ['p_', 'dc_', 'wh_'],
  // An app override's owner is a project or a workspace (openapi/openapi.yaml, AppOverride).
  owner_id: ['o_', 'u_', 'proj_'],
  trigger_id: ['dc_', 'hi_', 'ti_', 'ei_'],
};

/** Operation -> pointer pattern of its main resource ID -> the one prefix it must have. */
const RESOURCE_IDS: Record<string, Array<[RegExp, string]>> = {
  getCurrentUser: [
    [/^\/data\/id$/, 'u_'],
    [/^\/data\/orgs\/\d+\/id$/, 'o_'],
  ],
  getWorkspace: [[/^\/data\/id$/, 'o_']],
  listWorkspaceSources: [[/^\/data\/\d+\/id$/, 'dc_']],
  listWorkspaceSubscriptions: [[/^\/data\/\d+\/id$/, 'sub_']],
  createSubscription: [[/^\/data\/id$/, 'sub_']],
  createWorkflow: [
    [/^\/data\/id$/, 'p_'],
    [/^\/data\/steps\/\d+\/id$/, 'c_'],
  ],
  getWorkflow: [
    [/^\/data\/id$/, 'p_'],
    [/^\/data\/steps\/\d+\/id$/, 'c_'],
  ],
  updateWorkflowActivation: [[/^\/data\/id$/, 'p_']],
  createWebhook: [[/^\/data\/id$/, 'wh_']],
  listWebhooks: [[/^\/data\/\d+\/id$/, 'wh_']],
  getConnectedAccount: [[/^\/id$/, 'apn_']],
  listConnectedAccounts: [[/^\/data\/\d+\/id$/, 'apn_']],
  getProjectWebhook: [[/^\/data\/id$/, 'wh_']],
  setProjectWebhook: [[/^\/data\/id$/, 'wh_']],
  deployTrigger: [[/^\/data\/id$/, 'dc_']],
  listDeployedTriggers: [[/^\/data\/\d+\/id$/, 'dc_']],
  getDeployedTrigger: [[/^\/data\/id$/, 'dc_']],
  listDeployedTriggerWebhooks: [[/^\/webhooks\/\d+\/id$/, 'wh_']],
  setDeployedTriggerWebhooks: [[/^\/webhooks\/\d+\/id$/, 'wh_']],
  createConnectToken: [[/^\/token$/, 'ctok_']],
  listApps: [[/^\/data\/\d+\/id$/, 'oa_']],
  getApp: [[/^\/data\/id$/, 'oa_']],
  listCatalogueApps: [[/^\/data\/\d+\/id$/, 'oa_']],
  getCatalogueApp: [[/^\/data\/id$/, 'oa_']],
  // Connect projects: the SDK's `Project`, not wrapped in `data`.
  listProjects: [[/^\/data\/\d+\/id$/, 'proj_']],
  createProject: [[/^\/id$/, 'proj_']],
  getProject: [[/^\/id$/, 'proj_']],
  updateProject: [[/^\/id$/, 'proj_']],
  createConnectedAccount: [[/^\/id$/, 'apn_']],
  listAccountsByExternalUser: [[/^\/\d+\/id$/, 'apn_']],
  listOauthApps: [[/^\/data\/\d+\/id$/, 'oa_']],
  createOauthApp: [[/^\/id$/, 'oa_']],
  getOauthApp: [[/^\/id$/, 'oa_']],
  updateOauthApp: [[/^\/id$/, 'oa_']],
  createSource: [[/^\/data\/id$/, 'dc_']],
  createSavedComponent: [[/^\/data\/id$/, 'sc_']],
  getSavedComponent: [[/^\/data\/id$/, 'sc_']],
  getRegistryComponent: [[/^\/data\/id$/, 'sc_']],
  updateSource: [[/^\/data\/id$/, 'dc_']],
};

/** Subtrees that hold caller data or IDs of other systems, and `id`s that are not prefixed. */
const SKIP_SUBTREE = new Set(['original_event', 'configured_props', 'credentials', 'custom_fields_json']);
const UNPREFIXED_ID: Record<string, RegExp[]> = {
  // Error event summary IDs are cursor-like ("<indexed_at_ms>-<seq>"); the original context's id is an event id.
  getWorkflowErrorEventSummaries: [/^\/data\/\d+\/id$/, /\/original_context\/id$/, /\/metadata\/emit_id$/],
  // An emitted event's ID is cursor-like too (`<indexed_at_ms>-<seq>`), and the event is what its emitter emitted.
  getSourceEventSummaries: [/^\/data\/\d+\/id$/, /^\/data\/\d+\/event\//],
  getWorkflowEmits: [/^\/data\/\d+\/id$/, /^\/data\/\d+\/event\//],
  // A category's ID is its slug (openapi/openapi.yaml, AppCategoryId).
  listAppCategories: [/^\/\d+\/id$/],
  getAppCategory: [/^\/id$/],
  // Dynamic props IDs are the service's `dyp_`, outside the spec's prefix table.
  reloadComponentProps: [/^\/dynamicProps\/id$/],
  reloadActionProps: [/^\/dynamicProps\/id$/],
  reloadTriggerProps: [/^\/dynamicProps\/id$/],
  // An end user's ID is 16 hex digits derived from project, environment and external ID (openapi/openapi.yaml, ExternalUser).
  listExternalUsers: [/^\/data\/\d+\/id$/],
  // A trigger event's ID is its emit's (27 base62 characters, as `emit_id`), outside the spec's prefix table.
  listDeployedTriggerEvents: [/^\/data\/\d+\/id$/],
  // An app override's ID is 16 hex digits (openapi/openapi.yaml, AppOverrideId).
  listAppOverrides: [/^\/data\/\d+\/id$/],
  createAppOverride: [/^\/id$/],
  getAppOverride: [/^\/id$/],
  updateAppOverride: [/^\/id$/],
};

const GLOBS = new Set(['p_*', 'dc_*']);

function hasPrefix(value: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => value.startsWith(prefix) && value.length > prefix.length);
}

export function checkIdPrefixes(operationId: string | null, body: unknown): Violation[] {
  const violations: Violation[] = [];
  const resource = (operationId && RESOURCE_IDS[operationId]) || [];
  const unprefixed = (operationId && UNPREFIXED_ID[operationId]) || [];

  const visit = (value: unknown, pointer: string, key: string | null): void => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) visit(item, `${pointer}/${index}`, key);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [child, childValue] of Object.entries(value)) {
        if (SKIP_SUBTREE.has(child)) continue;
        visit(childValue, `${pointer}/${escapePointer(child)}`, child);
      }
      return;
    }
    if (typeof value !== 'string' || key === null) return;

    const expected = resource.find(([pattern]) => pattern.test(pointer));
    if (expected) {
      if (!hasPrefix(value, [expected[1]]))
        violations.push({ check: 'id_prefixes', pointer, message: `"${value}" must start with "${expected[1]}"` });
      return;
    }
    const allowed = FIELD_PREFIXES[key];
    if (allowed) {
      const message = `"${value}" must start with one of ${allowed.join(', ')}`;
      if (!hasPrefix(value, allowed) && !(key === 'emitter_id' && GLOBS.has(value)))
        violations.push({ check: 'id_prefixes', pointer, message });
      return;
    }
    if (key === 'id' && !unprefixed.some((pattern) => pattern.test(pointer)) && !hasPrefix(value, KNOWN_PREFIXES))
      violations.push({ check: 'id_prefixes', pointer, message: `"${value}" carries none of the known ID prefixes` });
  };

  visit(body, '', null);
  return violations;
}
