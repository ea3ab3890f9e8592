// Resource shapes exactly as the API shows them (spec "Resources and their fields" and README
// "Resource shapes the spec does not show"). Store-internal bookkeeping (which workspace a
// workflow belongs to, signing keys, ...) lives in the store's records, never in these objects.

export interface Workspace {
  id: string;
  name: string;
  orgname: string;
  email: string;
  daily_credits_quota: number;
  daily_credits_used: number;
  // "present for some workspaces only"
  daily_compute_time_quota?: number;
  daily_compute_time_used?: number;
  daily_invocations_quota?: number;
  daily_invocations_used?: number;
}

export interface User {
  id: string;
  username: string;
  email: string;
  daily_compute_time_quota: number;
  daily_compute_time_used: number;
  daily_invocations_quota: number;
  daily_invocations_used: number;
  orgs: Workspace[];
}

export interface EventSource {
  id: string;
  component_id: string;
  configured_props: Record<string, unknown>;
  active: boolean;
  created_at: number;
  updated_at: number;
  name: string;
  name_slug: string;
  /** Appears when the source is listed as a workflow trigger. */
  owner_id?: string;
}

export interface ConfigurableProp {
  name: string;
  type: string;
  app?: string;
}

export interface SavedComponentApp {
  appId: string;
  nameSlug: string;
  authType: string;
}

export interface SavedComponent {
  id: string;
  code: string;
  codeHash: string;
  configurableProps: ConfigurableProp[];
  key: string | null;
  description: string | null;
  entryPath: string | null;
  version: string;
  apps: SavedComponentApp[];
}

export interface Step {
  id: string;
  type: string;
  namespace: string;
  disabled: boolean;
  code_raw: null;
  codeRaw: null;
  codeConfigJson: null;
  text_raw: null;
  flat_params_visibility_json: null;
  lang: string;
  appConnections: unknown[];
  params_json: string;
  component: boolean;
  savedComponent: SavedComponent;
  component_key: string | null;
  component_owner_id: string | null;
  configured_props_json: string | null;
  authProvisionIdMap: Record<string, string>;
  authProvisionIds: string[];
}

export interface HttpTrigger {
  id: string;
  key: string;
  endpoint_url: string;
  custom_response: boolean;
  created_at: number;
  updated_at: number;
}

export interface EventSourceTrigger {
  id: string;
  owner_id: string;
  component_id: string;
  configured_props: Record<string, unknown>;
  active: boolean;
  created_at: number;
  updated_at: number;
  name: string;
  name_slug: string;
}

export interface TimerTrigger {
  id: string;
  interval_seconds: number;
  cron: string | null;
  timezone: string;
  schedule_changed_at: number;
  created_at: number;
  updated_at: number;
}

export interface EmailTrigger {
  id: string;
  email_address: string;
  created_at: number;
  updated_at: number;
}

export type Trigger = HttpTrigger | EventSourceTrigger | TimerTrigger | EmailTrigger;
export type TriggerKind = 'http' | 'source' | 'timer' | 'email';

export interface Workflow {
  id: string;
  name: string;
  active: boolean;
  steps: Step[];
  triggers: Trigger[];
}

export interface Webhook {
  id: string;
  user_id: string;
  name: string | null;
  description: string | null;
  url: string;
  active: boolean;
  created_at: number;
  updated_at: number;
}

export interface Subscription {
  id: string;
  emitter_id: string;
  listener_id: string;
  event_name: string;
}

export interface OriginalContext {
  id: string;
  ts: string;
  workflow_id: string;
  deployment_id: string;
  source_type: string;
  verified: boolean;
  owner_id: string;
  platform_version: string;
}

export interface WorkflowErrorDetails {
  code: string;
  cellId: string;
  ts: string;
  stack: string;
}

export interface WorkflowErrorEventSummary {
  id: string;
  indexed_at_ms: number;
  event: {
    original_event: unknown;
    original_context: OriginalContext;
    error: WorkflowErrorDetails;
    metadata: { emitter_id: string; emit_id: string; name: '$errors' };
  };
}

export interface PageInfo {
  total_count: number;
  count: number;
  start_cursor: string;
  end_cursor: string;
}

/** A step as given in POST /workflows (and stored in templates). */
export interface StepDefinition {
  namespace: string;
  props?: Record<string, unknown>;
}

/** A trigger as given in POST /workflows (and stored in templates). */
export interface TriggerDefinition {
  props?: Record<string, unknown>;
}

export interface Project {
  id: string;
  name: string;
  org_id: string;
  created_at: number;
  updated_at: number;
}

export interface Template {
  id: string;
  name: string;
  description: string;
  steps: StepDefinition[];
  triggers: TriggerDefinition[];
}

export interface App {
  id: string;
  name_slug: string;
  name: string;
  auth_type: string;
  description: string;
  img_src: string;
  custom_fields_json: string;
  categories: string[];
  featured_weight: number;
  connect: { allowed_domains: string[]; base_proxy_target_url: string; proxy_enabled: boolean };
}

export interface ConnectedAccount {
  id: string;
  name: string;
  external_id: string;
  healthy: boolean;
  dead: null | boolean;
  created_at: string;
  updated_at: string;
  app: App;
  /** Only with include_credentials=true; never in webhook payloads. */
  credentials?: Record<string, unknown>;
}

export interface ConnectToken {
  token: string;
  expires_at: string;
  connect_link_url: string;
}

/** A Connect deployed trigger (`dc_`): the event-source shape, owned by the project's workspace. */
export type DeployedTrigger = EventSourceTrigger;
