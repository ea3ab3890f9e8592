// Resource shapes as the API shows them, from the types generated from openapi/openapi.yaml, so factories and store
// cannot drift from the document; the store's bookkeeping lives in its records, never in these objects.
import type { components } from '../../openapi/generated/schema.ts';

export type Schemas = components['schemas'];

export type Workspace = Schemas['Workspace'];
export type User = Schemas['User'];
export type EventSource = Schemas['EventSource'];
export type ConfigurableProp = Schemas['ConfigurableProp'];
export type SavedComponentApp = Schemas['ComponentApp'];
export type SavedComponent = Schemas['SavedComponent'];
export type Step = Schemas['Step'];
export type HttpTrigger = Schemas['HttpTrigger'];
export type EventSourceTrigger = Schemas['EventSourceTrigger'];
export type TimerTrigger = Schemas['TimerTrigger'];
export type EmailTrigger = Schemas['EmailTrigger'];
export type Trigger = HttpTrigger | EventSourceTrigger | TimerTrigger | EmailTrigger;
export type TriggerKind = 'http' | 'source' | 'timer' | 'email';
export type Workflow = Schemas['Workflow'];
export type Webhook = Schemas['Webhook'];
export type Subscription = Schemas['Subscription'];
export type OriginalContext = Schemas['ErrorOriginalContext'];
export type WorkflowErrorDetails = Schemas['WorkflowError'];
export type WorkflowErrorEventSummary = Schemas['WorkflowErrorEventSummary'];
/** The recorded event (a JSON object), or the truncation marker in place of a large one. */
export type OriginalEvent = WorkflowErrorEventSummary['event']['original_event'];
export type ConfiguredProps = Schemas['ConfiguredProps'];
/** An event a workflow or source emitted, as `GET /workflows/{workflow_id}/event_summaries` and `GET /sources/{id}/event_summaries` list it. */
export type EmittedEventSummary = Schemas['EmittedEventSummary'];
export type PageInfo = Schemas['PageInfo'];
export type App = Schemas['App'];
export type ConnectToken = Schemas['ConnectToken'];
/**
 * A connected account as the store keeps it and the connection webhook shows it: its `app` carries `connect` (the spec),
 * with the SDK's optional refresh fields, present for some accounts (docs/worlds.md, "Both shapes in one world").
 */
export type ConnectedAccount = Schemas['ConnectionAccount'] &
  Pick<
    Schemas['ConnectedAccount'],
    'authorized_scopes' | 'expires_at' | 'error' | 'last_refreshed_at' | 'next_refresh_at'
  >;
/** A connected account as the API answers it: the SDK's `Account`, whose `app` is the SDK's `App` (ConnectApp, as the catalogue answers it too). */
export type AccountView = Schemas['ConnectedAccount'];
export type ConnectApp = Schemas['ConnectApp'];
export type OauthApp = Schemas['OauthApp'];
export type AppOverride = Schemas['AppOverride'];

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
  /** Set through the projects API (the SDK's `Project` fields); the seeded project has none. */
  app_name?: string;
  support_email?: string;
  connect_require_key_auth_test?: boolean;
  /** The `data:` URL of POST /connect/projects/{project_id}/logo; never in an answer. */
  logo?: string;
}

/** A Connect project as the API answers it: the SDK's `Project`. */
export type ConnectProject = Schemas['ConnectProject'];
export type ExternalUser = Schemas['ExternalUser'];
export type ConnectUsage = Schemas['ConnectUsage'];
export type ProjectInfo = Schemas['ProjectInfo'];

export interface Template {
  id: string;
  name: string;
  description: string;
  steps: StepDefinition[];
  triggers: TriggerDefinition[];
}

/** A Connect deployed trigger: the SDK's `DeployedComponent` (openapi/openapi.yaml). */
export type DeployedTrigger = Schemas['DeployedComponent'];
export type TriggerComponent = Schemas['TriggerComponent'];
export type ConnectWebhook = Schemas['ConnectWebhook'];
export type ConnectWebhookWithSigningKey = Schemas['ConnectWebhookWithSigningKey'];
export type TriggerWebhooks = Schemas['TriggerWebhooks'];
export type ValidateTokenResponse = Schemas['ValidateTokenResponse'];
export type ProjectEnvironment = Schemas['ProjectEnvironment'];
/** The catalogue: an app as `apps.list` answers it (the SDK's `App`) and a category. */
export type AppCategory = Schemas['AppCategory'];
export type Component = Schemas['Component'];
export type ComponentProp = Schemas['ComponentProp'];
/** A component as the REST API's reference shows it: saved in a world, or of the registry. */
export type RegistryComponent = Schemas['RegistryComponent'];
